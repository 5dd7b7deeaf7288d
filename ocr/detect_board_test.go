package ocr

import (
	"image"
	"testing"
)

// paintBlock fills the rectangle (x, y, w, h) of img with shade v.
func paintBlock(img *image.Gray, x, y, w, h int, v uint8) {
	for yy := max(y, 0); yy < min(y+h, img.Rect.Dy()); yy++ {
		for xx := max(x, 0); xx < min(x+w, img.Rect.Dx()); xx++ {
			img.Pix[yy*img.Stride+xx] = v
		}
	}
}

// TestDigitsFit: a grid whose digits sit in its cells fits, even with a
// highlighted row across a box and two neighbouring highlighted cells; a
// number pad of nine keys, one large digit on each, does not, nor does a
// single 3x3 box of a grid taken for the grid, its digits across the
// lattice's boxes.
func TestDigitsFit(t *testing.T) {
	const n = 450 // the grid's side, cells of 50 pixels
	grid := page(500, 500, 240)
	q := paintGrid(grid, 25, 25, n, 3, 1, 60, 200, 240)
	paintBlock(grid, 26, 176, n-2, 48, 200) // a highlighted row
	paintBlock(grid, 326, 326, 48, 98, 210) // two highlighted cells
	for i := range 81 {
		if i%3 != 0 {
			x, y := 25+(i%9)*50, 25+(i/9)*50
			paintBlock(grid, x+20, y+12, 10, 26, 30) // a digit, half a cell high
		}
	}
	if !digitsFit(grid, q) {
		t.Error("the grid's digits do not fit in its cells")
	}
	box := Quad{q[0], {q[0].X + 150, q[0].Y}, {q[0].X + 150, q[0].Y + 150}, {q[0].X, q[0].Y + 150}}
	if digitsFit(grid, box) {
		t.Error("the digits of a 3x3 box taken for the grid fit in its cells")
	}
	pad := page(500, 500, 240)
	for k := range 9 {
		x, y := 25+(k%3)*150, 25+(k/3)*150
		paintBlock(pad, x+4, y+4, 142, 142, 180) // a key, the page between keys
		paintBlock(pad, x+60, y+35, 30, 80, 40)  // its digit, over a cell and a half high
	}
	if digitsFit(pad, Quad{{25, 25}, {475, 25}, {475, 475}, {25, 475}}) {
		t.Error("the digits of a number pad fit in the cells of its lattice")
	}
}

// TestChooseOverPad: a number pad beside an app's board whose lattice
// stands out more clearly than the board's faint lines does not exclude
// the board, which wins by its size, when its digits do not fit in its
// cells or when it was found by its edge and box lines alone; a lattice
// of ten lines each way as clear, whose digits fit, does exclude it.
func TestChooseOverPad(t *testing.T) {
	board := candidate{quad: Quad{{140, 88}, {507, 88}, {507, 454}, {140, 452}}, score: 0.62, lines: lines{quality: 82}}
	pad := candidate{quad: Quad{{541, 128}, {786, 127}, {785, 371}, {544, 370}}, score: 0.67, lines: lines{quality: 120}}
	for _, c := range []*candidate{&board, &pad} {
		c.area = quadArea(c.quad)
	}
	for _, tc := range []struct {
		name             string
		oversized, found bool
		want             Quad
	}{
		{"digits larger than its cells", true, false, board.quad},
		{"found by its edge and box lines", false, true, board.quad},
		{"a lattice whose digits fit", false, false, pad.quad},
	} {
		p := pad
		p.oversized, p.board = tc.oversized, tc.found
		if got := choose([]candidate{p, board}, 800, 500); got.quad != tc.want {
			t.Errorf("a pad with %s: chose %.0f, want %.0f", tc.name, got.quad, tc.want)
		}
	}
}
