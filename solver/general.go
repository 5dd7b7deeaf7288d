package solver

import (
	"math/bits"
	"sync"
)

// general is a constraint-propagation solver for any supported size. Each
// empty cell keeps a bitset of candidates (bit d-1 for digit d); placing a
// digit removes it from the cell's peers, naked and hidden singles are
// filled in until nothing changes, and then the search branches on the cell
// with the fewest candidates. It serves 4x4 and 16x16 grids, and is the
// reference the fast 9x9 solver is tested against.
type general struct {
	side, ncell int
	cells       [MaxCells]uint8
	cand        [MaxCells]uint16
	units       [][]int // rows, columns, boxes
	peers       [][]int
}

// topology holds the units and peers of one grid size.
type topology struct {
	units [][]int
	peers [][]int
}

var topologies sync.Map // side -> *topology

func topologyFor(side int) *topology {
	if t, ok := topologies.Load(side); ok {
		return t.(*topology)
	}
	b := boxSide(side)
	t := &topology{}
	for r := range side {
		u := make([]int, side)
		for c := range side {
			u[c] = r*side + c
		}
		t.units = append(t.units, u)
	}
	for c := range side {
		u := make([]int, side)
		for r := range side {
			u[r] = r*side + c
		}
		t.units = append(t.units, u)
	}
	for x := range side {
		u := make([]int, 0, side)
		r0, c0 := (x/b)*b, (x%b)*b
		for k := range side {
			u = append(u, (r0+k/b)*side+c0+k%b)
		}
		t.units = append(t.units, u)
	}
	t.peers = make([][]int, side*side)
	for i := range side * side {
		r, c := i/side, i%side
		x := (r/b)*b + c/b
		seen := map[int]bool{i: true}
		for _, u := range [][]int{t.units[r], t.units[side+c], t.units[2*side+x]} {
			for _, j := range u {
				if !seen[j] {
					seen[j] = true
					t.peers[i] = append(t.peers[i], j)
				}
			}
		}
	}
	actual, _ := topologies.LoadOrStore(side, t)
	return actual.(*topology)
}

// newGeneral sets up the candidates of a valid grid g. It does not
// propagate.
func newGeneral(g Grid) *general {
	side := g.Side()
	t := topologyFor(side)
	s := &general{side: side, ncell: side * side, units: t.units, peers: t.peers}
	full := uint16(1<<side - 1)
	for i := range s.ncell {
		s.cand[i] = full
	}
	for i := range s.ncell {
		if d := g.cells[i]; d != 0 {
			s.cells[i] = d
			s.cand[i] = 0
			for _, p := range s.peers[i] {
				s.cand[p] &^= 1 << (d - 1)
			}
		}
	}
	return s
}

// place puts d in empty cell i and removes it from the peers. It reports
// false if a peer is left without candidates.
func (s *general) place(i int, d uint8) bool {
	s.cells[i] = d
	s.cand[i] = 0
	bit := uint16(1) << (d - 1)
	ok := true
	for _, p := range s.peers[i] {
		if s.cand[p]&bit != 0 {
			s.cand[p] &^= bit
			if s.cand[p] == 0 && s.cells[p] == 0 {
				ok = false
			}
		}
	}
	return ok
}

// oneSingle fills in one naked or hidden single and reports whether it
// found one. It is the slow, step-by-step form of propagate used to explain
// contradictions.
func (s *general) oneSingle() bool {
	for i := range s.ncell {
		if s.cells[i] == 0 && bits.OnesCount16(s.cand[i]) == 1 {
			s.place(i, uint8(bits.TrailingZeros16(s.cand[i])+1))
			return true
		}
	}
	for _, u := range s.units {
		for d := range s.side {
			bit := uint16(1) << d
			at, n := -1, 0
			for _, i := range u {
				if s.cand[i]&bit != 0 {
					at = i
					n++
				}
			}
			if n == 1 {
				s.place(at, uint8(d+1))
				return true
			}
		}
	}
	return false
}

// propagate fills in naked and hidden singles until none is left. It
// reports false on a contradiction.
func (s *general) propagate() bool {
	for changed := true; changed; {
		changed = false
		for i := range s.ncell {
			if s.cells[i] != 0 {
				continue
			}
			c := s.cand[i]
			if c == 0 {
				return false
			}
			if c&(c-1) == 0 {
				if !s.place(i, uint8(bits.TrailingZeros16(c)+1)) {
					return false
				}
				changed = true
			}
		}
		for _, u := range s.units {
			var once, twice, have uint16
			for _, i := range u {
				if s.cells[i] != 0 {
					have |= 1 << (s.cells[i] - 1)
					continue
				}
				twice |= once & s.cand[i]
				once |= s.cand[i]
			}
			full := uint16(1<<s.side - 1)
			if (once|have) != full || once&have != 0 {
				return false
			}
			for single := once &^ twice; single != 0; single &= single - 1 {
				bit := single & -single
				for _, i := range u {
					if s.cand[i]&bit != 0 {
						if !s.place(i, uint8(bits.TrailingZeros16(bit)+1)) {
							return false
						}
						changed = true
						break
					}
				}
			}
		}
	}
	return true
}

// generalSearch counts the solutions of a valid grid up to limit and
// returns the first one found.
func generalSearch(g Grid, limit int) (Grid, int) {
	s := newGeneral(g)
	var first Grid
	n := 0
	s.search(limit, &n, &first)
	return first, n
}

func (s *general) search(limit int, n *int, first *Grid) {
	if !s.propagate() {
		return
	}
	best, bestCount := -1, 99
	for i := range s.ncell {
		if s.cells[i] == 0 {
			if c := bits.OnesCount16(s.cand[i]); c < bestCount {
				best, bestCount = i, c
				if c == 2 {
					break
				}
			}
		}
	}
	if best < 0 {
		if *n == 0 {
			first.side = uint8(s.side)
			copy(first.cells[:], s.cells[:s.ncell])
		}
		*n++
		return
	}
	for c := s.cand[best]; c != 0 && *n < limit; c &= c - 1 {
		next := *s
		if next.place(best, uint8(bits.TrailingZeros16(c)+1)) {
			next.search(limit, n, first)
		}
	}
}
