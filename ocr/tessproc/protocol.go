package tessproc

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
	"math"

	"github.com/sudokubot/sudokubot/ocr"
)

// The protocol between a [Client] and its helper ([Serve]), on the
// helper's standard input and output. Every number is little-endian.
//
//	hello    (helper, once, when ready)  "SDKT" version:u16
//	request  (client)                    'G' n:u16 n*(w:u16 h:u16 w*h gray bytes, row by row)
//	response (helper, one per request)   'D' n:u16 n*(ok:u8 9*(P[d]:f64 bits), d = 1..9)
//	                                     or 'E' len:u16 len bytes of UTF-8 (an error message)
//
// A request holds at most [MaxGlyphs] glyphs, each at most [MaxGlyphSide]
// pixels wide and high; a response answers with as many guesses as the
// request had glyphs. A helper that cannot decode a request answers with
// an error and stops, since it no longer knows where the next message
// starts.
const (
	// Version is the protocol's version, which the helper's hello names:
	// a client talks only to a helper of its own version.
	Version = 1
	// MaxGlyphs is the most glyphs in one request: nine pencil-mark
	// digits in each of 81 cells.
	MaxGlyphs = 729
	// MaxGlyphSide is the largest width and height of a glyph in pixels
	// (package ocr hands over glyphs 32 pixels high).
	MaxGlyphSide = 256
	// maxErrorLen is the longest error message a response carries.
	maxErrorLen = 4096
)

// magic starts the helper's hello.
var magic = [4]byte{'S', 'D', 'K', 'T'}

// Message tags.
const (
	tagGlyphs = 'G'
	tagDigits = 'D'
	tagError  = 'E'
)

// guessSize is the size of one guess in a response.
const guessSize = 1 + 9*8

// helperError is an error the helper reported in a response: the helper
// itself is fine and reads the next request.
type helperError struct{ msg string }

func (e *helperError) Error() string { return e.msg }

// writeHello writes the helper's hello.
func writeHello(w io.Writer) error {
	var b [6]byte
	copy(b[:], magic[:])
	binary.LittleEndian.PutUint16(b[4:], Version)
	_, err := w.Write(b[:])
	return err
}

// readHello reads the helper's hello and checks its version.
func readHello(r io.Reader) error {
	var b [6]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("its output ended before it said it was ready")
		}
		return fmt.Errorf("read the helper's hello: %w", err)
	}
	if [4]byte(b[:4]) != magic {
		return fmt.Errorf("the program is no Tesseract helper of sudoku: it greets with % x, want %q", b[:4], magic[:])
	}
	if v := binary.LittleEndian.Uint16(b[4:]); v != Version {
		return fmt.Errorf("the helper speaks protocol version %d, this program version %d: install the two from the same release", v, Version)
	}
	return nil
}

// checkGlyphs checks glyphs against the protocol's limits.
func checkGlyphs(glyphs []*image.Gray) error {
	if len(glyphs) > MaxGlyphs {
		return fmt.Errorf("%d glyphs in one request, more than the limit of %d", len(glyphs), MaxGlyphs)
	}
	for i, g := range glyphs {
		if g == nil {
			return fmt.Errorf("glyph %d is missing", i+1)
		}
		w, h := g.Bounds().Dx(), g.Bounds().Dy()
		if w < 1 || h < 1 || w > MaxGlyphSide || h > MaxGlyphSide {
			return fmt.Errorf("glyph %d is %dx%d pixels, outside 1x1 to %dx%d", i+1, w, h, MaxGlyphSide, MaxGlyphSide)
		}
	}
	return nil
}

// writeRequest writes a request for glyphs, which must pass checkGlyphs.
func writeRequest(w *bufio.Writer, glyphs []*image.Gray) error {
	w.WriteByte(tagGlyphs)
	writeU16(w, len(glyphs))
	for _, g := range glyphs {
		b := g.Bounds()
		writeU16(w, b.Dx())
		writeU16(w, b.Dy())
		for y := range b.Dy() {
			w.Write(g.Pix[y*g.Stride : y*g.Stride+b.Dx()])
		}
	}
	return w.Flush()
}

