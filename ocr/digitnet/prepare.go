package digitnet

import (
	"image"
	"slices"
)

// Side is the side of the network's input in pixels.
const Side = 32

// MarkFill is how much of the box's height a pencil mark fills when it is
// read on its own: the box cut around one mark is a square of the mark's
// height over MarkFill, so that the mark looks like a digit in its cell.
const MarkFill = 0.6

// InputLen is the number of values of one cell's input.
const InputLen = Side * Side

// Levels are a grid's gray levels that cells are measured against.
type Levels struct {
	// Contrast is how much darker than the paper the grid's clear ink
	// (the printed digits, the lines) is, in gray levels.
	Contrast float32
}

// minContrast is the smallest contrast GridLevels returns: a blank grid
// must not turn its paper's noise into ink.
const minContrast = 40

// The levels of the input contract, shared by reading and training (the
// training data is made through Prepare): a cell's paper is its
// paperLevel percentile, its darkest ink its inkLevel percentile, and a
// pixel's darkness is clipped at maxDarkness times the grid's contrast.
// The network was trained on them; changing one means training again.
const (
	paperLevel  = 0.8
	inkLevel    = 0.01
	maxDarkness = 1.25
)

// GridLevels measures the ink contrast of a rectified grid img whose
// cells are rects: the contrast of the clearest cells (paper against the
// darkest ink in the cell; the 90th percentile over the cells), which in a
// Sudoku, with 17 givens at the least, are digits.
func GridLevels(img *image.Gray, rects []image.Rectangle) Levels {
	var cs []float32
	for _, r := range rects {
		r = r.Intersect(img.Rect)
		if r.Empty() {
			continue
		}
		var hist [256]int
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for _, p := range img.Pix[img.PixOffset(r.Min.X, y) : img.PixOffset(r.Min.X, y)+r.Dx()] {
				hist[p]++
			}
		}
		n := r.Dx() * r.Dy()
		cs = append(cs, float32(level(&hist, n, paperLevel)-level(&hist, n, inkLevel)))
	}
	if len(cs) == 0 {
		return Levels{Contrast: minContrast}
	}
	slices.Sort(cs)
	return Levels{Contrast: max(minContrast, cs[len(cs)*9/10])}
}

// level returns the gray level below which a fraction q of the n pixels
// counted in hist lie.
func level(hist *[256]int, n int, q float64) int {
	want, seen := int(q*float64(n)), 0
	for v, c := range hist {
		seen += c
		if seen > want {
			return v
		}
	}
	return 255
}

// Prepare writes the network's input for the cell in box r of the
// rectified grid img into dst (InputLen values, row by row): the box
// resampled to Side x Side pixels by area averaging, each pixel's darkness
// below the cell's own paper (its 80th percentile) over the grid's
// contrast lv, so 0 is paper and 1 ink as dark as the grid's clear digits,
// clipped to [0, 1.25].
func Prepare(img *image.Gray, r image.Rectangle, lv Levels, dst []float32) {
	dst = dst[:InputLen]
	r = r.Intersect(img.Rect)
	if r.Dx() < 2 || r.Dy() < 2 {
		clear(dst)
		return
	}
	paper := Paper(img, r)
	c := max(lv.Contrast, minContrast)
	sx := float32(r.Dx()) / Side
	sy := float32(r.Dy()) / Side
	for y := range Side {
		y0, y1 := float32(y)*sy, float32(y+1)*sy
		for x := range Side {
			x0, x1 := float32(x)*sx, float32(x+1)*sx
			v := areaMean(img, r, x0, y0, x1, y1)
			dst[y*Side+x] = min(max((paper-v)/c, 0), maxDarkness)
		}
	}
}

// Paper is the paper level of box r of img: the gray level its
// paperLevel percentile of pixels lies below (0 for a box outside img).
func Paper(img *image.Gray, r image.Rectangle) float32 {
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return 0
	}
	var hist [256]int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, p := range img.Pix[img.PixOffset(r.Min.X, y) : img.PixOffset(r.Min.X, y)+r.Dx()] {
			hist[p]++
		}
	}
	return float32(level(&hist, r.Dx()*r.Dy(), paperLevel))
}

// areaMean is the mean gray level of the region [x0, x1) x [y0, y1) of box
// r of img (coordinates relative to r, fractional), partial pixels
// weighted by their overlap.
func areaMean(img *image.Gray, r image.Rectangle, x0, y0, x1, y1 float32) float32 {
	var sum, wsum float32
	for py := int(y0); float32(py) < y1 && py < r.Dy(); py++ {
		wy := min(y1, float32(py+1)) - max(y0, float32(py))
		if wy <= 0 {
			continue
		}
		row := img.Pix[img.PixOffset(r.Min.X, r.Min.Y+py):]
		for px := int(x0); float32(px) < x1 && px < r.Dx(); px++ {
			wx := min(x1, float32(px+1)) - max(x0, float32(px))
			if wx <= 0 {
				continue
			}
			sum += wx * wy * float32(row[px])
			wsum += wx * wy
		}
	}
	if wsum == 0 {
		return 255
	}
	return sum / wsum
}
