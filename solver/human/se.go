package human

import (
	"fmt"
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
)

// This file and sechain.go rate a puzzle the way Sudoku Explainer 1.2.1
// does (its serate line): the same rules, tried in the same order, the
// first hint found applied at each step, with the same difficulties. The
// rating is the hardest step's difficulty (ER), the hardest before the
// first placement (EP) and the difficulty of the first step (ED).
//
// Difficulties are kept in tenths (26 is 2.6), as SE adds them.

// seGrid is SE's view of the board: the digits placed and, for empty
// cells, the candidates as bit d for digit d.
type seGrid struct {
	val  [81]int8
	cand [81]uint16
}

// SE's region types, in the order of its Grid.getRegionTypes.
const (
	seBlock = iota
	seRow
	seCol
)

// seRegions[t][i] lists the cells of region i of type t in SE's order:
// blocks left to right then top to bottom, each read row by row.
var seRegions [3][9][9]int

// seRegionOf[t][c] is the index of the region of type t holding cell c.
var seRegionOf [3][81]int

func init() {
	for i := range 9 {
		for p := range 9 {
			b := (i/3)*27 + (i%3)*3 + (p/3)*9 + p%3
			seRegions[seBlock][i][p] = b
			seRegions[seRow][i][p] = i*9 + p
			seRegions[seCol][i][p] = p*9 + i
		}
	}
	for t := range 3 {
		for i := range 9 {
			for p, c := range seRegions[t][i] {
				seRegionOf[t][c] = i
				sePosIn[t][c] = p
			}
		}
	}
	for t1 := range 3 {
		for i1 := range 9 {
			for t2 := range 3 {
				for i2 := range 9 {
					for _, c := range seRegions[t1][i1] {
						if seRegionOf[t2][c] == i2 {
							seCrossing[t1][i1][t2][i2] = true
						}
					}
				}
			}
		}
	}
}

// seCrossing[t1][i1][t2][i2] is true when two regions share a cell.
var seCrossing [3][9][3][9]bool

func newSEGrid(g solver.Grid) *seGrid {
	sg := &seGrid{}
	for c := range 81 {
		sg.val[c] = int8(g.Cell(c))
		if sg.val[c] == 0 {
			sg.cand[c] = 0x3fe
		}
	}
	for c := range 81 {
		if d := sg.val[c]; d != 0 {
			for p := range peers[c].all() {
				sg.cand[p] &^= 1 << uint(d)
			}
		}
	}
	return sg
}

func (g *seGrid) has(c, d int) bool { return g.cand[c]&(1<<uint(d)) != 0 }

func (g *seGrid) count(c int) int { return bits.OnesCount16(g.cand[c]) }

// positions returns the positions (0-8) of digit d in region i of type
// t, as a bit set, and how many there are.
func (g *seGrid) positions(t, i, d int) (uint16, int) {
	var m uint16
	bit := uint16(1) << uint(d)
	for p, c := range seRegions[t][i] {
		if g.cand[c]&bit != 0 {
			m |= 1 << uint(p)
		}
	}
	return m, bits.OnesCount16(m)
}

// sePositions holds the positions of every digit in every region of a
// grid, for the rules that look at many regions (see positions).
type sePositions [3][9][10]uint16

// positionTable returns the positions of every digit in every region of
// g.
func (g *seGrid) positionTable() *sePositions {
	var pt sePositions
	g.fillPositions(&pt)
	return &pt
}

// fillPositions sets pt to the positions of every digit in every region
// of g.
func (g *seGrid) fillPositions(pt *sePositions) {
	*pt = sePositions{}
	for c := range 81 {
		for m := g.cand[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			for t := range 3 {
				r := seRegionOf[t][c]
				pt[t][r][d] |= 1 << uint(sePosIn[t][c])
			}
		}
	}
}

// positions is g.positions from the table.
func (pt *sePositions) positions(t, i, d int) (uint16, int) {
	m := pt[t][i][d]
	return m, bits.OnesCount16(m)
}

