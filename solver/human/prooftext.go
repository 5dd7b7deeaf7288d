package human

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// This file writes the proofs found by the implication engine (implication.go)
// in plain English, and turns them into the links and highlights of a step.

// litText writes a literal as a fact, like "r3c5 is 7" or "r3c5 is not 7".
func (p *implications) litText(l int) string {
	if litNode(l) >= numCands {
		return p.groupFact(l)
	}
	if litOn(l) {
		return fmt.Sprintf("%s is %d", cellName(litCell(l)), litDigit(l))
	}
	return fmt.Sprintf("%s is not %d", cellName(litCell(l)), litDigit(l))
}

// assumeText writes an assumption, like "r3c5 were 7" or "r3c5 were not 7".
func (p *implications) assumeText(l int) string {
	if litNode(l) >= numCands {
		if litOn(l) {
			return fmt.Sprintf("%d were in %s", p.nodeDigit(litNode(l)), p.nodeName(litNode(l)))
		}
		return fmt.Sprintf("%d were not in %s", p.nodeDigit(litNode(l)), p.nodeName(litNode(l)))
	}
	if litOn(l) {
		return fmt.Sprintf("%s were %d", cellName(litCell(l)), litDigit(l))
	}
	return fmt.Sprintf("%s were not %d", cellName(litCell(l)), litDigit(l))
}

// clause writes how literal l follows, given the literals written in
// the clause just before (prev), like "so r3c8 is not 7 (same row)".
func (p *implications) clause(l int, prev []int) string {
	c, d := litCell(l), litDigit(l)
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
	case whyGroupOff, whyGroupOn:
		if !follows {
			lead = fmt.Sprintf("as %s, ", p.litText(ps[0]))
		}
		u := int(p.unit[l])
		if !litOn(l) {
			return fmt.Sprintf("%s%s (same %s)", lead, p.litText(l), unitOf(u).Kind)
		}
		what := "place"
		if litNode(l) >= numCands {
			what = "places"
		}
		return fmt.Sprintf("%s%s (the only other %s for %d in %s)", lead, p.litText(l), what, p.nodeDigit(litNode(l)), unitName(u))
	case whyCell:
		if !follows {
			lead = fmt.Sprintf("as %s, ", p.litText(ps[0]))
		}
		return fmt.Sprintf("%s%s is not %d", lead, cellName(c), d)
	case whyUnit:
		if !follows {
			lead = fmt.Sprintf("as %s, ", p.litText(ps[0]))
		}
		return fmt.Sprintf("%s%s is not %d (same %s)", lead, cellName(c), d, unitOf(int(p.unit[l])).Kind)
	case whyCellLast:
		if len(ps) == 1 {
			if !follows {
				lead = fmt.Sprintf("as %s, ", p.litText(ps[0]))
			}
			return fmt.Sprintf("%s%s is %d (its only other candidate)", lead, cellName(c), d)
		}
		if !follows {
			lead = "then "
		}
		var others solver.DigitSet
		for _, q := range ps {
			others = others.With(litDigit(q))
		}
		return fmt.Sprintf("%s%s is %d (its last candidate, as it is not %s)", lead, cellName(c), d, orDigitList(others))
	case whyUnitLast:
		u := int(p.unit[l])
		if len(ps) == 1 {
			if !follows {
				lead = fmt.Sprintf("as %s, ", p.litText(ps[0]))
			}
			return fmt.Sprintf("%s%s is %d (the only other place for %d in %s)", lead, cellName(c), d, d, unitName(u))
		}
		if !follows {
			lead = "then "
		}
		return fmt.Sprintf("%s%s is %d (the last place left for %d in %s)", lead, cellName(c), d, d, unitName(u))
	case whyPoint, whyClaim:
		if !follows {
			lead = "then "
		}
		return fmt.Sprintf("%s%s is not %d (%s)", lead, cellName(c), d, p.lockedText(l))
	}
	return p.litText(l)
}

// lockedText says why a locked-candidates literal l follows, like "in
// box 4, 7 is now confined to row 5".
func (p *implications) lockedText(l int) string {
	return fmt.Sprintf("in %s, %d is now confined to %s", unitName(int(p.unit[l])), litDigit(l), unitName(int(p.unit2[l])))
}

