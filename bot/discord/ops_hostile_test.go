package discord

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/internal/fakediscord"
)

// TestOpsHostileInputs sends the hostile input corpus as DMs through the
// real discordgo and the fake Discord, one message each: every one gets
// exactly one short, specific answer, the photo reader is reached only by
// files that pass the checks on metadata and header, the refused downloads
// never happen, and the bot still solves a puzzle at the end.
func TestOpsHostileInputs(t *testing.T) {
	var reads atomic.Int64
	e := startOps(t, opsSetup{bot: func(o *bot.Options) {
		o.Engines = bottest.GatedReader{Engines: o.Engines, Started: &reads}
	}})
	photo, _ := photoFixture(t)
	huge := e.srv.AddAttachment("huge.jpg", "image/jpeg", photo)
	huge.Size = 50 << 20 // what Discord's metadata says; the bytes are never fetched
	foreign := e.srv.AddAttachment("grid.png", "image/png", bottest.TinyPNG(t, 8, 8))
	foreign.URL, foreign.ProxyURL = "https://images.example.com/grid.png", "https://images.example.com/grid.png"
	bomb := realPixelBomb(t, 30000, 30000)
	if len(bomb) > 200<<10 {
		t.Fatalf("the 30000x30000 PNG is %d bytes, want a small file", len(bomb))
	}
	empty := strings.Repeat(".", 81)
	noSolution := "12345678." + "........9" + strings.Repeat(".", 63)
	tests := []struct {
		name  string
		text  string
		att   *fakediscord.Attachment
		want  string
		reads int64 // photo reader calls
		gets  int   // downloads of the attachment
	}{
		{name: "non-image file named .png", att: ptr(e.srv.AddAttachment("sudoku.png", "image/png", []byte("#!/bin/sh\necho this is a script, not a picture\n"))),
			want: "I could not open this image (sudoku.png) as a picture", gets: 1},
		{name: "50 MB attachment", att: &huge, want: "This image (huge.jpg) is 50 MB, the limit is 10 MB"},
		// A complete, valid PNG: deflate cannot shrink data more than
		// about 1000 times, so 900 M one-bit pixels weigh about 107 KB.
		{name: "30000x30000 PNG, complete", att: ptr(e.srv.AddAttachment("bomb.png", "image/png", bomb)),
			want: "This image (bomb.png) is 30000x30000 pixels (900 megapixels), the limit is 40 megapixels", gets: 1},
		// Only the header: a few dozen bytes that claim 900 M pixels.
		{name: "30000x30000 PNG header, a few bytes", att: ptr(e.srv.AddAttachment("tiny-bomb.png", "image/png", bottest.BombPNG(t, 30000, 30000))),
			want: "This image (tiny-bomb.png) is 30000x30000 pixels (900 megapixels), the limit is 40 megapixels", gets: 1},
		{name: "truncated JPEG", att: ptr(e.srv.AddAttachment("cut.jpg", "image/jpeg", photo[:len(photo)/3])),
			want: "I could not open this image (cut.jpg) as a picture", gets: 1},
		{name: "zero-byte file", att: ptr(e.srv.AddAttachment("empty.png", "image/png", nil)),
			want: "This image (empty.png) is empty (0 bytes)", gets: 1},
		{name: "attachment URL on a foreign host", att: &foreign, want: "I only download pictures from Discord itself"},
		{name: "80 cells", text: bottest.Puzzle[:80], want: "found 80 cells, a 9x9 puzzle needs 81"},
		{name: "82 cells", text: bottest.Puzzle + "7", want: "found 82 cells, a 9x9 puzzle needs 81"},
		{name: "letters", text: strings.Repeat("sudoku ", 12), want: "I couldn't read a Sudoku grid in your text"},
		{name: "emoji", text: strings.Repeat("🙂", 81), want: "I couldn't read a Sudoku grid in your text"},
		{name: "100 KB of text", text: strings.Repeat(bottest.Puzzle, 100<<10/81+1), want: "limit"},
		{name: "grid with clashes", text: "55" + bottest.Puzzle[2:], want: "row 1 has two 5s (r1c1 and r1c2)"},
		{name: "empty grid", text: empty, want: "This grid is empty"},
		{name: "grid with no solution", text: noSolution, want: "This puzzle has no solution"},
		{name: "grid with many solutions", text: "123456789" + strings.Repeat(".", 72), want: "This puzzle has more than one solution"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := reads.Load()
			var atts []fakediscord.Attachment
			if tt.att != nil {
				atts = append(atts, *tt.att)
			}
			msg := e.dm(t, "", tt.text, atts...)
			_, content := e.replyTo(t, msg)
			if !strings.Contains(content, tt.want) {
				t.Errorf("reply %q\nwant it to contain %q", content, tt.want)
			}
			if strings.Contains(content, "something went wrong") || len(content) > 600 {
				t.Errorf("reply is not a short, specific message: %q", content)
			}
			if got := reads.Load() - before; got != tt.reads {
				t.Errorf("the photo reader ran %d times, want %d", got, tt.reads)
			}
			if tt.att != nil {
				if got := e.srv.Downloads(*tt.att); got != tt.gets {
					t.Errorf("downloaded %d times, want %d", got, tt.gets)
				}
			}
		})
	}
	// Nothing crashed: the bot still solves, every message got one reply,
	// and no request ended in a recovered panic.
	last := e.dm(t, "", bottest.Puzzle)
	_, content := e.replyTo(t, last)
	checkSolved(t, bottest.Puzzle, content)
	for id, n := range e.repliesByMessage() {
		if n != 1 {
			t.Errorf("message %s answered %d times", id, n)
		}
	}
	if len(e.repliesByMessage()) != len(tests)+1 {
		t.Errorf("%d messages answered, want %d", len(e.repliesByMessage()), len(tests)+1)
	}
	waitMetric(t, e.metrics, float64(len(tests)), "sudokubot_requests_total", "kind=message", "result=error")
	if got := bottest.MetricValue(t, e.metrics.Registry(), "sudokubot_requests_total", "result=panic"); got != -1 {
		t.Errorf("%v requests ended in a panic", got)
	}
}

