package solver

import "math/bits"

// This file holds what the 9x9 bitboard solver adds when it has to go
// through the whole search tree, to count solutions or to prove that there
// is no second one: a stronger propagation between guesses (triads),
// guesses that cut the tree into fewer pieces (guessLayout) and a memory
// of where the contradictions came from. They cost more per search
// position than the cell guesses of the first-solution search, and pay
// for it only when the whole tree has to be searched. The first two ideas
// are those of tdoku (Tom Dillon), which reasons on the same "triads" and
// branches on the same band configurations; the representation and the
// code here are this solver's own.
//
// # Layouts
//
// Within a band, a digit goes once in each of the three rows and once in
// each of the three boxes: its placements form a permutation, row r taking
// box p(r). Within a stack (three columns of boxes, like columns 1-3), the
// same holds for the digit's three boxes and the stack's three columns.
// Such a permutation is a layout of the digit in the band or the stack; of
// the six, those still open are the ones whose three minirows (or
// minicolumns) all still hold a candidate. A digit with a single open
// layout in a band has its row of each box fixed: it is pinned.
//
// # Triads
//
// A minirow (the three cells of one row in one box) holds exactly three
// digits, and so does a minicolumn. When three digits are pinned to the
// same minirow, they fill it: every other digit leaves its three cells.
// Four digits pinned to one is a contradiction. (A digit is pinned to a
// minirow when that minirow is its only one in the box, which after the
// band propagation of update is the same as its only one in the row; to a
// minicolumn when that column is its only one in the box.)
//
// # Guessing on layouts
//
// guessLayout picks the band or stack with the fewest digits whose layout
// is still open, counting those with a box pinned for a little less than
// those without (update keeps where each digit is pinned, so this is a
// few instructions per digit), and in it the digit with the fewest open
// layouts, and tries each of them. Every branch fixes where the digit goes
// in three rows and three boxes (or three columns and three boxes) at
// once, which leaves a smaller tree to go through than guessing on one
// cell with two candidates.
//
// The search also learns as it goes, the first solution found or not:
// digits whose propagation keeps running into contradictions are where
// the puzzle is tight, and guessing on them first refutes the other
// branches sooner (a "weighted degree" rule, as in constraint solvers).
// Each contradiction counts for the digit update was propagating, the
// counts are halved every 64 contradictions so that recent ones weigh
// more, and a band or stack's score loses the counts of its open digits.
// On the benchmark lists this takes 4% off the trees of the 1905 list and
// 13% off those of the 1106 list.

// layoutPerms lists the six layouts: layoutPerms[i][r] is the box (or
// column) taken by row (or band) r.
var layoutPerms = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// Tables of the layouts.
var (
	// bandLayouts maps the minirow pattern of a digit's band, hashed by
	// complexIndex, to the set of its open layouts (bit i for layout i).
	bandLayouts [512]uint8
	// stackLayouts does the same for a digit's stack, indexed by
	// stackIndex: bit 3b+j of the index is column j of the stack in band b.
	stackLayouts [512]uint8
	// layoutKeep[u][i] is what the digit's three bands keep when it takes
	// layout i in unit u (bands 0-2, then stacks 0-2).
	layoutKeep [6][6][3]uint32
)

// pinnedScore is what a digit with k boxes pinned in a band or stack adds
// to the unit's score in guessLayout: 0 when its layout is fixed (all
// three pinned; two cannot be, as the third follows), 11 with one pinned,
// which leaves two layouts open, and 16 with none, which leaves two to six.
// (Measured on the benchmark lists: weights in about this ratio give the
// smallest trees.)
var pinnedScore = [4]int32{16, 11, 11, 0}

// Tables of guessLayout's scores, which add up what each digit brings to
// the three bands or the three stacks at once: three fields of scoreField
// bits, the one of unit u (band u, or stack u) at bit scoreField*u, with
// in bits 11-20 the sum of pinnedScore and in bits 0-10 the sum of the
// contradictions of the open digits (at most 9*127: a digit's count is
// halved when 64 more have come).
const scoreField = 21

