// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import (
	"fmt"
	"strings"
)

// This file finds forcing chains and forcing nets with the implication
// engine of net_prop.go.
//
// Contradiction: an assumption (a candidate true, or false) whose
// consequences break the rules (a candidate both true and false, a cell
// without candidates, a digit without a place in a unit) is wrong, so the
// candidate is false (or true).
//
// Verity: when every possibility of a cell (its candidates), of a digit in
// a unit (its places), or of a candidate (true or false) leads to the same
// fact, the fact is true.
//
// Forcing chains use only the links of the grid as it is (bivalue cells
// and digits with two places in a unit); forcing nets also use the cells
// and units that the assumption leaves with one candidate, which makes a
// fact depend on several earlier ones.

// netNetMaxDepth bounds the depth of forcing-net propagation, so proofs
// stay readable and a step stays fast.
const netNetMaxDepth = 60

// netDepthSchedule returns the growing depth limits of a search up to
// limit: 6, 12, 24 and so on.
func netDepthSchedule(limit int) []int {
	var out []int
	for d := 6; d < limit; d *= 2 {
		out = append(out, d)
	}
	return append(out, limit)
}

// netIsNet reports whether a proof uses a fact with several parents, or
// locked candidates: something a forcing chain cannot do.
func netIsNet(p *netProp, proof []int) bool {
	for _, l := range proof {
		if w := p.why[l]; w == netWhyPoint || w == netWhyClaim || len(p.parents(l)) > 1 {
			return true
		}
	}
	return false
}

// findNetContradiction finds the assumption with the shortest way to a
// contradiction, in chain or net mode.
func findNetContradiction(s *state, net bool) (Step, bool) {
	p := newNetProp(s, net)
	p.stopOnContra = true
	limit := netNumLits
	if net {
		limit = netNetMaxDepth
	}
	// Search with growing depth limits, so that a short contradiction is
	// found without following every assumption to the end. Within a
	// limit, rank by the size of the proof, looking up to netSlack levels
	// past the shallowest contradiction found so far.
	const netSlack = 2
	best := -1
	for _, capDepth := range netDepthSchedule(limit) {
		p.truncated = false
		bestDepth, bestSize := capDepth, 1<<30
		for c := range s.empty.all() {
			for m := s.cand[c]; m != 0; m &= m - 1 {
				x := netCand(c, m.firstDigit())
				for _, on := range []bool{false, true} {
					l := netLit(x, on)
					p.maxDepth = min(bestDepth+netSlack, capDepth) + 1
					p.start(l)
					if !p.run() {
						continue
					}
					size := len(p.proof(p.contraLits()...))
					if size < bestSize {
						bestSize, best = size, l
					}
					bestDepth = min(bestDepth, p.contraDepth)
				}
			}
		}
		if best >= 0 || !p.truncated {
			break // found, or no deeper limit can change anything
		}
	}
	if best < 0 {
		return Step{}, false
	}
	p.maxDepth = 0
	p.start(best)
	p.run()
	return netContraStep(p, best), true
}

// netContraStep writes the step of the contradiction p found from premise.
func netContraStep(p *netProp, premise int) Step {
	targets := p.contraLits()
	netSortByOrder(p, targets)
	proof := p.proof(targets...)
	st := Step{Technique: ForcingChainContr}
	kind := "chain"
	if netIsNet(p, proof) {
		st.Technique, kind = ForcingNetContr, "net"
	}
	seen := map[[2]int]bool{}
	netDecorate(&st, p, proof, seen)
	x := netLitCand(premise)
	c, d := netCandCell(x), netCandDigit(x)
	body := netNarrate(p, targets, map[int]bool{})
	var concl string
	if netLitOn(premise) {
		st.Eliminations = []Candidate{{c, d}}
		concl = fmt.Sprintf("So %s is not %d.", cellName(c), d)
		st.Nudge = fmt.Sprintf("Try assuming %s is %d and follow the consequences.", cellName(c), d)
		st.Area = fmt.Sprintf("A forcing %s shows that %s can't be %d: assuming it leads to a contradiction.", kind, cellName(c), d)
	} else {
		st.Placements = []Candidate{{c, d}}
		concl = fmt.Sprintf("So %s must be %d.", cellName(c), d)
		st.Nudge = fmt.Sprintf("Try assuming %s is not %d and follow the consequences.", cellName(c), d)
		st.Area = fmt.Sprintf("A forcing %s shows that %s must be %d: assuming otherwise leads to a contradiction.", kind, cellName(c), d)
	}
	if p.contra == netContraUnit {
		st.Units = append(st.Units, unitOf(p.contraUnit))
	}
	st.Explanation = fmt.Sprintf("Suppose %s. %s %s %s", netAssume(p, premise), body, netContraText(p), concl)
	netConclude(&st)
	return st
}