// sePosIn[t][c] is the position of cell c in its region of type t.
var sePosIn [3][81]int

func (g *seGrid) emptyCount(t, i int) int {
	n := 0
	for _, c := range seRegions[t][i] {
		if g.val[c] == 0 {
			n++
		}
	}
	return n
}

func (g *seGrid) solved() bool {
	for c := range 81 {
		if g.val[c] == 0 {
			return false
		}
	}
	return true
}

// place sets cell c to d and removes d from its peers, as SE's
// setValueAndCancel does.
func (g *seGrid) place(c, d int) {
	g.val[c] = int8(d)
	g.cand[c] = 0
	for p := range peers[c].all() {
		g.cand[p] &^= 1 << uint(d)
	}
}

// state converts g for the finders of the hint engine.
func (g *seGrid) state() *state {
	s := &state{unique: true}
	for c := range 81 {
		s.digit[c] = g.val[c]
		if g.val[c] == 0 {
			s.empty.add(c)
			s.cand[c] = solver.DigitSet(g.cand[c] >> 1)
		}
	}
	s.rebuildPositions()
	return s
}

// seHint is one of SE's hints: what it removes and places, its rule's
// name and its difficulty in tenths.
type seHint struct {
	name   string
	diff   int
	remove []Candidate
	// cell and value are the placement (cell -1 for none).
	cell, value int
	// parents returns the candidates that must have gone for the hint to
	// hold, relative to an earlier grid (SE's getRuleParents), for the
	// rules nested in dynamic chains.
	parents func(initial, current *seGrid) []int
	// chain is set for chaining hints.
	chain *seChain
}

func (h *seHint) apply(g *seGrid) {
	for _, r := range h.remove {
		g.cand[r.Cell] &^= 1 << uint(r.Digit)
	}
	if h.cell >= 0 {
		g.place(h.cell, h.value)
	}
}

// removeKey identifies a hint's removals, as SE's ChainingHint.equals does.
func (h *seHint) removeKey() string {
	var m [81]uint16
	for _, r := range h.remove {
		m[r.Cell] |= 1 << uint(r.Digit)
	}
	b := make([]byte, 0, 162)
	for _, x := range m {
		b = append(b, byte(x), byte(x>>8))
	}
	return string(b)
}

// SERating is a puzzle's difficulty as Sudoku Explainer rates it, in
// tenths: ER the hardest step, EP the hardest up to the first placement,
// ED the first step.
type SERating struct {
	ER, EP, ED int
	// Rules are the rules used, in order of first use, with how often and
	// their difficulty in tenths.
	Rules []SERule
	// Hardest is the name of the rule of the hardest step.
	Hardest string
	// Failed is true when the rules ran out before the puzzle was solved
	// (ER is then 200, as SE writes 20.0).
	Failed bool
}

// SERule is one rule of an SE rating with its difficulty and count.
type SERule struct {
	Name  string
	Diff  int
	Count int
}

// RateSE rates puzzle the way Sudoku Explainer does. The puzzle must be a
// valid 9x9 puzzle with one solution.
func RateSE(puzzle solver.Grid) (SERating, error) {
	info, err := analyse(puzzle)
	if err != nil {
		return SERating{}, err
	}
	if !info.unique {
		return SERating{}, fmt.Errorf("the puzzle cannot be rated: %w", solver.ErrMultipleSolutions)
	}
	return rateSE(newSEGrid(puzzle), nil), nil
}

