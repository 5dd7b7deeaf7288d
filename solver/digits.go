package solver

import (
	"iter"
	"math/bits"
)

// DigitSet is a set of digits from 1 to 16: the candidates of a cell, or
// the pencil marks a player wrote in it. Digit d is bit d-1, so that the
// sixteen digits of a 16x16 grid fit in 16 bits:
//
//	digit   16 ... 9 8 7 6 5 4 3 2 1
//	bit     15 ... 8 7 6 5 4 3 2 1 0
//
//	DigitSetOf(1, 5, 6) == 0b0000_0000_0011_0001
//
// The zero value is the empty set. Sets combine with the bit operators:
// a|b is the union, a&b the intersection and a&^b the digits of a that
// are not in b. The pencil marks of a whole grid are a []DigitSet with one
// set per cell, cells counted row by row from 0.
type DigitSet uint16

// DigitSetOf returns the set of the given digits, each from 1 to 16
// (others are left out).
func DigitSetOf(digits ...int) DigitSet {
	var s DigitSet
	for _, d := range digits {
		s = s.With(d)
	}
	return s
}

// AllDigits returns the digits of a grid of the given side: 1 to side,
// for a side from 0 to 16.
func AllDigits(side int) DigitSet { return DigitSet(1<<side - 1) }

// Has reports whether d is in s. Digits outside 1 to 16 never are.
func (s DigitSet) Has(d int) bool { return s&bitOf(d) != 0 }

// With returns s with digit d added; a d outside 1 to 16 changes nothing.
func (s DigitSet) With(d int) DigitSet { return s | bitOf(d) }

// Without returns s with digit d removed.
func (s DigitSet) Without(d int) DigitSet { return s &^ bitOf(d) }

// bitOf returns the bit of digit d, or 0 for a d outside 1 to 16 (the
// shift by a uint of 16 or more gives 0).
func bitOf(d int) DigitSet { return 1 << uint(d-1) }

// Len returns the number of digits in s.
func (s DigitSet) Len() int { return bits.OnesCount16(uint16(s)) }

// Min returns the smallest digit of s, or 0 when s is empty.
func (s DigitSet) Min() int {
	if s == 0 {
		return 0
	}
	return bits.TrailingZeros16(uint16(s)) + 1
}

// All yields the digits of s in increasing order.
func (s DigitSet) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for x := uint16(s); x != 0; x &= x - 1 {
			if !yield(bits.TrailingZeros16(x) + 1) {
				return
			}
		}
	}
}

// Digits returns the digits of s in increasing order.
func (s DigitSet) Digits() []int {
	out := make([]int, 0, s.Len())
	for x := uint16(s); x != 0; x &= x - 1 {
		out = append(out, bits.TrailingZeros16(x)+1)
	}
	return out
}

// String writes the digits of s in increasing order as they are written
// in grids ([DigitChar]): "156", or "19AG" on a 16x16 grid; "" for the
// empty set.
func (s DigitSet) String() string {
	b := make([]byte, 0, s.Len())
	for d := range s.All() {
		b = append(b, DigitChar(d))
	}
	return string(b)
}

// Candidates returns the pencil marks a player writes first: for each
// empty cell of g, the digits that no filled cell of its row, column or
// box holds. Filled cells have none.
func (g Grid) Candidates() []DigitSet {
	n := g.Side()
	var rows, cols, boxes [MaxSide]DigitSet
	for r := range n {
		for c := range n {
			if d := g.At(r, c); d != 0 {
				rows[r] = rows[r].With(d)
				cols[c] = cols[c].With(d)
				boxes[g.Box(r, c)] = boxes[g.Box(r, c)].With(d)
			}
		}
	}
	all := AllDigits(n)
	out := make([]DigitSet, g.NumCells())
	for r := range n {
		for c := range n {
			if g.At(r, c) == 0 {
				out[r*n+c] = all &^ (rows[r] | cols[c] | boxes[g.Box(r, c)])
			}
		}
	}
	return out
}
