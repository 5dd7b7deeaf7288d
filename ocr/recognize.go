package ocr

import (
	"context"
	"fmt"
	"image"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
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

// NewRecognizer returns the recognizer of this package: the trained cell
// classifier of package digitnet reads every cell, and digits (Tesseract,
// in the product; nil for none) gives a second opinion on the printed
// digits the classifier is least sure of.
func NewRecognizer(digits DigitReader) Recognizer {
	net, err := digitnet.Default()
	if err != nil {
		return failing{fmt.Errorf("load the cell classifier: %w", err)}
	}
	return &netRecognizer{net: net, digits: digits}
}

// failing is a recognizer that cannot work.
type failing struct{ err error }

func (f failing) Recognize(context.Context, Cells) ([81]CellReading, error) {
	return [81]CellReading{}, f.err
}

// minAlternative is the smallest probability an alternative reading needs
// to be listed.
const minAlternative = 0.005
