package human

// This file holds the implication engine of the nice-loop search
// (niceloop.go) and of the forcing chain and net contradictions
// (contradiction.go): a breadth-first propagation over "literals", a
// candidate being true or false, that records why each literal was reached
// so the proof can be written out (prooftext.go) and drawn. grouped.go
// adds grouped nodes to it.
//
// A literal is lit(cand, on): cand is the node cell*9+digit-1 and on says
// whether the candidate is assumed true (the cell holds the digit) or
// false. The links are the usual ones of chains:
//
//   - weak: a true candidate makes every candidate of the same cell and
//     every candidate of the same digit in a cell it sees false;
//   - strong: a false candidate makes the other candidate of a bivalue cell
//     true, and the other place of a digit with two places in a unit true.
//
// In net mode a false candidate also makes a candidate true when it is the
// last one left in its cell, or the last place of its digit in a unit, after
// all the candidates the propagation has made false so far (naked and
// hidden singles, each with several parents), and applies locked
// candidates (see intersections).

// numCands is the number of candidates of a 9x9 grid.
const numCands = 729

// numLits is the number of literals: every node (candidate or group,
// see grouped.go) true or false.
const numLits = 2 * numNodes

// Candidates are numbered as the nodes of chains.go: node(c, d) is
// c*9+d-1, and node x is digit nodeDigit(x) in cell nodeCell(x).

// lit returns the literal "candidate x is true" (on) or "is false".
func lit(x int, on bool) int {
	if on {
		return 2*x + 1
	}
	return 2 * x
}

// litNode returns the node (candidate or group) of literal l.
func litNode(l int) int { return l >> 1 }

// litOn reports whether literal l says its node is true.
func litOn(l int) bool { return l&1 == 1 }

// litNot returns the opposite of literal l.
func litNot(l int) int { return l ^ 1 }

// litCell returns the cell of candidate literal l.
func litCell(l int) int { return nodeCell(l >> 1) }

// litDigit returns the digit of candidate literal l.
func litDigit(l int) int { return nodeDigit(l >> 1) }

// Reasons a literal was reached.
const (
	whyPremise  int8 = iota // the assumption itself
	whyCell                 // false: the cell holds another digit (parent)
	whyUnit                 // false: a cell of the same unit holds the digit (parent)
	whyCellLast             // true: the other candidates of the cell are false
	whyUnitLast             // true: the other places of the digit in the unit are false
	whyPoint                // false: in box unit the digit is confined to line unit2 (nets)
	whyClaim                // false: in line unit the digit is confined to box unit2 (nets)
	whyGroupOff             // false: weak link with a group in unit (parent)
	whyGroupOn              // true: strong link with a group in unit (parent)
)

// Kinds of contradiction.
const (
	contraNone        = iota
	contraClash       // a candidate both true and false
	contraNoCandidate // a cell without candidates
	contraNoPlace     // a digit without a place in a unit
)

// implications is the implication engine: the scratch space of one
// propagation, with what it reached and why. It is reused between
// propagations: stamp marks which literals the current one reached.
type implications struct {
	s   *state
	net bool
	// gen is the number of the current propagation; a literal l was
	// reached by it when stamp[l] == gen.
	gen   uint32
	stamp [numLits]uint32
	depth [numLits]uint16
	// order is the position of each reached literal in the order of
	// discovery, so proofs can be written in that order.
	order  [numLits]uint16
	parent [numLits]int16 // the parent literal for whyCell and whyUnit
	why    [numLits]int8
	unit   [numLits]int8 // the unit for whyUnit, whyUnitLast, whyPoint and whyClaim
	unit2  [numLits]int8 // the second unit for whyPoint and whyClaim
	queue  []int16
	// cellLeft and unitLeft count the candidates of each cell and the
	// places of each digit in each unit not yet made false.
	cellLeft [81]int8
	unitLeft [27][10]int8
	// useGroups adds the grouped nodes of groups (chain mode); groupAt
	// gives the group of each segment and digit, or -1.
	useGroups bool
	groups    []cellGroup
	groupAt   [54][10]int16
	// offPos[d] holds the cells where d was made false and processed.
	offPos [10]cellSet
	// origCell and origUnit are the counts in s.
	origCell [81]int8
	origUnit [27][10]int8
	// maxDepth stops the propagation at that depth (0: no limit).
	maxDepth int
	// truncated records that some propagation since it was last cleared
	// stopped at maxDepth.
	truncated bool
	// stopOnContra makes the propagation stop at the first
	// contradiction.
	stopOnContra bool
	// The first contradiction found: kind, and the literal (clash), cell
	// or unit and digit.
	contra      int
	contraLit   int
	contraCell  int
	contraUnit  int
	contraDigit int
	contraDepth int
}

