package solver

import (
	"math/bits"
	"sync"
)

// This file holds the 9x9 bitboard solver, in the style of JCZSolve (by
// Jean-Christophe Zhou, as described in tdoku's benchmarks): the candidates
// are kept per digit and per band, and naked and hidden singles are found
// with a few table look-ups per band instead of cell by cell.
//
// # Bit layout
//
// A band is three rows of the grid (rows 1-3, 4-6 or 7-9). For one digit, the
// cells of one band where the digit can still go fit in the low 27 bits of a
// uint32, row after row, column after column:
//
//	bit:  26 ... 18  17 ... 9   8 ... 0
//	      [ row 3  ] [ row 2  ] [ row 1 ]     (rows of the band)
//
//	within each 9-bit row:  8 7 6 | 5 4 3 | 2 1 0   = columns 9..1
//	                       box 3   box 2   box 1    (boxes of the band)
//
// so bit p of band b is cell 27*b + p of the grid (cells numbered row by row
// from 0). The three bits of one row in one box are a "minirow"; a band has
// nine minirows, 3 per row and 3 per box. state9.bands[d][b] holds digit d+1
// in band b:
//
//	            band 0        band 1        band 2
//	digit 1   bands[0][0]   bands[0][1]   bands[0][2]
//	digit 2   bands[1][0]   bands[1][1]   bands[1][2]
//	...
//	digit 9   bands[8][0]   bands[8][1]   bands[8][2]
//
// The columns of a band where the digit can go are the OR of its three rows,
// (a | a>>9 | a>>18) & 0x1FF: 9 bits, one per column, in the same order.
//
// # Propagation
//
// Within one band, a digit goes exactly once in each of the three rows and
// once in each of the three boxes, so its three placements are a
// permutation: row r takes box pi(r). Which minirows are still non-empty is
// a 9-bit "shrink" pattern; complexMask[shrink] keeps only the minirows that
// belong to some permutation compatible with the pattern. That one AND does
// hidden singles in boxes and in rows, box-line reduction (pointing and
// claiming along rows) and finds most contradictions. Across the three
// bands of a digit, each column holds it once:
//
//   - a column that no band can give the digit is a contradiction;
//   - a column that only one band can give it claims the digit in that
//     band's box: the box loses its other columns (claimMask), which also
//     finds hidden singles in columns;
//   - a box whose candidates lie in a single column pins that column, which
//     the digit's two other bands lose (lockedColumns).
//
// update applies these to a digit's three bands at once (three independent
// chains of work, which the processor overlaps) until they stop changing.
// A box left with one row and one column is a solved cell: it leaves the
// unsolved cells and every other digit, and those digits are propagated in
// turn. When no digit changes any more, singles counts candidates per cell
// across the nine digits with bitwise adds to find naked singles and cells
// without candidates. When nothing is forced, the search for a first
// solution guesses, preferably on a cell with two candidates; a guess
// copies the 124-byte state, so undoing it is free. Counting solutions
// (the unique check) has to go through the whole search tree and adds
// what fast9unique.go describes: triads, guesses on a digit's layout in a
// band or stack, and a memory of where contradictions came from.

// Masks of a band.
const (
	bandMask = 1<<27 - 1 // the 27 cells of a band
	rowMask  = 1<<9 - 1  // the 9 cells of one row of a band
)

// Tables of the band propagation; see the comment at the top of this file.
var (
	// complexMask maps a shrink pattern (which minirows of a band are
	// non-empty), hashed by complexIndex, to the 27-bit mask of the
	// minirows that take part in some valid placement: 0 when there is
	// none. Bit 27+s is set when only one row can hold the digit in box s,
	// and then bit 32+9r+3s flags that minirow, of row r: the digit is
	// pinned to it (see the triads in fast9unique.go).
	complexMask [512]uint64
	// lockedColumns maps the 9-bit set of columns where a digit can go in a
	// band to the 27-bit mask, copied into the three rows, of the columns
	// that are the only one of their box: the digit is in that column in
	// this band, so the other bands lose it. Bit 27+s is set when box s
	// has such a column. (Bands never have bits above 26, so clearing
	// lockedColumns from a band leaves them alone.)
	lockedColumns [512]uint32
	// boxCells maps a 3-bit set of boxes to the 27 cells of those boxes.
	boxCells [8]uint32
	// claimMask maps the 9-bit set of columns where a digit can go only in
	// this band to the cells of the band to clear: in each box holding
	// such a column, the other columns.
	claimMask [512]uint32
	// keepOnly maps a cell of a band (0-26) to the mask that clears its
	// row, box and column in that band except the cell itself.
	keepOnly [27]uint32
	// columnOf maps a cell of a band to its column, copied into the three
	// rows of a band.
	columnOf [27]uint32
)

