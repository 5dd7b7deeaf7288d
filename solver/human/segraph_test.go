package human

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// This file keeps SE's cycles and forcing chains as first written, one
// potential per node, to check the graph searches of segraph.go against.

func (ch *seChaining) loopHintsRef(g *seGrid, yChain, xChain bool) []*seHint {
	return fromEachCandidate(g, func(c, d int) []*seHint {
		return ch.unaryRef(g, &sePot{cell: int8(c), val: int8(d), on: true}, yChain, xChain)
	})
}

func (ch *seChaining) unaryRef(g *seGrid, pOn *sePot, yChain, xChain bool) []*seHint {
	if g.count(int(pOn.cell)) > 2 && !xChain {
		return nil
	}
	var out []*seHint
	toOn, toOff := newPotSet(), newPotSet()
	toOn.add(pOn)
	var cycles []*sePot
	if !ch.noCycles {
		cycles = ch.cyclesRef(g, toOn, toOff, yChain, xChain, pOn)
	}
	var chains []*sePot
	if xChain {
		toOn, toOff = newPotSet(), newPotSet()
		toOn.add(pOn)
		chains = ch.forcingChainsRef(g, toOn, toOff, yChain, chains, pOn)
		pOff := &sePot{cell: pOn.cell, val: pOn.val}
		toOn, toOff = newPotSet(), newPotSet()
		toOff.add(pOff)
		chains = ch.forcingChainsRef(g, toOn, toOff, yChain, chains, pOff)
	}
	return append(out, ch.unaryHints(g, cycles, chains, yChain, xChain)...)
}

func (ch *seChaining) cyclesRef(g *seGrid, toOn, toOff *potSet, yChain, xChain bool, source *sePot) []*sePot {
	var cycles []*sePot
	pendingOn := slices.Clone(toOn.list)
	pendingOff := slices.Clone(toOff.list)
	length := 0
	srcKey := source.fullKey()
	for len(pendingOn) > 0 || len(pendingOff) > 0 {
		length++
		for len(pendingOn) > 0 {
			p := pendingOn[0]
			pendingOn = pendingOn[1:]
			for _, q := range onToOffRef(g, p, yChain) {
				if !isParent(p, q) {
					pendingOff = append(pendingOff, q)
					toOff.add(q)
				}
			}
		}
		length++
		for len(pendingOff) > 0 {
			p := pendingOff[0]
			pendingOff = pendingOff[1:]
			for _, q := range offToOnRef(g, nil, p, toOff, yChain, xChain) {
				if length >= 4 && q.fullKey() == srcKey {
					cycles = append(cycles, q)
				}
				if !toOn.has(q.key()) {
					pendingOn = append(pendingOn, q)
					toOn.add(q)
				}
			}
		}
	}
	return cycles
}

func (ch *seChaining) forcingChainsRef(g *seGrid, toOn, toOff *potSet, yChain bool, chains []*sePot, source *sePot) []*sePot {
	pendingOn := slices.Clone(toOn.list)
	pendingOff := slices.Clone(toOff.list)
	contains := func(p *sePot) bool {
		for _, c := range chains {
			if c.fullKey() == p.fullKey() {
				return true
			}
		}
		return false
	}
	for len(pendingOn) > 0 || len(pendingOff) > 0 {
		for len(pendingOn) > 0 {
			p := pendingOn[0]
			pendingOn = pendingOn[1:]
			for _, q := range onToOffRef(g, p, yChain) {
				if source.on && source.key() == q.key() && !contains(q) {
					chains = append(chains, q)
				}
				if !isParent(p, q) && !toOff.has(q.key()) {
					pendingOff = append(pendingOff, q)
					toOff.add(q)
				}
			}
		}
		for len(pendingOff) > 0 {
			p := pendingOff[0]
			pendingOff = pendingOff[1:]
			for _, q := range offToOnRef(g, nil, p, toOff, yChain, true) {
				if !source.on && source.key() == q.key() && !contains(q) {
					chains = append(chains, q)
				}
				if !toOn.has(q.key()) {
					pendingOn = append(pendingOn, q)
					toOn.add(q)
				}
			}
		}
	}
	return chains
}

