package human

import "fmt"

// This file finds forcing chain and forcing net contradictions with the
// implication engine of implication.go: an assumption (a candidate true, or
// false) whose consequences break the rules (a candidate both true and
// false, a cell without candidates, a digit without a place in a unit) is
// wrong, so the candidate is false (or true). (Verities, and the
// contradictions found along with them, come from forcing.go.)
//
// Forcing chains use only the links of the grid as it is (bivalue cells
// and digits with two places in a unit); forcing nets also use the cells
// and units that the assumption leaves with one candidate, which makes a
// fact depend on several earlier ones.

// netMaxDepth bounds the depth of forcing-net propagation, so proofs
// stay readable and a step stays fast.
const netMaxDepth = 60

// depthSchedule returns the growing depth limits of a search up to
// limit: 6, 12, 24 and so on.
func depthSchedule(limit int) []int {
	var out []int
	for d := 6; d < limit; d *= 2 {
		out = append(out, d)
	}
	return append(out, limit)
}

// isNet reports whether a proof uses a fact with several parents, or
// locked candidates: something a forcing chain cannot do.
func (p *implications) isNet(proof []int) bool {
	for _, l := range proof {
		if w := p.why[l]; w == whyPoint || w == whyClaim || len(p.parents(l)) > 1 {
			return true
		}
	}
	return false
}

// findContradiction finds the assumption with the shortest way to a
// contradiction, in chain or net mode.
func findContradiction(s *state, net bool) (Step, bool) {
	p := newImplications(s, net)
	p.stopOnContra = true
	limit := numLits
	if net {
		limit = netMaxDepth
	}
	// Search with growing depth limits, so that a short contradiction is
	// found without following every assumption to the end. Within a
	// limit, rank by the size of the proof, looking up to slack levels
	// past the shallowest contradiction found so far.
	const slack = 2
	best := -1
	for _, capDepth := range depthSchedule(limit) {
		p.truncated = false
		bestDepth, bestSize := capDepth, 1<<30
		for c := range s.empty.all() {
			for m := s.cand[c]; m != 0; m &= m - 1 {
				x := node(c, m.Min())
				for _, on := range []bool{false, true} {
					l := lit(x, on)
					p.maxDepth = min(bestDepth+slack, capDepth) + 1
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
	return p.contradictionStep(best), true
}

// contradictionStep writes the step of the contradiction p found from premise.
func (p *implications) contradictionStep(premise int) Step {
	targets := p.contraLits()
	p.sortByOrder(targets)
	proof := p.proof(targets...)
	st := Step{Technique: ForcingChainContr}
	kind := "chain"
	if p.isNet(proof) {
		st.Technique, kind = ForcingNetContr, "net"
	}
	seen := map[[2]int]bool{}
	p.decorate(&st, proof, seen)
	x := litNode(premise)
	c, d := nodeCell(x), nodeDigit(x)
	body := p.narrate(targets, map[int]bool{})
	var concl string
	if litOn(premise) {
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
	if p.contra == contraNoPlace {
		st.Units = append(st.Units, unitOf(p.contraUnit))
	}
	st.Explanation = fmt.Sprintf("Suppose %s. %s %s %s", p.assumeText(premise), body, p.contraText(), concl)
	conclude(&st)
	return st
}
