package ocr

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/solver"
)

// After the stages (overlay.go): DrawOverlay draws the solution of a
// reading into the photo it was read from, in perspective, and DrawRings
// rings cells of it (the player's mistakes). Tested in read_test.go
// (TestDrawOverlay, TestDrawRings).

// OverlayStyle is how [DrawOverlay] writes digits. The command line passes
// the render package's colour for filled digits and its digit masks, so the
// photo matches the bot's pictures; package ocr does not import render
// (the two are siblings).
type OverlayStyle struct {
	// Color is the colour of the digits drawn.
	Color color.RGBA
	// DigitMask returns a size x size coverage mask with digit d centred
	// in it. Nil means a built-in mask in the Go Bold font.
	DigitMask func(d, size int) *image.Alpha
}

// DrawOverlay draws the digits of solution that the picture read in r
// lacks into its empty cells (no given, no entry of the player's) of the
// photo img (the image [Read] decoded), in perspective. The result is
// turned upright by r.Turns quarter turns, so it shows the puzzle the way
// it is read whatever the photo's EXIF tag said.
func DrawOverlay(img image.Image, r *Result, solution solver.Grid, style OverlayStyle) (*image.RGBA, error) {
	if solution.Side() != 9 || !solution.IsComplete() {
		return nil, errors.New("overlay: the solution must be a complete 9x9 grid")
	}
	o, err := newOverlay(img, r)
	if err != nil {
		return nil, err
	}
	cell := int(min(200, max(8, o.side/9)))
	mask := style.DigitMask
	if mask == nil {
		mask = goDigitMask
	}
	var masks [10]*image.Alpha
	for d := 1; d <= 9; d++ {
		masks[d] = mask(d, cell)
	}
	o.each(func(x, y, i int, fu, fv float64) {
		if r.Grid.Cell(i) != 0 || r.Entered.Cell(i) != 0 {
			return
		}
		if m := masks[solution.Cell(i)]; m != nil {
			o.blend(x, y, style.Color, m.AlphaAt(int(fu*float64(cell)), int(fv*float64(cell))).A)
		}
	})
	return turnImage(o.out, r.Turns), nil
}

// DrawRings draws a ring in colour col around each of cells (indexes
// row*9+col) of the grid read in r, in perspective on the photo img: the
// player's mistakes marked on their own photo. Like [DrawOverlay], the
// result is turned upright.
func DrawRings(img image.Image, r *Result, cells []int, col color.RGBA) (*image.RGBA, error) {
	o, err := newOverlay(img, r)
	if err != nil {
		return nil, err
	}
	var ring [81]bool
	for _, i := range cells {
		if i >= 0 && i < 81 {
			ring[i] = true
		}
	}
	// The ring's width: ringWidth of the cell, at least two pixels.
	w := max(ringWidth, 2/max(1, o.side/9))
	o.each(func(x, y, i int, fu, fv float64) {
		if !ring[i] {
			return
		}
		if d := math.Hypot(fu-cellMiddle, fv-cellMiddle); d > ringRadius-w && d < ringRadius {
			o.blend(x, y, col, 255)
		}
	})
	return turnImage(o.out, r.Turns), nil
}

// How the overlay draws, as shares of a cell's side; chosen by eye, not
// measured.
const (
	// ringWidth is the width of a ring around a mistake, ringRadius its
	// outer radius from the middle of the cell (cellMiddle).
	ringWidth, ringRadius = 0.1, 0.46
	cellMiddle            = 0.5
	// maskFontSize is the size of the built-in mask's font: its digits'
	// ink is then about 60% of the cell high.
	maskFontSize = 0.8
)

// pixelCentre is where a pixel's centre lies from its corner.
const pixelCentre = 0.5

// overlay is a copy of a photo being drawn on in the perspective of the
// grid read from it.
type overlay struct {
	out  *image.RGBA
	inv  homography // from the photo's pixels to the unit square of the grid
	area image.Rectangle
	side float64 // the grid's longest side in pixels
}

