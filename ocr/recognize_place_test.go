package ocr

import (
	"image"
	"image/draw"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
	"github.com/sudokubot/sudokubot/solver"
)

// keypadAt is where an app sets digit d's mark in a cell, as shares of the
// cell's box: a keypad, 1 at the top left, 9 at the bottom right.
func keypadAt(d int) (x, y float64) {
	return 0.15 + 0.35*float64((d-1)%3), 0.15 + 0.35*float64((d-1)/3)
}

// seenAs is a glyph the network reads as d with probability p at (x, y).
func seenAs(d int, p, x, y float64) seenMark {
	s := seenMark{x: x, y: y, speck: 1 - p}
	s.digit[d-1] = p
	return s
}

// keypadPage is a page of n cells of marks, each holding the marks of
// three digits at their keypad places, read surely.
func keypadPage(n int, rng *rand.Rand) []markReading {
	reads := make([]markReading, n)
	for i := range reads {
		for _, d := range rng.Perm(9)[:3] {
			x, y := keypadAt(d + 1)
			reads[i].seen = append(reads[i].seen, seenAs(d+1, 0.99, x+0.04*rng.Float64()-0.02, y+0.04*rng.Float64()-0.02))
			reads[i].marks = reads[i].marks.With(d + 1)
		}
	}
	return reads
}

// TestFitLayout: a page whose marks stand at their keypad places is
// measured as one, with the middles of its columns and rows and how
// rarely a mark stands astray; a page of marks written anywhere, or of
// too few sure marks, is not.
func TestFitLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	l, ok := fitLayout(keypadPage(20, rng))
	if !ok {
		t.Fatal("a page of 60 marks at their keypad places: no layout found")
	}
	for k, want := range []float64{0.15, 0.5, 0.85} {
		if d := l.cols[k] - want; d < -0.03 || d > 0.03 {
			t.Errorf("column %d's middle %.3f, want about %.2f", k+1, l.cols[k], want)
		}
		if d := l.rows[k] - want; d < -0.03 || d > 0.03 {
			t.Errorf("row %d's middle %.3f, want about %.2f", k+1, l.rows[k], want)
		}
	}
	if l.astray > 0.05 {
		t.Errorf("astray %.3f on a page of marks all in place, want under 0.05", l.astray)
	}

	if _, ok := fitLayout(keypadPage(3, rng)); ok {
		t.Error("a page of 9 sure marks: layout found, want too few to tell")
	}

	// Handwritten marks: along a cell's top, left to right, whatever
	// their digits.
	hand := make([]markReading, 20)
	for i := range hand {
		for k, d := range rng.Perm(9)[:3] {
			hand[i].seen = append(hand[i].seen, seenAs(d+1, 0.99, 0.2+0.3*float64(k), 0.15))
		}
	}
	if l, ok := fitLayout(hand); ok && l.astray < 0.5 {
		t.Errorf("marks written anywhere: layout with astray %.3f, want none or a large one", l.astray)
	}
}

// TestRereadWeighsPlace: on a page that keeps its marks in place, a
// mark's place decides between the digits its shape leaves open, and
// keeps a clear mark the network half takes for a speck; a speck away
// from any digit's own shape stays a speck.
func TestRereadWeighsPlace(t *testing.T) {
	l, ok := fitLayout(keypadPage(20, rand.New(rand.NewPCG(3, 4))))
	if !ok {
		t.Fatal("no layout found")
	}
	x6, y6 := keypadAt(6)
	x8, y8 := keypadAt(8)
	x1, y1 := keypadAt(1)

	six := seenMark{x: x6, y: y6, speck: 0.05}
	six.digit[4], six.digit[5] = 0.7, 0.25 // read as a 5 rather than a 6
	eight := seenAs(8, 0.4, x8, y8)        // an 8 the network half takes for a speck
	speck := seenMark{x: x1, y: y1, speck: 0.8}
	speck.digit[6] = 0.2 // a speck faintly like a 7, at 1's place

	for _, tc := range []struct {
		name string
		seen []seenMark
		want solver.DigitSet
		sure float64 // the most the confidence may be
	}{
		{"a 6 read as a 5, at 6's place", []seenMark{six}, solver.DigitSetOf(6), 0.25},
		{"an 8 half a speck, at 8's place", []seenMark{eight}, solver.DigitSetOf(8), 0.4},
		{"a speck at 1's place", []seenMark{speck, eight}, solver.DigitSetOf(8), 0.33}, // 0.8 * 0.4
	} {
		got, conf := l.reread(tc.seen)
		if got != tc.want {
			t.Errorf("%s: read %s, want %s", tc.name, got, tc.want)
		}
		if conf <= 0 || conf > tc.sure {
			t.Errorf("%s: confidence %v, want in (0, %v]: no surer than the network's own reading", tc.name, conf, tc.sure)
		}
	}
}

