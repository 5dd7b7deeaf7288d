package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/solver"
)

// typeface names one of the embedded Go fonts.
type typeface uint8

const (
	regular typeface = iota // solver's digits, pencil marks, labels
	medium                  // givens
	bold                    // a hint's placed digit
	numTypefaces
)

var (
	fontsOnce sync.Once
	fonts     [numTypefaces]*opentype.Font
)

// loadFonts parses the embedded fonts, once.
func loadFonts() {
	fontsOnce.Do(func() {
		for tf, ttf := range [numTypefaces][]byte{regular: goregular.TTF, medium: gomedium.TTF, bold: gobold.TTF} {
			f, err := opentype.Parse(ttf)
			if err != nil {
				// The fonts are compiled in: this cannot fail
				// unless the binary itself is broken.
				panic(fmt.Sprintf("render: parse embedded Go font %d: %v", tf, err))
			}
			fonts[tf] = f
		}
	})
}

// glyph is one character rasterized at one size: a coverage mask cropped
// to the ink, whose bounds are relative to the pen position (the dot on the
// baseline) at the origin.
type glyph struct {
	mask *image.Alpha
}

// ink returns the ink's bounds relative to the dot.
func (g *glyph) ink() image.Rectangle { return g.mask.Rect }

type glyphKey struct {
	face typeface
	px   int // font size in pixels
	r    rune
}

type faceKey struct {
	face typeface
	px   int
}

// Cache limits: pictures use a handful of sizes, so these are only reached
// by a long-running process drawing at many sizes; the caches are then
// emptied and refilled, which changes no output.
const (
	maxCachedGlyphs = 4096
	maxCachedFaces  = 64
)

// glyphs caches rasterized glyphs and the faces that make them. Faces are
// not safe for concurrent use, so they are only touched under mu; cached
// glyphs are never modified and are shared freely.
var glyphs struct {
	mu     sync.Mutex
	faces  map[faceKey]font.Face
	glyphs map[glyphKey]*glyph
}

// getGlyph returns r in typeface tf at px pixels, or nil when the font has
// no such character or it has no ink (a space).
func getGlyph(tf typeface, px int, r rune) *glyph {
	px = max(px, 1)
	k := glyphKey{tf, px, r}
	glyphs.mu.Lock()
	defer glyphs.mu.Unlock()
	if g, ok := glyphs.glyphs[k]; ok {
		return g
	}
	face := getFaceLocked(tf, px)
	dr, mask, mp, _, ok := face.Glyph(fixed.Point26_6{}, r)
	var g *glyph
	if ok && !dr.Empty() {
		// The face reuses its mask: copy the inked part.
		ink := inkBounds(mask, dr, mp)
		if !ink.Empty() {
			a := image.NewAlpha(ink)
			draw.Draw(a, ink, mask, mp.Add(ink.Min.Sub(dr.Min)), draw.Src)
			quantize(a.Pix, glyphLevels)
			g = &glyph{mask: a}
		}
	}
	if len(glyphs.glyphs) >= maxCachedGlyphs {
		clear(glyphs.glyphs)
	}
	if glyphs.glyphs == nil {
		glyphs.glyphs = make(map[glyphKey]*glyph)
	}
	glyphs.glyphs[k] = g
	return g
}

func getFaceLocked(tf typeface, px int) font.Face {
	k := faceKey{tf, px}
	if f, ok := glyphs.faces[k]; ok {
		return f
	}
	loadFonts()
	f, err := opentype.NewFace(fonts[tf], &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// NewFace fails only for sizes out of range, which px > 0
		// is not.
		panic(fmt.Sprintf("render: make a %d px face: %v", px, err))
	}
	if len(glyphs.faces) >= maxCachedFaces {
		clear(glyphs.faces)
	}
	if glyphs.faces == nil {
		glyphs.faces = make(map[faceKey]font.Face)
	}
	glyphs.faces[k] = f
	return f
}

// inkBounds returns the part of dr (in destination coordinates; mask is
// read from mp) whose mask is not zero.
func inkBounds(mask image.Image, dr image.Rectangle, mp image.Point) image.Rectangle {
	ink := image.Rectangle{}
	for y := dr.Min.Y; y < dr.Max.Y; y++ {
		for x := dr.Min.X; x < dr.Max.X; x++ {
			_, _, _, a := mask.At(mp.X+x-dr.Min.X, mp.Y+y-dr.Min.Y).RGBA()
			if a != 0 {
				ink = ink.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return ink
}

// drawText draws s in typeface tf at px pixels, centred on (cx, cy): the
// ink of the whole string is centred, so a "1" sits in the middle of its
// cell like an "8" does.
func drawText(dst *canvas, s string, tf typeface, px int, cx, cy float64, c color.RGBA) {
	gs := make([]*glyph, 0, len(s))
	offs := make([]int, 0, len(s))
	var ink image.Rectangle
	x := 0
	for _, r := range s {
		g := getGlyph(tf, px, r)
		gs = append(gs, g)
		offs = append(offs, x)
		if g != nil {
			ink = ink.Union(g.ink().Add(image.Pt(x, 0)))
		}
		x += advance(tf, px, r)
	}
	if ink.Empty() {
		return
	}
	dx := int(math.Round(cx - float64(ink.Min.X+ink.Max.X)/2))
	dy := int(math.Round(cy - float64(ink.Min.Y+ink.Max.Y)/2))
	for i, g := range gs {
		if g != nil {
			dst.paint(g.mask, image.Pt(dx+offs[i], dy), c)
		}
	}
}

// advance returns the advance width of r in whole pixels.
func advance(tf typeface, px int, r rune) int {
	glyphs.mu.Lock()
	defer glyphs.mu.Unlock()
	a, _ := getFaceLocked(tf, max(px, 1)).GlyphAdvance(r)
	return a.Round()
}

// DigitMask returns a cellSize x cellSize coverage mask with digit d (1 to
// 16; 10 to 16 written A to G) centred in it, in the typeface and size
// pictures use for a solver's digit in a cell of that size. It is meant for
// drawing a solution onto a photo: warp the mask into the cell's
// quadrilateral and draw a colour through it, for example
// [Palette.Filled]. The mask is a new image the caller may modify. It
// returns nil for a cellSize below 4 or a digit out of range.
func DigitMask(d, cellSize int) *image.Alpha {
	if cellSize < 4 || d < 1 || d > 16 {
		return nil
	}
	m := image.NewAlpha(image.Rect(0, 0, cellSize, cellSize))
	g := getGlyph(regular, digitPx(cellSize), rune(solver.DigitChar(d)))
	if g == nil {
		return m
	}
	ink := g.ink()
	dx := int(math.Round(float64(cellSize)/2 - float64(ink.Min.X+ink.Max.X)/2))
	dy := int(math.Round(float64(cellSize)/2 - float64(ink.Min.Y+ink.Max.Y)/2))
	draw.Draw(m, ink.Add(image.Pt(dx, dy)), g.mask, ink.Min, draw.Src)
	return m
}

// digitPx is the font size of a cell's digit: its ink is about half the
// cell high.
func digitPx(cell int) int { return int(math.Round(float64(cell) * 0.66)) }
