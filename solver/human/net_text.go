// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import (
	"fmt"
	"strings"
)

// This file writes the proofs found by the implication engine (net_prop.go)
// in plain English, and turns them into the links and highlights of a step.

// netLitText writes a literal as a fact, like "r3c5 is 7" or "r3c5 is not 7".
func netLitText(p *netProp, l int) string {
	if netLitCand(l) >= netNumCands {
		return netGroupFact(p, l)
	}
	if netLitOn(l) {
		return fmt.Sprintf("%s is %d", cellName(netLitCell(l)), netLitDigit(l))
	}
	return fmt.Sprintf("%s is not %d", cellName(netLitCell(l)), netLitDigit(l))
}

// netAssume writes an assumption, like "r3c5 were 7" or "r3c5 were not 7".
func netAssume(p *netProp, l int) string {
	if netLitCand(l) >= netNumCands {
		if netLitOn(l) {
			return fmt.Sprintf("%d were in %s", p.nodeDigit(netLitCand(l)), netNodeName(p, netLitCand(l)))
		}
		return fmt.Sprintf("%d were not in %s", p.nodeDigit(netLitCand(l)), netNodeName(p, netLitCand(l)))
	}
	if netLitOn(l) {
		return fmt.Sprintf("%s were %d", cellName(netLitCell(l)), netLitDigit(l))
	}
	return fmt.Sprintf("%s were not %d", cellName(netLitCell(l)), netLitDigit(l))
}

// netClause writes how literal l follows, given the literals written in
// the clause just before (prev), like "so r3c8 is not 7 (same row)".
func netClause(p *netProp, l int, prev []int) string {
	c, d := netLitCell(l), netLitDigit(l)
	ps := p.parents(l)
	follows := false
	for _, q := range ps {
		for _, r := range prev {
			if q == r {
				follows = true
			}
		}
	}
	lead := "so "
	switch p.why[l] {
	case netWhyGroupOff, netWhyGroupOn:
		if !follows {
			lead = fmt.Sprintf("as %s, ", netLitText(p, ps[0]))
		}
		u := int(p.unit[l])
		if !netLitOn(l) {
			return fmt.Sprintf("%s%s (same %s)", lead, netLitText(p, l), unitOf(u).Kind)
		}
		what := "place"
		if netLitCand(l) >= netNumCands {
			what = "places"
		}
		return fmt.Sprintf("%s%s (the only other %s for %d in %s)", lead, netLitText(p, l), what, p.nodeDigit(netLitCand(l)), unitName(u))
	case netWhyCell:
		if !follows {
			lead = fmt.Sprintf("as %s, ", netLitText(p, ps[0]))
		}
		return fmt.Sprintf("%s%s is not %d", lead, cellName(c), d)
	case netWhyUnit:
		if !follows {
			lead = fmt.Sprintf("as %s, ", netLitText(p, ps[0]))
		}
		return fmt.Sprintf("%s%s is not %d (same %s)", lead, cellName(c), d, unitOf(int(p.unit[l])).Kind)
	case netWhyCellLast:
		if len(ps) == 1 {
			if !follows {
				lead = fmt.Sprintf("as %s, ", netLitText(p, ps[0]))
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
				lead = fmt.Sprintf("as %s, ", netLitText(p, ps[0]))
			}
			return fmt.Sprintf("%s%s is %d (the only other place for %d in %s)", lead, cellName(c), d, d, unitName(u))
		}
		if !follows {
			lead = "then "
		}
		return fmt.Sprintf("%s%s is %d (the last place left for %d in %s)", lead, cellName(c), d, d, unitName(u))
	case netWhyPoint, netWhyClaim:
		if !follows {
			lead = "then "
		}
		return fmt.Sprintf("%s%s is not %d (%s)", lead, cellName(c), d, netLockedText(p, l))
	}
	return netLitText(p, l)
}

// netLockedText says why a locked-candidates literal l follows, like "in
// box 4, 7 is now confined to row 5".
func netLockedText(p *netProp, l int) string {
	return fmt.Sprintf("in %s, %d is now confined to %s", unitName(int(p.unit[l])), netLitDigit(l), unitName(int(p.unit2[l])))
}