// netBranches is a set of possibilities of which one must hold: the
// candidates of a cell, the places of a digit in a unit, or a candidate
// true or false.
type netBranches struct {
	lits []int
	// intro says what the possibilities are, like "r3c5 can only be 2,
	// 7 or 9."; nudge is the level-1 hint.
	intro, nudge string
	// literal marks the groups "a candidate is true or false", listed
	// after the others.
	literal bool
}

// netVerityGroups lists the sets of possibilities of s.
func netVerityGroups(s *state) []netBranches {
	var out []netBranches
	for c := range s.empty.all() {
		var ls []int
		for m := s.cand[c]; m != 0; m &= m - 1 {
			ls = append(ls, netLit(netCand(c, m.firstDigit()), true))
		}
		out = append(out, netBranches{ls,
			fmt.Sprintf("%s can only be %s.", cellName(c), orDigitList(s.cand[c])),
			fmt.Sprintf("Try each candidate of %s in turn and see what they all lead to.", cellName(c)), false})
	}
	for u := range 27 {
		for d := 1; d <= 9; d++ {
			up := s.unitPos(u, d)
			if up.count() < 2 {
				continue
			}
			var ls []int
			for q := range up.all() {
				ls = append(ls, netLit(netCand(q, d), true))
			}
			out = append(out, netBranches{ls,
				fmt.Sprintf("In %s, %d can only go in %s.", unitName(u), d, joinList(netCellNames(up.list()), "or")),
				fmt.Sprintf("Try each place for %d in %s in turn and see what they all lead to.", d, unitName(u)), false})
		}
	}
	for c := range s.empty.all() {
		if s.cand[c].count() == 2 {
			continue // the cell's own group covers it
		}
		for m := s.cand[c]; m != 0; m &= m - 1 {
			d := m.firstDigit()
			x := netCand(c, d)
			out = append(out, netBranches{[]int{netLit(x, true), netLit(x, false)},
				fmt.Sprintf("%s either is %d or is not.", cellName(c), d),
				fmt.Sprintf("Try %s both as %d and as not %d and see what both lead to.", cellName(c), d, d), true})
		}
	}
	return out
}

// netCellNames returns the names of cells.
func netCellNames(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = cellName(c)
	}
	return out
}

// netReach is what one propagation reached: literals and their depths,
// and whether (and at what depth) it met a contradiction, where it
// stopped.
type netReach struct {
	lits       []int16
	depth      []uint16
	contr      bool
	contrDepth int
}

// findNetVerity finds a set of possibilities that all lead to the same
// fact, with the shortest total depth.
func findNetVerity(s *state, net bool) (Step, bool) {
	limit := 64
	if net {
		limit = netNetMaxDepth
	}
	// Each assumption is followed once, down to the limit; the groups are
	// then checked with growing depth limits on what was reached, so that
	// short proofs win.
	p := newNetProp(s, net)
	p.stopOnContra = true
	p.maxDepth = limit
	reach := make(map[int]*netReach)
	deepest := 0
	get := func(l int) *netReach {
		if r, ok := reach[l]; ok {
			return r
		}
		p.start(l)
		p.run()
		r := &netReach{lits: append([]int16(nil), p.queue...), contr: p.contra != netNoContra, contrDepth: p.contraDepth}
		r.depth = make([]uint16, len(r.lits))
		for i, q := range r.lits {
			r.depth[i] = p.depth[q]
			deepest = max(deepest, int(p.depth[q]))
		}
		reach[l] = r
		return r
	}
	groups := netVerityGroups(s)
	for _, capDepth := range netDepthSchedule(limit) {
		g, target := netVerityUpTo(groups, get, capDepth)
		if target >= 0 {
			p.maxDepth = capDepth
			return netVerityStep(p, g, target), true
		}
		if deepest <= capDepth {
			break // no deeper limit can change anything
		}
	}
	return Step{}, false
}

