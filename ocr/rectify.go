package ocr

import (
	"image"
	"image/draw"
	"math"
)

// Stage "rectify" (rectify.go, rectify_colour.go, rectify_light.go):
// RectifyGrid takes the picture, its gray levels (ToGray) and the grid's
// corners in reading order to a Rectified grid, GridSize pixels square,
// dark ink on light paper: Rectify warps the gray levels, a grid of light
// print is read from its negative, paper has the light falling on it
// divided out (evenLight) and a picture in colour is measured by colour
// distance (colourContrast). Tested in rectify_test.go, polarity_test.go
// and rectify_light_test.go.

// Rectified is the outcome of the rectify stage: a picture's grid brought
// square, what the cut stage ([Cut]) takes.
type Rectified struct {
	// Corners are the grid's corners in the picture, in reading order
	// (the puzzle's top-left first).
	Corners Quad
	// Img is the grid, GridSize x GridSize pixels, its outer border
	// along the image's edge: dark ink on light paper whatever the
	// picture's own (a negative, or colour distances; see Inverted).
	Img *image.Gray
	// Inverted is true when the grid is light print on a dark board,
	// read from its negative.
	Inverted bool
	// Light is the grid's gray levels with the light falling on the
	// paper divided out (evenLight), before any colour distances: a
	// shadow lifted already is not taken for one by the recognizer
	// ([shade]), a shadow too deep to lift all the way is. Nil for a
	// grid read from its negative (a screen, evenly lit).
	Light *image.Gray
}

// RectifyGrid rectifies the grid whose corners are q (in reading order) in
// the picture img, whose gray levels are g (ToGray(img)). A grid of light
// print on a dark board (a dark-mode screen) is read from its negative,
// and a picture in colour by each pixel's distance in colour from its
// cell's background (see colourContrast).
func RectifyGrid(img image.Image, g *image.Gray, q Quad) Rectified {
	return finishGrid(img, q, Rectify(g, q, GridSize))
}

// finishGrid is RectifyGrid for the grid whose corners are q in img, its
// gray levels already warped onto the square: warped (Rectify's output).
func finishGrid(img image.Image, q Quad, warped *image.Gray) Rectified {
	r := Rectified{Corners: q, Img: warped}
	r.Inverted = lightOnDark(r.Img)
	var light []float32
	if !r.Inverted {
		// Paper: the light falling on it divided out (rectify_light.go),
		// in Light too, so that no cell is taken to lie in a shadow
		// twice.
		light = lightField(warped)
		r.Img = evenLight(warped, light)
		r.Light = r.Img
	}
	if c := colourContrast(img, q, GridSize, r.Inverted, light); c != nil {
		r.Img = c
	} else if r.Inverted {
		r.Img = invert(r.Img)
	}
	return r
}

// Rectify warps the quadrilateral q of img (top-left, top-right,
// bottom-right, bottom-left) onto a size x size grayscale square with
// bilinear interpolation, averaging several samples per pixel when the grid
// is larger in the photo than the square. Points of the square that map outside img take the
// nearest edge pixel, so a grid touching the frame edge still rectifies.
func Rectify(img image.Image, q Quad, size int) *image.Gray {
	g := ToGray(img)
	out := image.NewGray(image.Rect(0, 0, size, size))
	if size <= 0 {
		return out
	}
	h, ok := squareToQuad(q)
	if !ok {
		return out
	}
	b := g.Bounds()
	w, ht := b.Dx(), b.Dy()
	if w == 0 || ht == 0 {
		return out
	}
	// Shrinking a sharp photo by point sampling aliases thin strokes:
	// average ss x ss samples per pixel when the grid is larger in the
	// photo than in the square.
	side := q.longestSide()
	ss := int(max(1, min(maxSamples, math.Round(side/float64(size)))))
	inv := 1 / float64(size*ss)
	eachRow(size, func(y int) {
		row := out.Pix[y*out.Stride : y*out.Stride+size]
		for x := range size {
			sum := 0
			for sy := range ss {
				v := centre(y*ss+sy) * inv
				for sx := range ss {
					u := centre(x*ss+sx) * inv
					px, py := h.apply(u, v)
					sum += int(grayAt(g, px, py))
				}
			}
			row[x] = uint8((sum + ss*ss/2) / (ss * ss))
		}
	})
	return out
}

// rectifyBands is how many bands of rows eachRow hands out side by side.
const rectifyBands = 8

