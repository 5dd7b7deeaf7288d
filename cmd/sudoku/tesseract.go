package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"sync"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/ocr/tessproc"
)

// secondOpinions gives each photo reader of the command Tesseract's
// second opinion through a helper process of its own (package
// ocr/tessproc): sudoku does not link Tesseract, and starts the helper
// only when a reading asks it about a digit.
type secondOpinions struct {
	// helper is the helper program; "" finds it beside sudoku or on PATH
	// when it is first needed.
	helper string
	// warn is where the one warning goes when the helper cannot be used.
	warn io.Writer
	once sync.Once
}

// recognizer makes the recognizer of one photo reader (an
// ocreval.RecognizerFactory). When its helper cannot be found, started
// or kept running, the reading goes on with the network alone (the cells
// Tesseract was asked about keep the network's confidence, and are named
// when not sure) and the command warns once.
func (s *secondOpinions) recognizer() (ocr.Recognizer, func(), error) {
	c := tessproc.NewClient(s.helper)
	return ocr.NewRecognizer(&networkAlone{c: c, s: s}), func() { c.Close() }, nil
}

// warmRecognizer makes the recognizer of one ocr-report worker, with its
// helper started and ready, so that no picture's time includes the start.
// A helper that cannot start fails the report: its figures would not be
// the product's.
func (s *secondOpinions) warmRecognizer() (ocr.Recognizer, func(), error) {
	c := tessproc.NewClient(s.helper)
	if err := c.Start(context.Background()); err != nil {
		c.Close()
		return nil, nil, fmt.Errorf("%w%s", err, installHint(err))
	}
	return ocr.NewRecognizer(c), func() { c.Close() }, nil
}

// networkAlone is a helper's client that, when the helper fails, warns
// and answers that it read nothing.
type networkAlone struct {
	c *tessproc.Client
	s *secondOpinions
}

// ReadDigits implements [ocr.DigitReader].
func (r *networkAlone) ReadDigits(ctx context.Context, glyphs []*image.Gray) ([]ocr.DigitGuess, error) {
	out, err := r.c.ReadDigits(ctx, glyphs)
	if err == nil || ctx.Err() != nil {
		return out, err
	}
	r.s.once.Do(func() {
		fmt.Fprintf(r.s.warn, "sudoku: warning: %v; digits read by the network alone%s\n", err, installHint(err))
	})
	return make([]ocr.DigitGuess, len(glyphs)), nil
}

// installHint says how to install a helper that was not found.
func installHint(err error) string {
	var nf *tessproc.NotFoundError
	if errors.As(err, &nf) {
		return " (make install, or go install ./cmd/sudoku-tesseract, puts it in place)"
	}
	return ""
}
