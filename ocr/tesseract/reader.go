package tesseract

import (
	"context"
	"image"
	"math"

	"github.com/otiai10/gosseract/v2"

	"github.com/sudokubot/sudokubot/ocr"
)

// Layout of the line images handed to Tesseract, in pixels.
const (
	glyphGap   = 8  // paper between two digits: text-like spacing reads best
	lineMargin = 16 // paper around the line
	lineMax    = 45 // most digits per line image
	// linePSM treats the image as one raw line of text (no layout
	// analysis); measured on the dev set it reads more digits than the
	// plain single-line mode.
	linePSM = gosseract.PSM_RAW_LINE
)

// Reader is an [ocr.DigitReader] that reads digit glyphs with Tesseract.
// It composes the glyphs into raw text lines, which Tesseract's LSTM reads
// far better than single characters, and reads the glyphs a line missed
// one by one. The LSTM's other choices for a place become the other
// digits' probabilities.
//
// A Reader is safe for concurrent use: each call borrows one client from
// its pool for its whole duration.
type Reader struct {
	pool *Pool
}

// NewReader returns a reader that borrows Tesseract clients from pool. The
// caller keeps ownership of the pool and closes it.
func NewReader(pool *Pool) *Reader {
	return &Reader{pool: pool}
}

// ReadDigits implements [ocr.DigitReader].
func (r *Reader) ReadDigits(ctx context.Context, glyphs []*image.Gray) ([]ocr.DigitGuess, error) {
	out := make([]ocr.DigitGuess, len(glyphs))
	if len(glyphs) == 0 {
		return out, ctx.Err()
	}
	err := r.pool.with(ctx, func(t *tessClient) error {
		return readPass(ctx, t, glyphs, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// readPass reads glyphs into out: composed into lines, then the glyphs the
// lines missed on their own.
func readPass(ctx context.Context, t *tessClient, glyphs []*image.Gray, out []ocr.DigitGuess) error {
	for start := 0; start < len(glyphs); start += lineMax {
		if err := ctx.Err(); err != nil {
			return err
		}
		end := min(start+lineMax, len(glyphs))
		if err := readLine(t, glyphs[start:end], out[start:end]); err != nil {
			return err
		}
	}
	for i, g := range glyphs {
		if out[i].OK {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := readSingle(t, g, &out[i]); err != nil {
			return err
		}
	}
	return nil
}

// readLine composes glyphs into one line image, reads it, and gives each
// glyph the symbol Tesseract found over it. Glyphs with no symbol, or more
// than one, are left unread for a second look on their own.
func readLine(t *tessClient, glyphs []*image.Gray, out []ocr.DigitGuess) error {
	w, h := 2*lineMargin-glyphGap, 0
	for _, g := range glyphs {
		w += g.Bounds().Dx() + glyphGap
		h = max(h, g.Bounds().Dy())
	}
	img := image.NewGray(image.Rect(0, 0, w, h+2*lineMargin))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	type span struct{ x0, x1 int }
	spans := make([]span, len(glyphs))
	x := lineMargin
	for i, g := range glyphs {
		b := g.Bounds()
		for y := range b.Dy() {
			copy(img.Pix[(lineMargin+y)*img.Stride+x:], g.Pix[y*g.Stride:y*g.Stride+b.Dx()])
		}
		spans[i] = span{x - glyphGap/2, x + b.Dx() + glyphGap/2}
		x += b.Dx() + glyphGap
	}
	syms, err := t.symbols(img, linePSM)
	if err != nil {
		return err
	}
	hits := make([][]tessSymbol, len(glyphs))
	for _, s := range syms {
		cx := (s.Box.Min.X + s.Box.Max.X) / 2
		for i, sp := range spans {
			if cx >= sp.x0 && cx < sp.x1 {
				hits[i] = append(hits[i], s)
				break
			}
		}
	}
	for i := range glyphs {
		if len(hits[i]) == 1 {
			out[i] = guessOf(hits[i][0])
		}
	}
	return nil
}

// readSingle reads one glyph on its own, as a single character.
func readSingle(t *tessClient, g *image.Gray, out *ocr.DigitGuess) error {
	b := g.Bounds()
	img := image.NewGray(image.Rect(0, 0, b.Dx()+2*lineMargin, b.Dy()+2*lineMargin))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y := range b.Dy() {
		copy(img.Pix[(lineMargin+y)*img.Stride+lineMargin:], g.Pix[y*g.Stride:y*g.Stride+b.Dx()])
	}
	syms, err := t.symbols(img, gosseract.PSM_SINGLE_CHAR)
	if err != nil {
		return err
	}
	if len(syms) >= 1 {
		best := syms[0]
		for _, s := range syms[1:] {
			if s.Confidence > best.Confidence {
				best = s
			}
		}
		*out = guessOf(best)
	}
	return nil
}

// The weights of guessOf; their origin records no measurement. Tesseract's
// confidence in the digit it read is kept within minSymbolConf and
// maxSymbolConf (it is sometimes sure of a misread); each other choice of
// its LSTM weighs its own confidence plus rankDecay to the power of its
// rank, and a digit it did not consider weighs unconsidered.
const (
	minSymbolConf = 0.05
	maxSymbolConf = 0.995
	rankDecay     = 0.5
	unconsidered  = 0.02
)

// guessOf turns Tesseract's symbol s into digit probabilities. The digit
// read gets Tesseract's confidence; the rest goes to the LSTM's other
// choices by rank (and their own confidence), with a little left for
// digits it did not consider.
func guessOf(s tessSymbol) ocr.DigitGuess {
	conf := min(max(s.Confidence, minSymbolConf), maxSymbolConf)
	var w [10]float64
	for d := 1; d <= 9; d++ {
		w[d] = unconsidered
	}
	rank := 0
	for _, c := range s.Choices {
		if c.Digit == s.Digit {
			continue
		}
		rank++
		w[c.Digit] = max(w[c.Digit], c.Confidence+math.Pow(rankDecay, float64(rank)))
	}
	w[s.Digit] = 0
	var sum float64
	for d := 1; d <= 9; d++ {
		sum += w[d]
	}
	g := ocr.DigitGuess{OK: true}
	for d := 1; d <= 9; d++ {
		g.P[d] = (1 - conf) * w[d] / sum
	}
	g.P[s.Digit] = conf
	return g
}