// netGroupClause writes several literals made false by the same true
// parent in one clause, like "so r7c1, r8c1 and r9c1 are not 2 (they see
// r9c2)" or "so r6c2 is not 5, 7 or 8".
func netGroupClause(p *netProp, group, prev []int) string {
	if w := p.why[group[0]]; w == netWhyPoint || w == netWhyClaim {
		cells := make([]int, len(group))
		for i, l := range group {
			cells[i] = netLitCell(l)
		}
		lead := "then "
		for _, q := range p.parents(group[0]) {
			for _, r := range prev {
				if q == r {
					lead = "so "
				}
			}
		}
		return fmt.Sprintf("%s%s are not %d (%s)", lead, cellList(cells), netLitDigit(group[0]), netLockedText(p, group[0]))
	}
	parent := p.parents(group[0])[0]
	lead := "so "
	follows := false
	for _, r := range prev {
		if r == parent {
			follows = true
		}
	}
	if !follows {
		lead = fmt.Sprintf("as %s, ", netLitText(p, parent))
	}
	if p.why[group[0]] == netWhyCell {
		var m digitMask
		for _, l := range group {
			m |= bit(netLitDigit(l))
		}
		return fmt.Sprintf("%s%s is not %s", lead, cellName(netLitCell(group[0])), orDigitList(m))
	}
	cells := make([]int, len(group))
	for i, l := range group {
		cells[i] = netLitCell(l)
	}
	return fmt.Sprintf("%s%s are not %d (they see %s)", lead, cellList(cells), netLitDigit(group[0]), cellName(netLitCell(parent)))
}

// netNarrate writes the derivation of the targets from the premise of p
// as sentences: one sentence per target, each taking up the literals not
// written yet that the target needs. written records what was written
// before and is updated.
func netNarrate(p *netProp, targets []int, written map[int]bool) string {
	var sentences []string
	for _, t := range targets {
		proof := p.proof(t)
		var todo []int
		var prev []int
		for _, l := range proof {
			if p.why[l] == netWhyPremise {
				if len(sentences) == 0 {
					prev = append(prev, l) // the first sentence follows the premise
				}
				continue
			}
			if !written[l] {
				todo = append(todo, l)
			}
		}
		if len(todo) == 0 {
			continue
		}
		var clauses []string
		for i := 0; i < len(todo); {
			l := todo[i]
			j := i + 1
			switch w := p.why[l]; w {
			case netWhyCell, netWhyUnit:
				for j < len(todo) && p.why[todo[j]] == w && p.parent[todo[j]] == p.parent[l] {
					j++
				}
			case netWhyPoint, netWhyClaim:
				for j < len(todo) && p.why[todo[j]] == w && p.unit[todo[j]] == p.unit[l] &&
					p.unit2[todo[j]] == p.unit2[l] && netLitDigit(todo[j]) == netLitDigit(l) {
					j++
				}
			}
			if j-i > 1 {
				clauses = append(clauses, netGroupClause(p, todo[i:j], prev))
			} else {
				clauses = append(clauses, netClause(p, l, prev))
			}
			prev = todo[i:j]
			for _, x := range todo[i:j] {
				written[x] = true
			}
			i = j
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
			cellName(nodeCell(x)), nodeDigit(x), nodeDigit(x))
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
		d := p.nodeDigit(x)
		cells := p.nodeCells(x)
		for c := range cells.all() {
			if !seen[[2]int{-1, c}] {
				seen[[2]int{-1, c}] = true
				st.Cells = append(st.Cells, c)
			}
			if k := [2]int{-2, node(c, d)}; !seen[k] {
				seen[k] = true
				g := 2
				if p.why[l] == netWhyPremise {
					g = 0
				}
				st.Highlights = append(st.Highlights, Highlight{Candidate{c, d}, g})
			}
		}
		for _, q := range p.parents(l) {
			key := [2]int{q, l}
			if seen[key] {
				continue
			}
			seen[key] = true
			qd := p.nodeDigit(netLitCand(q))
			for qc := range p.nodeCells(netLitCand(q)).all() {
				for c := range cells.all() {
					st.Links = append(st.Links, Link{From: Candidate{qc, qd}, To: Candidate{c, d}, Strong: netLitOn(l)})
				}
			}
		}
		if w := p.why[l]; w == netWhyUnit || w == netWhyUnitLast || w == netWhyPoint || w == netWhyClaim || w == netWhyGroupOff || w == netWhyGroupOn {
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
func netEureka(p *netProp, chain []int) string {
	var sb strings.Builder
	for i, l := range chain {
		if i > 0 {
			if netLitOn(l) {
				sb.WriteByte('=')
			} else {
				sb.WriteByte('-')
			}
		}
		x := netLitCand(l)
		fmt.Fprintf(&sb, "(%d)%s", p.nodeDigit(x), netNodeName(p, x))
	}
	return sb.String()
}
