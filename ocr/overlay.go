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

// DrawOverlay draws the digits of solution that the puzzle read in r lacks
// into the empty cells of the photo img (the image [Read] decoded), in
// perspective. The result is turned upright by r.Turns quarter turns, so it
// shows the puzzle the way it is read whatever the photo's EXIF tag said.
func DrawOverlay(img image.Image, r *Result, solution solver.Grid, style OverlayStyle) (*image.RGBA, error) {
	if solution.Side() != 9 || !solution.IsComplete() {
		return nil, errors.New("overlay: the solution must be a complete 9x9 grid")
	}
	if r.Grid.Side() != 9 {
		return nil, errors.New("overlay: the result holds no 9x9 grid")
	}
	b := img.Bounds()
	if b.Dx() != r.Width || b.Dy() != r.Height {
		return nil, fmt.Errorf("overlay: image is %dx%d but the result is for %dx%d", b.Dx(), b.Dy(), r.Width, r.Height)
	}
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	h, ok := squareToQuad(r.Corners)
	if !ok {
		return nil, errors.New("overlay: the grid corners are degenerate")
	}
	inv, ok := h.inverse()
	if !ok {
		return nil, errors.New("overlay: the grid corners are degenerate")
	}
	side := 0.0
	for i := range r.Corners {
		a, c := r.Corners[i], r.Corners[(i+1)%4]
		side = math.Max(side, math.Hypot(c.X-a.X, c.Y-a.Y))
	}
	cell := int(math.Min(200, math.Max(8, side/9)))
	mask := style.DigitMask
	if mask == nil {
		mask = goDigitMask
	}
	var masks [10]*image.Alpha
	for d := 1; d <= 9; d++ {
		masks[d] = mask(d, cell)
	}
	col := style.Color
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range r.Corners {
		minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
		maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	area := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(out.Rect)
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			u, v := inv.apply(float64(x)+0.5, float64(y)+0.5)
			if !(u >= 0 && u < 1 && v >= 0 && v < 1) {
				continue
			}
			cx, cy := int(u*9), int(v*9)
			i := cy*9 + cx
			if r.Grid.Cell(i) != 0 {
				continue
			}
			m := masks[solution.Cell(i)]
			if m == nil {
				continue
			}
			mx, my := int((u*9-float64(cx))*float64(cell)), int((v*9-float64(cy))*float64(cell))
			a := uint32(m.AlphaAt(mx, my).A)
			if a == 0 {
				continue
			}
			o := out.PixOffset(x, y)
			p := out.Pix[o : o+4 : o+4]
			p[0] = uint8((uint32(p[0])*(255-a) + uint32(col.R)*a) / 255)
			p[1] = uint8((uint32(p[1])*(255-a) + uint32(col.G)*a) / 255)
			p[2] = uint8((uint32(p[2])*(255-a) + uint32(col.B)*a) / 255)
		}
	}
	return turnImage(out, r.Turns), nil
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
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(size) * 0.8, DPI: 72})
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
