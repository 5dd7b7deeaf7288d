package human

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// This file finds alternating inference chains (AICs) and discontinuous
// nice loops on single candidates with the implication engine of
// implication.go.
//
// An AIC starts with a candidate A assumed false and alternates strong
// links (false -> true) and weak links (true -> false) until it reaches a
// candidate B made true. So A or B is true, and every candidate that is
// weakly linked to both (the same digit in a cell seeing both, or, when A
// and B share a cell, the cell's other digits; or digit a in B's cell and
// digit b in A's cell when the cells see each other) is false. When the
// chain comes back to A itself (A false forces A true), A is placed: a
// discontinuous nice loop with two strong links at A.
//
// The step is named a Discontinuous Nice Loop, as HoDoKu does, when it
// places A or when every elimination lies in the cell of one end of the
// chain (the loop then starts and ends at that cell); an AIC otherwise.
// With the grouped nodes of grouped.go the same search finds grouped nice
// loops and grouped AICs, keeping only the chains that use a group.
//
// The ladder tries the nice-loop finder after the AIC finder of chains.go,
// which searches the same kinds of chain with another length bound and
// ranking.

// maxLoopLinks bounds the number of links of the chains searched.
const maxLoopLinks = 24

// chainPath returns the literals from the premise of p to l, each the
// parent of the next (p must be a chain-mode propagation).
func (p *implications) chainPath(l int) []int {
	var rev []int
	for {
		rev = append(rev, l)
		ps := p.parents(l)
		if len(ps) == 0 {
			break
		}
		l = ps[0]
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// cleanPath reports whether no candidate appears twice on the path
// (as true and false), which would make the chain read oddly.
func cleanPath(path []int) bool {
	var seen [(numNodes + 63) / 64]uint64
	for _, l := range path {
		x := litNode(l)
		if seen[x>>6]&(1<<uint(x&63)) != 0 {
			return false
		}
		seen[x>>6] |= 1 << uint(x&63)
	}
	return true
}

// placementBonus is how many links longer a chain that places a digit
// may be than one that only eliminates, and still be preferred.
const placementBonus = 4

// findNiceLoop finds the shortest AIC or discontinuous nice loop with
// an elimination or a placement (placements count placementBonus links
// shorter); among chains of the same length the one with the most
// eliminations wins.
func findNiceLoop(s *state) (Step, bool) { return niceLoop(s, false) }

// findGroupedNiceLoop is findNiceLoop with grouped nodes: it only
// returns chains that use a group.
func findGroupedNiceLoop(s *state) (Step, bool) { return niceLoop(s, true) }

// niceLoop runs the search of findNiceLoop, with grouped nodes when
// grouped is set (and then only chains that use a group count).
func niceLoop(s *state, grouped bool) (Step, bool) {
	p := newImplications(s, false)
	var starts []int
	for c := range s.empty.all() {
		for m := s.cand[c]; m != 0; m &= m - 1 {
			starts = append(starts, node(c, m.Min()))
		}
	}
	if grouped {
		p.enableGroups()
		for i := range p.groups {
			starts = append(starts, numCands+i)
		}
	}
	bestEff := maxLoopLinks + 1
	bestA, bestL, bestN := -1, -1, 0
	for _, a := range starts {
		p.maxDepth = min(bestEff+placementBonus, maxLoopLinks)
		p.start(lit(a, false))
		p.run()
		for _, ql := range p.queue {
			l := int(ql)
			n := int(p.depth[l])
			if n > bestEff+placementBonus {
				break // the queue is in order of depth
			}
			b := litNode(l)
			var eff, count int
			switch {
			case b == a:
				continue
			case !litOn(l):
				// A false node strongly linked to candidate a: a is
				// true after all.
				if a >= numCands || !p.strongNodes(a, b) {
					continue
				}
				eff, count = n+1-placementBonus, 100
			default:
				eff, count = n, len(p.endsElims(a, b))
			}
			if count == 0 || eff > bestEff || (eff == bestEff && count <= bestN) {
				continue
			}
			path := p.chainPath(l)
			if grouped && !hasGroup(path) {
				continue
			}
			if !litOn(l) {
				// The loop may make z true on the way and then
				// false: that is the contradiction.
				path = path[:len(path)-1]
			}
			if !cleanPath(path) {
				continue
			}
			bestEff, bestA, bestL, bestN = eff, a, l, count
		}
	}
	if bestA < 0 {
		return Step{}, false
	}
	p.maxDepth = 0
	p.start(lit(bestA, false))
	p.run()
	return niceLoopStep(s, p, bestA, bestL), true
}

// strongLinked reports whether candidates a and b are strongly linked in s:
// the two candidates of a bivalue cell, or the two places of a digit in a
// unit.
func strongLinked(s *state, a, b int) bool {
	ca, da, cb, db := nodeCell(a), nodeDigit(a), nodeCell(b), nodeDigit(b)
	switch {
	case a == b:
		return false
	case ca == cb:
		return s.cand[ca].Len() == 2
	case da == db:
		for _, u := range cellUnits[ca] {
			if unitSet[u].has(cb) && s.unitPos(u, da).count() == 2 {
				return true
			}
		}
	}
	return false
}

// endsElims returns the candidates ruled out by "node a or node b is
// true".
func (p *implications) endsElims(a, b int) []Candidate {
	if a < numCands && b < numCands {
		return chainElims(p.s, a, b)
	}
	return p.groupedElims(a, b)
}

// hasGroup reports whether a chain uses a group.
func hasGroup(path []int) bool {
	for _, l := range path {
		if litNode(l) >= numCands {
			return true
		}
	}
	return false
}

// niceLoopStep writes the step of the chain of p from node a (false) to
// literal l: node b true (an AIC), or, for a nice loop that places a, a
// node strongly linked to a false.
func niceLoopStep(s *state, p *implications, a, l int) Step {
	b := litNode(l)
	if !litOn(l) {
		return loopPlacementStep(s, p, a, l)
	}
	path := p.chainPath(l)
	grouped := hasGroup(path)
	da, db := p.nodeDigit(a), p.nodeDigit(b)
	na, nb := p.nodeName(a), p.nodeName(b)
	st := Step{Technique: AIC}
	seen := map[[2]int]bool{}
	p.decorate(&st, path, seen)
	// Both ends of an AIC are its "starting point" (group 0).
	ends := p.nodeCells(b)
	for i := range st.Highlights {
		if h := st.Highlights[i]; h.Digit == db && ends.has(h.Cell) {
			st.Highlights[i].Group = 0
		}
	}
	body := p.narrate([]int{l}, map[int]bool{})
	eureka := p.eureka(path)
	st.Eliminations = p.endsElims(a, b)
	endCells := p.nodeCells(a).or(ends)
	loop := true
	for _, e := range st.Eliminations {
		if !endCells.has(e.Cell) {
			loop = false
		}
	}
	switch {
	case loop && grouped:
		st.Technique = GroupedNiceLoop
	case loop:
		st.Technique = NiceLoop
	case grouped:
		st.Technique = GroupedAIC
	}
	either := fmt.Sprintf("%s or %s", p.litText(lit(a, true)), p.litText(l))
	if a < numCands && b < numCands && nodeCell(a) == nodeCell(b) {
		either = fmt.Sprintf("%s is %d or %d", na, da, db)
	}
	var why string
	switch {
	case da == db:
		cells := elimCells(st.Eliminations)
		why = fmt.Sprintf("so %s, which see%s both, can't be %d", cellList(cells), verbS(len(cells)), da)
	case na == nb:
		why = fmt.Sprintf("so %s can't be %s", na, orDigitList(elimDigits(st.Eliminations)))
	default:
		var parts []string
		for _, e := range st.Eliminations {
			if e.Cell == nodeCell(a) {
				parts = append(parts, fmt.Sprintf("%s can't be %d (it is %d, or it sees %s, which is %d)", na, db, da, nb, db))
			} else {
				parts = append(parts, fmt.Sprintf("%s can't be %d (it is %d, or it sees %s, which is %d)", nb, da, db, na, da))
			}
		}
		why = "so " + andList(parts)
	}
	kind := "an AIC (alternating inference chain)"
	if loop {
		kind = "a discontinuous nice loop"
	}
	if grouped {
		kind = "a grouped " + strings.TrimPrefix(strings.TrimPrefix(kind, "an "), "a ")
	}
	st.Nudge = fmt.Sprintf("Try assuming %s and follow the strong and weak links.", strings.Replace(p.assumeText(lit(a, false)), " were ", " is ", 1))
	st.Area = fmt.Sprintf("There is %s between %d in %s and %d in %s.", kind, da, na, db, nb)
	st.Explanation = fmt.Sprintf("Suppose %s. %s So at least one of the two is true: %s, %s. (Chain: %s.)",
		p.assumeText(lit(a, false)), body, either, why, eureka)
	conclude(&st)
	return st
}

// elimCells returns the cells of eliminations, each once, in order.
func elimCells(es []Candidate) []int {
	var out []int
	var seen cellSet
	for _, e := range es {
		if !seen.has(e.Cell) {
			seen.add(e.Cell)
			out = append(out, e.Cell)
		}
	}
	return out
}

// elimDigits returns the digits of eliminations.
func elimDigits(es []Candidate) solver.DigitSet {
	var m solver.DigitSet
	for _, e := range es {
		m = m.With(e.Digit)
	}
	return m
}

// loopPlacementStep writes the step of a discontinuous nice loop with two
// strong links at candidate a: a false makes a candidate z false (literal
// l) that is strongly linked to a, so a would be true after all.
func loopPlacementStep(s *state, p *implications, a, l int) Step {
	path := p.chainPath(l)
	z := litNode(l)
	ca, da := nodeCell(a), nodeDigit(a)
	st := Step{Technique: NiceLoop, Placements: []Candidate{{ca, da}}}
	if hasGroup(path) {
		st.Technique = GroupedNiceLoop
	}
	p.decorate(&st, path, map[[2]int]bool{})
	for c := range p.nodeCells(z).all() {
		st.Links = append(st.Links, Link{From: Candidate{c, p.nodeDigit(z)}, To: nodeCand(a), Strong: true})
	}
	body := p.narrate([]int{l}, map[int]bool{})
	var why string
	switch {
	case z >= numCands:
		g := p.groups[z-numCands]
		u := g.line
		if !unitSet[u].has(ca) {
			u = g.box
		}
		why = fmt.Sprintf("%s were the only other places for %d in %s", cellList(g.cells.list()), da, unitName(u))
	case nodeCell(z) == ca:
		why = fmt.Sprintf("its only other candidate, %d, is ruled out", nodeDigit(z))
	default:
		u := sharedUnit(ca, nodeCell(z))
		for _, v := range cellUnits[ca] {
			if unitSet[v].has(nodeCell(z)) && s.unitPos(v, da).count() == 2 {
				u = v
			}
		}
		why = fmt.Sprintf("%s was the only other place for %d in %s", cellName(nodeCell(z)), da, unitName(u))
	}
	eureka := p.eureka(append(path, lit(a, true)))
	kind := "a discontinuous nice loop"
	if st.Technique == GroupedNiceLoop {
		kind = "a grouped discontinuous nice loop"
	}
	st.Nudge = fmt.Sprintf("Try assuming %s is not %d and follow the strong and weak links.", cellName(ca), da)
	st.Area = fmt.Sprintf("There is %s through %s: two strong links on %d meet there.", kind, cellName(ca), da)
	st.Explanation = fmt.Sprintf("Suppose %s. %s But then %s would be %d after all: %s. So %s must be %d. (Nice loop: %s.)",
		p.assumeText(lit(a, false)), body, cellName(ca), da, why, cellName(ca), da, eureka)
	conclude(&st)
	return st
}