// eachRow calls f(y) for every row y of a size x size square, the rows in
// rectifyBands bands side by side on the machine's cores (eachAtOnce): the
// warps into the square (Rectify, colourContrast) compute each pixel from
// the picture alone, so it comes out the same whichever band it is in.
func eachRow(size int, f func(y int)) {
	bands := min(size, rectifyBands)
	eachAtOnce(bands, func(band int) {
		for y := band * size / bands; y < (band+1)*size/bands; y++ {
			f(y)
		}
	})
}

// homography is a 3x3 projective transform, row-major, mapping (u, v) to
// ((m0 u + m1 v + m2) / w, (m3 u + m4 v + m5) / w) with w = m6 u + m7 v + m8.
type homography [9]float64

// apply maps (u, v) through h.
func (h *homography) apply(u, v float64) (float64, float64) {
	w := h[6]*u + h[7]*v + h[8]
	if w == 0 {
		return math.NaN(), math.NaN()
	}
	return (h[0]*u + h[1]*v + h[2]) / w, (h[3]*u + h[4]*v + h[5]) / w
}

// hProducts are h's products by u of a column of points (h.byU) or by v
// of a row (h.byV), made once for applyRow: a struct, not an array, so
// that the compiler keeps them in registers.
type hProducts struct{ x, y, w float64 }

// byU returns h's products by u: h[0]*u, h[3]*u and h[6]*u.
func (h *homography) byU(u float64) hProducts {
	return hProducts{h[0] * u, h[3] * u, h[6] * u}
}

// byV returns h's products by v: h[1]*v, h[4]*v and h[7]*v.
func (h *homography) byV(v float64) hProducts {
	return hProducts{h[1] * v, h[4] * v, h[7] * v}
}

// applyRow is h.apply of the point whose products by u are hu (h.byU(u))
// and by v vh (h.byV(v)): the same sums in the same order, so the same
// point bit for bit, with the products made once a column and once a row.
func (h *homography) applyRow(hu, vh hProducts) (float64, float64) {
	w := hu.w + vh.w + h[8]
	if w == 0 {
		return math.NaN(), math.NaN()
	}
	return (hu.x + vh.x + h[2]) / w, (hu.y + vh.y + h[5]) / w
}

// degenerate is the determinant below which a homography is taken for
// one that flattens the square (a quadrilateral with three corners in
// line).
const degenerate = 1e-12

// squareToQuad returns the homography taking the unit square's corners
// (0,0), (1,0), (1,1), (0,1) to q's corners in order. It reports false for a
// degenerate quadrilateral.
func squareToQuad(q Quad) (homography, bool) {
	x0, y0 := q[0].X, q[0].Y
	x1, y1 := q[1].X, q[1].Y
	x2, y2 := q[2].X, q[2].Y
	x3, y3 := q[3].X, q[3].Y
	dx1, dy1 := x1-x2, y1-y2
	dx2, dy2 := x3-x2, y3-y2
	dx3, dy3 := x0-x1+x2-x3, y0-y1+y2-y3
	den := dx1*dy2 - dx2*dy1
	if den == 0 || math.IsNaN(den) || math.IsInf(den, 0) {
		return homography{}, false
	}
	g := (dx3*dy2 - dx2*dy3) / den
	hh := (dx1*dy3 - dx3*dy1) / den
	m := homography{
		x1 - x0 + g*x1, x3 - x0 + hh*x3, x0,
		y1 - y0 + g*y1, y3 - y0 + hh*y3, y0,
		g, hh, 1,
	}
	det := m.det()
	if math.Abs(det) < degenerate || math.IsNaN(det) {
		return homography{}, false
	}
	return m, true
}

func (h *homography) det() float64 {
	return h[0]*(h[4]*h[8]-h[5]*h[7]) - h[1]*(h[3]*h[8]-h[5]*h[6]) + h[2]*(h[3]*h[7]-h[4]*h[6])
}

// inverse returns the inverse transform of h.
func (h *homography) inverse() (homography, bool) {
	d := h.det()
	if d == 0 || math.IsNaN(d) {
		return homography{}, false
	}
	m := homography{
		h[4]*h[8] - h[5]*h[7], h[2]*h[7] - h[1]*h[8], h[1]*h[5] - h[2]*h[4],
		h[5]*h[6] - h[3]*h[8], h[0]*h[8] - h[2]*h[6], h[2]*h[3] - h[0]*h[5],
		h[3]*h[7] - h[4]*h[6], h[1]*h[6] - h[0]*h[7], h[0]*h[4] - h[1]*h[3],
	}
	for i := range m {
		m[i] /= d
	}
	return m, true
}

