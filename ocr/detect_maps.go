package ocr

import "image"

// The maps of a picture the detect stage looks for grid lines in, and the
// binary images they are.

// lineMap is one way of marking the pixels of a picture that may belong
// to grid lines.
type lineMap struct {
	name string
	make func(*image.Gray) *binImg
}

// The threshold of the "dark ink" map (710f6c1, the first grid finder;
// no measurement recorded): a pixel darker than darkInkRatio times the
// mean of a window of a darkInkWindow-th of the picture's shorter side
// (5 pixels at least) each way, and at least darkInkDiff gray levels
// below it.
const (
	darkInkWindow = 40
	darkInkRatio  = 0.90
	darkInkDiff   = 4
)

// lineMaps are the maps Detect looks for grid lines in, in order: ink
// darker than its neighbourhood (most printed grids, bold lines and
// borders), thin dark lines at three widths (faint or thin lines, and
// grids whose threshold merges with shadows, pen or the page around), and
// thin light lines (a dark board).
var lineMaps = []lineMap{
	{"dark ink", func(g *image.Gray) *binImg {
		return adaptiveThreshold(g, max(5, min(g.Rect.Dx(), g.Rect.Dy())/darkInkWindow), darkInkRatio, darkInkDiff)
	}},
	{"dark lines, 3 px", func(g *image.Gray) *binImg { return ridges(g, 3, ridgeContrast, false) }},
	{"dark lines, 5 px", func(g *image.Gray) *binImg { return ridges(g, 5, ridgeContrast, false) }},
	{"dark lines, 2 px", func(g *image.Gray) *binImg { return ridges(g, 2, ridgeContrast, false) }},
	{"light lines, 3 px", func(g *image.Gray) *binImg { return ridges(g, 3, ridgeContrast, true) }},
	{"light lines, 5 px", func(g *image.Gray) *binImg { return ridges(g, 5, ridgeContrast, true) }},
	{"light lines, 2 px", func(g *image.Gray) *binImg { return ridges(g, 2, ridgeContrast, true) }},
}

// ridgeContrast is how much darker (or lighter) than the paper on both
// sides a pixel must be to count as part of a thin line, in gray levels.
const ridgeContrast = 6

// ridges marks the pixels of thin lines: darker (light: lighter) by more
// than t than the pixels r and r+1 away on both sides, across or along.
// Unlike a threshold, it ignores large dark areas (a dark page around a
// light board, a photo's shadow) and keeps faint lines that are thin.
func ridges(g *image.Gray, r, t int, light bool) *binImg {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := &binImg{w: w, h: h, pix: make([]uint8, w*h)}
	if w == 0 || h == 0 {
		return out
	}
	// The sums of two pixels on a side less twice the pixel, the paper
	// brighter (negated for light lines) than a line.
	sign := int32(1)
	if light {
		sign = -1
	}
	t2 := int32(2 * t)
	stands := func(a, b, c, d uint8, p int32) bool {
		return sign*(int32(a)+int32(b))-p > t2 && sign*(int32(c)+int32(d))-p > t2
	}
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		at := func(dy int) []uint8 { yy := min(max(y+dy, 0), h-1); return g.Pix[yy*g.Stride : yy*g.Stride+w] }
		ra, rb, rc, rd := at(-r-1), at(-r), at(r), at(r+1)
		o := out.pix[y*w : y*w+w]
		for x := range w {
			p2 := 2 * sign * int32(row[x])
			var across bool
			if x-r-1 >= 0 && x+r+1 < w {
				across = stands(row[x-r], row[x-r-1], row[x+r], row[x+r+1], p2)
			} else {
				across = stands(row[min(max(x-r, 0), w-1)], row[min(max(x-r-1, 0), w-1)], row[min(x+r, w-1)], row[min(x+r+1, w-1)], p2)
			}
			if across || stands(rb[x], ra[x], rc[x], rd[x], p2) {
				o[x] = 1
			}
		}
	}
	return out
}

// binImg is a binary image: true (1) for ink.
type binImg struct {
	w, h int
	pix  []uint8
	// seen is what Detect has found in the map already (see
	// outlineLooks), made by the first pass over its outlines.
	seen *outlineLooks
}

func (b *binImg) at(x, y int) bool {
	if x < 0 || y < 0 || x >= b.w || y >= b.h {
		return false
	}
	return b.pix[y*b.w+x] != 0
}

// near reports whether any pixel within r of (x, y) (a square of side
// 2r+1) is ink. A view sampled at steps of more than a pixel uses it with
// r half a step, so that it does not skip lines one pixel wide.
func (b *binImg) near(x, y, r int) bool {
	if r <= 0 {
		return b.at(x, y)
	}
	for yy := max(y-r, 0); yy <= min(y+r, b.h-1); yy++ {
		row := b.pix[yy*b.w : yy*b.w+b.w]
		for xx := max(x-r, 0); xx <= min(x+r, b.w-1); xx++ {
			if row[xx] != 0 {
				return true
			}
		}
	}
	return false
}

