package tessproc

import (
	"bufio"
	"bytes"
	"errors"
	"image"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/ocr"
)

// grayOf returns a w x h glyph whose pixels count up from seed.
func grayOf(r image.Rectangle, seed int) *image.Gray {
	g := image.NewGray(r)
	for i := range g.Pix {
		g.Pix[i] = uint8(seed + 7*i)
	}
	return g
}

func TestRequestRoundTrip(t *testing.T) {
	big := grayOf(image.Rect(0, 0, 50, 60), 1)
	glyphs := []*image.Gray{
		grayOf(image.Rect(0, 0, 1, 1), 3),
		big.SubImage(image.Rect(10, 20, 40, 52)).(*image.Gray), // offset bounds, wider stride
		grayOf(image.Rect(0, 0, MaxGlyphSide, 32), 5),
	}
	var buf bytes.Buffer
	if err := writeRequest(bufio.NewWriter(&buf), glyphs); err != nil {
		t.Fatal(err)
	}
	got, err := readRequest(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(glyphs) {
		t.Fatalf("read %d glyphs, want %d", len(got), len(glyphs))
	}
	for i, g := range glyphs {
		b := g.Bounds()
		if got[i].Bounds() != image.Rect(0, 0, b.Dx(), b.Dy()) {
			t.Fatalf("glyph %d: bounds %v, want %dx%d", i, got[i].Bounds(), b.Dx(), b.Dy())
		}
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if got[i].GrayAt(x-b.Min.X, y-b.Min.Y) != g.GrayAt(x, y) {
					t.Fatalf("glyph %d: pixel (%d, %d) differs", i, x, y)
				}
			}
		}
	}
	if buf.Len() != 0 {
		t.Fatalf("%d bytes left after the request", buf.Len())
	}
	if _, err := readRequest(&buf); err != io.EOF {
		t.Fatalf("reading past the last request: err = %v, want io.EOF", err)
	}
}

func TestResponseRoundTrip(t *testing.T) {
	var g ocr.DigitGuess
	g.OK = true
	for d := 1; d <= 9; d++ {
		g.P[d] = 1 / (3 + float64(d)*math.Pi)
	}
	guesses := []ocr.DigitGuess{g, {}, {OK: true, P: [10]float64{0, 1}}}
	var buf bytes.Buffer
	if err := writeResponse(bufio.NewWriter(&buf), guesses); err != nil {
		t.Fatal(err)
	}
	got, err := readResponse(&buf, len(guesses))
	if err != nil {
		t.Fatal(err)
	}
	for i := range guesses {
		if got[i] != guesses[i] {
			t.Fatalf("guess %d = %+v, want exactly %+v", i, got[i], guesses[i])
		}
	}

	buf.Reset()
	if err := writeError(bufio.NewWriter(&buf), errors.New("tesseract: recognise: out of memory")); err != nil {
		t.Fatal(err)
	}
	_, err = readResponse(&buf, 3)
	var he *helperError
	if !errors.As(err, &he) || he.msg != "tesseract: recognise: out of memory" {
		t.Fatalf("error response read as %v, want the helper's message", err)
	}
}

func TestHello(t *testing.T) {
	var buf bytes.Buffer
	if err := writeHello(&buf); err != nil {
		t.Fatal(err)
	}
	if err := readHello(&buf); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"nothing", "", "its output ended before it said it was ready"},
		{"short", "SDK", "unexpected EOF"},
		{"another program", "hello!", "no Tesseract helper of sudoku"},
		{"another version", "SDKT\x02\x00", "protocol version 2, this program version 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := readHello(strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// le16 is n as two little-endian bytes.
func le16(n int) string { return string([]byte{byte(n), byte(n >> 8)}) }

func TestBadRequests(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"other tag", "X", "request starts with byte 0x58"},
		{"cut count", "G\x01", "read the glyph count: unexpected EOF"},
		{"too many glyphs", "G" + le16(MaxGlyphs+1), "request of 730 glyphs, more than the limit of 729"},
		{"too wide", "G" + le16(1) + le16(MaxGlyphSide+1) + le16(32), "glyph 1 of 1 is 257x32 pixels, outside 1x1 to 256x256"},
		{"empty glyph", "G" + le16(2) + le16(1) + le16(1) + "x" + le16(0) + le16(32), "glyph 2 of 2 is 0x32 pixels"},
		{"cut pixels", "G" + le16(1) + le16(2) + le16(2) + "abc", "read the pixels of glyph 1 of 1: unexpected EOF"},
		{"cut size", "G" + le16(2) + le16(1) + le16(1) + "x" + "\x01", "read the size of glyph 2 of 2: unexpected EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readRequest(strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func TestBadResponses(t *testing.T) {
	f64 := func(v float64) string {
		var b [8]byte
		for i := range b {
			b[i] = byte(math.Float64bits(v) >> (8 * i))
		}
		return string(b[:])
	}
	guess := func(ok byte, p float64) string { return string([]byte{ok}) + strings.Repeat(f64(p), 9) }
	for _, tc := range []struct {
		name, in string
		want     int
		msg      string
	}{
		{"nothing", "", 1, "read the response: unexpected EOF"},
		{"other tag", "Q\x00\x00", 1, "response starts with byte 0x51"},
		{"wrong count", "D" + le16(2) + guess(1, 0.1) + guess(1, 0.1), 3, "response of 2 guesses to a request of 3 glyphs"},
		{"bad ok flag", "D" + le16(1) + guess(2, 0.1), 1, "guess 1 of 1: ok flag 2"},
		{"NaN", "D" + le16(1) + guess(1, math.NaN()), 1, "probability NaN of digit 1 outside 0-1"},
		{"negative", "D" + le16(1) + guess(1, -0.5), 1, "probability -0.5 of digit 1"},
		{"cut guess", "D" + le16(1) + guess(1, 0.1)[:20], 1, "read guess 1 of 1: unexpected EOF"},
		{"long error", "E" + le16(maxErrorLen+1), 1, "error message of 4097 bytes"},
		{"cut error", "E" + le16(10) + "abc", 1, "read the helper's error message: unexpected EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readResponse(strings.NewReader(tc.in), tc.want)
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want one saying %q", err, tc.msg)
			}
		})
	}
}