var (
	// bandScores maps the boxes where a digit is pinned to a row (bit
	// 3s+b for box s of band b) to what it adds to the scores of the
	// three bands, bandOpen to a 1 in each band where its layout is open
	// (multiplied by its contradictions).
	bandScores, bandOpen [512]uint64
	// stackScores and stackOpen do the same for the boxes where a digit
	// is pinned to a column, indexed by complexIndex of the pinned
	// columns (bit 3b+s of the pattern for box s of band b).
	stackScores, stackOpen [512]uint64
)

// conflict counts a contradiction met propagating digit d.
func (x *search9) conflict(d int) {
	x.conflicts[d]++
	if x.recent++; x.recent == 64 {
		x.recent = 0
		for i := range x.conflicts {
			x.conflicts[i] >>= 1
		}
	}
}

func init() {
	for x := range 512 {
		// x is a pattern of 9 bits, bit 3r+s for row r and box s (or band
		// r and column s of a stack), and t the band with those minirows.
		var t uint32
		for i := range 9 {
			if x>>i&1 != 0 {
				t |= 1 << (3 * i)
			}
		}
		var open int
		for i, p := range layoutPerms {
			if x>>p[0]&1 != 0 && x>>(3+p[1])&1 != 0 && x>>(6+p[2])&1 != 0 {
				open |= 1 << i
			}
		}
		stackLayouts[x] = uint8(open)
		bandLayouts[complexIndex(t)] = uint8(open)
		// For the scores, x is the boxes pinned: bit 3s+b for box s of
		// band b (to a row), or bit 3b+s (to a column).
		for u := range 3 {
			// The boxes of band u, or of stack u, pinned in x.
			if k := x>>u&1 + x>>(u+3)&1 + x>>(u+6)&1; k < 3 {
				score, open := uint64(pinnedScore[k])<<(scoreField*u+11), uint64(1)<<(scoreField*u)
				bandScores[x] |= score
				bandOpen[x] |= open
				stackScores[complexIndex(t)] |= score
				stackOpen[complexIndex(t)] |= open
			}
		}
	}
	for i, p := range layoutPerms {
		var cells uint32 // the three minirows of the layout in a band
		for r := range 3 {
			cells |= 7 << (9*r + 3*p[r])
		}
		for b := range 3 {
			layoutKeep[b][i] = [3]uint32{bandMask, bandMask, bandMask}
			layoutKeep[b][i][b] = cells
		}
		for s := range 3 {
			for b := range 3 {
				others := uint32(7<<(3*s)) &^ (1 << (3*s + p[b]))
				layoutKeep[3+s][i][b] = bandMask &^ (others * (1 | 1<<9 | 1<<18))
			}
		}
	}
}

// stackIndex returns the index into stackLayouts of the stack held in bits
// 0-2 of each 9-bit third of y, the columns of a digit in its three bands
// (cols(a0) | cols(a1)<<9 | cols(a2)<<18) shifted right by 3 for the
// second stack and 6 for the third.
func stackIndex(y uint32) uint32 {
	w := y & (7 | 7<<9 | 7<<18)
	return (w | w>>6 | w>>12) & rowMask
}

// unitScore returns the score of the unit whose field is at the bottom of f
// (see scoreField): its pinnedScore less what was learned, at least 1, or
// 0 when no digit of the unit is open.
func unitScore(f uint64) uint {
	score, learned := uint(f>>11&1023), uint(f&2047)
	if score == 0 {
		return 0
	}
	return max(score, learned+1) - learned
}

// pins is what the search through the whole tree keeps beside a state9
// for the triads.
type pins struct {
	// pinned[d] is where digit d+1 is pinned: bit 3i+b for minirow i
	// (3*row + box, within the band) of band b, bit 32+9b+c for the
	// minicolumn of column c in band b. update sets it from the masks it
	// looked up last for the digit (complexMask and lockedColumns).
	pinned [9]uint64
	// triadsDone holds the triads applied, in the same bits.
	triadsDone uint64
}

// minirows returns the low bit of each non-empty minirow of a band.
func minirows(a uint32) uint32 { return (a | a>>1 | a>>2) & minirowLow }