// groupClause writes several literals made false by the same true
// parent in one clause, like "so r7c1, r8c1 and r9c1 are not 2 (they see
// r9c2)" or "so r6c2 is not 5, 7 or 8".
func (p *implications) groupClause(group, prev []int) string {
	if w := p.why[group[0]]; w == whyPoint || w == whyClaim {
		cells := make([]int, len(group))
		for i, l := range group {
			cells[i] = litCell(l)
		}
		lead := "then "
		for _, q := range p.parents(group[0]) {
			for _, r := range prev {
				if q == r {
					lead = "so "
				}
			}
		}
		return fmt.Sprintf("%s%s are not %d (%s)", lead, cellList(cells), litDigit(group[0]), p.lockedText(group[0]))
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
		lead = fmt.Sprintf("as %s, ", p.litText(parent))
	}
	if p.why[group[0]] == whyCell {
		var m solver.DigitSet
		for _, l := range group {
			m = m.With(litDigit(l))
		}
		return fmt.Sprintf("%s%s is not %s", lead, cellName(litCell(group[0])), orDigitList(m))
	}
	cells := make([]int, len(group))
	for i, l := range group {
		cells[i] = litCell(l)
	}
	return fmt.Sprintf("%s%s are not %d (they see %s)", lead, cellList(cells), litDigit(group[0]), cellName(litCell(parent)))
}

// narrate writes the derivation of the targets from the premise of p
// as sentences: one sentence per target, each taking up the literals not
// written yet that the target needs. written records what was written
// before and is updated.
func (p *implications) narrate(targets []int, written map[int]bool) string {
	var sentences []string
	for _, t := range targets {
		proof := p.proof(t)
		var todo []int
		var prev []int
		for _, l := range proof {
			if p.why[l] == whyPremise {
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
			case whyCell, whyUnit:
				for j < len(todo) && p.why[todo[j]] == w && p.parent[todo[j]] == p.parent[l] {
					j++
				}
			case whyPoint, whyClaim:
				for j < len(todo) && p.why[todo[j]] == w && p.unit[todo[j]] == p.unit[l] &&
					p.unit2[todo[j]] == p.unit2[l] && litDigit(todo[j]) == litDigit(l) {
					j++
				}
			}
			if j-i > 1 {
				clauses = append(clauses, p.groupClause(todo[i:j], prev))
			} else {
				clauses = append(clauses, p.clause(l, prev))
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

// contraText says what is impossible about the contradiction p found.
func (p *implications) contraText() string {
	switch p.contra {
	case contraClash:
		x := litNode(p.contraLit)
		return fmt.Sprintf("So %s would have to be %d and not be %d at the same time, which is impossible.",
			cellName(nodeCell(x)), nodeDigit(x), nodeDigit(x))
	case contraNoCandidate:
		return fmt.Sprintf("So %s would have no candidate left, which is impossible.", cellName(p.contraCell))
	case contraNoPlace:
		return fmt.Sprintf("So %d would have no place left in %s, which is impossible.", p.contraDigit, unitName(p.contraUnit))
	}
	return ""
}

// decorate adds to st the links of the proof, the cells it uses, and
// highlights: group 0 for the premises, 2 for the other candidates of the
// proof. seen avoids duplicates across several calls.
func (p *implications) decorate(st *Step, proof []int, seen map[[2]int]bool) {
	for _, l := range proof {
		x := litNode(l)
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
				if p.why[l] == whyPremise {
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
			qd := p.nodeDigit(litNode(q))
			for qc := range p.nodeCells(litNode(q)).all() {
				for c := range cells.all() {
					st.Links = append(st.Links, Link{From: Candidate{qc, qd}, To: Candidate{c, d}, Strong: litOn(l)})
				}
			}
		}
		if w := p.why[l]; w == whyUnit || w == whyUnitLast || w == whyPoint || w == whyClaim || w == whyGroupOff || w == whyGroupOn {
			u := int(p.unit[l])
			if !seen[[2]int{-3, u}] {
				seen[[2]int{-3, u}] = true
				st.Units = append(st.Units, unitOf(u))
			}
		}
	}
}

// conclude adds the conclusion's highlights (group 1).
func conclude(st *Step) {
	for _, c := range st.Placements {
		st.Highlights = append(st.Highlights, Highlight{c, 1})
	}
	for _, c := range st.Eliminations {
		st.Highlights = append(st.Highlights, Highlight{c, 1})
	}
}

// eureka writes a single-parent chain in Eureka notation, like
// "(5)r1c2=(5)r1c7-(5)r3c8=(5)r9c8", from the literals of the chain in
// order (each the parent of the next).
func (p *implications) eureka(chain []int) string {
	var sb strings.Builder
	for i, l := range chain {
		if i > 0 {
			if litOn(l) {
				sb.WriteByte('=')
			} else {
				sb.WriteByte('-')
			}
		}
		x := litNode(l)
		fmt.Fprintf(&sb, "(%d)%s", p.nodeDigit(x), p.nodeName(x))
	}
	return sb.String()
}
