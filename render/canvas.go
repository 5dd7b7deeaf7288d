package render

import (
	"image"
	"image/color"
)

// canvas is a paletted picture being drawn. Pictures use few colours: the
// theme's, and blends of two of them where anti-aliased ink meets paper.
// Drawing straight into a palette, instead of drawing true colour and
// converting, halves the time of a picture (see BenchmarkEncode). The
// palette grows in drawing order, so the same drawing gives the same
// bytes.
type canvas struct {
	img   *image.Paletted
	index map[color.RGBA]uint8
	blend map[blendKey]uint8
}

// blendKey is a colour fg drawn with coverage a over palette entry bg.
type blendKey struct {
	bg uint8
	a  uint8
	fg color.RGBA
}

func newCanvas(size int, bg color.RGBA) *canvas {
	c := &canvas{
		img:   image.NewPaletted(image.Rect(0, 0, size, size), make(color.Palette, 0, 256)),
		index: make(map[color.RGBA]uint8, 64),
		blend: make(map[blendKey]uint8, 256),
	}
	c.colour(bg) // entry 0, which the new image is already filled with
	return c
}

// colour returns the palette index of col, adding it when there is room
// and otherwise falling back on the nearest colour already there (which
// only anti-aliasing blends can come to).
func (c *canvas) colour(col color.RGBA) uint8 {
	if i, ok := c.index[col]; ok {
		return i
	}
	var i uint8
	if len(c.img.Palette) < 256 {
		i = uint8(len(c.img.Palette))
		c.img.Palette = append(c.img.Palette, col)
	} else {
		i = uint8(c.img.Palette.Index(col))
	}
	c.index[col] = i
	return i
}

// fill paints r with col.
func (c *canvas) fill(r image.Rectangle, col color.RGBA) {
	r = r.Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	i := c.colour(col)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.img.Pix[c.img.PixOffset(r.Min.X, y):c.img.PixOffset(r.Max.X, y)]
		for x := range row {
			row[x] = i
		}
	}
}

// paint draws col through mask, whose bounds are placed at their own
// coordinates plus off, over what is there.
func (c *canvas) paint(mask *image.Alpha, off image.Point, col color.RGBA) {
	r := mask.Rect.Add(off).Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	full := c.colour(col)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		src := mask.Pix[mask.PixOffset(r.Min.X-off.X, y-off.Y):]
		dst := c.img.Pix[c.img.PixOffset(r.Min.X, y):c.img.PixOffset(r.Max.X, y)]
		for x := range dst {
			switch a := src[x]; a {
			case 0:
			case 0xff:
				dst[x] = full
			default:
				dst[x] = c.over(dst[x], a, col)
			}
		}
	}
}

// over returns the palette index of fg with coverage a over entry bg.
func (c *canvas) over(bg, a uint8, fg color.RGBA) uint8 {
	k := blendKey{bg, a, fg}
	if i, ok := c.blend[k]; ok {
		return i
	}
	b := c.img.Palette[bg].(color.RGBA)
	mix := func(f, g uint8) uint8 {
		return uint8((int(f)*int(a) + int(g)*(255-int(a)) + 127) / 255)
	}
	i := c.colour(color.RGBA{mix(fg.R, b.R), mix(fg.G, b.G), mix(fg.B, b.B), 0xff})
	c.blend[k] = i
	return i
}
