package human

import (
	"fmt"
	"strings"
)

// A node of a chain is a candidate: node n is digit n%9+1 in cell n/9.
// Every chain and forcing finder numbers candidates this way.

// node returns the node of digit d in cell c.
func node(c, d int) int { return c*9 + d - 1 }

// nodeCell returns the cell of node n.
func nodeCell(n int) int { return n / 9 }

// nodeDigit returns the digit of node n.
func nodeDigit(n int) int { return n%9 + 1 }

// nodeCand returns node n as a Candidate.
func nodeCand(n int) Candidate { return Candidate{nodeCell(n), nodeDigit(n)} }

// chainMode restricts the links a chain may use.
type chainMode int

const (
	// xChain uses one digit: strong links are conjugate pairs, weak
	// links cells that see each other.
	xChain chainMode = iota
	// xyChain uses bivalue cells for strong links and same-digit cells
	// that see each other for weak links.
	xyChain
	// aicChain uses all strong and weak links between single candidates.
	aicChain
)

// chainSearch holds the buffers of one breadth-first search over
// alternating chains.
type chainSearch struct {
	s *state
	// parent[0][n]: the on-node that turned n off; parent[1][n]: the
	// off-node that turned n on; -1 for the start, -2 for unreached.
	parent [2][729]int16
	depth  [2][729]int16
	queue  []int32
}

// strongFrom calls f with every candidate that must be true when n is
// false, under mode.
func (cs *chainSearch) strongFrom(n int, mode chainMode, f func(m int)) {
	s := cs.s
	c, d := nodeCell(n), nodeDigit(n)
	if mode != xChain && s.cand[c].Len() == 2 {
		f(node(c, s.cand[c].Without(d).Min()))
	}
	if mode == xyChain {
		return
	}
	for _, u := range cellUnits[c] {
		p := s.unitPos(u, d)
		if p.count() == 2 {
			p.remove(c)
			f(node(p.first(), d))
		}
	}
}

// weakFrom calls f with every candidate that must be false when n is
// true, under mode.
func (cs *chainSearch) weakFrom(n int, mode chainMode, f func(m int)) {
	s := cs.s
	c, d := nodeCell(n), nodeDigit(n)
	if mode == aicChain {
		for x := range s.cand[c].Without(d).All() {
			f(node(c, x))
		}
	}
	for p := range peers[c].and(s.pos[d]).all() {
		f(node(p, d))
	}
}

// run searches from start assumed false, alternating strong and weak
// links, up to maxLen nodes, and calls found for every candidate reached
// as true with the chain's length; found returns true to stop.
func (cs *chainSearch) run(start int, mode chainMode, maxLen int, found func(m, length int) bool) {
	for v := range 2 {
		for i := range cs.parent[v] {
			cs.parent[v][i] = -2
		}
	}
	cs.parent[0][start] = -1
	cs.depth[0][start] = 1
	cs.queue = append(cs.queue[:0], int32(start)) // off-nodes are n, on-nodes n+729
	for qi := 0; qi < len(cs.queue); qi++ {
		x := int(cs.queue[qi])
		on := x >= 729
		n := x % 729
		v := 0
		if on {
			v = 1
		}
		dep := cs.depth[v][n]
		if int(dep) >= maxLen {
			continue
		}
		if !on {
			stop := false
			cs.strongFrom(n, mode, func(m int) {
				if stop || cs.parent[1][m] != -2 {
					return
				}
				cs.parent[1][m] = int16(n)
				cs.depth[1][m] = dep + 1
				if found(m, int(dep+1)) {
					stop = true
					return
				}
				cs.queue = append(cs.queue, int32(m+729))
			})
			if stop {
				return
			}
		} else {
			cs.weakFrom(n, mode, func(m int) {
				if cs.parent[0][m] != -2 {
					return
				}
				cs.parent[0][m] = int16(n)
				cs.depth[0][m] = dep + 1
				cs.queue = append(cs.queue, int32(m))
			})
		}
	}
}

