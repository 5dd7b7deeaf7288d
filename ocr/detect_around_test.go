package ocr

import (
	"image"
	"image/color"
	"image/draw"
	"strconv"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// sizedGrid is a grid of another size than 9x9 to draw: n cells a side,
// boxes bw cells wide and bh tall.
type sizedGrid struct{ n, bw, bh int }

// gridShapes are the grids the solver knows, by their boxes.
var gridShapes = []sizedGrid{{4, 2, 2}, {6, 3, 2}, {9, 3, 3}, {16, 4, 4}}

// symbol is what cell i of a grid of side n shows in the test pictures:
// about a third of the cells hold a digit (10 to 16 as the letters A to
// G, as sudoku render draws them).
func (s sizedGrid) symbol(i int) string {
	if (i*7+i/s.n)%3 != 0 {
		return ""
	}
	d := 1 + (i*5+i/s.n)%s.n
	if d > 9 {
		return string(rune('A' + d - 10))
	}
	return strconv.Itoa(d)
}

// gridPage draws the grid s, cells of cell pixels, on a page of paper
// with margin pixels around it, and returns the page.
func gridPage(t testing.TB, s sizedGrid, cell, margin int, symbol func(int) string) *image.Gray {
	side := s.n*cell + 2*margin
	page := image.NewGray(image.Rect(0, 0, side, side))
	draw.Draw(page, page.Bounds(), image.NewUniform(color.Gray{240}), image.Point{}, draw.Src)
	drawSizedGrid(page, margin, margin, cell, s, symbol, synthFace(t, goregular.TTF, float64(cell)*0.6))
	return page
}

// drawSizedGrid draws the grid s whose outer line centres are at x0, y0
// and x0+n*cell, y0+n*cell, with symbol(i) in cell i ("" for none).
func drawSizedGrid(dst *image.Gray, x0, y0, cell int, s sizedGrid, symbol func(int) string, face font.Face) {
	thin, thick := max(1, cell/30), max(2, cell/12)
	col := image.NewUniform(color.Gray{20})
	line := func(k, box int) int {
		if k%box == 0 {
			return thick
		}
		return thin
	}
	for k := range s.n + 1 {
		p := k * cell
		wv, wh := line(k, s.bw), line(k, s.bh)
		draw.Draw(dst, image.Rect(x0+p-wv/2, y0-thick/2, x0+p-wv/2+wv, y0+s.n*cell+thick-thick/2), col, image.Point{}, draw.Src)
		draw.Draw(dst, image.Rect(x0-thick/2, y0+p-wh/2, x0+s.n*cell+thick-thick/2, y0+p-wh/2+wh), col, image.Point{}, draw.Src)
	}
	for i := range s.n * s.n {
		sym := symbol(i)
		if sym == "" {
			continue
		}
		b, _ := font.BoundString(face, sym)
		gw, gh := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
		cx, cy := x0+(i%s.n)*cell+cell/2, y0+(i/s.n)*cell+cell/2
		dr := font.Drawer{Dst: dst, Src: col, Face: face,
			Dot: fixed.P(cx-gw/2-b.Min.X.Floor(), cy-gh/2-b.Min.Y.Floor())}
		dr.DrawString(sym)
	}
}

// crop is the part r of g, as a picture of its own.
func crop(g *image.Gray, r image.Rectangle) *image.Gray {
	out := image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Rect, g, r.Min, draw.Src)
	return out
}

