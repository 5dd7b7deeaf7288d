package solver

import "slices"

// AppendText appends g as [Grid.String] writes it to b, one character per
// cell, and returns the extended buffer; the error is always nil (it
// implements encoding.TextAppender). It neither copies the grid nor, when
// b has room, allocates, which counts when printing many solutions.
func (g *Grid) AppendText(b []byte) ([]byte, error) {
	n := int(g.side) * int(g.side)
	b = slices.Grow(b, n)
	text := b[len(b) : len(b)+n]
	for i, d := range g.cells[:n] {
		text[i] = digitChars[d]
	}
	return b[:len(b)+n], nil
}

// digitChars maps a cell's digit to the character that writes it, as
// [DigitChar] does.
var digitChars = func() (t [256]byte) {
	for d := range MaxSide + 1 {
		t[d] = DigitChar(d)
	}
	return t
}()
