package ocr

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"slices"
)

// glyphHeight is the height in pixels of every digit glyph handed to a
// [DigitReader].
const glyphHeight = 32

// A DigitReader reads digit glyphs: each one digit cut out of its cell, dark
// ink on white paper, scaled to one height. Package ocr's recognizer asks
// it for an opinion on every cell that holds a digit; package
// ocr/tesseract implements it with Tesseract.
type DigitReader interface {
	// ReadDigits returns one guess per glyph, in order. It returns ctx's
	// error when ctx is cancelled first.
	ReadDigits(ctx context.Context, glyphs []*image.Gray) ([]DigitGuess, error)
}

// DigitGuess is a [DigitReader]'s opinion on one glyph.
type DigitGuess struct {
	// P holds the probabilities of the digits 1-9 (P[0] is unused); they
	// add up to 1 when OK.
	P [10]float64
	// OK is false when the reader saw nothing it could read: the guess
	// then carries no information.
	OK bool
}

// recognizer is the [Recognizer] of this package. For each photo it
//
//   - decides empty or digit from the ink of each cell: the largest central
//     blob after grid-line remains are cleared, with size, position and
//     contrast rules relative to the cell and to the photo's other digits;
//   - cuts every digit out clean (its blob only, on white paper, scaled to
//     one height) and asks its [DigitReader] for each, in two renderings
//     whose probabilities are averaged;
//   - multiplies in a second opinion, the likeness to digits 1-9 rendered
//     in the Go fonts, and lets the digits of the photo vote on each other
//     (one newspaper prints every 8 alike);
//   - corrects the reading with the solver ([Correct]).
//
// It is safe for concurrent use when its DigitReader is.
type recognizer struct {
	digits DigitReader // nil: the likeness to the Go fonts alone
}

// NewRecognizer returns the recognizer of this package, which reads the
// digits it finds with digits (nil: with the likeness to digits rendered
// in the Go fonts alone, which is weaker but needs nothing outside Go).
func NewRecognizer(digits DigitReader) Recognizer {
	return &recognizer{digits: digits}
}

// cellGuess is the working state of one digit cell during recognition.
type cellGuess struct {
	idx int
	// sum adds up the reader's probabilities over the passes that read the
	// cell, n counts them.
	sum [10]float64
	n   int
}

// glyphGammas are the renderings of the digits read in turn: the cleaned
// cell as it is, then lightened (gray levels raised to the power 0.35), which
// opens the small holes that blur closes (the top of an 8 turning it into a
// 6). Averaging the passes halves the errors either makes alone.
var glyphGammas = []float64{1, 0.35}

// Recognize implements [Recognizer].
func (r *recognizer) Recognize(ctx context.Context, c Cells) ([81]CellReading, error) {
	return r.recognize(ctx, c, glyphGammas)
}

// glance implements glancer: the first rendering only, about half the
// time of Recognize.
func (r *recognizer) glance(ctx context.Context, c Cells) ([81]CellReading, error) {
	return r.recognize(ctx, c, glyphGammas[:1])
}

// recognize reads c with the digits rendered at each of gammas in turn.
func (r *recognizer) recognize(ctx context.Context, c Cells, gammas []float64) ([81]CellReading, error) {
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
	if r.digits != nil && len(guesses) > 0 {
		glyphs := make([]*image.Gray, len(guesses))
		for _, gamma := range gammas {
			for k, g := range guesses {
				glyphs[k] = ink[g.idx].glyph(glyphHeight, 0, gamma)
			}
			read, err := r.digits.ReadDigits(ctx, glyphs)
			if err != nil {
				return out, fmt.Errorf("read digits: %w", err)
			}
			for k, g := range guesses {
				if k < len(read) && read[k].OK {
					for d := range g.sum {
						g.sum[d] += read[k].P[d]
					}
					g.n++
				}
			}
		}
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
