package ocr

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"math"
	"slices"

	"github.com/otiai10/gosseract/v2"
)

// Layout of the line images handed to Tesseract, in pixels.
const (
	glyphHeight = 32 // height of every digit in a line image
	glyphGap    = 8  // paper between two digits: text-like spacing reads best
	lineMargin  = 16 // paper around the line
	lineMax     = 45 // most digits per line image
	// linePSM treats the image as one raw line of text (no layout
	// analysis); measured on the dev set it reads more digits than the
	// plain single-line mode.
	linePSM = gosseract.PSM_RAW_LINE
)

// TessRecognizer is the [Recognizer] of this package. For each photo it
//
//   - decides empty or digit from the ink of each cell: the largest central
//     blob after grid-line remains are cleared, with size, position and
//     contrast rules relative to the cell and to the photo's other digits;
//   - cuts every digit out clean (its blob only, on white paper, scaled to
//     one height) and reads all of them with Tesseract as one raw text line,
//     which its LSTM reads far better than single characters, in two
//     renderings whose probabilities are averaged; the LSTM's other choices
//     become the alternatives;
//   - multiplies in a second opinion, the likeness to digits 1-9 rendered
//     in the Go fonts, and lets the digits of the photo vote on each other
//     (one newspaper prints every 8 alike);
//   - corrects the reading with the solver ([Correct]).
//
// A TessRecognizer is safe for concurrent use: each Recognize call borrows
// one client from the pool for its whole duration.
type TessRecognizer struct {
	pool *TessPool
}

// NewTessRecognizer returns a recognizer that borrows Tesseract clients from
// pool. The caller keeps ownership of the pool and closes it.
func NewTessRecognizer(pool *TessPool) *TessRecognizer {
	return &TessRecognizer{pool: pool}
}

// cellGuess is the working state of one digit cell during recognition.
type cellGuess struct {
	idx   int
	glyph *image.Gray // the glyph of the current pass
	// tess are the current pass's probabilities for digits 1-9 (index 0
	// unused).
	tess [10]float64
	read bool // Tesseract returned something in the current pass
	// sum adds up tess over the passes that read the cell, n counts them.
	sum [10]float64
	n   int
}

// glyphGammas are the renderings of the digits read in turn: the cleaned
// cell as it is, then lightened (gray levels raised to the power 0.35), which
// opens the small holes that blur closes (the top of an 8 turning it into a
// 6). Averaging the passes halves the errors either makes alone.
var glyphGammas = []float64{1, 0.35}

// Recognize implements [Recognizer].
func (r *TessRecognizer) Recognize(ctx context.Context, c Cells) ([81]CellReading, error) {
	return r.recognize(ctx, c, glyphGammas)
}

// glance implements glancer: the first rendering only, about half the
// time of Recognize.
func (r *TessRecognizer) glance(ctx context.Context, c Cells) ([81]CellReading, error) {
	return r.recognize(ctx, c, glyphGammas[:1])
}

// recognize reads c with the digits rendered at each of gammas in turn.
func (r *TessRecognizer) recognize(ctx context.Context, c Cells, gammas []float64) ([81]CellReading, error) {
	var out [81]CellReading
	if err := ctx.Err(); err != nil {
		return out, err
	}
	ink := analyzeCells(c)
	var guesses []*cellGuess
	for i := range ink {
		if ink[i].HasDigit {
			guesses = append(guesses, &cellGuess{idx: i})
		}
	}
	err := r.pool.with(ctx, func(t *tessClient) error {
		if len(guesses) == 0 {
			return nil
		}
		for _, gamma := range gammas {
			for _, g := range guesses {
				g.glyph, g.read = ink[g.idx].glyph(glyphHeight, 0, gamma), false
			}
			if err := readPass(ctx, t, guesses); err != nil {
				return err
			}
			for _, g := range guesses {
				if g.read {
					for d := range g.sum {
						g.sum[d] += g.tess[d]
					}
					g.n++
				}
			}
		}
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("read digits: %w", err)
	}
	probs := make([][10]float64, len(guesses))
	shapes := make([]shape, len(guesses))
	for k, g := range guesses {
		shapes[k] = shapeOf(&ink[g.idx])
		if g.n > 0 {
			for d := range g.sum {
				probs[k][d] = g.sum[d] / float64(g.n)
			}
		} else {
			for d := 1; d <= 9; d++ {
				probs[k][d] = 1.0 / 9
			}
		}
	}
	// Second opinion: the likeness to digits rendered in the Go fonts. The
	// two experts err differently (Tesseract reads blurred 8s as 6s; the
	// renders tell them apart by the ink at the top right), so their
	// product is right far more often than either.
	for k := range probs {
		fp := fontProbs(&shapes[k])
		var z float64
		for d := 1; d <= 9; d++ {
			probs[k][d] *= fp[d]
			z += probs[k][d]
		}
		for d := 1; d <= 9; d++ {
			probs[k][d] /= z
		}
	}
	probs = photoVote(probs, shapes)
	for i := range out {
		out[i] = CellReading{Digit: 0, Confidence: ink[i].EmptyConf}
	}
	for k, g := range guesses {
		out[g.idx] = reading(probs[k], ink[g.idx].EmptyConf)
	}
	out = Correct(out).Readings
	return out, nil
}

// reading turns digit probabilities (index 0 unused) and the confidence
// that the cell is not empty into a CellReading with ranked alternatives.
func reading(p [10]float64, notEmpty float64) CellReading {
	type cand struct {
		d int
		p float64
	}
	cs := make([]cand, 0, 10)
	for d := 1; d <= 9; d++ {
		cs = append(cs, cand{d, p[d] * notEmpty})
	}
	cs = append(cs, cand{0, 1 - notEmpty})
	slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(b.p, a.p) })
	r := CellReading{Digit: cs[0].d, Confidence: cs[0].p}
	for _, c := range cs[1:] {
		if c.p < minAlternative {
			break
		}
		r.Alternatives = append(r.Alternatives, Alternative{Digit: c.d, Confidence: c.p})
	}
	return r
}

