package human

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// nodeSet is a set of candidates (chain nodes), one bit per node.
type nodeSet [12]uint64

// add puts node n into s.
func (s *nodeSet) add(n int) { s[n>>6] |= 1 << uint(n&63) }

// propagation is what follows from one assumption: the candidates found
// true and false, with the reason of each, or a contradiction.
type propagation struct {
	val    [729]int8 // 1 true, -1 false, 0 unknown
	parent [729]int16
	queue  []int16
	// Working candidates for nets.
	cand [81]solver.DigitSet
	pos  [10]cellSet
	// conflict is the node found both true and false (-1 for none), and
	// conflictParent the reason of the second value.
	conflict, conflictParent int
	conflictVal              int8
	trues, falses            nodeSet
}

// propagate works out the consequences of premise being true (or false
// when value is false). In chain mode it uses only the puzzle's bivalue
// cells and conjugate pairs (forcing chains); in net mode also the cells
// and units left with one candidate by the assumption (forcing nets).
func (p *propagation) propagate(s *state, premise int, value, net bool) {
	p.val = [729]int8{}
	p.queue = p.queue[:0]
	p.conflict = -1
	p.trues, p.falses = nodeSet{}, nodeSet{}
	if net {
		p.cand = s.cand
		p.pos = s.pos
	}
	set := func(n int, v int8, parent int) bool {
		switch p.val[n] {
		case v:
			return true
		case -v:
			p.conflict, p.conflictParent, p.conflictVal = n, parent, v
			return false
		}
		p.val[n] = v
		p.parent[n] = int16(parent)
		if v == 1 {
			p.queue = append(p.queue, int16(n))
		} else {
			p.queue = append(p.queue, int16(n+729))
		}
		return true
	}
	v := int8(1)
	if !value {
		v = -1
	}
	set(premise, v, -1)
	for qi := 0; qi < len(p.queue); qi++ {
		x := int(p.queue[qi])
		n := x % 729
		c, d := nodeCell(n), nodeDigit(n)
		if x < 729 { // n is true
			p.trues.add(n)
			for o := range s.cand[c].Without(d).All() {
				if !set(node(c, o), -1, n) {
					return
				}
			}
			for q := range peers[c].and(s.pos[d]).all() {
				if !set(node(q, d), -1, n) {
					return
				}
			}
			continue
		}
		p.falses.add(n)
		if !net {
			if s.cand[c].Len() == 2 {
				if !set(node(c, s.cand[c].Without(d).Min()), 1, n) {
					return
				}
			}
			for _, u := range cellUnits[c] {
				up := s.unitPos(u, d)
				if up.count() == 2 {
					up.remove(c)
					if !set(node(up.first(), d), 1, n) {
						return
					}
				}
			}
			continue
		}
		p.cand[c] = p.cand[c].Without(d)
		p.pos[d].remove(c)
		switch p.cand[c].Len() {
		case 0:
			p.conflict, p.conflictParent, p.conflictVal = n, n, 1
			return
		case 1:
			if !set(node(c, p.cand[c].Min()), 1, n) {
				return
			}
		}
		for _, u := range cellUnits[c] {
			up := p.pos[d].and(unitSet[u])
			switch up.count() {
			case 0:
				p.conflict, p.conflictParent, p.conflictVal = n, n, 1
				return
			case 1:
				if !set(node(up.first(), d), 1, n) {
					return
				}
			}
		}
	}
}

// trail writes how the propagation reached node n, like "r1c2=5 ⇒
// r1c7≠5 ⇒ r3c7=5".
func (p *propagation) trail(n int, v int8) string {
	var parts []string
	for n >= 0 {
		if v == 1 {
			parts = append(parts, candName(n))
		} else {
			parts = append(parts, fmt.Sprintf("%s≠%d", cellName(nodeCell(n)), nodeDigit(n)))
		}
		par := int(p.parent[n])
		if par < 0 {
			break
		}
		v = p.val[par]
		n = par
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, " ⇒ ")
}

// forcingFinder returns the ladder's finder of forcing chains (net false)
// or forcing nets (net true).
func forcingFinder(net bool) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) { return findForcing(s, net) }
}