func ptr[T any](v T) *T { return &v }

// realPixelBomb returns a valid, complete PNG of w x h black pixels, one bit
// each: every row is there, deflated, so the file decodes in full (to
// w*h bytes of memory with Go's decoder) while weighing about a thousandth
// of its raw size.
func realPixelBomb(t *testing.T, w, h int) []byte {
	t.Helper()
	rowBytes := 1 + (w+7)/8 // filter byte 0 (none), then the bits, all 0
	idat, err := zeroZlib(h*rowBytes, 100*rowBytes)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		out.WriteString(typ)
		out.Write(data)
		_ = binary.Write(&out, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 1, 0 // bit depth 1, greyscale
	chunk("IHDR", ihdr)
	chunk("IDAT", idat)
	chunk("IEND", nil)
	cfg, err := png.DecodeConfig(bytes.NewReader(out.Bytes()))
	if err != nil || cfg.Width != w || cfg.Height != h {
		t.Fatalf("pixel bomb header: %+v, %v", cfg, err)
	}
	return out.Bytes()
}

// zeroZlib returns a zlib stream of n zero bytes without compressing them
// all, which would take seconds under the race detector: it deflates a
// first chunk and a second one, each ended on a byte boundary by a flush,
// and repeats the second block, which is valid anywhere after the first
// since all it copies are zeros; then the rest, the final block and the
// Adler-32 of n zeros (1 + n<<16, modulo 65521 for each half).
func zeroZlib(n, chunk int) ([]byte, error) {
	var buf bytes.Buffer
	fw, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("deflate: %w", err)
	}
	zeros := make([]byte, chunk)
	out := bytes.NewBuffer([]byte{0x78, 0xda}) // deflate, 32 KB window, best compression
	deflate := func(k int) ([]byte, error) {
		if _, err := fw.Write(zeros[:k]); err != nil {
			return nil, fmt.Errorf("deflate: %w", err)
		}
		if err := fw.Flush(); err != nil {
			return nil, fmt.Errorf("deflate: %w", err)
		}
		b := bytes.Clone(buf.Bytes())
		buf.Reset()
		return b, nil
	}
	left := n
	first, err := deflate(min(chunk, left))
	if err != nil {
		return nil, err
	}
	out.Write(first)
	left -= min(chunk, left)
	if left >= chunk {
		block, err := deflate(chunk)
		if err != nil {
			return nil, err
		}
		for ; left >= chunk; left -= chunk {
			out.Write(block)
		}
	}
	if _, err := fw.Write(zeros[:left]); err != nil {
		return nil, fmt.Errorf("deflate: %w", err)
	}
	if err := fw.Close(); err != nil {
		return nil, fmt.Errorf("deflate: %w", err)
	}
	out.Write(buf.Bytes())
	_ = binary.Write(out, binary.BigEndian, uint32(n%65521)<<16|1)
	return out.Bytes(), nil
}

// TestOpsRealPixelBombIsValid decodes in full images made like the
// 30000x30000 one (one chunk, several, and a remainder), so the bomb is
// known to be a real PNG and not just a lying header.
func TestOpsRealPixelBombIsValid(t *testing.T) {
	for _, size := range []image.Point{{333, 50}, {333, 250}, {64, 1000}} {
		data := realPixelBomb(t, size.X, size.Y)
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		if img.Bounds() != image.Rect(0, 0, size.X, size.Y) {
			t.Errorf("%v: bounds %v", size, img.Bounds())
		}
	}
}