// path returns the chain from the start to on-node m: nodes and the
// strength of the link into each (the first has none).
func (cs *chainSearch) path(m int) []int {
	var rev []int
	v, n := 1, m
	for n >= 0 {
		rev = append(rev, n)
		p := int(cs.parent[v][n])
		v = 1 - v
		n = p
	}
	out := make([]int, len(rev))
	for i := range rev {
		out[i] = rev[len(rev)-1-i]
	}
	return out
}

// chainElims returns what the conclusion "start or end is true" removes:
// the candidates that see both.
func chainElims(s *state, start, end int) []Candidate {
	c1, d1, c2, d2 := nodeCell(start), nodeDigit(start), nodeCell(end), nodeDigit(end)
	var out []Candidate
	switch {
	case start == end:
		return nil
	case d1 == d2:
		for t := range peers[c1].and(peers[c2]).and(s.pos[d1]).all() {
			out = append(out, Candidate{t, d1})
		}
	case c1 == c2:
		for x := range s.cand[c1].Without(d1).Without(d2).All() {
			out = append(out, Candidate{c1, x})
		}
	case sees(c1, c2):
		if s.cand[c1].Has(d2) {
			out = append(out, Candidate{c1, d2})
		}
		if s.cand[c2].Has(d1) {
			out = append(out, Candidate{c2, d1})
		}
	}
	return out
}

// chainFinder returns the ladder's finder of chains of the mode.
func chainFinder(mode chainMode) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) { return findChain(s, mode) }
}

// maxChainNodes bounds the length of the chains searched, like HoDoKu's
// default restriction of chain length.
const maxChainNodes = 20

// findChain finds the alternating chain of the mode whose two ends rule
// out the most candidates, the shortest of those, as HoDoKu ranks chains
// (a loop back to its start, which places the start, counts as ruling out
// all the cell's other candidates).
func findChain(s *state, mode chainMode) (Step, bool) {
	cs := &chainSearch{s: s}
	bestLen, bestCount := maxChainNodes+1, 0
	var best []int
	var bestElims []Candidate
	place := false
	better := func(count, length int) bool {
		return count > bestCount || (count == bestCount && length < bestLen)
	}
	for c := range s.empty.all() {
		if mode == xyChain && s.cand[c].Len() != 2 {
			continue
		}
		for d := range s.cand[c].All() {
			start := node(c, d)
			cs.run(start, mode, maxChainNodes, func(m, length int) bool {
				if m == start {
					if mode != aicChain {
						return false
					}
					if count := s.cand[c].Len() - 1; better(count, length) {
						best, bestLen, bestCount, bestElims, place = cs.path(m), length, count, nil, true
					}
					return false
				}
				if mode != aicChain && nodeDigit(m) != d {
					return false
				}
				if mode == xyChain && nodeCell(m) == c {
					return false
				}
				if length < 4 {
					return false // a single link: a subset or intersection, not a chain
				}
				el := chainElims(s, start, m)
				if len(el) == 0 || !better(len(el), length) {
					return false
				}
				best, bestLen, bestCount, bestElims, place = cs.path(m), length, len(el), el, false
				return false
			})
		}
	}
	if best == nil {
		return Step{}, false
	}
	return chainStep(s, mode, best, bestElims, place), true
}

// chainText writes a chain in Eureka notation, like
// "(5)r1c2=(5)r1c7-(5)r3c8=(5)r9c8".
func chainText(chain []int) string {
	var sb strings.Builder
	for i, n := range chain {
		if i > 0 {
			if i%2 == 1 {
				sb.WriteByte('=')
			} else {
				sb.WriteByte('-')
			}
		}
		fmt.Fprintf(&sb, "(%d)%s", nodeDigit(n), cellName(nodeCell(n)))
	}
	return sb.String()
}

// chainLinks returns the links of a chain for drawing: strong and weak
// alternately, starting with a strong one.
func chainLinks(chain []int) []Link {
	var out []Link
	for i := 0; i+1 < len(chain); i++ {
		out = append(out, Link{nodeCand(chain[i]), nodeCand(chain[i+1]), i%2 == 0})
	}
	return out
}

