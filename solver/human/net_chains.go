// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import (
	"fmt"
)

// This file finds alternating inference chains (AICs) and discontinuous
// nice loops on single candidates with the implication engine of
// net_prop.go.
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

// netMaxChain bounds the number of links of the chains searched.
const netMaxChain = 24

// netChainElims returns the candidates ruled out by "a or b is true" for
// candidates a and b.
func netChainElims(s *state, a, b int) []Candidate {
	c1, d1, c2, d2 := netCandCell(a), netCandDigit(a), netCandCell(b), netCandDigit(b)
	var out []Candidate
	switch {
	case a == b:
		return nil
	case d1 == d2:
		t := peers[c1].and(peers[c2]).and(s.pos[d1])
		t.remove(c1)
		t.remove(c2)
		for c := range t.all() {
			out = append(out, Candidate{c, d1})
		}
	case c1 == c2:
		for m := s.cand[c1] &^ bit(d1) &^ bit(d2); m != 0; m &= m - 1 {
			out = append(out, Candidate{c1, m.firstDigit()})
		}
	case sees(c1, c2):
		if s.cand[c1].has(d2) {
			out = append(out, Candidate{c1, d2})
		}
		if s.cand[c2].has(d1) {
			out = append(out, Candidate{c2, d1})
		}
	}
	return out
}

// netChainPath returns the literals from the premise of p to l, each the
// parent of the next (p must be a chain-mode propagation).
func netChainPath(p *netProp, l int) []int {
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

// netPathClean reports whether no candidate appears twice on the path
// (as true and false), which would make the chain read oddly.
func netPathClean(path []int) bool {
	var seen [netNumCands/64 + 1]uint64
	for _, l := range path {
		x := netLitCand(l)
		if seen[x>>6]&(1<<uint(x&63)) != 0 {
			return false
		}
		seen[x>>6] |= 1 << uint(x&63)
	}
	return true
}

// findNetNiceLoop finds the shortest AIC or discontinuous nice loop with
// an elimination or a placement; among chains of the same length the one
// with the most eliminations wins.
func findNetNiceLoop(s *state) (Step, bool) {
	p := newNetProp(s, false)
	bestLen := netMaxChain + 1
	bestA, bestB, bestN := -1, -1, 0
	for c := range s.empty.all() {
		for m := s.cand[c]; m != 0; m &= m - 1 {
			a := netCand(c, m.firstDigit())
			p.maxDepth = bestLen
			p.start(netLit(a, false))
			p.run()
			for _, ql := range p.queue {
				l := int(ql)
				if !netLitOn(l) {
					continue
				}
				n := int(p.depth[l])
				if n > bestLen {
					break // the queue is in order of depth
				}
				b := netLitCand(l)
				var count int
				if b == a {
					count = 100 // a placement beats eliminations
				} else {
					count = len(netChainElims(s, a, b))
				}
				if count == 0 || (n == bestLen && count <= bestN) {
					continue
				}
				if !netPathClean(netChainPath(p, l)) {
					continue
				}
				bestLen, bestA, bestB, bestN = n, a, b, count
			}
		}
	}
	if bestA < 0 {
		return Step{}, false
	}
	p.maxDepth = 0
	p.start(netLit(bestA, false))
	p.run()
	return netChainStep(s, p, bestA, bestB), true
}

// netChainStep writes the step of the chain of p from candidate a (false)
// to candidate b (true).
func netChainStep(s *state, p *netProp, a, b int) Step {
	path := netChainPath(p, netLit(b, true))
	ca, da := netCandCell(a), netCandDigit(a)
	cb, db := netCandCell(b), netCandDigit(b)
	st := Step{Technique: AIC}
	seen := map[[2]int]bool{}
	netDecorate(&st, p, path, seen)
	// Both ends of an AIC are its "starting point" (group 0).
	if a != b {
		for i := range st.Highlights {
			if st.Highlights[i].Candidate == netCandOf(b) {
				st.Highlights[i].Group = 0
			}
		}
	}
	body := netNarrate(p, []int{netLit(b, true)}, map[int]bool{})
	eureka := netEureka(path)
	if a == b {
		st.Technique = NiceLoop
		st.Placements = []Candidate{{ca, da}}
		st.Nudge = fmt.Sprintf("Try assuming %s is not %d and follow the strong and weak links.", cellName(ca), da)
		st.Area = fmt.Sprintf("There is a discontinuous nice loop through %s: two strong links meet at %d there.", cellName(ca), da)
		st.Explanation = fmt.Sprintf("Suppose %s. %s That contradicts the assumption, so %s must be %d. (Nice loop: %s.)",
			netAssume(netLit(a, false)), body, cellName(ca), da, eureka)
		netConclude(&st)
		return st
	}
	st.Eliminations = netChainElims(s, a, b)
	loop := true
	for _, e := range st.Eliminations {
		if e.Cell != ca && e.Cell != cb {
			loop = false
		}
	}
	if loop {
		st.Technique = NiceLoop
	}
	either := fmt.Sprintf("%s is %d or %s is %d", cellName(ca), da, cellName(cb), db)
	if ca == cb {
		either = fmt.Sprintf("%s is %d or %d", cellName(ca), da, db)
	}
	var why string
	switch {
	case da == db:
		why = fmt.Sprintf("so %s, which see%s both, can't be %d", cellList(netElimCells(st.Eliminations)), netSeeS(st.Eliminations), da)
	case ca == cb:
		why = fmt.Sprintf("so %s can't be %s", cellName(ca), orDigitList(netElimDigits(st.Eliminations)))
	default:
		var parts []string
		for _, e := range st.Eliminations {
			if e.Cell == ca {
				parts = append(parts, fmt.Sprintf("%s can't be %d (it is %d, or it sees %s, which is %d)", cellName(ca), db, da, cellName(cb), db))
			} else {
				parts = append(parts, fmt.Sprintf("%s can't be %d (it is %d, or it sees %s, which is %d)", cellName(cb), da, db, cellName(ca), da))
			}
		}
		why = "so " + andList(parts)
	}
	kind := "an AIC (alternating inference chain)"
	if loop {
		kind = "a discontinuous nice loop"
	}
	st.Nudge = fmt.Sprintf("Try assuming %s is not %d and follow the strong and weak links.", cellName(ca), da)
	st.Area = fmt.Sprintf("There is %s between %d in %s and %d in %s.", kind, da, cellName(ca), db, cellName(cb))
	st.Explanation = fmt.Sprintf("Suppose %s. %s So at least one of the two is true: %s, %s. (Chain: %s.)",
		netAssume(netLit(a, false)), body, either, why, eureka)
	netConclude(&st)
	return st
}

// netElimCells returns the cells of eliminations, each once, in order.
func netElimCells(es []Candidate) []int {
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

// netElimDigits returns the digits of eliminations.
func netElimDigits(es []Candidate) digitMask {
	var m digitMask
	for _, e := range es {
		m |= bit(e.Digit)
	}
	return m
}

// netSeeS returns "s" when one cell sees, "" when several see.
func netSeeS(es []Candidate) string {
	if len(netElimCells(es)) == 1 {
		return "s"
	}
	return ""
}
