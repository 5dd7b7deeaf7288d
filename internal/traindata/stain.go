package traindata

import (
	"image"
	"math"
	"math/rand/v2"
)

// LookStained is [LookNewspaper] with one to three stains on the page: a
// coffee ring or a drop of water or dirt, soft-edged and see-through,
// brown or grey, lying over empty cells and printed digits alike. A stain
// is never a digit: the truth is the newspaper's. It is never trained on
// as a whole picture, and drawn only when asked for; the classifier's
// synthetic cells carry stains of their own ([Synth.Cell]).
const LookStained = "stained"

// stain is a blot on paper: the share of light it takes away at a point,
// per colour channel, is its opacity times its shape's weight there times
// the channel's tint (coffee takes more blue than red; dirt all alike).
type stain struct {
	// blobs are overlapping discs (x, y, radius) whose union is the
	// stain's shape, in the units of the picture it lies on.
	blobs [][3]float64
	// edge is the width of the soft edge, a share of a blob's radius.
	edge float64
	// rim is how much darker a coffee ring's edge is than its inside.
	rim     float64
	opacity float64
	tint    [3]float64
}

// newStain draws a stain centred near (cx, cy) of about radius r.
func newStain(rng *rand.Rand, cx, cy, r float64) stain {
	st := stain{
		edge:    0.15 + 0.45*rng.Float64(),
		opacity: 0.1 + 0.35*rng.Float64(),
		tint:    [3]float64{1, 1, 1},
	}
	if rng.IntN(3) > 0 { // coffee or tea: browner
		st.tint = [3]float64{0.45 + 0.25*rng.Float64(), 0.7 + 0.15*rng.Float64(), 1}
	}
	if rng.IntN(3) == 0 {
		st.rim = 0.3 + 0.7*rng.Float64()
	}
	for range 1 + rng.IntN(3) {
		a := rng.Float64() * 2 * math.Pi
		d := r * 0.45 * rng.Float64()
		st.blobs = append(st.blobs, [3]float64{cx + d*math.Cos(a), cy + d*math.Sin(a), r * (0.5 + 0.5*rng.Float64())})
	}
	return st
}

// weight returns how much of the stain lies at (x, y): 1 well inside, 0
// outside, smooth across its edge, a little more on a ring's rim.
func (st stain) weight(x, y float64) float64 {
	w := 0.0
	for _, b := range st.blobs {
		d := math.Hypot(x-b[0], y-b[1]) / b[2] // 1 at the blob's edge
		in := min(max((1-d)/st.edge+0.5, 0), 1)
		in = in * in * (3 - 2*in) // smoothstep
		if st.rim > 0 {
			// The ring darkest, the inside lighter.
			in *= (1 + st.rim*math.Exp(-sq((d-1+st.edge/2)/(st.edge/2+0.05)))) / (1 + st.rim)
		}
		w = max(w, in)
	}
	return w
}

func sq(v float64) float64 { return v * v }

// bounds returns the box of pixels the stain may touch.
func (st stain) bounds() image.Rectangle {
	var r image.Rectangle
	for _, b := range st.blobs {
		m := b[2] * (1 + st.edge)
		r = r.Union(image.Rect(int(b[0]-m)-1, int(b[1]-m)-1, int(b[0]+m)+2, int(b[1]+m)+2))
	}
	return r
}

// onRGBA lays the stain over a colour picture.
func (st stain) onRGBA(img *image.RGBA) {
	r := st.bounds().Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			w := st.weight(float64(x)+0.5, float64(y)+0.5) * st.opacity
			if w <= 0 {
				continue
			}
			o := img.PixOffset(x, y)
			for c := range 3 {
				img.Pix[o+c] = clamp8(float64(img.Pix[o+c]) * (1 - min(w*st.tint[c], 0.9)))
			}
		}
	}
}

// onCanvas lays the stain over a gray canvas, seen through the tint's
// mean (a camera's gray).
func (st stain) onCanvas(c *canvas) {
	k := st.grayTint() * st.opacity
	r := st.bounds().Intersect(image.Rect(0, 0, canvasPx, canvasPx))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if w := st.weight(float64(x)+0.5, float64(y)+0.5) * k; w > 0 {
				c.pix[y*canvasPx+x] *= float32(1 - min(w, 0.9))
			}
		}
	}
}

// stainCell lays, one time in eight, a stain over the cell being drawn
// on c, from the renderer's own stream of stains so that the cells
// drawn without one stay as they were. It reports whether it did. A
// stain is lighter than print: it darkens the paper by an eighth to a
// little over half of the print's contrast (paper minus gridInk).
func (s *Synth) stainCell(c *canvas, paper, gridInk float32) bool {
	r := s.stains
	if r.IntN(8) != 0 {
		return false
	}
	cx := cellPx * (0.5 + 2*r.Float64())
	cy := cellPx * (0.5 + 2*r.Float64())
	st := newStain(r, cx, cy, cellPx*(0.3+0.7*r.Float64()))
	dark := float64(paper-gridInk) * (0.12 + 0.43*r.Float64())
	st.opacity = dark / float64(paper) / st.grayTint()
	st.onCanvas(c)
	return true
}

// grayTint is the share of the stain's opacity a camera's gray sees.
func (st stain) grayTint() float64 {
	return 0.3*st.tint[0] + 0.59*st.tint[1] + 0.11*st.tint[2]
}

// stainBoard lays one to three stains over a board of n pixels a side,
// each about one to two cells across.
func (s *Synth) stainBoard(board *image.RGBA, n int) {
	r := s.rng
	cell := float64(n) / 9
	for range 1 + r.IntN(3) {
		newStain(r, float64(n)*r.Float64(), float64(n)*r.Float64(), cell*(0.4+0.6*r.Float64())).onRGBA(board)
	}
}