// chainProse tells what follows from the start of a chain being false, in
// words: "r1c7 is 2 (its only other candidate), so r4c7 is not 2 (same
// column 7), ...".
func chainProse(s *state, chain []int) string {
	var sb strings.Builder
	for i := 1; i < len(chain); i++ {
		if i > 1 {
			sb.WriteString(", so ")
		}
		a, b := chain[i-1], chain[i]
		ca, cb, db := nodeCell(a), nodeCell(b), nodeDigit(b)
		if i%2 == 1 { // strong: a false makes b true
			why := "its only other candidate"
			if ca != cb {
				why = fmt.Sprintf("the only other place for %d in %s", db, unitName(sharedUnit(ca, cb)))
				for _, u := range sharedUnits(ca, cb) {
					if s.unitPos(u, db).count() == 2 {
						why = fmt.Sprintf("the only other place for %d in %s", db, unitName(u))
						break
					}
				}
			}
			fmt.Fprintf(&sb, "%s is %d (%s)", cellName(cb), db, why)
			continue
		}
		why := "one digit per cell"
		if ca != cb {
			why = "same " + unitName(sharedUnit(ca, cb))
		}
		fmt.Fprintf(&sb, "%s is not %d (%s)", cellName(cb), db, why)
	}
	return sb.String()
}

// candName writes node n like "r3c5=7".
func candName(n int) string { return fmt.Sprintf("%s=%d", cellName(nodeCell(n)), nodeDigit(n)) }

// chainStep writes the step of a chain found by findChain: its
// eliminations, or, when place is set, the placement of its start.
func chainStep(s *state, mode chainMode, chain []int, elims []Candidate, place bool) Step {
	start, end := chain[0], chain[len(chain)-1]
	name := map[chainMode]string{xChain: XChain, xyChain: XYChain, aicChain: AIC}[mode]
	if mode == aicChain && (nodeCell(start) == nodeCell(end) || place) {
		name = NiceLoop
	}
	var cells []int
	var hl []Highlight
	seenCell := cellSet{}
	for i, n := range chain {
		if !seenCell.has(nodeCell(n)) {
			seenCell.add(nodeCell(n))
			cells = append(cells, nodeCell(n))
		}
		hl = append(hl, Highlight{nodeCand(n), i % 2})
	}
	st := Step{
		Technique:    name,
		Eliminations: elims,
		Cells:        cells,
		Highlights:   hl,
		Links:        chainLinks(chain),
		Nudge:        fmt.Sprintf("Look for a chain of strong links starting at %s.", cellName(nodeCell(start))),
	}
	prose := chainProse(s, chain)
	if place {
		st.Eliminations = nil
		st.Placements = []Candidate{nodeCand(start)}
		st.Area = fmt.Sprintf("There is a nice loop through %s.", cellName(nodeCell(start)))
		st.Explanation = fmt.Sprintf("Suppose %s were not %d: then %s. It would be %d after all, so %s is %d (chain %s).",
			cellName(nodeCell(start)), nodeDigit(start), prose, nodeDigit(start), cellName(nodeCell(start)), nodeDigit(start), chainText(chain))
		return st
	}
	st.Area = fmt.Sprintf("There is %s from %s to %s.", article(plainName(name)), candName(start), candName(end))
	st.Explanation = fmt.Sprintf("Suppose %s were not %d: then %s. So %s is %d or %s is %d (chain %s). Remove %s: %s both.",
		cellName(nodeCell(start)), nodeDigit(start), prose, cellName(nodeCell(start)), nodeDigit(start), cellName(nodeCell(end)), nodeDigit(end),
		chainText(chain), elimText(elims), seeWord(elims))
	return st
}

// seeWord returns the verb for the cells of elims: "it conflicts with"
// for one elimination, "each conflicts with" for several.
func seeWord(elims []Candidate) string {
	if len(elims) == 1 {
		return "it conflicts with"
	}
	return "each conflicts with"
}
