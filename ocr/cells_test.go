package ocr

import (
	"image"
	"image/color"
	"math"
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

func TestRectifyIdentity(t *testing.T) {
	src := drawGrid(90, 2)
	out := Rectify(src, Quad{{0, 0}, {90, 0}, {90, 90}, {0, 90}}, 90)
	diff := 0
	for i := range src.Pix {
		if d := int(src.Pix[i]) - int(out.Pix[i]); d > 2 || d < -2 {
			diff++
		}
	}
	if diff != 0 {
		t.Fatalf("identity rectification changed %d pixels", diff)
	}
}

func TestHomographyMapsCorners(t *testing.T) {
	q := Quad{{10, 20}, {300, 5}, {320, 280}, {-5, 260}}
	h, ok := squareToQuad(q)
	if !ok {
		t.Fatal("squareToQuad failed")
	}
	for i, uv := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		x, y := h.apply(uv[0], uv[1])
		if math.Abs(x-q[i].X) > 1e-9 || math.Abs(y-q[i].Y) > 1e-9 {
			t.Errorf("corner %d: got (%g,%g), want %v", i, x, y, q[i])
		}
	}
	inv, ok := h.inverse()
	if !ok {
		t.Fatal("inverse failed")
	}
	u, v := inv.apply(q[2].X, q[2].Y)
	if math.Abs(u-1) > 1e-9 || math.Abs(v-1) > 1e-9 {
		t.Errorf("inverse of corner 2: got (%g,%g), want (1,1)", u, v)
	}
	if _, ok := squareToQuad(Quad{{0, 0}, {1, 1}, {2, 2}, {3, 3}}); ok {
		t.Error("degenerate quad accepted")
	}
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