// newImplications returns a propagation engine over the candidates of s; net
// selects forcing-net propagation (singles with several parents).
func newImplications(s *state, net bool) *implications {
	p := &implications{s: s, net: net, queue: make([]int16, 0, numLits)}
	for c := range s.empty.all() {
		p.origCell[c] = int8(s.cand[c].Len())
	}
	for u := range 27 {
		for d := 1; d <= 9; d++ {
			p.origUnit[u][d] = int8(s.unitPos(u, d).count())
		}
	}
	return p
}

// reached reports whether the current propagation reached literal l.
func (p *implications) reached(l int) bool { return p.stamp[l] == p.gen }

// start begins a new propagation from the given premises (literals).
func (p *implications) start(premises ...int) {
	p.gen++
	if p.gen == 0 { // wrapped: clear the stamps
		p.stamp = [numLits]uint32{}
		p.gen = 1
	}
	p.queue = p.queue[:0]
	p.cellLeft = p.origCell
	p.unitLeft = p.origUnit
	p.offPos = [10]cellSet{}
	p.contra = contraNone
	for _, l := range premises {
		p.add(l, whyPremise, -1, -1, 0)
	}
}

// add records literal l with its reason; it returns false when the
// propagation must stop on a contradiction.
func (p *implications) add(l int, why int8, parent, unit, depth int) bool {
	if p.reached(l) {
		return true
	}
	p.stamp[l] = p.gen
	p.depth[l] = uint16(depth)
	p.order[l] = uint16(len(p.queue))
	p.parent[l] = int16(parent)
	p.why[l] = why
	p.unit[l] = int8(unit)
	p.queue = append(p.queue, int16(l))
	if p.reached(litNot(l)) && p.contra == contraNone {
		p.contra, p.contraLit, p.contraDepth = contraClash, l, depth
		if p.stopOnContra {
			return false
		}
	}
	return true
}

// run propagates until nothing new follows, the depth limit is reached or,
// with stopOnContra, a contradiction appears. It reports whether a
// contradiction was found.
func (p *implications) run() bool {
	s := p.s
	for qi := 0; qi < len(p.queue); qi++ {
		if p.contra != contraNone && p.stopOnContra {
			return true
		}
		l := int(p.queue[qi])
		dep := int(p.depth[l])
		if p.maxDepth > 0 && dep >= p.maxDepth {
			p.truncated = true
			continue
		}
		x := litNode(l)
		if x >= numCands {
			if !p.runGroup(l, dep) {
				return true
			}
			continue
		}
		c, d := nodeCell(x), nodeDigit(x)
		if litOn(l) {
			for m := s.cand[c].Without(d); m != 0; m &= m - 1 {
				e := m.Min()
				if !p.add(lit(node(c, e), false), whyCell, l, -1, dep+1) {
					return true
				}
			}
			for q := range peers[c].and(s.pos[d]).all() {
				if !p.add(lit(node(q, d), false), whyUnit, l, sharedUnit(c, q), dep+1) {
					return true
				}
			}
			if p.useGroups && !p.groupWeakFromCand(c, d, l, dep) {
				return true
			}
			continue
		}
		// A false candidate: count it out of its cell and units.
		p.offPos[d].add(c)
		p.cellLeft[c]--
		switch left := p.cellLeft[c]; {
		case left == 0:
			if p.contra == contraNone {
				p.contra, p.contraCell, p.contraDepth = contraNoCandidate, c, dep
			}
			if p.stopOnContra {
				return true
			}
		case left == 1 && (p.net || p.origCell[c] == 2):
			for m := s.cand[c]; m != 0; m &= m - 1 {
				e := m.Min()
				if !p.reached(lit(node(c, e), false)) {
					if !p.add(lit(node(c, e), true), whyCellLast, -1, -1, dep+1) {
						return true
					}
					break
				}
			}
		}
		for _, u := range cellUnits[c] {
			p.unitLeft[u][d]--
			switch left := p.unitLeft[u][d]; {
			case left == 0:
				if p.contra == contraNone {
					p.contra, p.contraUnit, p.contraDigit, p.contraDepth = contraNoPlace, u, d, dep
				}
				if p.stopOnContra {
					return true
				}
			case left == 1 && (p.net || p.origUnit[u][d] == 2):
				for q := range s.unitPos(u, d).all() {
					if !p.reached(lit(node(q, d), false)) {
						if !p.add(lit(node(q, d), true), whyUnitLast, -1, u, dep+1) {
							return true
						}
						break
					}
				}
			}
		}
		if p.useGroups && !p.groupStrongFrom(setOf(c), d, cellUnits[c][:], l, dep) {
			return true
		}
		if p.net && !p.intersections(c, d, dep) {
			return true
		}
	}
	return p.contra != contraNone
}