// rateSE rates g, solving it; each, when not nil, sees every hint before
// it is applied.
func rateSE(g *seGrid, each func(*seHint)) SERating {
	var r SERating
	r.ER = -1
	idx := map[[2]any]int{}
	nc := newSENestCache()
	chainings := newSEChainings(nc)
	for !g.solved() {
		// The grids of one step's chains rarely come back in the next
		// step's, so the cache is emptied (and memory kept small).
		nc.reset()
		h := seNextHint(g, chainings)
		if h == nil {
			r.ER, r.Failed = 200, true
			break
		}
		if each != nil {
			each(h)
		}
		if h.diff > r.ER {
			r.ER, r.Hardest = h.diff, h.name
		}
		k := [2]any{h.name, h.diff}
		if i, ok := idx[k]; ok {
			r.Rules[i].Count++
		} else {
			idx[k] = len(r.Rules)
			r.Rules = append(r.Rules, SERule{h.name, h.diff, 1})
		}
		h.apply(g)
		if r.EP == 0 {
			if r.ED == 0 {
				r.ED = r.ER
			}
			if h.cell >= 0 {
				r.EP = r.ER
			}
		}
	}
	if r.ER < 0 {
		r.ER = 0
	}
	return r
}

// seNextHint returns the first hint of SE's rules in its order, the
// chaining rules being chainings (see newSEChainings).
func seNextHint(g *seGrid, chainings []*seChaining) *seHint {
	for _, f := range seDirect {
		if h := f(g); h != nil {
			return h
		}
	}
	for _, f := range seIndirect {
		if h := f(g); h != nil {
			return h
		}
	}
	for _, c := range chainings {
		if h := c.first(g); h != nil {
			return h
		}
	}
	return nil
}

var seDirect = []func(*seGrid) *seHint{
	seHiddenSingle,
	func(g *seGrid) *seHint { return seLocking(g, true, nil) },
	func(g *seGrid) *seHint { return seHiddenSet(g, 2, true, nil) },
	seNakedSingle,
	func(g *seGrid) *seHint { return seHiddenSet(g, 3, true, nil) },
}

var seIndirect = []func(*seGrid) *seHint{
	func(g *seGrid) *seHint { return seLocking(g, false, nil) },
	func(g *seGrid) *seHint { return seNakedSet(g, 2, nil) },
	func(g *seGrid) *seHint { return seFish(g, 2, nil) },
	func(g *seGrid) *seHint { return seHiddenSet(g, 2, false, nil) },
	func(g *seGrid) *seHint { return seNakedSet(g, 3, nil) },
	func(g *seGrid) *seHint { return seFish(g, 3, nil) },
	func(g *seGrid) *seHint { return seHiddenSet(g, 3, false, nil) },
	seFromFinder("XY-Wing", 42, findXYWing),
	seFromFinder("XYZ-Wing", 44, findXYZWing),
	seUniqueLoop,
	func(g *seGrid) *seHint { return seNakedSet(g, 4, nil) },
	func(g *seGrid) *seHint { return seFish(g, 4, nil) },
	func(g *seGrid) *seHint { return seHiddenSet(g, 4, false, nil) },
	seFromFinder("BUG type 1", 56, findBUG),
}

// newSEChainings returns SE's chaining rules in its order: cycles and
// forcing chains, Nishio, multiple, dynamic, then the nested levels. They
// share the cache nc of the nested rules' hints, so one rating (one
// goroutine) uses them.
func newSEChainings(nc *seNestCache) []*seChaining {
	out := []*seChaining{
		{},
		{dynamic: true, nishio: true},
		{multiple: true},
		{multiple: true, dynamic: true},
	}
	for level := 1; level <= 5; level++ {
		out = append(out, &seChaining{multiple: true, dynamic: true, level: level})
	}
	for _, ch := range out {
		ch.nest = nc
	}
	return out
}

// seFromFinder wraps a finder of the hint engine as an SE rule.
func seFromFinder(name string, diff int, find func(*state) (Step, bool)) func(*seGrid) *seHint {
	return func(g *seGrid) *seHint {
		st, ok := find(g.state())
		if !ok {
			return nil
		}
		h := &seHint{name: name, diff: diff, cell: -1, remove: st.Eliminations}
		if len(st.Placements) > 0 {
			h.cell, h.value = st.Placements[0].Cell, st.Placements[0].Digit
		}
		return h
	}
}