// maxSamples is the most samples each way Rectify averages per pixel of
// the square (7521a0d: thin strokes of a large photo no longer alias).
const maxSamples = 3

// grayAt samples g bilinearly at the point x, y of the picture (pixel i
// spanning i to i+1), clamped at its edges.
func grayAt(g *image.Gray, x, y float64) uint8 {
	b := g.Bounds()
	return bilinear(g, pixelPos(x, b.Min.X), pixelPos(y, b.Min.Y), b.Dx(), b.Dy())
}

// bilinear samples g (origin-relative coordinates, pixel centres at
// integers) with clamping at the edges.
func bilinear(g *image.Gray, x, y float64, w, h int) uint8 {
	if math.IsNaN(x) || math.IsNaN(y) {
		return 255
	}
	x = max(0, min(x, float64(w-1)))
	y = max(0, min(y, float64(h-1)))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
	fx, fy := x-float64(x0), y-float64(y0)
	p := g.Pix
	s := g.Stride
	a := float64(p[y0*s+x0])*(1-fx) + float64(p[y0*s+x1])*fx
	c := float64(p[y1*s+x0])*(1-fx) + float64(p[y1*s+x1])*fx
	return uint8(a*(1-fy) + c*fy + 0.5)
}

// ToGray returns img as *image.Gray, converting when needed. A *image.Gray
// is returned as is (not copied), and so is the luma plane of a
// *image.YCbCr whose bounds start at the origin (a decoded JPEG photo):
// the gray levels share its pixels, so neither may be changed.
func ToGray(img image.Image) *image.Gray {
	if g, ok := img.(*image.Gray); ok {
		return g
	}
	b := img.Bounds()
	if src, ok := img.(*image.YCbCr); ok && b.Min == (image.Point{}) && !b.Empty() {
		return &image.Gray{Pix: src.Y[:src.YOffset(b.Max.X-1, b.Max.Y-1)+1], Stride: src.YStride, Rect: b}
	}
	g := image.NewGray(b)
	switch src := img.(type) {
	case *image.YCbCr:
		// The luma plane is the gray image (what JPEG photos decode to).
		for y := b.Min.Y; y < b.Max.Y; y++ {
			yo := src.YOffset(b.Min.X, y)
			copy(g.Pix[(y-b.Min.Y)*g.Stride:(y-b.Min.Y)*g.Stride+b.Dx()], src.Y[yo:yo+b.Dx()])
		}
	default:
		// Composite over white paper: transparent parts of a PNG or GIF
		// (a screenshot's background) must not turn black.
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		draw.Draw(g, b, img, b.Min, draw.Over)
	}
	return g
}

// invert returns the negative of g: light ink on dark paper (a dark-mode
// screenshot) becomes dark ink on light paper.
func invert(g *image.Gray) *image.Gray {
	out := image.NewGray(g.Rect)
	for y := range g.Rect.Dy() {
		src := g.Pix[y*g.Stride : y*g.Stride+g.Rect.Dx()]
		dst := out.Pix[y*out.Stride : y*out.Stride+g.Rect.Dx()]
		for x, p := range src {
			dst[x] = 255 - p
		}
	}
	return out
}

// turnSquare returns a copy of the square picture g (n x n pixels from
// the origin, as [Rectify] makes them) turned clockwise by turns quarter
// turns: what Rectify gives for the quadrilateral's corners reordered by
// turnQuad, without warping the picture again (the warp's sample points
// are the pixels' centres and their sub-samples, which a quarter turn of
// the square maps onto one another).
func turnSquare(g *image.Gray, turns int) *image.Gray {
	turns = (turns%4 + 4) % 4
	n := g.Rect.Dx()
	out := image.NewGray(image.Rect(0, 0, n, n))
	at := func(x, y int) uint8 { return g.Pix[y*g.Stride+x] }
	for y := range n {
		row := out.Pix[y*out.Stride : y*out.Stride+n]
		for x := range row {
			switch turns {
			case 0:
				row[x] = at(x, y)
			case 1: // the stored bottom-left corner comes to the top left
				row[x] = at(y, n-1-x)
			case 2:
				row[x] = at(n-1-x, n-1-y)
			case 3:
				row[x] = at(n-1-y, x)
			}
		}
	}
	return out
}