// readRequest reads a request. It returns io.EOF when r ends before the
// request starts (the client closed the helper's input).
func readRequest(r io.Reader) ([]*image.Gray, error) {
	var head [3]byte
	if _, err := io.ReadFull(r, head[:1]); err != nil {
		return nil, err
	}
	if head[0] != tagGlyphs {
		return nil, fmt.Errorf("request starts with byte %#x, want %q", head[0], tagGlyphs)
	}
	if _, err := io.ReadFull(r, head[1:]); err != nil {
		return nil, fmt.Errorf("read the glyph count: %w", unexpected(err))
	}
	n := int(binary.LittleEndian.Uint16(head[1:]))
	if n > MaxGlyphs {
		return nil, fmt.Errorf("request of %d glyphs, more than the limit of %d", n, MaxGlyphs)
	}
	glyphs := make([]*image.Gray, n)
	for i := range glyphs {
		var size [4]byte
		if _, err := io.ReadFull(r, size[:]); err != nil {
			return nil, fmt.Errorf("read the size of glyph %d of %d: %w", i+1, n, unexpected(err))
		}
		w, h := int(binary.LittleEndian.Uint16(size[:])), int(binary.LittleEndian.Uint16(size[2:]))
		if w < 1 || h < 1 || w > MaxGlyphSide || h > MaxGlyphSide {
			return nil, fmt.Errorf("glyph %d of %d is %dx%d pixels, outside 1x1 to %dx%d", i+1, n, w, h, MaxGlyphSide, MaxGlyphSide)
		}
		g := image.NewGray(image.Rect(0, 0, w, h))
		if _, err := io.ReadFull(r, g.Pix); err != nil {
			return nil, fmt.Errorf("read the pixels of glyph %d of %d: %w", i+1, n, unexpected(err))
		}
		glyphs[i] = g
	}
	return glyphs, nil
}

// writeResponse writes the guesses read.
func writeResponse(w *bufio.Writer, guesses []ocr.DigitGuess) error {
	w.WriteByte(tagDigits)
	writeU16(w, len(guesses))
	var b [guessSize]byte
	for _, g := range guesses {
		b[0] = 0
		if g.OK {
			b[0] = 1
		}
		for d := 1; d <= 9; d++ {
			binary.LittleEndian.PutUint64(b[1+8*(d-1):], math.Float64bits(g.P[d]))
		}
		w.Write(b[:])
	}
	return w.Flush()
}

// writeError writes an error response carrying err's message (cut to
// maxErrorLen bytes).
func writeError(w *bufio.Writer, err error) error {
	msg := err.Error()
	if len(msg) > maxErrorLen {
		msg = msg[:maxErrorLen]
	}
	w.WriteByte(tagError)
	writeU16(w, len(msg))
	w.WriteString(msg)
	return w.Flush()
}

// readResponse reads the response to a request of want glyphs: the
// guesses, or a *helperError when the helper answered with an error.
func readResponse(r io.Reader, want int) ([]ocr.DigitGuess, error) {
	var head [3]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, fmt.Errorf("read the response: %w", unexpected(err))
	}
	n := int(binary.LittleEndian.Uint16(head[1:]))
	switch head[0] {
	case tagError:
		if n > maxErrorLen {
			return nil, fmt.Errorf("error message of %d bytes, more than the limit of %d", n, maxErrorLen)
		}
		msg := make([]byte, n)
		if _, err := io.ReadFull(r, msg); err != nil {
			return nil, fmt.Errorf("read the helper's error message: %w", unexpected(err))
		}
		return nil, &helperError{string(msg)}
	case tagDigits:
	default:
		return nil, fmt.Errorf("response starts with byte %#x, want %q or %q", head[0], tagDigits, tagError)
	}
	if n != want {
		return nil, fmt.Errorf("response of %d guesses to a request of %d glyphs", n, want)
	}
	out := make([]ocr.DigitGuess, n)
	var b [guessSize]byte
	for i := range out {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("read guess %d of %d: %w", i+1, n, unexpected(err))
		}
		if b[0] > 1 {
			return nil, fmt.Errorf("guess %d of %d: ok flag %d, want 0 or 1", i+1, n, b[0])
		}
		out[i].OK = b[0] == 1
		for d := 1; d <= 9; d++ {
			p := math.Float64frombits(binary.LittleEndian.Uint64(b[1+8*(d-1):]))
			if !(p >= 0 && p <= 1) {
				return nil, fmt.Errorf("guess %d of %d: probability %v of digit %d outside 0-1", i+1, n, p, d)
			}
			out[i].P[d] = p
		}
	}
	return out, nil
}

// writeU16 writes n, which the callers keep within 16 bits.
func writeU16(w *bufio.Writer, n int) {
	var b [2]byte
	binary.LittleEndian.PutUint16(b[:], uint16(n))
	w.Write(b[:])
}

// unexpected turns io.EOF within a message into io.ErrUnexpectedEOF.
func unexpected(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}
