package human

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// NestedForcingChain is the technique of the hint ladder's last rung:
// Sudoku Explainer's dynamic forcing chains whose propagation nests other
// rules (pointing and claiming, hidden and naked pairs, X-Wings, then
// forcing chains, multiple and dynamic forcing chains), found level by
// level, so that no puzzle needs trial and error.
const NestedForcingChain = "Nested Forcing Chain"

// findNestedChain is the ladder's finder of nested forcing chains: SE's
// dynamic chaining at levels 1 to 5, the first level that concludes
// anything giving the step (the easiest conclusion of the first cell or
// region that has one).
func findNestedChain(s *state) (Step, bool) {
	g := seGridOfState(s)
	nc := newSENestCache()
	for level := 1; level <= 5; level++ {
		ch := &seChaining{multiple: true, dynamic: true, level: level, quick: true, nest: nc}
		if h := ch.first(g); h != nil {
			return seStep(g, h, level), true
		}
	}
	return Step{}, false
}

// seGridOfState converts the hint engine's state for SE's rules.
func seGridOfState(s *state) *seGrid {
	g := &seGrid{}
	for c := range 81 {
		g.val[c] = s.digit[c]
		if s.digit[c] == 0 {
			g.cand[c] = uint16(s.cand[c]) << 1
		}
	}
	return g
}

// potName writes a potential like "r1c2=5" or "r1c2≠5".
func potName(p *sePot) string {
	if p.on {
		return fmt.Sprintf("%s=%d", cellName(int(p.cell)), p.val)
	}
	return fmt.Sprintf("%s≠%d", cellName(int(p.cell)), p.val)
}

// potReason says why a potential follows from its parents.
func potReason(p *sePot) string {
	d := int(p.val)
	switch {
	case p.cause == seCauseAdvanced && p.nested() != nil:
		return "by the nested " + p.nested().name
	case p.cause == seCauseAdvanced:
		return "by " + article(p.nestedName()) + " on the candidates left"
	case p.on && p.cause == seCauseNaked:
		return "the last candidate of " + cellName(int(p.cell))
	case p.on && causeRegion(p.cause) >= 0:
		t := causeRegion(p.cause)
		return fmt.Sprintf("the last place for %d in %s", d, seRegionName(t, seRegionOf[t][p.cell]))
	}
	return ""
}

// nestedName is the name of the rule that removed an advanced potential.
func (p *sePot) nestedName() string {
	if p.by != nil {
		return p.by.name
	}
	return "nested rule"
}

func seRegionName(t, i int) string {
	switch t {
	case seBlock:
		return fmt.Sprintf("box %d", i+1)
	case seRow:
		return fmt.Sprintf("row %d", i+1)
	}
	return fmt.Sprintf("column %d", i+1)
}