// minAlternative is the smallest probability an alternative reading needs
// to be listed.
const minAlternative = 0.005

// readPass reads the current glyphs of gs: composed into lines, then the
// glyphs the lines missed on their own.
func readPass(ctx context.Context, t *tessClient, gs []*cellGuess) error {
	for start := 0; start < len(gs); start += lineMax {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := readLine(t, gs[start:min(start+lineMax, len(gs))]); err != nil {
			return err
		}
	}
	for _, g := range gs {
		if g.read {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := readSingle(t, g); err != nil {
			return err
		}
	}
	return nil
}

// readLine composes the glyphs of gs into one line image, reads it, and
// gives each glyph the symbol Tesseract found over it. Glyphs with no
// symbol, or more than one, are left unread for a second look on their own.
func readLine(t *tessClient, gs []*cellGuess) error {
	if len(gs) == 0 {
		return nil
	}
	w := 2*lineMargin - glyphGap
	for _, g := range gs {
		w += g.glyph.Bounds().Dx() + glyphGap
	}
	img := image.NewGray(image.Rect(0, 0, w, glyphHeight+2*lineMargin))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	type span struct{ x0, x1 int }
	spans := make([]span, len(gs))
	x := lineMargin
	for i, g := range gs {
		gw := g.glyph.Bounds().Dx()
		for y := range glyphHeight {
			copy(img.Pix[(lineMargin+y)*img.Stride+x:], g.glyph.Pix[y*g.glyph.Stride:y*g.glyph.Stride+gw])
		}
		spans[i] = span{x - glyphGap/2, x + gw + glyphGap/2}
		x += gw + glyphGap
	}
	syms, err := t.symbols(img, linePSM)
	if err != nil {
		return err
	}
	hits := make([][]tessSymbol, len(gs))
	for _, s := range syms {
		cx := (s.Box.Min.X + s.Box.Max.X) / 2
		for i, sp := range spans {
			if cx >= sp.x0 && cx < sp.x1 {
				hits[i] = append(hits[i], s)
				break
			}
		}
	}
	for i, g := range gs {
		if len(hits[i]) != 1 {
			continue
		}
		setTess(g, hits[i][0])
	}
	return nil
}

// readSingle reads one glyph on its own, as a single character.
func readSingle(t *tessClient, g *cellGuess) error {
	b := g.glyph.Bounds()
	img := image.NewGray(image.Rect(0, 0, b.Dx()+2*lineMargin, b.Dy()+2*lineMargin))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y := range b.Dy() {
		copy(img.Pix[(lineMargin+y)*img.Stride+lineMargin:], g.glyph.Pix[y*g.glyph.Stride:y*g.glyph.Stride+b.Dx()])
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
		setTess(g, best)
	}
	return nil
}

// setTess records Tesseract's symbol s as g's reading. The digit read gets
// Tesseract's confidence; the rest goes to the LSTM's other choices by rank
// (and their own confidence), with a little left for digits it did not
// consider.
func setTess(g *cellGuess, s tessSymbol) {
	conf := min(max(s.Confidence, 0.05), 0.995)
	var w [10]float64
	for d := 1; d <= 9; d++ {
		w[d] = 0.02
	}
	rank := 0
	for _, c := range s.Choices {
		if c.Digit == s.Digit {
			continue
		}
		rank++
		w[c.Digit] = max(w[c.Digit], c.Confidence+math.Pow(0.5, float64(rank)))
	}
	w[s.Digit] = 0
	var sum float64
	for d := 1; d <= 9; d++ {
		sum += w[d]
	}
	for d := 1; d <= 9; d++ {
		g.tess[d] = (1 - conf) * w[d] / sum
	}
	g.tess[s.Digit] = conf
	g.read = true
}

// NewTesseractRecognizer is a [RecognizerFactory]: it returns a recognizer
// with its own warm Tesseract client (about 25 MB) and the function that
// frees it. Report workers and commands each call it once.
func NewTesseractRecognizer() (Recognizer, func(), error) {
	pool := NewTessPool(1)
	if err := pool.Warm(context.Background()); err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("start tesseract: %w", err)
	}
	return NewTessRecognizer(pool), func() { pool.Close() }, nil
}