// netVerityUpTo looks for a verity among groups with the consequences of
// each assumption (from get) down to depth capDepth. It returns the group
// and the literal they all lead to, or -1.
func netVerityUpTo(groups []netBranches, get func(l int) *netReach, capDepth int) (netBranches, int) {
	var count [netNumLits]uint8
	var sum [netNumLits]int32
	var stamp [netNumLits]int32
	bestSum, bestLit, bestGroup := int32(1<<30), -1, -1
	for gi, g := range groups {
		if g.literal && bestLit >= 0 {
			break // the dichotomies of single candidates come last, only when needed
		}
		ok := true
		for _, b := range g.lits {
			if r := get(b); r.contr && r.contrDepth <= capDepth+1 {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		for bi, b := range g.lits {
			r := get(b)
			for i, ql := range r.lits {
				l := int(ql)
				if i == 0 || int(r.depth[i]) > capDepth {
					continue // the premise, or too deep
				}
				if bi == 0 {
					stamp[l], count[l], sum[l] = int32(gi+1), 1, int32(r.depth[i])
					continue
				}
				if stamp[l] == int32(gi+1) && int(count[l]) == bi {
					count[l]++
					sum[l] += int32(r.depth[i])
				}
			}
		}
		last := get(g.lits[len(g.lits)-1])
		for i, ql := range last.lits {
			l := int(ql)
			if i == 0 || int(last.depth[i]) > capDepth || stamp[l] != int32(gi+1) || int(count[l]) != len(g.lits) {
				continue
			}
			// Prefer short proofs, then placements.
			v := 2 * sum[l]
			if !netLitOn(l) {
				v++
			}
			if v < bestSum {
				bestSum, bestLit, bestGroup = v, l, gi
			}
		}
	}
	if bestLit < 0 {
		return netBranches{}, -1
	}
	return groups[bestGroup], bestLit
}

// netVerityStep writes the step of the possibilities g that all lead to
// literal target.
func netVerityStep(p *netProp, g netBranches, target int) Step {
	st := Step{Technique: ForcingChainVer}
	seen := map[[2]int]bool{}
	var parts []string
	isNet := false
	for _, b := range g.lits {
		p.start(b)
		p.run()
		proof := p.proof(target)
		isNet = isNet || netIsNet(p, proof)
		netDecorate(&st, p, proof, seen)
		body := netNarrate(p, []int{target}, map[int]bool{})
		parts = append(parts, fmt.Sprintf("Suppose %s. %s", netAssume(p, b), body))
	}
	kind := "chain"
	if isNet {
		st.Technique, kind = ForcingNetVer, "net"
	}
	x := netLitCand(target)
	c, d := netCandCell(x), netCandDigit(x)
	var concl string
	if netLitOn(target) {
		st.Placements = []Candidate{{c, d}}
		concl = fmt.Sprintf("Either way, %s is %d.", cellName(c), d)
	} else {
		st.Eliminations = []Candidate{{c, d}}
		concl = fmt.Sprintf("Either way, %s is not %d, so %d can be removed from it.", cellName(c), d, d)
	}
	st.Nudge = g.nudge
	st.Area = fmt.Sprintf("A forcing %s: %s Every possibility leads to the same conclusion.", kind, g.intro)
	st.Explanation = g.intro + " " + strings.Join(parts, " ") + " " + concl
	netConclude(&st)
	return st
}