// findForcing finds a forcing chain (or net): an assumption that leads
// to a contradiction, or a cell or unit all of whose possibilities lead to
// the same conclusion.
func findForcing(s *state, net bool) (Step, bool) {
	contr, ver := ForcingChainContr, ForcingChainVer
	kind := "chain"
	if net {
		contr, ver, kind = ForcingNetContr, ForcingNetVer, "net"
	}
	props := make(map[int]*propagation)
	var order []int
	for c := range s.empty.all() {
		for d := range s.cand[c].All() {
			n := node(c, d)
			p := &propagation{}
			p.propagate(s, n, true, net)
			props[n] = p
			order = append(order, n)
		}
	}
	// Verity: every candidate of a cell, or every place of a digit in a
	// unit, leads to the same placement.
	type group struct {
		nodes []int
		where string
	}
	var groups []group
	for c := range s.empty.all() {
		var ns []int
		for d := range s.cand[c].All() {
			ns = append(ns, node(c, d))
		}
		groups = append(groups, group{ns, fmt.Sprintf("%s can only be %s", cellName(c), orDigitList(s.cand[c]))})
	}
	for u := range 27 {
		for d := 1; d <= 9; d++ {
			up := s.unitPos(u, d)
			if up.count() < 2 {
				continue
			}
			var ns []int
			for c := range up.all() {
				ns = append(ns, node(c, d))
			}
			groups = append(groups, group{ns, fmt.Sprintf("in %s, %d can only go in %s", unitName(u), d, joinList(cellNames(up.list()), "or"))})
		}
	}
	verity := func(wantTrue bool) (Step, bool) {
		for _, g := range groups {
			var common nodeSet
			ok := true
			for i, n := range g.nodes {
				p := props[n]
				if p.conflict >= 0 {
					ok = false
					break
				}
				set := p.trues
				if !wantTrue {
					set = p.falses
				}
				if i == 0 {
					common = set
					continue
				}
				for w := range common {
					common[w] &= set[w]
				}
			}
			if !ok {
				continue
			}
			for w := range common {
				for x := common[w]; x != 0; x &= x - 1 {
					n := w*64 + bits.TrailingZeros64(x)
					c, d := nodeCell(n), nodeDigit(n)
					if s.digit[c] != 0 || !s.cand[c].Has(d) {
						continue
					}
					var trails []string
					for _, b := range g.nodes {
						v := int8(1)
						if !wantTrue {
							v = -1
						}
						trails = append(trails, props[b].trail(n, v))
					}
					st := Step{
						Technique: ver,
						Cells:     nodeCells(g.nodes),
						Nudge:     fmt.Sprintf("Try each possibility in turn: %s.", g.where),
						Area:      fmt.Sprintf("There is a forcing %s: %s, and every choice leads to the same result.", kind, g.where),
					}
					for i, b := range g.nodes {
						st.Highlights = append(st.Highlights, Highlight{nodeCand(b), i % 3})
					}
					if wantTrue {
						st.Placements = []Candidate{{c, d}}
						st.Explanation = fmt.Sprintf("%s. Each choice forces %s: %s. So %s is %d.",
							upperFirst(g.where), candName(n), strings.Join(trails, "; "), cellName(c), d)
					} else {
						st.Eliminations = []Candidate{{c, d}}
						st.Explanation = fmt.Sprintf("%s. Each choice rules out %s: %s. So remove %d from %s.",
							upperFirst(g.where), candName(n), strings.Join(trails, "; "), d, cellName(c))
					}
					return st, true
				}
			}
		}
		return Step{}, false
	}
	if st, ok := verity(true); ok {
		return st, true
	}
	// Contradiction: an assumption that breaks the rules is false.
	for _, n := range order {
		p := props[n]
		if p.conflict < 0 {
			continue
		}
		c, d := nodeCell(n), nodeDigit(n)
		x := p.conflict
		var why string
		if p.conflictParent == x {
			why = fmt.Sprintf("%s: %s would leave %s or one of its units without a place", p.trail(x, -1), candName(x), cellName(nodeCell(x)))
			if net {
				why = fmt.Sprintf("%s, and then a cell or unit has no candidate left", p.trail(x, -1))
			}
		} else {
			other := int8(-p.conflictVal)
			var second string
			par := p.conflictParent
			if p.conflictVal == 1 {
				second = p.trail(par, p.val[par]) + " ⇒ " + candName(x)
			} else {
				second = p.trail(par, p.val[par]) + fmt.Sprintf(" ⇒ %s≠%d", cellName(nodeCell(x)), nodeDigit(x))
			}
			why = fmt.Sprintf("%s, but also %s", p.trail(x, other), second)
		}
		return Step{
			Technique:    contr,
			Eliminations: []Candidate{{c, d}},
			Cells:        []int{c, nodeCell(x)},
			Highlights:   []Highlight{{Candidate{c, d}, 0}, {nodeCand(x), 1}},
			Nudge:        fmt.Sprintf("Suppose %s were %d and follow what it forces.", cellName(c), d),
			Area:         fmt.Sprintf("A forcing %s shows that %s cannot be %d.", kind, cellName(c), d),
			Explanation: fmt.Sprintf("Suppose %s and follow what it forces: %s. That is impossible, so %s is not %d.",
				candName(n), why, cellName(c), d),
		}, true
	}
	return verity(false)
}

// nodeCells returns the cells of nodes, each once, in order.
func nodeCells(ns []int) []int {
	var out []int
	var seen cellSet
	for _, n := range ns {
		if c := nodeCell(n); !seen.has(c) {
			seen.add(c)
			out = append(out, c)
		}
	}
	return out
}

// upperFirst returns s with its first letter in upper case, when it is
// a lower-case ASCII letter.
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