// TestLookAroundSizes checks that the lines around the grid found in a
// picture of a 4x4, 6x6 or 16x16 grid say its size, and those of a 9x9
// grid none, whatever the cells' size and the margin around the grid.
func TestLookAroundSizes(t *testing.T) {
	for _, s := range gridShapes {
		for _, cell := range []int{36, 60} {
			for _, margin := range []int{4, 40} {
				page := gridPage(t, s, cell*9/s.n+cell/3, margin, s.symbol)
				det, err := Detect(page)
				if err != nil {
					t.Errorf("%dx%d grid, cells of %d, margin %d: %v", s.n, s.n, cell, margin, err)
					continue
				}
				around := det.around()
				want := s.n
				if s.n == 9 {
					want = 0
				}
				if got := around.side(); got != want {
					t.Errorf("%dx%d grid, cells of %d, margin %d: side %d, want %d (runs %+v)", s.n, s.n, cell, margin, got, want, around.runs)
				}
				if edge, cropped := around.cut(); cropped {
					t.Errorf("%dx%d grid, cells of %d, margin %d: taken for cropped (edge %q)", s.n, s.n, cell, margin, edge)
				}
			}
		}
	}
}

// TestLookAroundCropped checks that a 9x9 grid the picture's edge cuts,
// on any side and at any depth, is found cropped (or not found at all),
// and never taken for a grid of another size.
func TestLookAroundCropped(t *testing.T) {
	s := sizedGrid{9, 3, 3}
	const cell, margin = 60, 24
	page := gridPage(t, s, cell, margin, s.symbol)
	side := page.Rect.Dx()
	found := 0
	for _, keep := range []float64{0.45, 0.6, 0.75, 0.85} {
		k := int(keep * float64(side))
		for name, r := range map[string]image.Rectangle{
			"left part":   image.Rect(0, 0, k, side),
			"right part":  image.Rect(side-k, 0, side, side),
			"top part":    image.Rect(0, 0, side, k),
			"bottom part": image.Rect(0, side-k, side, side),
		} {
			det, err := Detect(crop(page, r))
			if err != nil {
				t.Logf("%s, %.2f of the picture: %v", name, keep, err)
				continue
			}
			found++
			around := det.around()
			if _, cropped := around.cut(); !cropped {
				t.Errorf("%s, %.2f of the picture: not taken for cropped (runs %+v) quad %v", name, keep, around.runs, det.quad)
			}
			if n := around.side(); n != 0 {
				t.Errorf("%s, %.2f of the picture: taken for a %dx%d grid", name, keep, n, n)
			}
		}
	}
	if found < 8 {
		t.Errorf("a grid found in %d crops of 16, want 8 at least", found)
	}
}

// TestOtherGrids checks that two puzzles side by side or one above the
// other are found as two grids, and that a smaller solution grid beside
// a puzzle is not counted.
func TestOtherGrids(t *testing.T) {
	s := sizedGrid{9, 3, 3}
	const cell, margin, gap = 40, 20, 50
	one := gridPage(t, s, cell, margin, s.symbol)
	w := one.Rect.Dx()
	for _, tc := range []struct {
		name   string
		at     []image.Point // where copies of one go
		small  bool          // a grid of half the size beside it
		others int
	}{
		{"one grid", []image.Point{{0, 0}}, false, 0},
		{"side by side", []image.Point{{0, 0}, {w + gap, 0}}, false, 1},
		{"one above the other", []image.Point{{0, 0}, {0, w + gap}}, false, 1},
		{"a solution grid beside", []image.Point{{0, 0}}, true, 0},
	} {
		var bounds image.Rectangle
		for _, p := range tc.at {
			bounds = bounds.Union(one.Rect.Add(p))
		}
		if tc.small {
			bounds.Max.X += w / 2
		}
		page := image.NewGray(bounds)
		draw.Draw(page, bounds, image.NewUniform(color.Gray{240}), image.Point{}, draw.Src)
		for _, p := range tc.at {
			draw.Draw(page, one.Rect.Add(p), one, image.Point{}, draw.Src)
		}
		if tc.small {
			drawSizedGrid(page, w, margin, cell/3, s, s.symbol, synthFace(t, goregular.TTF, float64(cell)/5))
		}
		det, err := Detect(page)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(det.Others) != tc.others {
			t.Errorf("%s: %d other grids found, want %d (%v)", tc.name, len(det.Others), tc.others, det.Others)
		}
	}
}