// TestPlaceMarks: placeMarks reads again the cells read as marks from
// their glyphs on a page that keeps its marks in place, keeping the
// factor of their confidence that is not the marks' own, and leaves a
// page without a layout as it was.
func TestPlaceMarks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	page := keypadPage(20, rng)
	var out [81]CellReading
	reads := map[int]markReading{}
	for i, mr := range page {
		mr.conf = 0.9
		reads[i] = mr
		out[i] = CellReading{Kind: KindMarks, Marks: mr.marks, MarksConfidence: 0.45}
	}
	// Cell 0's mark at 6's place was read as a 5.
	x6, y6 := keypadAt(6)
	six := seenMark{x: x6, y: y6, speck: 0.05}
	six.digit[4], six.digit[5] = 0.7, 0.25
	mr := reads[0]
	mr.seen = append(mr.seen[:len(mr.seen):len(mr.seen)], six)
	mr.marks = mr.marks.With(5)
	reads[0] = mr
	out[0].Marks = mr.marks
	before := out

	placeMarks(&out, reads)
	if !out[0].Marks.Has(6) || (out[0].Marks.Has(5) && !page[0].marks.Has(5)) {
		t.Errorf("cell 0: marks %s, want the 5 at 6's place read as a 6 (its other marks %s)", out[0].Marks, page[0].marks)
	}
	for i := 1; i < len(page); i++ {
		if out[i].Marks != page[i].marks {
			t.Errorf("cell %d: marks %s, want %s", i, out[i].Marks, page[i].marks)
		}
		// 0.45 = 0.9 (the marks' own) * 0.5 (the cell's kind).
		if c := out[i].MarksConfidence; c < 0.45 || c > 0.5 {
			t.Errorf("cell %d: marks confidence %.3f, want the marks' own (about 0.97) times 0.5", i, c)
		}
	}

	few := before
	placeMarks(&few, map[int]markReading{0: reads[0]})
	for i := range few {
		if few[i].Marks != before[i].Marks || few[i].MarksConfidence != before[i].MarksConfidence {
			t.Errorf("cell %d: read again on a page of one cell of marks, want it left as it was", i)
		}
	}
}

