// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import (
	"fmt"
	"strings"
)

// This file writes the proofs found by the implication engine (net_prop.go)
// in plain English, and turns them into the links and highlights of a step.

// netLitText writes a literal as a fact, like "r3c5 is 7" or "r3c5 is not 7".
func netLitText(l int) string {
	if netLitOn(l) {
		return fmt.Sprintf("%s is %d", cellName(netLitCell(l)), netLitDigit(l))
	}
	return fmt.Sprintf("%s is not %d", cellName(netLitCell(l)), netLitDigit(l))
}

// netAssume writes an assumption, like "r3c5 were 7" or "r3c5 were not 7".
func netAssume(l int) string {
	if netLitOn(l) {
		return fmt.Sprintf("%s were %d", cellName(netLitCell(l)), netLitDigit(l))
	}
	return fmt.Sprintf("%s were not %d", cellName(netLitCell(l)), netLitDigit(l))
}

// netUnitWord names the kind of unit u: "row", "column" or "box".
func netUnitWord(u int) string {
	switch {
	case u < 9:
		return "row"
	case u < 18:
		return "column"
	}
	return "box"
}

// netClause writes how literal l follows, given the literal written just
// before it (prev, -1 for none), like "so r3c8 is not 7 (same row)".
func netClause(p *netProp, l, prev int) string {
	c, d := netLitCell(l), netLitDigit(l)
	ps := p.parents(l)
	follows := false
	for _, q := range ps {
		if q == prev {
			follows = true
		}
	}
	lead := "so "
	switch p.why[l] {
	case netWhyCell:
		if !follows {
			lead = fmt.Sprintf("as %s, ", netLitText(ps[0]))
		}
		return fmt.Sprintf("%s%s is not %d", lead, cellName(c), d)
	case netWhyUnit:
		if !follows {
			lead = fmt.Sprintf("as %s, ", netLitText(ps[0]))
		}
		return fmt.Sprintf("%s%s is not %d (same %s)", lead, cellName(c), d, netUnitWord(int(p.unit[l])))
	case netWhyCellLast:
		if len(ps) == 1 {
			if !follows {
				lead = fmt.Sprintf("as %s, ", netLitText(ps[0]))
			}
			return fmt.Sprintf("%s%s is %d (its only other candidate)", lead, cellName(c), d)
		}
		if !follows {
			lead = "then "
		}
		var others digitMask
		for _, q := range ps {
			others |= bit(netLitDigit(q))
		}
		return fmt.Sprintf("%s%s is %d (its last candidate, as it is not %s)", lead, cellName(c), d, orDigitList(others))
	case netWhyUnitLast:
		u := int(p.unit[l])
		if len(ps) == 1 {
			if !follows {
				lead = fmt.Sprintf("as %s, ", netLitText(ps[0]))
			}
			return fmt.Sprintf("%s%s is %d (the only other place for %d in %s)", lead, cellName(c), d, d, unitName(u))
		}
		if !follows {
			lead = "then "
		}
		return fmt.Sprintf("%s%s is %d (the last place left for %d in %s)", lead, cellName(c), d, d, unitName(u))
	}
	return netLitText(l)
}

// netNarrate writes the derivation of the targets from the premise of p
// as sentences: one sentence per target, each taking up the literals not
// written yet that the target needs. written records what was written
// before and is updated.
func netNarrate(p *netProp, targets []int, written map[int]bool) string {
	var sentences []string
	for _, t := range targets {
		var todo []int
		for _, l := range p.proof(t) {
			if !written[l] && p.why[l] != netWhyPremise {
				todo = append(todo, l)
			}
		}
		if len(todo) == 0 {
			continue
		}
		prev := -1
		if len(sentences) == 0 {
			// The first sentence starts right after the premise.
			for _, l := range p.proof(t) {
				if p.why[l] == netWhyPremise {
					prev = l
				}
			}
		}
		var clauses []string
		for _, l := range todo {
			clauses = append(clauses, netClause(p, l, prev))
			written[l] = true
			prev = l
		}
		first := clauses[0]
		switch {
		case len(sentences) == 0 && strings.HasPrefix(first, "so "):
			first = "Then " + strings.TrimPrefix(first, "so ")
		case len(sentences) == 0:
			first = "Then, " + first
		case strings.HasPrefix(first, "so "):
			first = "Also, " + strings.TrimPrefix(first, "so ")
		default:
			first = "Also, " + first
		}
		clauses[0] = first
		sentences = append(sentences, strings.Join(clauses, ", ")+".")
	}
	return strings.Join(sentences, " ")
}

// netContraText says what is impossible about the contradiction p found.
func netContraText(p *netProp) string {
	switch p.contra {
	case netContraClash:
		x := netLitCand(p.contraLit)
		return fmt.Sprintf("So %s would have to be %d and not be %d at the same time, which is impossible.",
			cellName(netCandCell(x)), netCandDigit(x), netCandDigit(x))
	case netContraCell:
		return fmt.Sprintf("So %s would have no candidate left, which is impossible.", cellName(p.contraCell))
	case netContraUnit:
		return fmt.Sprintf("So %d would have no place left in %s, which is impossible.", p.contraDigit, unitName(p.contraUnit))
	}
	return ""
}

// netDecorate adds to st the links of the proof, the cells it uses, and
// highlights: group 0 for the premises, 2 for the other candidates of the
// proof. seen avoids duplicates across several calls.
func netDecorate(st *Step, p *netProp, proof []int, seen map[[2]int]bool) {
	for _, l := range proof {
		x := netLitCand(l)
		c := netCandCell(x)
		if !seen[[2]int{-1, c}] {
			seen[[2]int{-1, c}] = true
			st.Cells = append(st.Cells, c)
		}
		if !seen[[2]int{-2, x}] {
			seen[[2]int{-2, x}] = true
			g := 2
			if p.why[l] == netWhyPremise {
				g = 0
			}
			st.Highlights = append(st.Highlights, Highlight{netCandOf(x), g})
		}
		for _, q := range p.parents(l) {
			key := [2]int{q, l}
			if seen[key] {
				continue
			}
			seen[key] = true
			st.Links = append(st.Links, Link{From: netCandOf(netLitCand(q)), To: netCandOf(x), Strong: netLitOn(l)})
		}
		if p.why[l] == netWhyUnit || p.why[l] == netWhyUnitLast {
			u := int(p.unit[l])
			if !seen[[2]int{-3, u}] {
				seen[[2]int{-3, u}] = true
				st.Units = append(st.Units, unitOf(u))
			}
		}
	}
}

// netConclude adds the conclusion's highlights (group 1).
func netConclude(st *Step) {
	for _, c := range st.Placements {
		st.Highlights = append(st.Highlights, Highlight{c, 1})
	}
	for _, c := range st.Eliminations {
		st.Highlights = append(st.Highlights, Highlight{c, 1})
	}
}

// netEureka writes a single-parent chain in Eureka notation, like
// "(5)r1c2=(5)r1c7-(5)r3c8=(5)r9c8", from the literals of the chain in
// order (each the parent of the next).
func netEureka(chain []int) string {
	var sb strings.Builder
	for i, l := range chain {
		if i > 0 {
			if netLitOn(l) {
				sb.WriteByte('=')
			} else {
				sb.WriteByte('-')
			}
		}
		fmt.Fprintf(&sb, "(%d)%s", netLitDigit(l), cellName(netLitCell(l)))
	}
	return sb.String()
}