func seUniqueLoop(g *seGrid) *seHint {
	for kind := 1; kind <= 4; kind++ {
		if h := seFromFinder("Unique Rectangle", 45, urFinder(kind))(g); h != nil {
			return h
		}
	}
	return nil
}

func seHiddenSingle(g *seGrid) *seHint {
	for _, alone := range []bool{true, false} {
		for _, t := range []int{seBlock, seCol, seRow} {
			for i := range 9 {
				for d := 1; d <= 9; d++ {
					m, n := g.positions(t, i, d)
					if n != 1 {
						continue
					}
					if (g.emptyCount(t, i) == 1) != alone {
						continue
					}
					diff := 15
					switch {
					case alone:
						diff = 10
					case t == seBlock:
						diff = 12
					}
					c := seRegions[t][i][bits.TrailingZeros16(m)]
					return &seHint{name: "Hidden Single", diff: diff, cell: c, value: d}
				}
			}
		}
	}
	return nil
}

func seNakedSingle(g *seGrid) *seHint {
	for c := range 81 {
		if g.val[c] == 0 && g.count(c) == 1 {
			return &seHint{name: "Naked Single", diff: 23, cell: c, value: bits.TrailingZeros16(g.cand[c])}
		}
	}
	return nil
}

// seCrosses reports whether two regions share a cell.
func seCrosses(t1, i1, t2, i2 int) bool { return seCrossing[t1][i1][t2][i2] }

func seInRegion(t, i, c int) bool { return seRegionOf[t][c] == i }

// seLocking finds pointing and claiming (direct: only those that leave a
// hidden single). With all set, every hint is passed to it and nil
// returned.
func seLocking(g *seGrid, direct bool, all func(*seHint)) *seHint {
	pt := g.positionTable()
	pairs := [][2]int{{seBlock, seCol}, {seBlock, seRow}, {seCol, seBlock}, {seRow, seBlock}}
	for _, pr := range pairs {
		t1, t2 := pr[0], pr[1]
		for i1 := range 9 {
			for i2 := range 9 {
				if !seCrosses(t1, i1, t2, i2) {
					continue
				}
				for d := 1; d <= 9; d++ {
					m, n := pt.positions(t1, i1, d)
					if n <= 1 {
						continue
					}
					inside := true
					for p := range 9 {
						if m&(1<<uint(p)) != 0 && !seInRegion(t2, i2, seRegions[t1][i1][p]) {
							inside = false
						}
					}
					if !inside {
						continue
					}
					var remove []Candidate
					for _, c := range seRegions[t2][i2] {
						if !seInRegion(t1, i1, c) && g.has(c, d) {
							remove = append(remove, Candidate{c, d})
						}
					}
					if len(remove) == 0 {
						continue
					}
					if !direct {
						h := &seHint{name: "Pointing", diff: 26, cell: -1, remove: remove}
						if t1 != seBlock {
							h.name, h.diff = "Claiming", 28
						}
						h.parents = seLockingParents(d, [][2]int{{t1, i1}}, [][2]int{{t2, i2}})
						if all == nil {
							return h
						}
						all(h)
						continue
					}
					// A following hidden single in another region of type t1
					// crossing region 2.
					for i3 := range 9 {
						if i3 == i1 || !seCrosses(t1, i3, t2, i2) {
							continue
						}
						m3, n3 := pt.positions(t1, i3, d)
						if n3 <= 1 {
							continue
						}
						left, hc := 0, -1
						for p := range 9 {
							if c := seRegions[t1][i3][p]; m3&(1<<uint(p)) != 0 && !seInRegion(t2, i2, c) {
								left++
								hc = c
							}
						}
						if left == 1 {
							h := &seHint{name: "Direct Pointing", diff: 17, cell: hc, value: d, remove: remove}
							if t1 != seBlock {
								h.name, h.diff = "Direct Claiming", 19
							}
							return h
						}
					}
				}
			}
		}
	}
	return nil
}

