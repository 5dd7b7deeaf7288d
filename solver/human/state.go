package human

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// The board is 81 cells numbered row by row:
//
//	     c1 c2 c3   c4 c5 c6   c7 c8 c9
//	r1    0  1  2 |  3  4  5 |  6  7  8
//	r2    9 10 11 | 12 13 14 | 15 16 17
//	...
//	r9   72 73 74 | 75 76 77 | 78 79 80
//
// Units are numbered 0-8 for rows, 9-17 for columns and 18-26 for boxes.

// cellSet is a set of cells, one bit per cell.
type cellSet [2]uint64

func (s *cellSet) add(i int)               { s[i>>6] |= 1 << uint(i&63) }
func (s *cellSet) remove(i int)            { s[i>>6] &^= 1 << uint(i&63) }
func (s cellSet) has(i int) bool           { return s[i>>6]&(1<<uint(i&63)) != 0 }
func (s cellSet) and(t cellSet) cellSet    { return cellSet{s[0] & t[0], s[1] & t[1]} }
func (s cellSet) or(t cellSet) cellSet     { return cellSet{s[0] | t[0], s[1] | t[1]} }
func (s cellSet) andNot(t cellSet) cellSet { return cellSet{s[0] &^ t[0], s[1] &^ t[1]} }
func (s cellSet) empty() bool              { return s[0]|s[1] == 0 }
func (s cellSet) count() int               { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// subsetOf reports whether every cell of s is in t.
func (s cellSet) subsetOf(t cellSet) bool { return s.andNot(t).empty() }

// first returns the lowest cell of s, or -1.
func (s cellSet) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	if s[1] != 0 {
		return 64 + bits.TrailingZeros64(s[1])
	}
	return -1
}

// all yields the cells of s in increasing order.
func (s cellSet) all() iter.Seq[int] {
	return func(yield func(int) bool) {
		for w := range 2 {
			x := s[w]
			for x != 0 {
				i := bits.TrailingZeros64(x)
				x &= x - 1
				if !yield(w*64 + i) {
					return
				}
			}
		}
	}
}

// list returns the cells of s in increasing order.
func (s cellSet) list() []int {
	out := make([]int, 0, s.count())
	for c := range s.all() {
		out = append(out, c)
	}
	return out
}

func setOf(cells ...int) cellSet {
	var s cellSet
	for _, c := range cells {
		s.add(c)
	}
	return s
}

// allDigits are the digits of a 9x9 grid, the candidates of an empty cell
// before any elimination.
var allDigits = solver.AllDigits(9)

// Tables of the 9x9 geometry, filled by init.
var (
	rowOf, colOf, boxOf [81]int
	unitCells           [27][9]int
	unitSet             [27]cellSet
	cellUnits           [81][3]int
	peers               [81]cellSet
)

func init() {
	for c := range 81 {
		r, k := c/9, c%9
		rowOf[c], colOf[c], boxOf[c] = r, k, (r/3)*3+k/3
		cellUnits[c] = [3]int{r, 9 + k, 18 + boxOf[c]}
	}
	for u := range 27 {
		n := 0
		for c := range 81 {
			if cellUnits[c][0] == u || cellUnits[c][1] == u || cellUnits[c][2] == u {
				unitCells[u][n] = c
				n++
				unitSet[u].add(c)
			}
		}
	}
	for c := range 81 {
		for _, u := range cellUnits[c] {
			peers[c] = peers[c].or(unitSet[u])
		}
		peers[c].remove(c)
	}
}

// unitOf returns the public name of unit u.
func unitOf(u int) solver.Unit {
	switch {
	case u < 9:
		return solver.Unit{Kind: solver.Row, Index: u}
	case u < 18:
		return solver.Unit{Kind: solver.Column, Index: u - 9}
	}
	return solver.Unit{Kind: solver.Box, Index: u - 18}
}

// units converts unit numbers into public units.
func units(us ...int) []solver.Unit { return unitsOf(us) }

func unitsOf(us []int) []solver.Unit {
	out := make([]solver.Unit, len(us))
	for i, u := range us {
		out[i] = unitOf(u)
	}
	return out
}

func unitName(u int) string { return unitOf(u).String() }

func cellName(c int) string { return solver.CellName(c/9, c%9) }

// sees reports whether two different cells share a unit.
func sees(a, b int) bool { return a != b && peers[a].has(b) }

// sharedUnits returns the units holding both cells: their row, column and
// box, in that order, when they share them.
func sharedUnits(a, b int) []int {
	var out []int
	for _, u := range cellUnits[a] {
		if unitSet[u].has(b) {
			out = append(out, u)
		}
	}
	return out
}

// sharedUnit returns the first of sharedUnits(a, b) without building the
// list: the row when the cells share it, else the column, else the box
// (a's box, also for cells that share no unit).
func sharedUnit(a, b int) int {
	switch {
	case rowOf[a] == rowOf[b]:
		return rowOf[a]
	case colOf[a] == colOf[b]:
		return 9 + colOf[a]
	}
	return 18 + boxOf[a]
}

// seeAll returns the cells that see every cell of s (none of s itself).
func seeAll(s cellSet) cellSet {
	out := cellSet{^uint64(0), (1 << 17) - 1}
	for c := range s.all() {
		out = out.and(peers[c])
	}
	return out.andNot(s)
}