func TestCheckGlyphs(t *testing.T) {
	ok := grayOf(image.Rect(0, 0, 20, 32), 0)
	for _, tc := range []struct {
		name   string
		glyphs []*image.Gray
		want   string
	}{
		{"too many", make([]*image.Gray, MaxGlyphs+1), "730 glyphs in one request, more than the limit of 729"},
		{"missing", []*image.Gray{ok, nil}, "glyph 2 is missing"},
		{"too high", []*image.Gray{grayOf(image.Rect(0, 0, 10, MaxGlyphSide+1), 0)}, "glyph 1 is 10x257 pixels"},
		{"empty", []*image.Gray{ok, ok, image.NewGray(image.Rect(3, 3, 3, 9))}, "glyph 3 is 0x6 pixels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkGlyphs(tc.glyphs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
	if err := checkGlyphs([]*image.Gray{ok}); err != nil {
		t.Fatal(err)
	}
}

func FuzzReadHello(f *testing.F) {
	f.Add([]byte("SDKT\x01\x00"))
	f.Add([]byte("SDKT\xff\xff"))
	f.Add([]byte("SD"))
	f.Fuzz(func(t *testing.T, in []byte) {
		readHello(bytes.NewReader(in)) // must not panic
	})
}

func FuzzReadRequest(f *testing.F) {
	var buf bytes.Buffer
	writeRequest(bufio.NewWriter(&buf), []*image.Gray{grayOf(image.Rect(0, 0, 3, 2), 1), grayOf(image.Rect(0, 0, 1, 4), 9)})
	f.Add(buf.Bytes())
	f.Add([]byte("G\xff\xff"))
	f.Add([]byte("G\x01\x00\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, in []byte) {
		glyphs, err := readRequest(bytes.NewReader(in))
		if err != nil {
			return
		}
		if err := checkGlyphs(glyphs); err != nil {
			t.Fatalf("a request decoded breaks the limits: %v", err)
		}
		// What decodes encodes back to the bytes it came from.
		var out bytes.Buffer
		if err := writeRequest(bufio.NewWriter(&out), glyphs); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(in, out.Bytes()) {
			t.Fatalf("request %x re-encodes as %x", in, out.Bytes())
		}
	})
}

func FuzzReadResponse(f *testing.F) {
	var buf bytes.Buffer
	writeResponse(bufio.NewWriter(&buf), []ocr.DigitGuess{{OK: true, P: [10]float64{0, 0.5, 0.5}}, {}})
	f.Add(buf.Bytes(), 2)
	buf.Reset()
	writeError(bufio.NewWriter(&buf), errors.New("no"))
	f.Add(buf.Bytes(), 1)
	f.Add([]byte("D\x01\x00\x01"), 1)
	f.Fuzz(func(t *testing.T, in []byte, want int) {
		guesses, err := readResponse(bytes.NewReader(in), want)
		if err != nil {
			return
		}
		if len(guesses) != want {
			t.Fatalf("%d guesses decoded, want %d", len(guesses), want)
		}
		for i, g := range guesses {
			for d, p := range g.P {
				if !(p >= 0 && p <= 1) {
					t.Fatalf("guess %d: P[%d] = %v", i, d, p)
				}
			}
		}
	})
}