// triads applies the triads to the pinned digits that update recorded in
// pn: it returns -1 on a contradiction, 1 when a digit lost candidates (it
// is then dirty), 0 when nothing changed.
func (s *state9) triads(pn *pins) int {
	// one, two, three, four: minirows and minicolumns with at least 1,
	// 2, 3, 4 digits pinned.
	var one, two, three, four uint64
	for d := range 9 {
		p := pn.pinned[d]
		four |= three & p
		three |= two & p
		two |= one & p
		one |= p
	}
	if four != 0 {
		return -1
	}
	// Only minirows and minicolumns with an empty cell can gain from a
	// triad (with a single one, the pinned digit left is already placed
	// there by update), and a digit stays pinned, so a triad once
	// applied stays so.
	u0, u1, u2 := s.unsolved[0], s.unsolved[1], s.unsolved[2]
	three &= uint64(minirows(u0)|minirows(u1)<<1|minirows(u2)<<2) |
		uint64(cols(u0)|cols(u1)<<9|cols(u2)<<18)<<32
	three &^= pn.triadsDone
	if three == 0 {
		return 0
	}
	pn.triadsDone |= three
	changed := 0
	for d := range 9 {
		m := three &^ pn.pinned[d]
		if m == 0 {
			continue
		}
		rows, columns := uint32(m), uint32(m>>32)
		bd := &s.bands[d]
		for b := range 3 {
			clear := (rows>>b&minirowLow)*7 | (columns>>(9*b)&rowMask)*(1|1<<9|1<<18)
			if bd[b]&clear != 0 {
				bd[b] &^= clear
				s.dirty |= 1 << d
				changed = 1
			}
		}
	}
	return changed
}

// guessLayout branches on the layouts of a digit in a band or a stack (see
// the top of this file), trying each open layout: all but the last on a
// copy of the state and its pins pn, the last in place. It reports false,
// doing nothing, when every layout is fixed, which propagation leaves only
// in a solved grid.
func (x *search9) guessLayout(st *state9, pn *pins, depth int) bool {
	// The scores of the three bands and of the three stacks, in the
	// fields of scoreField bits.
	var bands, stacks uint64
	for d := range 9 {
		p := pn.pinned[d]
		rows, columns := uint32(p), uint32(p>>32)
		h := (rows | rows>>9 | rows>>18) & rowMask // bit 3s+b: box s of band b pinned
		v := complexIndex(columns)                 // the same for the columns, hashed
		c := uint64(x.conflicts[d])
		bands += bandScores[h] + c*bandOpen[h]
		stacks += stackScores[v] + c*stackOpen[v]
	}
	// The unit with an open digit and the lowest score less what was
	// learned (at least 1); unitScore is 0 without an open digit, which
	// less 1 wraps to the largest.
	u, best := -1, ^uint(0)
	for i, s := range [6]uint{unitScore(bands), unitScore(bands >> scoreField), unitScore(bands >> (2 * scoreField)),
		unitScore(stacks), unitScore(stacks >> scoreField), unitScore(stacks >> (2 * scoreField))} {
		if s-1 < best {
			u, best = i, s-1
		}
	}
	if u < 0 {
		return false
	}
	// The digit with the fewest open layouts, of those the one with the
	// most contradictions.
	digit, fewest, open := -1, 7, 0
	for d := range 9 {
		bd := &st.bands[d]
		var e uint8
		if u < 3 {
			e = bandLayouts[complexIndex(bd[u])]
		} else {
			y := cols(bd[0]) | cols(bd[1])<<9 | cols(bd[2])<<18
			e = stackLayouts[stackIndex(y>>(3*(u-3)))]
		}
		n := bits.OnesCount8(e)
		if n > 1 && (n < fewest || n == fewest && x.conflicts[d] > x.conflicts[digit]) {
			digit, fewest, open = d, n, int(e)
		}
	}
	if digit < 0 {
		return false
	}
	keep := &layoutKeep[u]
	for open != 0 {
		i := bits.TrailingZeros(uint(open))
		open &= open - 1
		next := st
		if open != 0 {
			next = &x.stack[depth]
			*next = *st
			x.pins[depth] = *pn
		}
		bd := &next.bands[digit]
		bd[0] &= keep[i][0]
		bd[1] &= keep[i][1]
		bd[2] &= keep[i][2]
		next.dirty |= 1 << digit
		if open == 0 {
			x.solve(st, depth)
			return true
		}
		x.solve(next, depth+1)
		if x.count >= x.limit {
			return true
		}
	}
	return true
}