// state is the board during solving: the digits placed and the candidates
// of the empty cells, with the cells of every digit's candidates.
type state struct {
	digit [81]int8
	cand  [81]solver.DigitSet
	pos   [10]cellSet // pos[d]: empty cells with candidate d
	empty cellSet
	// alsCache holds the almost locked sets of the current candidates,
	// for the ALS finders; any change of the candidates clears it.
	alsCache []*als
	alsEdges [][]alsEdge
	alsValid bool
	// unique is true when the puzzle is known to have exactly one
	// solution, which the uniqueness techniques need.
	unique bool
}

// newState returns the state of grid g with all candidates that no placed
// digit rules out. g must be a valid 9x9 grid.
func newState(g solver.Grid) *state {
	s := &state{}
	for c := range 81 {
		s.digit[c] = int8(g.Cell(c))
		if s.digit[c] == 0 {
			s.cand[c] = allDigits
			s.empty.add(c)
		}
	}
	for c := range 81 {
		if d := int(s.digit[c]); d != 0 {
			for p := range peers[c].all() {
				s.cand[p] = s.cand[p].Without(d)
			}
		}
	}
	s.rebuildPositions()
	return s
}

func (s *state) rebuildPositions() {
	s.alsValid = false
	s.pos = [10]cellSet{}
	for c := range s.empty.all() {
		for d := 1; d <= 9; d++ {
			if s.cand[c].Has(d) {
				s.pos[d].add(c)
			}
		}
	}
}

// place puts d in cell c and removes d from the candidates of its peers.
func (s *state) place(c, d int) {
	s.alsValid = false
	for x := range 10 {
		s.pos[x].remove(c)
	}
	s.digit[c] = int8(d)
	s.cand[c] = 0
	s.empty.remove(c)
	for p := range peers[c].and(s.pos[d]).all() {
		s.cand[p] = s.cand[p].Without(d)
	}
	s.pos[d] = s.pos[d].andNot(peers[c])
}

// eliminate removes candidate d from cell c.
func (s *state) eliminate(c, d int) {
	s.alsValid = false
	s.cand[c] = s.cand[c].Without(d)
	s.pos[d].remove(c)
}

// apply carries out a step's placements and eliminations.
func (s *state) apply(st *Step) {
	for _, e := range st.Eliminations {
		s.eliminate(e.Cell, e.Digit)
	}
	for _, p := range st.Placements {
		if s.digit[p.Cell] == 0 {
			s.place(p.Cell, p.Digit)
		}
	}
}

func (s *state) solved() bool { return s.empty.empty() }

// unitPos returns the cells of unit u where d is a candidate.
func (s *state) unitPos(u, d int) cellSet { return s.pos[d].and(unitSet[u]) }

// placedIn reports whether digit d is already placed in unit u.
func (s *state) placedIn(u, d int) bool {
	for _, c := range unitCells[u] {
		if int(s.digit[c]) == d {
			return true
		}
	}
	return false
}

// grid returns the digits of s as a solver grid.
func (s *state) grid() solver.Grid {
	g, _ := solver.NewGrid(9)
	for c := range 81 {
		g.SetCell(c, int(s.digit[c]))
	}
	return g
}

// Text helpers.

// cellNames returns the names of cells, like "r1c2".
func cellNames(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = cellName(c)
	}
	return out
}

// cellList writes cells like "r1c2, r1c5 and r3c4".
func cellList(cells []int) string { return andList(cellNames(cells)) }

// digitList writes digits like "1, 4 and 7".
func digitList(m solver.DigitSet) string {
	var names []string
	for _, d := range m.Digits() {
		names = append(names, fmt.Sprint(d))
	}
	return andList(names)
}

// orDigitList writes digits like "1, 4 or 7".
func orDigitList(m solver.DigitSet) string {
	var names []string
	for _, d := range m.Digits() {
		names = append(names, fmt.Sprint(d))
	}
	return joinList(names, "or")
}

func andList(items []string) string { return joinList(items, "and") }

func joinList(items []string, word string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}

// elimText writes eliminations grouped by digit, like "5 from r1c2 and
// r1c3, and 7 from r2c2".
func elimText(elims []Candidate) string {
	sameCell := true
	var m solver.DigitSet
	for _, e := range elims {
		sameCell = sameCell && e.Cell == elims[0].Cell
		m = m.With(e.Digit)
	}
	if sameCell && len(elims) > 1 {
		return fmt.Sprintf("%s from %s", digitList(m), cellName(elims[0].Cell))
	}
	var parts []string
	done := map[int]bool{}
	for _, e := range elims {
		if done[e.Digit] {
			continue
		}
		done[e.Digit] = true
		var cells []int
		for _, f := range elims {
			if f.Digit == e.Digit {
				cells = append(cells, f.Cell)
			}
		}
		parts = append(parts, fmt.Sprintf("%d from %s", e.Digit, cellList(cells)))
	}
	if len(parts) <= 2 {
		return strings.Join(parts, " and ")
	}
	return strings.Join(parts[:len(parts)-1], "; ") + "; and " + parts[len(parts)-1]
}

// elimsOf builds the eliminations of digit d from the cells of targets.
func elimsOf(targets cellSet, d int) []Candidate {
	var out []Candidate
	for c := range targets.all() {
		out = append(out, Candidate{c, d})
	}
	return out
}

// highlightCells marks candidate d in each cell of cells with a group.
func highlightCells(s *state, cells cellSet, d, group int) []Highlight {
	var out []Highlight
	for c := range cells.all() {
		if s.cand[c].Has(d) {
			out = append(out, Highlight{Candidate{c, d}, group})
		}
	}
	return out
}