// seChainText writes how target follows from its assumption: each
// potential after its parents, like "r1c2=5 ⇒ r1c7≠5; r1c7≠5 and r3c8≠5
// ⇒ r2c9=5 (the last place for 5 in box 3)".
func seChainText(targets ...*sePot) string {
	var order []*sePot
	done := map[int]bool{}
	var visit func(p *sePot)
	visit = func(p *sePot) {
		if done[p.fullKey()] {
			return
		}
		done[p.fullKey()] = true
		for _, q := range p.parents {
			visit(q)
		}
		order = append(order, p)
	}
	for _, t := range targets {
		visit(t)
	}
	var parts []string
	for _, p := range order {
		if len(p.parents) == 0 {
			continue
		}
		var from []string
		for _, q := range p.parents {
			from = append(from, potName(q))
		}
		part := andList(from) + " ⇒ " + potName(p)
		if r := potReason(p); r != "" {
			part += " (" + r + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return potName(targets[0])
	}
	return strings.Join(parts, "; ")
}

// seSource returns the assumption a chain starts from.
func seSource(p *sePot) *sePot {
	for len(p.parents) > 0 {
		p = p.parents[0]
	}
	return p
}

// seStep turns an SE chaining hint into a step of the hint ladder.
func seStep(g *seGrid, h *seHint, level int) Step {
	c := h.chain
	st := Step{Technique: NestedForcingChain, Eliminations: h.remove}
	if h.cell >= 0 {
		st.Placements = []Candidate{{h.cell, h.value}}
		st.Eliminations = nil
	}
	concl := "remove " + elimText(h.remove)
	if h.cell >= 0 {
		concl = fmt.Sprintf("%s is %d", cellName(h.cell), h.value)
	}
	family := "a dynamic forcing chain" + nestedSuffix(level)
	nested := map[int]string{
		1: "pointing, claiming, pairs and X-Wings",
		2: "pointing, claiming, pairs, X-Wings and forcing chains",
		3: "pointing, claiming, pairs, X-Wings and multiple forcing chains",
		4: "pointing, claiming, pairs, X-Wings and dynamic forcing chains",
		5: "pointing, claiming, pairs, X-Wings and nested dynamic forcing chains",
	}[level]
	first := seSource(c.targets[0])
	var where, area string
	switch {
	case c.cellChain:
		cell := int(first.cell)
		where = fmt.Sprintf("%s can only be %s", cellName(cell), orDigitList(seCands(g, cell)))
		area = fmt.Sprintf("Try each candidate of %s in turn: %s (a forcing chain whose steps also use %s) leads every choice to the same result.", cellName(cell), family, nested)
		st.Nudge = fmt.Sprintf("Try each candidate of %s in turn and follow what each forces, far.", cellName(cell))
	case c.isRegion:
		t, i := c.region[0], c.region[1]
		var cells []int
		for _, tg := range c.targets {
			cells = append(cells, int(seSource(tg).cell))
		}
		where = fmt.Sprintf("in %s, %d can only go in %s", seRegionName(t, i), first.val, joinList(cellNames(cells), "or"))
		area = fmt.Sprintf("Try each place of %d in %s in turn: %s (a forcing chain whose steps also use %s) leads every choice to the same result.", first.val, seRegionName(t, i), family, nested)
		st.Nudge = fmt.Sprintf("Try each place of %d in %s in turn and follow what each forces, far.", first.val, seRegionName(t, i))
	default:
		area = fmt.Sprintf("Make an assumption about %d in %s and follow it with %s (a forcing chain whose steps also use %s).", first.val, cellName(int(first.cell)), family, nested)
		st.Nudge = fmt.Sprintf("Make an assumption about %d in %s and follow what it forces, far.", first.val, cellName(int(first.cell)))
	}
	st.Area = area
	var expl strings.Builder
	switch {
	case c.cellChain || c.isRegion:
		fmt.Fprintf(&expl, "%s. ", upperFirst(where))
		for _, tg := range c.targets {
			fmt.Fprintf(&expl, "If %s: %s. ", potName(seSource(tg)), seChainText(tg))
		}
		fmt.Fprintf(&expl, "Every choice gives %s, so %s.", potName(c.targets[0]), concl)
	case len(c.targets) == 2 && potKeyEq(c.targets[0], c.targets[1]):
		// A contradiction: one assumption makes a candidate both true and
		// false.
		x := c.targets[0]
		fmt.Fprintf(&expl, "Suppose %s and follow what it forces: %s. Then %s is %d and is not %d at once, which is impossible, so the assumption is wrong: %s.",
			potName(first), seChainText(c.targets[0], c.targets[1]), cellName(int(x.cell)), x.val, x.val, concl)
	default:
		fmt.Fprintf(&expl, "Whether %s or not, %s follows. If %s: %s. If not: %s. So %s.",
			potName(first), potName(c.targets[0]), potName(first), seChainText(c.targets[0]), seChainText(c.targets[1]), concl)
	}
	if ns := nestedTexts(c); ns != "" {
		expl.WriteString(" " + ns)
	}
	st.Explanation = expl.String()
	// The picture: the assumptions, the conclusion and the first chain's
	// links.
	var cells cellSet
	for i, tg := range c.targets {
		src := seSource(tg)
		st.Highlights = append(st.Highlights, Highlight{Candidate{int(src.cell), int(src.val)}, 0})
		cells.add(int(src.cell))
		if i == 0 {
			st.Highlights = append(st.Highlights, Highlight{Candidate{int(tg.cell), int(tg.val)}, 1})
			cells.add(int(tg.cell))
			st.Links = seChainLinks(tg, 24)
		}
	}
	st.Cells = cells.list()
	return st
}

func potKeyEq(a, b *sePot) bool { return a.key() == b.key() }

func seCands(g *seGrid, c int) solver.DigitSet { return solver.DigitSet(g.cand[c] >> 1) }

// nestedTexts explains the forcing chains nested in c's chains, the
// first few of them.
func nestedTexts(c *seChain) string {
	var out []string
	seen := map[*seHint]bool{}
	for _, t := range c.targets {
		for _, p := range chainOf(t) {
			h := p.nested()
			if h == nil || seen[h] || len(out) == 3 {
				continue
			}
			seen[h] = true
			var chains []string
			for _, nt := range h.chain.targets {
				chains = append(chains, seChainText(nt))
			}
			out = append(out, fmt.Sprintf("The nested %s (on the candidates the main chain has left) giving %s: %s.", h.name, potName(p), strings.Join(chains, "; and ")))
		}
	}
	return strings.Join(out, " ")
}

// seChainLinks returns the links of target's chain, at most max of them.
func seChainLinks(target *sePot, max int) []Link {
	var out []Link
	for _, p := range chainOf(target) {
		for _, q := range p.parents {
			if len(out) == max {
				return out
			}
			out = append(out, Link{From: Candidate{int(q.cell), int(q.val)}, To: Candidate{int(p.cell), int(p.val)}, Strong: p.on})
		}
	}
	return out
}