// sampleRadius is the radius [binImg.near] needs for a view of n pixels
// across quad q: half the step between samples, in whole pixels, rounded
// down, but one at least when the samples are more than a pixel apart.
// With none, a line one pixel wide between two samples 2 pixels apart was
// missed: the faint cell lines of an app's dark board, whose outline was
// then not taken for a grid. A reach of more than half the step fills the
// cells of a photo's map with the specks beside its digits (see
// maxCellFill): rounded up, the outline of a 960x1280 photo's grid
// scored 0 in two maps that had found all its lines.
func sampleRadius(q Quad, n int) int {
	step := q.longestSide() / float64(n)
	if step <= 1 {
		return 0
	}
	return max(1, int(step/2))
}

// shrink scales g down by an integer-free area average so that its longer
// side is at most maxSide, returning the copy and the factor to multiply
// its coordinates by to get g's.
func shrink(g *image.Gray, maxSide int) (*image.Gray, float64) {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	long := max(w, h)
	if long <= maxSide {
		if b.Min == (image.Point{}) {
			return g, 1
		}
		c := image.NewGray(image.Rect(0, 0, w, h))
		for y := range h {
			copy(c.Pix[y*c.Stride:y*c.Stride+w], g.Pix[g.PixOffset(b.Min.X, b.Min.Y+y):])
		}
		return c, 1
	}
	s := float64(long) / float64(maxSide)
	nw, nh := max(1, int(float64(w)/s)), max(1, int(float64(h)/s))
	out := image.NewGray(image.Rect(0, 0, nw, nh))
	sx, sy := float64(w)/float64(nw), float64(h)/float64(nh)
	for y := range nh {
		y0, y1 := int(float64(y)*sy), min(h, max(int(float64(y)*sy)+1, int(float64(y+1)*sy)))
		for x := range nw {
			x0, x1 := int(float64(x)*sx), min(w, max(int(float64(x)*sx)+1, int(float64(x+1)*sx)))
			sum, n := 0, 0
			for yy := y0; yy < y1; yy++ {
				row := g.Pix[g.PixOffset(b.Min.X, b.Min.Y+yy):]
				for xx := x0; xx < x1; xx++ {
					sum += int(row[xx])
					n++
				}
			}
			out.Pix[y*out.Stride+x] = uint8(sum / n)
		}
	}
	return out, sx
}

// adaptiveThreshold marks as ink every pixel darker than ratio times the
// mean of its (2r+1)^2 neighbourhood and at least minDiff below it.
func adaptiveThreshold(g *image.Gray, r int, ratio float64, minDiff int) *binImg {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := &binImg{w: w, h: h, pix: make([]uint8, w*h)}
	windowSums(g, r, func(y, y0, y1 int, sums []int64) {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, p := range row {
			x0, x1 := max(0, x-r), min(w, x+r+1)
			n := int64((y1 - y0) * (x1 - x0))
			mean := float64(sums[x]) / float64(n)
			if float64(p) < mean*ratio && float64(p) < mean-float64(minDiff) {
				out.pix[y*w+x] = 1
			}
		}
	})
	return out
}

// windowSums calls row for each row y of g, top to bottom, with sums[x]
// the sum of g's pixels in the square of side 2r+1 around (x, y), clipped
// to the picture: rows y0 to y1-1 (max(0, y-r) to min(h, y+r+1)-1) and
// columns max(0, x-r) to min(w, x+r+1)-1. The sums are those of an
// integral image, made in a column sum per column and a row's prefix sums
// instead of a table of the whole picture. sums is reused from row to row.
func windowSums(g *image.Gray, r int, row func(y, y0, y1 int, sums []int64)) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	cols := make([]int64, w)
	pre := make([]int64, w+1)
	sums := make([]int64, w)
	lo, hi := 0, 0 // the rows summed in cols: lo to hi-1
	for y := range h {
		y0, y1 := max(0, y-r), min(h, y+r+1)
		for ; hi < y1; hi++ {
			for x, p := range g.Pix[hi*g.Stride : hi*g.Stride+w] {
				cols[x] += int64(p)
			}
		}
		for ; lo < y0; lo++ {
			for x, p := range g.Pix[lo*g.Stride : lo*g.Stride+w] {
				cols[x] -= int64(p)
			}
		}
		for x, c := range cols {
			pre[x+1] = pre[x] + c
		}
		for x := range sums {
			sums[x] = pre[min(w, x+r+1)] - pre[max(0, x-r)]
		}
		row(y, y0, y1, sums)
	}
}

// dilate returns b with every ink pixel grown to its 3x3 neighbourhood.
func dilate(b *binImg) *binImg {
	out := &binImg{w: b.w, h: b.h, pix: make([]uint8, len(b.pix))}
	for y := range b.h {
		for x := range b.w {
			if b.pix[y*b.w+x] == 0 {
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx >= 0 && yy >= 0 && xx < b.w && yy < b.h {
						out.pix[yy*b.w+xx] = 1
					}
				}
			}
		}
	}
	return out
}
