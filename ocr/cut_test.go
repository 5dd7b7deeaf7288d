package ocr

import (
	"image"
	"image/color"
	"testing"
)

// drawGrid paints an n x n grid image: white paper, black lines of width lw.
func drawGrid(n, lw int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, n, n))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for k := range 10 {
		p := k * (n - lw) / 9
		for t := range lw {
			for i := range n {
				g.SetGray(p+t, i, color.Gray{0})
				g.SetGray(i, p+t, color.Gray{0})
			}
		}
	}
	return g
}

func TestCutCellsFindsLines(t *testing.T) {
	g := drawGrid(450, 3)
	c := CutCells(g)
	if c.Size != 450 || c.Img != g {
		t.Fatalf("Size %d, Img reused %v", c.Size, c.Img == g)
	}
	for i, r := range c.Rects {
		if r.Dx() < 35 || r.Dy() < 35 {
			t.Fatalf("cell %d box %v too small", i, r)
		}
		// No grid-line pixel may remain inside any box.
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if g.GrayAt(x, y).Y < 128 {
					t.Fatalf("cell %d box %v contains line pixel (%d,%d)", i, r, x, y)
				}
			}
		}
	}
}

// TestCutCellsFindsBorderInside: a grid found a little too large has its
// border inside the rectified square; the outer cells are cut from the
// border, not from the square's edge, so they hold no piece of it.
func TestCutCellsFindsBorderInside(t *testing.T) {
	const size, in = 450, 12 // the border 12 pixels (a quarter cell) inside
	g := image.NewGray(image.Rect(0, 0, size, size))
	for i := range g.Pix {
		g.Pix[i] = 235
	}
	inner := drawGrid(size-2*in, 3)
	for y := range size - 2*in {
		copy(g.Pix[(y+in)*g.Stride+in:], inner.Pix[y*inner.Stride:y*inner.Stride+size-2*in])
	}
	c := CutCells(g)
	for _, i := range []int{0, 8, 72, 80} {
		r := c.Rects[i]
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				// The grid as it was, before the line remains were
				// painted out.
				if c.Raw.GrayAt(x, y).Y < 128 {
					t.Fatalf("corner cell %d box %v holds a piece of the border at (%d,%d)", i, r, x, y)
				}
			}
		}
	}
}

// TestCutCellsKeepsStemsNearTheEdge: an app's faint lines, with dark
// strokes of digits near the right edge in several cells of the last
// column (the stems of 1s typed in colour). Summed over the grid, and in
// the median band, the strokes can outweigh the border; they are not a
// border, missing from some bands, so the last column is cut at the
// grid's edge and the strokes stay (a 1 vanished twice as a remnant of
// the border):
//   - a faint border at the edge, strokes in four cells;
//   - the square ending just inside the border, so that no border shows,
//     strokes in seven cells;
//   - a faint border, strokes in all nine cells: there in every band,
//     they are still not a line, broken between the digits (steadyLine).
func TestCutCellsKeepsStemsNearTheEdge(t *testing.T) {
	const size = 450
	for _, tc := range []struct {
		name   string
		border bool // the right border in the square
		stem   int  // where the strokes are
		rows   []int
	}{
		{"a faint border", true, 436, []int{1, 3, 5, 7}},
		{"no border in sight", false, 434, []int{0, 1, 2, 3, 5, 6, 8}},
		{"strokes in every cell", true, 434, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := image.NewGray(image.Rect(0, 0, size, size))
			for i := range g.Pix {
				g.Pix[i] = 255
			}
			for k := range 10 { // faint lines, 2 pixels wide
				if k == 9 && !tc.border {
					continue
				}
				p := min(k*size/9, size-2)
				for d := range 2 {
					for i := range size {
						g.SetGray(p+d, i, color.Gray{215})
						g.SetGray(i, p+d, color.Gray{215})
					}
				}
			}
			for _, r := range tc.rows {
				for y := r*50 + 8; y < r*50+42; y++ {
					for x := tc.stem; x < tc.stem+4; x++ {
						g.SetGray(x, y, color.Gray{60})
					}
				}
			}
			c := CutCells(g)
			for _, r := range tc.rows {
				if box := c.Rects[r*9+8]; box.Max.X <= tc.stem+4 {
					t.Errorf("r%dc9 cut at x=%d, before the edge: the strokes at x=%d taken for the border", r+1, box.Max.X, tc.stem)
				}
				if v := c.Img.GrayAt(tc.stem+1, r*50+25).Y; v > 100 {
					t.Errorf("r%dc9: the stroke was painted out (shade %d)", r+1, v)
				}
			}
		})
	}
}

// TestCutCellsFaintLinesBesideRowsOfDigits: an app's faint inner lines
// (one pixel, light gray) with every cell holding a dark digit whose top
// bar and foot lie a fifth of a cell from the lines. Summed over the grid,
// a row of bars is darker than the faint line beside it, and stands out
// from the cell; it is dark only where the digits are, the line along its
// whole length, so the cut keeps every line where it is (it took the bars
// for the lines, boxes 0.2 cell off, in half the grids of the apps with
// faint lines).
func TestCutCellsFaintLinesBesideRowsOfDigits(t *testing.T) {
	const size, cell = 450, 50
	g := image.NewGray(image.Rect(0, 0, size, size))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for k := range 10 {
		p := min(k*cell, size-1)
		for i := range size {
			g.SetGray(p, i, color.Gray{220})
			g.SetGray(i, p, color.Gray{220})
		}
	}
	paint := func(x0, y0, x1, y1 int) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				g.SetGray(x, y, color.Gray{30})
			}
		}
	}
	for r := range 9 {
		for c := range 9 {
			x, y := c*cell, r*cell
			paint(x+15, y+10, x+36, y+14) // the top bar
			paint(x+23, y+14, x+27, y+36) // the stem
			paint(x+15, y+36, x+36, y+40) // the foot
		}
	}
	c := CutCells(g)
	for b := range 9 {
		for k := 1; k < 9; k++ {
			if y := c.lines.H[b][k]; abs(y-k*cell) > cell/10 {
				t.Errorf("horizontal line %d across column %d cut at y=%d, not at the line's %d", k, b+1, y, k*cell)
			}
			if x := c.lines.V[b][k]; abs(x-k*cell) > cell/10 {
				t.Errorf("vertical line %d across row %d cut at x=%d, not at the line's %d", k, b+1, x, k*cell)
			}
		}
	}
}
