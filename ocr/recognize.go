package ocr

import (
	"context"
	"fmt"
	"image"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
)

// Stage "recognize" (recognize.go, recognize_net.go, recognize_marks.go,
// recognize_ink.go): recognize takes the Cells of the cut stage to every cell's
// reading, with a [Recognizer]: this package's (NewRecognizer,
// recognize_net.go) runs the trained classifier of package ocr/digitnet on
// every cell, reads pencil marks one small digit at a time
// (recognize_marks.go) and asks a [DigitReader] (package ocr/tesseract)
// for a second opinion on the printed digits it is least sure of, on the
// glyphs the ink analysis cuts out (recognize_ink.go). Tested in
// recognize_test.go, recognize_marks_test.go, smallhand_test.go and
// recognize_ink_test.go.

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

// recognized is the recognize stage's outcome at one angle: every cell's
// reading, and the grid it was read from, for the split stage.
type recognized struct {
	readings [81]CellReading
	// img is the photo and rect its grid rectified and cut.
	img  image.Image
	rect *rectified
	// chromaStep is how coarsely the photo's file kept its colours
	// (Decoded.ChromaStep).
	chromaStep int
}

// askFunc reads the cells of a reading once more with a second opinion on
// its printed digits, and reports whether it asked anyone.
type askFunc func(context.Context) ([81]CellReading, bool, error)

// A deferringRecognizer is a [Recognizer] whose second opinion can wait
// for the solver: recognizeFirst reads the cells without it, and returns
// how to ask for it later (nil when there is no one to ask).
type deferringRecognizer interface {
	recognizeFirst(ctx context.Context, c Cells) ([81]CellReading, askFunc, error)
}

// recognize reads the cells of the grid rect of the photo pic with read,
// then doubts the cells the photo's frame cuts (outsideDoubt). It returns
// how to read them again with a second opinion, when read can (readAt
// asks when the solver cannot settle the givens).
func recognize(ctx context.Context, read readFunc, pic *photo, rect *rectified) (*recognized, askFunc, error) {
	readings, again, err := read(ctx, rect.cells)
	if err != nil {
		return nil, nil, fmt.Errorf("recognize cells: %w", err)
	}
	outsideDoubt(&readings, rect.grid.Corners, pic.gray.Rect)
	rec := &recognized{readings: readings, img: pic.dec.Image, rect: rect, chromaStep: pic.dec.ChromaStep}
	if again == nil {
		return rec, nil, nil
	}
	ask := func(ctx context.Context) ([81]CellReading, bool, error) {
		rs, asked, err := again(ctx)
		if err != nil {
			return rs, asked, fmt.Errorf("recognize cells: %w", err)
		}
		outsideDoubt(&rs, rect.grid.Corners, pic.gray.Rect)
		return rs, asked, nil
	}
	return rec, ask, nil
}

// outsideDoubt marks the readings of cells that lie partly outside the
// picture (a grid cut by the frame) as unsure: what is missing may be a
// digit's part or a whole digit. Their confidence is at most cutConfidence,
// so they are named as cells to check, never read as sure.
func outsideDoubt(rs *[81]CellReading, q Quad, frame image.Rectangle) {
	h, ok := squareToQuad(q)
	if !ok {
		return
	}
	inside := func(u, v float64) bool {
		x, y := h.apply(u, v)
		return x >= float64(frame.Min.X)-1 && y >= float64(frame.Min.Y)-1 && x <= float64(frame.Max.X)+1 && y <= float64(frame.Max.Y)+1
	}
	for i := range rs {
		r, c := float64(i/9), float64(i%9)
		// The middle of the cell, where digits are written.
		in := true
		const lo, hi = writtenMargin, 1 - writtenMargin
		for _, p := range [4][2]float64{{lo, lo}, {hi, lo}, {hi, hi}, {lo, hi}} {
			in = in && inside((c+p[0])/9, (r+p[1])/9)
		}
		if !in && rs[i].Confidence > cutConfidence {
			rs[i].Confidence = cutConfidence
		}
	}
}

// The bounds of outsideDoubt; their origin records no measurement.
const (
	// cutConfidence is the most a cell partly outside the picture is
	// trusted: an even chance.
	cutConfidence = 0.5
	// writtenMargin is the margin of a cell, as a share of its side, left
	// out of where digits are written: the middle 80%.
	writtenMargin = 0.1
)