// seLockingParents is SE's LockingHint.getRuleParents: the candidates of
// the base regions, outside the cover regions, that have gone.
func seLockingParents(d int, base, cover [][2]int) func(initial, current *seGrid) []int {
	return func(initial, current *seGrid) []int {
		var out []int
		for _, b := range base {
			for _, c := range seRegions[b[0]][b[1]] {
				if !initial.has(c, d) || current.has(c, d) {
					continue
				}
				in := false
				for _, cv := range cover {
					in = in || seInRegion(cv[0], cv[1], c)
				}
				if !in {
					out = append(out, c*9+d-1)
				}
			}
		}
		return out
	}
}

// seCombos calls f with every k-subset of 0..8 as a bit set, in SE's
// order of its Permutations (lowest bits first).
func seCombos(k int, f func(m uint16) bool) {
	var rec func(start, left int, m uint16) bool
	rec = func(start, left int, m uint16) bool {
		if left == 0 {
			return f(m)
		}
		for i := start; i <= 9-left; i++ {
			if !rec(i+1, left-1, m|1<<uint(i)) {
				return false
			}
		}
		return true
	}
	rec(0, k, 0)
}

var seSetNames = [...]string{2: "Pair", 3: "Triplet", 4: "Quad"}

// seSubsets runs try on every k-subset (as a bit set of positions or
// digits) of every block, column and row, in SE's order, for the regions
// whose number of empty cells suits; it returns the first hint, or passes
// each to all and returns nil.
func seSubsets(g *seGrid, k int, suits func(empty int) bool, all func(*seHint), try func(t, i int, m uint16) *seHint) *seHint {
	var found *seHint
	for _, t := range []int{seBlock, seCol, seRow} {
		for i := range 9 {
			if !suits(g.emptyCount(t, i)) {
				continue
			}
			seCombos(k, func(m uint16) bool {
				if h := try(t, i, m); h != nil {
					return offer(h, all, &found)
				}
				return true
			})
			if found != nil {
				return found
			}
		}
	}
	return nil
}

// offer passes h to all or, when all is nil, keeps it in found; it
// reports whether the search goes on.
func offer(h *seHint, all func(*seHint), found **seHint) bool {
	if all == nil {
		*found = h
		return false
	}
	all(h)
	return true
}

// regionCands lists the candidates (as c*9+d-1) of the cells of region
// (t, i) in positions cells, with digits in digits, that keep holds for.
func regionCands(t, i int, cells, digits uint16, keep func(c, d int) bool) []int {
	var out []int
	for p, c := range seRegions[t][i] {
		if cells&(1<<uint(p)) == 0 {
			continue
		}
		for d := 1; d <= 9; d++ {
			if digits&(1<<uint(d)) != 0 && keep(c, d) {
				out = append(out, c*9+d-1)
			}
		}
	}
	return out
}

func candsOf(ks []int) []Candidate {
	out := make([]Candidate, len(ks))
	for i, k := range ks {
		out[i] = Candidate{k / 9, k%9 + 1}
	}
	return out
}