// TestJoinParts: the parts of a mark broken in two are joined; two or
// three marks set one above the other, touching, are cut apart where the
// marks' usual height is known, and kept whole where it is not.
func TestJoinParts(t *testing.T) {
	box := image.Rect(0, 0, 60, 60)
	for _, tc := range []struct {
		name  string
		parts []image.Rectangle
		mark  markSize
		want  []image.Rectangle
	}{
		{"a mark broken in two", []image.Rectangle{image.Rect(10, 10, 16, 15), image.Rect(10, 14, 16, 20)}, markSize{10, 6},
			[]image.Rectangle{image.Rect(10, 10, 16, 20)}},
		{"two marks touching, one above the other", []image.Rectangle{image.Rect(10, 10, 16, 20), image.Rect(10, 20, 16, 30)}, markSize{10, 6},
			[]image.Rectangle{image.Rect(10, 10, 16, 20), image.Rect(10, 20, 16, 30)}},
		{"two marks in one part", []image.Rectangle{image.Rect(40, 5, 46, 25)}, markSize{10, 6},
			[]image.Rectangle{image.Rect(40, 5, 46, 15), image.Rect(40, 15, 46, 25)}},
		{"three marks in one part", []image.Rectangle{image.Rect(40, 5, 46, 35)}, markSize{10, 6},
			[]image.Rectangle{image.Rect(40, 5, 46, 15), image.Rect(40, 15, 46, 25), image.Rect(40, 25, 46, 35)}},
		{"two marks touching, their usual height unknown", []image.Rectangle{image.Rect(10, 10, 16, 20), image.Rect(10, 20, 16, 30)}, markSize{},
			[]image.Rectangle{image.Rect(10, 10, 16, 30)}},
		{"a digit written small, as much wider as taller than a mark", []image.Rectangle{image.Rect(20, 20, 32, 40)}, markSize{10, 6},
			[]image.Rectangle{image.Rect(20, 20, 32, 40)}},
	} {
		var got []image.Rectangle
		for _, b := range joinParts(tc.parts, box, tc.mark) {
			got = append(got, b.box)
		}
		if !sameRects(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// sameRects reports whether a and b hold the same boxes in any order.
func sameRects(a, b []image.Rectangle) bool {
	if len(a) != len(b) {
		return false
	}
	left := map[image.Rectangle]int{}
	for _, r := range a {
		left[r]++
	}
	for _, r := range b {
		if left[r] == 0 {
			return false
		}
		left[r]--
	}
	return true
}

// TestInkParts: the parts of ink in a cell's window. A line across the
// window (a grid line, an app's frame around the selected cell) is not a
// mark, nor is its fringe, ink only in places along it; a mark that
// touched it is set apart (by a line), as is a part the window's edge
// cuts on one side (at the edge): readMarks keeps them when they have a
// whole mark's size. Ink in the window's corner is dropped.
func TestInkParts(t *testing.T) {
	frame := []image.Rectangle{image.Rect(6, 6, 54, 8), image.Rect(6, 52, 54, 54), image.Rect(6, 6, 8, 54), image.Rect(52, 6, 54, 54)}
	for _, tc := range []struct {
		name                string
		ink                 []image.Rectangle // drawn black on white, 60x60
		parts, byLine, edge []image.Rectangle
		photo               bool // lines not cleared, as on a photo's page
	}{
		{"a mark touching a frame inside the window",
			append(slices.Clone(frame), image.Rect(10, 8, 16, 18)),
			nil, []image.Rectangle{image.Rect(10, 8, 16, 18)}, nil, false},
		{"a mark touching the grid line along the window's top",
			[]image.Rectangle{image.Rect(0, 0, 60, 2), image.Rect(20, 2, 26, 12), image.Rect(40, 30, 46, 40)},
			[]image.Rectangle{image.Rect(40, 30, 46, 40)}, []image.Rectangle{image.Rect(20, 2, 26, 12)}, nil, false},
		{"a line's fringe beside it is the line's",
			[]image.Rectangle{image.Rect(0, 0, 2, 60), image.Rect(2, 20, 3, 28), image.Rect(2, 40, 10, 52)},
			nil, []image.Rectangle{image.Rect(2, 40, 10, 52)}, nil, false},
		{"a mark the window's edge cuts",
			[]image.Rectangle{image.Rect(30, 0, 36, 10), image.Rect(10, 30, 16, 40)},
			[]image.Rectangle{image.Rect(10, 30, 16, 40)}, nil, []image.Rectangle{image.Rect(30, 0, 36, 10)}, false},
		{"ink in the window's corner",
			[]image.Rectangle{image.Rect(0, 0, 6, 10)},
			nil, nil, nil, false},
		{"a short stroke is kept",
			[]image.Rectangle{image.Rect(10, 20, 40, 22), image.Rect(24, 22, 26, 40)},
			[]image.Rectangle{image.Rect(10, 20, 40, 40)}, nil, nil, false},
		{"on a photo's page, a frame and the mark touching it are one part",
			append(slices.Clone(frame), image.Rect(10, 8, 16, 18)),
			[]image.Rectangle{image.Rect(6, 6, 54, 54)}, nil, nil, true},
	} {
		g := image.NewGray(image.Rect(0, 0, 60, 60))
		draw.Draw(g, g.Rect, image.White, image.Point{}, draw.Src)
		for _, r := range tc.ink {
			draw.Draw(g, r, image.Black, image.Point{}, draw.Src)
		}
		parts, byLine, edge := inkParts(g, g.Rect, digitnet.Levels{}, !tc.photo)
		if !sameRects(parts, tc.parts) || !sameRects(byLine, tc.byLine) || !sameRects(edge, tc.edge) {
			t.Errorf("%s: parts %v, by a line %v, at the edge %v; want %v, %v, %v", tc.name, parts, byLine, edge, tc.parts, tc.byLine, tc.edge)
		}
	}
}

// TestWholeMark: a part of ink the cell's edge cuts, or that touched a
// line, counts as a mark when it has a whole mark's size, or that of
// marks set one above the other; a sliver of a line or of a neighbour's
// mark does not.
func TestWholeMark(t *testing.T) {
	m := markSize{h: 12, w: 8}
	for _, tc := range []struct {
		name string
		b    image.Rectangle
		want bool
	}{
		{"a whole mark", image.Rect(0, 0, 8, 12), true},
		{"a narrow 1", image.Rect(0, 0, 4, 12), true},
		{"a mark a pixel shorter than usual", image.Rect(0, 0, 8, 11), true},
		{"half a mark", image.Rect(0, 0, 8, 6), false},
		{"a sliver of a line", image.Rect(0, 0, 2, 12), false},
		{"two marks side by side", image.Rect(0, 0, 18, 12), false},
		{"two marks set one above the other (joinParts cuts them)", image.Rect(0, 0, 8, 24), true},
		{"taller than three marks", image.Rect(0, 0, 8, 48), false},
	} {
		if got := m.whole(tc.b); got != tc.want {
			t.Errorf("%s (%v): whole %v, want %v", tc.name, tc.b, got, tc.want)
		}
	}
}