// TestSEGraphSearches compares the cycles and forcing chains, and the
// multiple forcing chains that are not dynamic, found on the graph of a
// grid with those of the reference searches (the first one for the
// former, the dynamic chaining's for the latter), on grids with
// candidates taken out at random (also grids no solution fits, as the
// nested rules meet inside dynamic chains).
func TestSEGraphSearches(t *testing.T) {
	ps := readPuzzleFile(t, "testdata/sample.txt", 0, false)
	rng := rand.New(rand.NewPCG(24, 1))
	compared := 0
	compare := func(what string, got, want []*seHint) {
		t.Helper()
		if !slices.EqualFunc(got, want, sameSEHint) {
			t.Fatalf("%s: %d hints, want %d:\n%s\nwant\n%s", what, len(got), len(want), seHintsText(got), seHintsText(want))
		}
		compared += len(got)
	}
	// The reference searches are slow under the race detector: make test
	// runs this test whole once more without it.
	n := 8
	if raceEnabled {
		n = 2
	}
	for _, p := range ps[:min(len(ps), n)] {
		for trial := range 4 {
			g := newSEGrid(solver.MustGrid(p))
			for c := range 81 {
				for d := 1; d <= 9; d++ {
					if g.has(c, d) && g.count(c) > 1 && rng.IntN(10) < 2*trial {
						g.cand[c] &^= 1 << uint(d)
					}
				}
			}
			what := fmt.Sprintf("%s trial %d", p, trial)
			for _, noCycles := range []bool{false, true} {
				ch := &seChaining{noCycles: noCycles}
				ch.buildGraph(g)
				for _, m := range [][2]bool{{false, true}, {true, false}, {true, true}} {
					compare(fmt.Sprintf("%s y=%v x=%v", what, m[0], m[1]), ch.loopHints(g, m[0], m[1]), ch.loopHintsRef(g, m[0], m[1]))
				}
			}
			ch := &seChaining{multiple: true}
			ch.buildGraph(g)
			compare(what+" multiple", ch.staticMultipleHints(g), ch.multipleHints(g))
		}
	}
	t.Logf("%d hints compared", compared)
}

func sameSEHint(a, b *seHint) bool {
	return seHintsText([]*seHint{a}) == seHintsText([]*seHint{b})
}

func seHintsText(hs []*seHint) string {
	var out string
	for _, h := range hs {
		out += h.name + " " + fmtTenths(h.diff) + " " + elimText(h.remove)
		if h.cell >= 0 {
			out += " " + cellName(h.cell)
		}
		if h.chain != nil {
			for _, tg := range h.chain.targets {
				out += " ["
				for _, p := range chainOf(tg) {
					out += fmt.Sprintf(" %s/%d", potName(p), p.cause)
				}
				out += " ]"
			}
			out += fmt.Sprint(" ", h.chain.complexity)
		}
		out += "\n"
	}
	return out
}

// onToOffRef is SE's getOnToOff as first written.
func onToOffRef(g *seGrid, p *sePot, yChain bool) []*sePot {
	var out []*sePot
	c, d := int(p.cell), int(p.val)
	var seen [729]bool
	if yChain {
		for v := 1; v <= 9; v++ {
			if v != d && g.has(c, v) {
				out = append(out, &sePot{cell: p.cell, val: int8(v), cause: seCauseNaked, parents: []*sePot{p}})
				seen[c*9+v-1] = true
			}
		}
	}
	for t := range 3 {
		for _, o := range seRegions[t][seRegionOf[t][c]] {
			if o != c && g.has(o, d) && !seen[o*9+d-1] {
				seen[o*9+d-1] = true
				out = append(out, &sePot{cell: int8(o), val: p.val, cause: regionCause(t), parents: []*sePot{p}})
			}
		}
	}
	return out
}

// offToOnRef is SE's getOffToOn as first written; source is the grid before the chain's
// removals (for the hidden parents of dynamic chains), offs the
// potentials found off so far.
func offToOnRef(g, source *seGrid, p *sePot, offs *potSet, yChain, xChain bool) []*sePot {
	var out []*sePot
	c, d := int(p.cell), int(p.val)
	var seen [729]bool
	if yChain && g.count(c) == 2 {
		other := 0
		for v := 1; v <= 9; v++ {
			if v != d && g.has(c, v) {
				other = v
			}
		}
		q := &sePot{cell: p.cell, val: int8(other), on: true, cause: seCauseNaked, parents: []*sePot{p}}
		if source != nil {
			for v := 1; v <= 9; v++ {
				if source.has(c, v) && !g.has(c, v) {
					if par := offs.get(c*9 + v - 1); par != nil {
						q.parents = append(q.parents, par)
					}
				}
			}
		}
		out = append(out, q)
		seen[c*9+other-1] = true
	}
	if xChain {
		bit := uint16(1) << uint(d)
		for _, t := range []int{seBlock, seRow, seCol} {
			i := seRegionOf[t][c]
			n, o := 0, -1
			for _, x := range seRegions[t][i] {
				if g.cand[x]&bit != 0 {
					n++
					if x != c {
						o = x
					}
				}
			}
			if n != 2 {
				continue
			}
			q := &sePot{cell: int8(o), val: p.val, on: true, cause: regionCause(t), parents: []*sePot{p}}
			if source != nil {
				for _, x := range seRegions[t][i] {
					if source.has(x, d) && !g.has(x, d) {
						if par := offs.get(x*9 + d - 1); par != nil {
							q.parents = append(q.parents, par)
						}
					}
				}
			}
			if !seen[o*9+d-1] {
				seen[o*9+d-1] = true
				out = append(out, q)
			}
		}
	}
	return out
}