// intersections applies locked candidates in net mode after d was made
// false in cell c: when the places left for d in c's box lie in one line,
// d is false in the rest of that line (pointing), and when the places left
// in one of c's lines lie in one box, d is false in the rest of the box
// (claiming). It returns false when the propagation must stop.
func (p *implications) intersections(c, d, dep int) bool {
	s := p.s
	b := 18 + boxOf[c]
	for _, u := range cellUnits[c] {
		if left := p.unitLeft[u][d]; left < 2 || left > 3 {
			continue // not two or three places, which a box-line crossing could hold
		}
		rem := s.unitPos(u, d).andNot(p.offPos[d])
		if rem.count() < 2 {
			continue
		}
		var other int // the unit crossing u that holds rem
		if u == b {
			r, k := rowOf[rem.first()], 9+colOf[rem.first()]
			switch {
			case rem.subsetOf(unitSet[r]):
				other = r
			case rem.subsetOf(unitSet[k]):
				other = k
			default:
				continue
			}
		} else {
			other = 18 + boxOf[rem.first()]
			if !rem.subsetOf(unitSet[other]) {
				continue
			}
		}
		why := whyPoint
		if u != b {
			why = whyClaim
		}
		for q := range s.unitPos(other, d).andNot(unitSet[u]).all() {
			l := lit(node(q, d), false)
			if p.reached(l) {
				continue
			}
			if !p.add(l, why, -1, u, dep+1) {
				return false
			}
			p.unit2[l] = int8(other)
		}
	}
	return true
}

// parents returns the literals that literal l was derived from.
func (p *implications) parents(l int) []int {
	s := p.s
	x := litNode(l)
	c, d := nodeCell(x), nodeDigit(x)
	switch p.why[l] {
	case whyCell, whyUnit, whyGroupOff, whyGroupOn:
		return []int{int(p.parent[l])}
	case whyCellLast:
		var out []int
		for m := s.cand[c].Without(d); m != 0; m &= m - 1 {
			out = append(out, lit(node(c, m.Min()), false))
		}
		return out
	case whyUnitLast:
		var out []int
		for q := range s.unitPos(int(p.unit[l]), d).all() {
			if q != c {
				out = append(out, lit(node(q, d), false))
			}
		}
		return out
	case whyPoint, whyClaim:
		// The places of d in unit outside unit2.
		var out []int
		for q := range s.unitPos(int(p.unit[l]), d).andNot(unitSet[p.unit2[l]]).all() {
			out = append(out, lit(node(q, d), false))
		}
		return out
	}
	return nil
}

// contraLits returns the literals whose joint truth is the contradiction
// found.
func (p *implications) contraLits() []int {
	switch p.contra {
	case contraClash:
		return []int{litNot(p.contraLit), p.contraLit}
	case contraNoCandidate:
		var out []int
		for m := p.s.cand[p.contraCell]; m != 0; m &= m - 1 {
			out = append(out, lit(node(p.contraCell, m.Min()), false))
		}
		return out
	case contraNoPlace:
		var out []int
		for q := range p.s.unitPos(p.contraUnit, p.contraDigit).all() {
			out = append(out, lit(node(q, p.contraDigit), false))
		}
		return out
	}
	return nil
}

// proof returns the literals needed to derive the targets, in the order
// of discovery (so every literal comes after its parents).
func (p *implications) proof(targets ...int) []int {
	var seen [(numLits + 63) / 64]uint64
	var out []int
	stack := append([]int(nil), targets...)
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[l>>6]&(1<<uint(l&63)) != 0 {
			continue
		}
		seen[l>>6] |= 1 << uint(l&63)
		out = append(out, l)
		stack = append(stack, p.parents(l)...)
	}
	p.sortByOrder(out)
	return out
}

// sortByOrder sorts literals by the order in which p reached them.
func (p *implications) sortByOrder(ls []int) {
	for i := 1; i < len(ls); i++ {
		for j := i; j > 0 && p.order[ls[j]] < p.order[ls[j-1]]; j-- {
			ls[j], ls[j-1] = ls[j-1], ls[j]
		}
	}
}