func init() {
	for x := range 512 {
		var locked, boxes uint32
		for s := range 3 {
			if c := x >> (3 * s) & 7; bits.OnesCount(uint(c)) == 1 {
				locked |= uint32(c) << (3 * s)
				boxes |= 1 << s
			}
		}
		lockedColumns[x] = locked | locked<<9 | locked<<18 | boxes<<27
		if x < 8 {
			for s := range 3 {
				if x>>s&1 != 0 {
					boxCells[x] |= 7 << (3 * s) * (1 | 1<<9 | 1<<18)
				}
			}
		}
		var clear uint32
		for s := range 3 {
			if c := uint32(x>>(3*s)) & 7; c != 0 {
				clear |= (7 &^ c) << (3 * s)
			}
		}
		claimMask[x] = clear | clear<<9 | clear<<18
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for sh := range 512 {
		var m uint64
		var rows [3]int // per box, the rows that can hold the digit
		for _, p := range perms {
			ok := true
			for r := range 3 {
				if sh>>(3*r+p[r])&1 == 0 {
					ok = false
				}
			}
			if ok {
				for r := range 3 {
					m |= 7 << (9*r + 3*p[r])
					rows[p[r]] |= 1 << r
				}
			}
		}
		for s := range 3 {
			if r := rows[s]; bits.OnesCount(uint(r)) == 1 {
				m |= 1<<(27+s) | 1<<(32+9*bits.TrailingZeros(uint(r))+3*s)
			}
		}
		// Index by the hash of the band's minirow pattern: bit 3*r+s of
		// sh is the low bit of minirow (r, s), bit 9*r+3*s.
		var t uint32
		for i := range 9 {
			if sh>>i&1 != 0 {
				t |= 1 << (3 * i)
			}
		}
		complexMask[complexIndex(t)] = m
	}
	for p := range 27 {
		r, c := p/9, p%9
		col := uint32(1)<<c | uint32(1)<<(c+9) | uint32(1)<<(c+18)
		row := uint32(rowMask) << (9 * r)
		box := uint32(7<<(3*(c/3))) * (1 | 1<<9 | 1<<18)
		keepOnly[p] = bandMask&^(col|row|box) | 1<<p
		columnOf[p] = col
	}
}

// state9 is the search state of the bitboard solver: the candidates per
// digit and band, the cells not yet solved, and the digits to propagate.
// It is a plain value of 124 bytes: copying it saves a search position.
// (The search through the whole tree keeps beside it the pins of
// fast9unique.go.)
type state9 struct {
	bands    [9][3]uint32 // bands[d][b]: where digit d+1 can go in band b
	unsolved [3]uint32    // cells of each band without a digit yet
	dirty    uint32       // bit d: bands[d] changed since last propagated
}

// allDigits has one dirty bit per digit.
const allDigits = 1<<9 - 1

// init sets up the state of a 9x9 grid g: all candidates, then the givens
// placed and solved (their cells taken from the other digits at once,
// rather than one by one as update would); the rest of the propagation is
// left to update. It reports false if g breaks the rules: a digit above 9,
// or a given that an earlier given of the same digit has already ruled
// out, which is two equal digits in a unit.
func (s *state9) init(g *Grid) bool {
	for d := range 9 {
		s.bands[d] = [3]uint32{bandMask, bandMask, bandMask}
	}
	s.dirty = allDigits
	var given [3]uint32  // the cells of the givens, per band
	var own [9][3]uint32 // the same per digit
	for c := range 81 {
		if d := g.cells[c]; d != 0 {
			b, p := c/27, c%27
			if d > 9 || s.bands[d-1][b]&(1<<p) == 0 {
				return false
			}
			s.place(int(d-1), b, p)
			given[b] |= 1 << p
			own[d-1][b] |= 1 << p
		}
	}
	for d := range 9 {
		for b := range 3 {
			s.bands[d][b] &^= given[b] &^ own[d][b]
		}
	}
	s.unsolved = [3]uint32{bandMask &^ given[0], bandMask &^ given[1], bandMask &^ given[2]}
	return true
}

// place puts digit d+1 in cell p of band b: the digit leaves the cell's row,
// box and column. The cell itself leaves the other digits when update finds
// it solved.
func (s *state9) place(d, b, p int) {
	bd := &s.bands[d]
	col := columnOf[p%27]
	own := bd[b] & keepOnly[p%27]
	bd[0] &^= col
	bd[1] &^= col
	bd[2] &^= col
	bd[b] = own
	s.dirty |= 1 << (d & 31)
}

// cols returns the 9-bit set of columns of a band that hold a candidate.
func cols(a uint32) uint32 { return (a | a>>9 | a>>18) & rowMask }

// minirowLow has the lowest bit of each of the nine minirows of a band.
const minirowLow = 0x1249249

// shrinkMagic and shrinkShift make a perfect hash of the minirow pattern:
// found by a search over random multipliers, they map the 512 possible
// patterns (a|a>>1|a>>2)&minirowLow to 512 distinct 9-bit indexes, with one
// multiplication instead of three table look-ups.
const (
	shrinkMagic = 0x978040802007e967
	shrinkShift = 47
)

// complexIndex returns the index into complexMask of band a: a perfect
// hash of which of its minirows are non-empty.
func complexIndex(a uint32) uint32 {
	t := uint64((a | a>>1 | a>>2) & minirowLow)
	return uint32(t*shrinkMagic>>shrinkShift) & 511
}

// update propagates the band-wise rules until no digit changes. It reports
// false on a contradiction. A digit is handled whole: its three bands are
// narrowed together until they agree (claims, complex masks, locked
// columns), and then its solved cells leave the other digits. Given pins
// (not nil), it also records there where each digit it handled is pinned,
// for the triads. On a contradiction it leaves in s.dirty the bit of the
// digit that ran into it.
func (s *state9) update(pn *pins) bool {
	dirty := s.dirty
	for dirty != 0 {
		d := bits.TrailingZeros32(dirty)
		dirty &= dirty - 1
		bd := &s.bands[d]
		a0, a1, a2 := bd[0], bd[1], bd[2]
		var cm0, cm1, cm2 uint64
		var l0, l1, l2 uint32
		for {
			// Each column holds the digit once: a column that only
			// one band can give it claims the rest of its box there.
			c0, c1, c2 := cols(a0), cols(a1), cols(a2)
			if c0|c1|c2 != rowMask {
				s.dirty = 1 << (d & 31)
				return false
			}
			a0 &^= claimMask[c0&^(c1|c2)]
			a1 &^= claimMask[c1&^(c0|c2)]
			a2 &^= claimMask[c2&^(c0|c1)]
			cm0 = complexMask[complexIndex(a0)]
			cm1 = complexMask[complexIndex(a1)]
			cm2 = complexMask[complexIndex(a2)]
			a0 &= uint32(cm0)
			a1 &= uint32(cm1)
			a2 &= uint32(cm2)
			if a0 == 0 || a1 == 0 || a2 == 0 {
				s.dirty = 1 << (d & 31)
				return false
			}
			// A box down to one column takes that column from the
			// other two bands.
			l0 = lockedColumns[cols(a0)]
			l1 = lockedColumns[cols(a1)]
			l2 = lockedColumns[cols(a2)]
			n0, n1, n2 := a0&^(l1|l2), a1&^(l0|l2), a2&^(l0|l1)
			if n0 == a0 && n1 == a1 && n2 == a2 {
				break
			}
			a0, a1, a2 = n0, n1, n2
		}
		bd[0], bd[1], bd[2] = a0, a1, a2
		if pn != nil {
			pn.pinned[d] = (cm0|cm1<<1|cm2<<2)>>32 |
				uint64(l0&rowMask|l1&(rowMask<<9)|l2&(rowMask<<18))<<32
		}
		// Bits 27-29 of cm and l flag the boxes with one row left and
		// the boxes with one column left: both is a solved cell.
		n0 := a0 & boxCells[(uint32(cm0)&l0)>>27&7] & s.unsolved[0]
		n1 := a1 & boxCells[(uint32(cm1)&l1)>>27&7] & s.unsolved[1]
		n2 := a2 & boxCells[(uint32(cm2)&l2)>>27&7] & s.unsolved[2]
		if n0|n1|n2 != 0 {
			s.unsolved[0] &^= n0
			s.unsolved[1] &^= n1
			s.unsolved[2] &^= n2
			if n0 != 0 {
				dirty |= s.clearSolved(0, n0)
			}
			if n1 != 0 {
				dirty |= s.clearSolved(1, n1)
			}
			if n2 != 0 {
				dirty |= s.clearSolved(2, n2)
			}
			bd[0], bd[1], bd[2] = a0, a1, a2
			dirty &^= 1 << (d & 31)
		}
	}
	s.dirty = 0
	return true
}

// clearSolved removes the solved cells n of band b from every digit and
// returns the dirty bits of the digits that lost a candidate. It is kept
// out of line (inlined into update, it ran out of registers) and
// unrolled.
//
//go:noinline
func (s *state9) clearSolved(b int, n uint32) uint32 {
	k := ^n
	return clearOne(&s.bands[0][b], k) |
		clearOne(&s.bands[1][b], k)<<1 |
		clearOne(&s.bands[2][b], k)<<2 |
		clearOne(&s.bands[3][b], k)<<3 |
		clearOne(&s.bands[4][b], k)<<4 |
		clearOne(&s.bands[5][b], k)<<5 |
		clearOne(&s.bands[6][b], k)<<6 |
		clearOne(&s.bands[7][b], k)<<7 |
		clearOne(&s.bands[8][b], k)<<8
}

// clearOne ANDs one band with k and returns 1 if that removed a
// candidate, else 0.
func clearOne(a *uint32, k uint32) uint32 {
	x := *a
	y := x & k
	*a = y
	// x^y < 1<<27, so its negation has its top bit set unless it is 0.
	return -(x ^ y) >> 31
}

// singles places the naked singles and reports 1 when it placed some, 0
// when there are none, and -1 when an unsolved cell has no candidate left.
// When it returns 0 and two is not nil, two holds for each band its
// unsolved cells with exactly two candidates, for guess.
func (s *state9) singles(two *[3]uint32) int {
	// a, b, c: cells with at least 1, 2, 3 candidates, for the three
	// bands at once (three independent chains of work); c only for two.
	var a0, a1, a2, b0, b1, b2, c0, c1, c2 uint32
	if two != nil {
		for d := range 9 {
			bd := &s.bands[d]
			x0, x1, x2 := bd[0], bd[1], bd[2]
			c0 |= b0 & x0
			c1 |= b1 & x1
			c2 |= b2 & x2
			b0 |= a0 & x0
			b1 |= a1 & x1
			b2 |= a2 & x2
			a0 |= x0
			a1 |= x1
			a2 |= x2
		}
	} else {
		for d := range 9 {
			bd := &s.bands[d]
			x0, x1, x2 := bd[0], bd[1], bd[2]
			b0 |= a0 & x0
			b1 |= a1 & x1
			b2 |= a2 & x2
			a0 |= x0
			a1 |= x1
			a2 |= x2
		}
	}
	u0, u1, u2 := s.unsolved[0], s.unsolved[1], s.unsolved[2]
	if u0&^a0|u1&^a1|u2&^a2 != 0 {
		return -1
	}
	one := [3]uint32{u0 &^ b0, u1 &^ b1, u2 &^ b2}
	if one[0]|one[1]|one[2] == 0 {
		if two != nil {
			*two = [3]uint32{u0 & b0 &^ c0, u1 & b1 &^ c1, u2 & b2 &^ c2}
		}
		return 0
	}
	for b := range 3 {
		for sg := one[b]; sg != 0; sg &= sg - 1 {
			p := bits.TrailingZeros32(sg)
			bit := uint32(1) << p
			for d := range 9 {
				if s.bands[d][b]&bit != 0 {
					s.place(d, b, p)
					break
				}
			}
		}
	}
	return 1
}

// search9 runs one search: it counts solutions up to limit and keeps the
// first. stack[0] holds the puzzle's state and stack[k] the state after
// the guess at depth k.
//
// Looking for the first solution (limit 1), the search guesses on cells
// (guess). Proving that there is no other solution (limit 2 or more) means
// going through the whole search tree, and a smaller tree pays for dearer
// steps: that search also applies the triads and guesses on layouts
// (guessLayout, which leaves the rare position where it finds nothing to
// guess on to guess). A cell guess is only made with two cells or more
// still empty, and each fills one, so there are at most 80 of them nested;
// a layout guess fixes the layout of one of the 9 digits in one of the 6
// bands and stacks for good, so there are at most 54 of them nested. One
// spare slot makes the margin explicit.
type search9 struct {
	limit int
	count int
	all   bool // limit > 1: triads and guessLayout
	first Grid
	// For guessLayout: how often propagating each digit ran into a
	// contradiction lately (halved every 64 contradictions).
	conflicts [9]int32
	recent    int32 // contradictions since the last halving
	stack     [80 + 54 + 1]state9
	pins      [80 + 54 + 1]pins // beside stack, when all
}

// searches recycles search9 values, which are too large (28 kB) to clear
// for every puzzle.
var searches = sync.Pool{New: func() any { return new(search9) }}

// solve finishes the search from st, which is x.stack[depth-1] (the
// state at guess depth depth-1), and may modify st.
func (x *search9) solve(st *state9, depth int) {
	var pn *pins
	if x.all {
		pn = &x.pins[depth-1]
	}
	for {
		if !st.update(pn) {
			if x.all {
				x.conflict(bits.TrailingZeros32(st.dirty))
			}
			return
		}
		if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
			x.found(st)
			return
		}
		var two [3]uint32
		wantTwo := &two
		if x.all {
			wantTwo = nil // guessLayout has no use for them
		}
		switch st.singles(wantTwo) {
		case -1:
			return
		case 0:
			if x.all {
				switch st.triads(pn) {
				case -1:
					return
				case 1:
					continue
				}
				if x.guessLayout(st, pn, depth) {
					return
				}
			}
			x.guess(st, &two, depth)
			return
		}
	}
}