// newOverlay copies img, the photo r was read from, to draw on.
func newOverlay(img image.Image, r *Result) (*overlay, error) {
	if r.Grid.Side() != 9 {
		return nil, errors.New("overlay: the result holds no 9x9 grid")
	}
	b := img.Bounds()
	if b.Dx() != r.Width || b.Dy() != r.Height {
		return nil, fmt.Errorf("overlay: image is %dx%d but the result is for %dx%d", b.Dx(), b.Dy(), r.Width, r.Height)
	}
	o := &overlay{out: image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))}
	draw.Draw(o.out, o.out.Rect, img, b.Min, draw.Src)
	h, ok := squareToQuad(r.Corners)
	if !ok {
		return nil, errors.New("overlay: the grid corners are degenerate")
	}
	if o.inv, ok = h.inverse(); !ok {
		return nil, errors.New("overlay: the grid corners are degenerate")
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, p := range r.Corners {
		c := r.Corners[(i+1)%4]
		o.side = max(o.side, math.Hypot(c.X-p.X, c.Y-p.Y))
		minX, minY = min(minX, p.X), min(minY, p.Y)
		maxX, maxY = max(maxX, p.X), max(maxY, p.Y)
	}
	o.area = image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(o.out.Rect)
	return o, nil
}

// each calls f for every pixel (x, y) of the photo inside the grid, with
// its cell i and where in the cell it lies (fu, fv from 0 to 1).
func (o *overlay) each(f func(x, y, i int, fu, fv float64)) {
	for y := o.area.Min.Y; y < o.area.Max.Y; y++ {
		for x := o.area.Min.X; x < o.area.Max.X; x++ {
			u, v := o.inv.apply(float64(x)+pixelCentre, float64(y)+pixelCentre)
			if !(u >= 0 && u < 1 && v >= 0 && v < 1) {
				continue
			}
			cx, cy := int(u*9), int(v*9)
			f(x, y, cy*9+cx, u*9-float64(cx), v*9-float64(cy))
		}
	}
}

// blend paints colour col over pixel (x, y) with coverage a (0-255).
func (o *overlay) blend(x, y int, col color.RGBA, a uint8) {
	if a == 0 {
		return
	}
	k := uint32(a)
	p := o.out.Pix[o.out.PixOffset(x, y):][:4]
	p[0] = uint8((uint32(p[0])*(255-k) + uint32(col.R)*k) / 255)
	p[1] = uint8((uint32(p[1])*(255-k) + uint32(col.G)*k) / 255)
	p[2] = uint8((uint32(p[2])*(255-k) + uint32(col.B)*k) / 255)
}

// turnImage returns img turned clockwise by turns quarter turns.
func turnImage(img *image.RGBA, turns int) *image.RGBA {
	turns = ((turns % 4) + 4) % 4
	if turns == 0 {
		return img
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	ow, oh := w, h
	if turns%2 == 1 {
		ow, oh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := range h {
		for x := range w {
			var nx, ny int
			switch turns {
			case 1:
				nx, ny = h-1-y, x
			case 2:
				nx, ny = w-1-x, h-1-y
			case 3:
				nx, ny = y, w-1-x
			}
			copy(out.Pix[out.PixOffset(nx, ny):out.PixOffset(nx, ny)+4], img.Pix[img.PixOffset(x, y):img.PixOffset(x, y)+4])
		}
	}
	return out
}

// goDigitMask draws digit d centred in a size x size mask in Go Bold, its
// ink about 60% of the cell high.
func goDigitMask(d, size int) *image.Alpha {
	m := image.NewAlpha(image.Rect(0, 0, size, size))
	f, err := opentype.Parse(gobold.TTF)
	if err != nil || d < 1 || d > 9 {
		return m
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(size) * maskFontSize, DPI: 72})
	if err != nil {
		return m
	}
	defer face.Close()
	s := string(rune('0' + d))
	b, _ := font.BoundString(face, s)
	w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	dr := font.Drawer{Dst: m, Src: image.Opaque, Face: face,
		Dot: fixed.P((size-w)/2-b.Min.X.Floor(), (size-h)/2-b.Min.Y.Floor())}
	dr.DrawString(s)
	return m
}
