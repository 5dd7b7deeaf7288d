package tessproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sudokubot/sudokubot/ocr"
)

// Serve is the helper's side of the protocol: it writes the hello to w,
// then reads requests from r and answers each with d's guesses, until r
// ends (nil: the client closed the helper's input) or ctx is done. A
// reading d fails is answered with the error, and the next request read;
// a request that cannot be decoded is answered with the error, and Serve
// returns it. The helper's main warms d up before calling Serve, so that
// the hello means the helper is ready.
func Serve(ctx context.Context, r io.Reader, w io.Writer, d ocr.DigitReader) error {
	in, out := bufio.NewReader(r), bufio.NewWriter(w)
	if err := writeHello(out); err != nil {
		return fmt.Errorf("write the hello: %w", err)
	}
	if err := out.Flush(); err != nil {
		return fmt.Errorf("write the hello: %w", err)
	}
	for {
		glyphs, err := readRequest(in)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			err = fmt.Errorf("bad request: %w", err)
			writeError(out, err)
			return err
		}
		guesses, err := d.ReadDigits(ctx, glyphs)
		if err == nil && len(guesses) != len(glyphs) {
			err = fmt.Errorf("the digit reader gave %d guesses for %d glyphs", len(guesses), len(glyphs))
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			err = writeError(out, err)
		} else {
			err = writeResponse(out, guesses)
		}
		if err != nil {
			return fmt.Errorf("write the response: %w", err)
		}
	}
}