// found records a solution.
func (x *search9) found(st *state9) {
	if x.count == 0 {
		x.first.side = 9
		for d := range 9 {
			for b := range 3 {
				for m := st.bands[d][b]; m != 0; m &= m - 1 {
					x.first.cells[27*b+bits.TrailingZeros32(m)] = uint8(d + 1)
				}
			}
		}
	}
	x.count++
}

// guess branches on a cell with two candidates if there is one, else on the
// first unsolved cell, trying each of its digits in turn: all but the last
// on a copy of the state, the last in place.
func (x *search9) guess(st *state9, two *[3]uint32, depth int) {
	// Measured on the benchmark lists: guessing in the band with the most
	// cells of two candidates leaves a smaller tree than taking the first
	// such cell.
	b, p := -1, 0
	most := 0
	for bb := range 3 {
		if n := bits.OnesCount32(two[bb]); n > most {
			most = n
			b = bb
		}
	}
	if b >= 0 {
		most = 0
		for r := range 3 {
			row := two[b] >> (9 * r) & rowMask
			if n := bits.OnesCount32(row); n > most {
				most = n
				p = 9*r + bits.TrailingZeros32(row)
			}
		}
	}
	if b < 0 {
		for bb := range 3 {
			if u := st.unsolved[bb]; u != 0 {
				b, p = bb, bits.TrailingZeros32(u)
				break
			}
		}
	}
	bit := uint32(1) << p
	last := -1
	for d := range 9 {
		if st.bands[d][b]&bit == 0 {
			continue
		}
		if last >= 0 {
			next := &x.stack[depth]
			*next = *st
			if x.all {
				x.pins[depth] = x.pins[depth-1]
			}
			next.place(last, b, p)
			x.solve(next, depth+1)
			if x.count >= x.limit {
				return
			}
		}
		last = d
	}
	if last >= 0 {
		st.place(last, b, p)
		x.solve(st, depth)
	}
}

// solve9 returns the first solution of a 9x9 grid and the number of
// solutions up to limit (at least 1). It reports false, without searching,
// if g breaks the rules; [Grid.Validate] then says how.
func solve9(g *Grid, limit int) (Grid, int, bool) {
	x := searches.Get().(*search9)
	x.limit, x.count, x.first = max(limit, 1), 0, Grid{}
	x.all = x.limit > 1
	x.conflicts, x.recent = [9]int32{}, 0
	st := &x.stack[0]
	x.pins[0].triadsDone = 0
	ok := st.init(g)
	if ok {
		x.solve(st, 1)
	}
	sol, n := x.first, x.count
	searches.Put(x)
	return sol, n, ok
}
