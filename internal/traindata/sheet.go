package traindata

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
)

// LookSheet is a phone photo (12 MP) of a puzzle printed from a puzzle
// website: black print on white office paper, thin cell lines and bold
// box lines, the digits large in a bold sans-serif face, no pen and no
// pencil. Every digit is a given, so a reader that calls any of them the
// player's entry is wrong. It is never trained on, and drawn only when
// asked for ([SetConfig].Looks, synthset -looks).
const LookSheet = "sheet"

// LookBookBlack is [LookBook] with the player's entries in a black pen, an
// ink the print's colour does not tell apart: only the digits' shapes
// (handwriting varies, a typeface repeats itself) tell givens from
// entries. It is never trained on, and drawn only when asked for.
const LookBookBlack = "book-black"

// LookPenSmall is a photo of a printed puzzle a player has completed in
// pen, writing each digit small (a quarter to two-fifths of the cell's
// height) anywhere in its cell, in red or dark ink, as some pen-completed
// newspaper photos are: one at a time such a digit looks like a single
// pencil mark, and only the whole grid (filled in, no cell of several
// marks) tells it is the player's entry. It is never trained on, and
// drawn only when asked for.
const LookPenSmall = "pen-small"

// sheetPicture draws a [LookSheet] picture of puzzle.
func (s *Synth) sheetPicture(t *PictureTruth) image.Image {
	r := s.rng
	// The sheet as the printer drew it, at about the resolution the photo
	// sees it with (cells of 150-260 pixels): the grid inset by a margin of
	// paper, a title above it.
	n := 9 * (150 + r.IntN(110))
	cell := float64(n) / 9
	inset := 0.06 + 0.1*r.Float64()
	side := int(float64(n) / (1 - 2*inset))
	m := (side - n) / 2
	board := image.NewRGBA(image.Rect(0, 0, side, side))
	paper := color.RGBA{uint8(240 + r.IntN(16)), uint8(240 + r.IntN(16)), uint8(238 + r.IntN(18)), 255}
	ink := color.RGBA{uint8(r.IntN(35)), uint8(r.IntN(35)), uint8(r.IntN(40)), 255}
	draw.Draw(board, board.Rect, image.NewUniform(paper), image.Point{}, draw.Src)
	for x, y := m, m/3; x < m+n/2; {
		word := int(cell * (0.3 + 0.9*r.Float64()))
		draw.Draw(board, image.Rect(x, y, min(x+word, m+n/2), y+int(cell*0.3)), image.NewUniform(ink), image.Point{}, draw.Src)
		x += word + int(cell*0.15)
	}
	thin := max(1, int(cell*(0.01+0.015*r.Float64())))
	printGrid(board, m, n, thin, thin*(2+r.IntN(3)), ink)
	fi := s.boldSansFont()
	t.Font = s.fonts[fi].Family + "/" + s.fonts[fi].Name
	size := 0.55 + 0.2*r.Float64()
	for i := range 81 {
		if d := t.Givens.Cell(i); d != 0 {
			s.textRGBA(board, fi, d, size*cell, float64(m)+(float64(i%9)+0.5)*cell, float64(m)+(float64(i/9)+0.5)*cell, ink)
		}
	}
	// A 12 MP phone photo, upright or across, the grid 45-72% of its
	// short side, in a room's light: a little blur and noise, the phone's
	// own JPEG quality.
	W, H := 4032, 3024
	if r.IntN(2) == 0 {
		W, H = H, W
	}
	grid := float64(min(W, H)) * (0.45 + 0.27*r.Float64())
	out := s.shoot(board, t, W, H, grid/(1-2*inset), false, float64(m)/float64(side))
	img := s.lens(out, 0.8+2*r.Float64(), 1+4*r.Float64())
	t.JPEG, t.Quality = true, 80+r.IntN(16)
	return img
}

// boldSansFont picks a bold sans-serif typeface among the renderer's
// fonts (the Go fonts' bold when it has none): a file whose name says
// bold (semi-, extra-) and neither italic, monospace nor serif, of a
// family that is not handwriting nor one of the serif families.
func (s *Synth) boldSansFont() int {
	var bold []int
	for i, f := range s.fonts {
		if !f.Hand && isBoldSans(f.Family, f.Name) {
			bold = append(bold, i)
		}
	}
	if len(bold) == 0 {
		for i, f := range s.fonts {
			if f.Name == "gobold" {
				return i
			}
		}
		return s.typedFont()
	}
	return bold[s.rng.IntN(len(bold))]
}

// serifMarks are parts of the names of serif and monospace typefaces.
var serifMarks = []string{"serif", "italic", "oblique", "mono", "code", "courier", "roman", "times", "c059", "p052",
	"bookman", "schoolbook", "palatino", "garamond", "tinos", "cousine", "gyre-termes", "termes", "pagella", "bonum",
	"schola", "cursor", "chancery", "z003", "slab"}

// isBoldSans reports whether the font file name of family is a bold
// sans-serif face by its names.
func isBoldSans(family, name string) bool {
	l := strings.ToLower(family + " " + name)
	if !strings.Contains(l, "bold") && !strings.Contains(l, "black") && !strings.Contains(l, "heavy") {
		return false
	}
	for _, m := range serifMarks {
		if strings.Contains(l, m) {
			// "Sans" beside "Serif" does not make it sans-serif; "Sans"
			// alone with no serif mark is.
			return false
		}
	}
	return true
}
