package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/sudokubot/sudokubot/solver"
)

// pngOf is the PNG file of g.
func pngOf(t testing.TB, g image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, g); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReadGridErrors checks that Read says what a picture that is no
// whole 9x9 puzzle is: a grid of another size, a grid the picture cuts
// on any side, an empty grid; and never reads it as a 9x9 grid.
func TestReadGridErrors(t *testing.T) {
	rec := testRec(t)
	nine := sizedGrid{9, 3, 3}
	puzzle := solver.MustGrid(synthPuzzles[0])
	digits := func(i int) string {
		if d := puzzle.Cell(i); d != 0 {
			return string(rune('0' + d))
		}
		return ""
	}
	whole := gridPage(t, nine, 60, 24, digits)
	side := whole.Rect.Dx()
	type want struct {
		side           int
		cropped, empty bool
	}
	cases := []struct {
		name string
		pic  image.Image
		want want
	}{
		{"empty 9x9 grid", gridPage(t, nine, 50, 30, func(int) string { return "" }), want{empty: true}},
		{"left part of a grid", crop(whole, image.Rect(0, 0, side*6/10, side)), want{cropped: true}},
		{"right part of a grid", crop(whole, image.Rect(side*4/10, 0, side, side)), want{cropped: true}},
		{"top part of a grid", crop(whole, image.Rect(0, 0, side, side*6/10)), want{cropped: true}},
		{"bottom part of a grid", crop(whole, image.Rect(0, side*4/10, side, side)), want{cropped: true}},
	}
	for _, s := range gridShapes {
		if s.n != 9 {
			cases = append(cases, struct {
				name string
				pic  image.Image
				want want
			}{s.String(), gridPage(t, s, 40, 20, s.symbol), want{side: s.n}})
		}
	}
	for _, tc := range cases {
		res, err := Read(context.Background(), pngOf(t, tc.pic), Options{Recognizer: rec})
		var ge *GridError
		if !errors.As(err, &ge) {
			t.Errorf("%s: got %v (result %v), want a GridError", tc.name, err, res)
			continue
		}
		if got := (want{ge.Side, ge.Cropped, ge.Empty}); got != tc.want {
			t.Errorf("%s: %+v (%v), want %+v", tc.name, got, err, tc.want)
		}
	}
}

// String names a grid by its size, like "16x16 grid".
func (s sizedGrid) String() string {
	return fmt.Sprintf("%dx%d grid", s.n, s.n)
}

// TestReadSeveralGrids checks that a picture of two puzzles, side by side
// or one above the other, is read (one of them, surely) and says there are
// two and which one was read.
func TestReadSeveralGrids(t *testing.T) {
	rec := testRec(t)
	const cell, margin, gap = 40, 20, 60
	side := 9*cell + 2*margin
	face := synthFace(t, goregular.TTF, cell*0.6)
	for _, tc := range []struct {
		name  string
		other image.Point // where the second puzzle goes
	}{
		{"side by side", image.Pt(side+gap, 0)},
		{"one above the other", image.Pt(0, side+gap)},
	} {
		page := image.NewGray(image.Rect(0, 0, side, side).Union(image.Rect(0, 0, side, side).Add(tc.other)))
		draw.Draw(page, page.Rect, image.NewUniform(color.Gray{240}), image.Point{}, draw.Src)
		for k, at := range []image.Point{{}, tc.other} {
			pz := solver.MustGrid(synthPuzzles[k])
			drawSynthGrid(page, at.X+margin, at.Y+margin, cell, 20, pz.Cell, face)
		}
		res, err := Read(context.Background(), pngOf(t, page), Options{Recognizer: rec})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !res.Checked() || res.Grid.String() != synthPuzzles[0] && res.Grid.String() != synthPuzzles[1] {
			t.Errorf("%s: read %s (%v), want one of the two puzzles", tc.name, res.Grid, res.Err())
		}
		if note := res.GridsNote(); !strings.HasPrefix(note, "2 grids in the picture: read the one ") {
			t.Errorf("%s: note %q, want it to say there are 2 grids", tc.name, note)
		}
	}
}

// TestGridsNote checks which grid GridsNote says was read: where it lies
// from the others once the picture is upright, and why it was chosen.
func TestGridsNote(t *testing.T) {
	square := func(x, y, s float64) Quad { return Quad{{x, y}, {x + s, y}, {x + s, y + s}, {x, y + s}} }
	for _, tc := range []struct {
		name   string
		read   Quad
		others []Quad
		turns  int
		want   string
	}{
		{"one grid", square(0, 0, 100), nil, 0, ""},
		{"left, as large", square(0, 0, 100), []Quad{square(120, 0, 100)}, 0, "2 grids in the picture: read the one on the left"},
		{"middle, as large", square(150, 150, 100), []Quad{square(150, 0, 100)}, 0, "2 grids in the picture: read the one at the bottom, the nearest the middle"},
		{"right, larger", square(120, 0, 150), []Quad{square(0, 0, 100)}, 0, "2 grids in the picture: read the one on the right, the largest"},
		{"top", square(0, 0, 100), []Quad{square(0, 120, 100)}, 0, "2 grids in the picture: read the one at the top"},
		{"bottom of three", square(0, 240, 100), []Quad{square(0, 0, 100), square(0, 120, 50)}, 0, "3 grids in the picture: read the one at the bottom"},
		{"left, turned a quarter", square(0, 0, 100), []Quad{square(120, 0, 100)}, 1, "2 grids in the picture: read the one at the top"},
		{"left, turned half", square(0, 0, 100), []Quad{square(120, 0, 100)}, 2, "2 grids in the picture: read the one on the right"},
	} {
		r := &Result{Corners: tc.read, OtherGrids: tc.others, Turns: tc.turns, Width: 400, Height: 400}
		if got := r.GridsNote(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