func seHiddenSet(g *seGrid, k int, direct bool, all func(*seHint)) *seHint {
	suits := func(n int) bool { return n > 2*k || (direct && n > k) }
	pt := g.positionTable()
	return seSubsets(g, k, suits, all, func(t, i int, vm uint16) *seHint {
		values := vm << 1
		var union uint16
		for d := 1; d <= 9; d++ {
			if values&(1<<uint(d)) == 0 {
				continue
			}
			m, c := pt.positions(t, i, d)
			if c == 0 {
				return nil
			}
			union |= m
		}
		if bits.OnesCount16(union) != k {
			return nil
		}
		remove := candsOf(regionCands(t, i, union, 0x3fe&^values, g.has))
		if direct {
			for d := 1; d <= 9; d++ {
				if values&(1<<uint(d)) != 0 {
					continue
				}
				m, c := pt.positions(t, i, d)
				if c > 1 && bits.OnesCount16(m&^union) == 1 {
					h := &seHint{name: "Direct Hidden " + seSetNames[k], diff: 20, remove: remove,
						cell: seRegions[t][i][bits.TrailingZeros16(m&^union)], value: d}
					if k == 3 {
						h.diff = 25
					}
					return h
				}
			}
			return nil
		}
		if len(remove) == 0 {
			return nil
		}
		h := &seHint{name: "Hidden " + seSetNames[k], diff: [...]int{2: 34, 3: 40, 4: 54}[k], cell: -1, remove: remove}
		h.parents = func(initial, current *seGrid) []int {
			var pos uint16
			for d := 1; d <= 9; d++ {
				if values&(1<<uint(d)) != 0 {
					m, _ := current.positions(t, i, d)
					pos |= m
				}
			}
			return regionCands(t, i, 0x1ff&^pos, values, initial.has)
		}
		return h
	})
}

func seNakedSet(g *seGrid, k int, all func(*seHint)) *seHint {
	suits := func(n int) bool { return n >= 2*k }
	return seSubsets(g, k, suits, all, func(t, i int, pm uint16) *seHint {
		var union uint16
		for p := range 9 {
			if pm&(1<<uint(p)) == 0 {
				continue
			}
			c := seRegions[t][i][p]
			if g.cand[c] == 0 {
				return nil
			}
			union |= g.cand[c]
		}
		if bits.OnesCount16(union) != k {
			return nil
		}
		remove := candsOf(regionCands(t, i, 0x1ff&^pm, union, g.has))
		if len(remove) == 0 {
			return nil
		}
		h := &seHint{name: "Naked " + seSetNames[k], diff: [...]int{2: 30, 3: 36, 4: 50}[k], cell: -1, remove: remove}
		h.parents = func(initial, current *seGrid) []int {
			return regionCands(t, i, pm, 0x3fe&^union, initial.has)
		}
		return h
	})
}

func seFish(g *seGrid, k int, all func(*seHint)) *seHint {
	var occ [10]int
	for c := range 81 {
		occ[g.val[c]]++
	}
	var found *seHint
	pt := g.positionTable()
	for _, pr := range [][2]int{{seCol, seRow}, {seRow, seCol}} {
		t1, t2 := pr[0], pr[1]
		seCombos(k, func(lines uint16) bool {
			for d := 1; d <= 9; d++ {
				if occ[d]+2*k > 9 {
					continue
				}
				var union uint16
				ok := true
				for i := range 9 {
					if lines&(1<<uint(i)) == 0 {
						continue
					}
					m, n := pt.positions(t1, i, d)
					if n == 0 {
						ok = false
						break
					}
					union |= m
				}
				if !ok || bits.OnesCount16(union) != k {
					continue
				}
				var remove []Candidate
				for j := range 9 {
					if union&(1<<uint(j)) == 0 {
						continue
					}
					for p, c := range seRegions[t2][j] {
						if lines&(1<<uint(p)) == 0 && g.has(c, d) {
							remove = append(remove, Candidate{c, d})
						}
					}
				}
				if len(remove) == 0 {
					continue
				}
				h := &seHint{name: [...]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}[k],
					diff: [...]int{2: 32, 3: 38, 4: 52}[k], cell: -1, remove: remove}
				var base, cover [][2]int
				for i := range 9 {
					if lines&(1<<uint(i)) != 0 {
						base = append(base, [2]int{t1, i})
					}
					if union&(1<<uint(i)) != 0 {
						cover = append(cover, [2]int{t2, i})
					}
				}
				h.parents = seLockingParents(d, base, cover)
				if !offer(h, all, &found) {
					return false
				}
			}
			return true
		})
		if found != nil {
			return found
		}
	}
	return nil
}
