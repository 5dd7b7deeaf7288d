package bottest

import (
	"bytes"
	"context"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// A classic puzzle and its solution.
const (
	Puzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	Solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// LogBuffer is a bytes.Buffer safe for the concurrent writes of a logger.
type LogBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p to the buffer.
func (s *LogBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns what was written so far.
func (s *LogBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// SpoilerRows returns the rows of the solution inside a reply's ||...||.
func SpoilerRows(t testing.TB, text string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?s)\|\|(.*?)\|\|`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no spoiler in %q", text)
	}
	return strings.Split(m[1], "\n")
}

// CheckSolutionText checks that a reply's spoiler holds the solution want
// (81 digits), written as nine rows of three groups of three digits.
func CheckSolutionText(t testing.TB, text, want string) {
	t.Helper()
	rows := SpoilerRows(t, text)
	if len(rows) != 9 {
		t.Fatalf("spoiler has %d lines, want 9: %q", len(rows), rows)
	}
	got := strings.ReplaceAll(strings.Join(rows, ""), " ", "")
	if got != want {
		t.Errorf("solution in spoiler = %s, want %s", got, want)
	}
	for _, r := range rows {
		if !regexp.MustCompile(`^[1-9]{3} [1-9]{3} [1-9]{3}$`).MatchString(r) {
			t.Errorf("row %q is not 9 digits with spaces between boxes", r)
		}
	}
}

// DecodePNG decodes data, the picture named name, failing the test when it
// is not a PNG.
func DecodePNG(t testing.TB, name string, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s is not a PNG: %v", name, err)
	}
	return img
}

// TinyPNG returns a real PNG of w x h pixels.
func TinyPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// BombPNG returns a few-byte PNG whose header claims w x h pixels.
func BombPNG(t testing.TB, w, h uint32) []byte {
	t.Helper()
	data := TinyPNG(t, 1, 1)
	// IHDR: 8-byte signature, length (4), "IHDR" (4), width, height, ...
	ihdr := data[8+4 : 8+4+4+13]
	put := func(b []byte, v uint32) { b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v) }
	put(ihdr[4:8], w)
	put(ihdr[8:12], h)
	put(data[8+4+4+13:8+4+4+13+4], crc32.ChecksumIEEE(ihdr))
	return data
}

// DistinctPuzzle returns the i-th (i < 362880) of many different valid
// puzzles with one solution: [Puzzle] with its digits relabelled, which
// keeps the rules and the uniqueness.
func DistinctPuzzle(i int) string {
	perm := []byte("123456789")
	// The i-th permutation of the digits, i read in the factorial base.
	for k, j := 8, i; k > 0; k-- {
		r := j % (k + 1)
		j /= k + 1
		perm[k], perm[r] = perm[r], perm[k]
	}
	out := []byte(Puzzle)
	for n, ch := range out {
		if ch != '.' {
			out[n] = perm[ch-'1']
		}
	}
	return string(out)
}

// WaitTimeout bounds one wait of a test: generous, since the machine may
// be loaded; nothing sleeps.
const WaitTimeout = 90 * time.Second

// WaitFor waits until cond holds, polling briefly; it fails the test after
// [WaitTimeout].
func WaitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), WaitTimeout)
	defer cancel()
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("timed out waiting for %s", what)
		case <-tick.C:
		}
	}
}

// Get fetches a URL and returns the status and body.
func Get(t testing.TB, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// MetricValue returns the sum of the series of a counter or gauge named
// name in g that have the given labels ("k=v" pairs; for a histogram, the
// sample count), or -1 when no series matches.
func MetricValue(tb testing.TB, g prometheus.Gatherer, name string, labels ...string) float64 {
	tb.Helper()
	families, err := g.Gather()
	if err != nil {
		tb.Fatal(err)
	}
	sum, found := 0.0, false
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, s := range f.GetMetric() {
			have := map[string]string{}
			for _, l := range s.GetLabel() {
				have[l.GetName()] = l.GetValue()
			}
			for _, kv := range labels {
				k, v, _ := strings.Cut(kv, "=")
				if have[k] != v {
					continue series
				}
			}
			found = true
			switch {
			case s.Counter != nil:
				sum += s.Counter.GetValue()
			case s.Gauge != nil:
				sum += s.Gauge.GetValue()
			case s.Histogram != nil:
				sum += float64(s.Histogram.GetSampleCount())
			}
		}
	}
	if !found {
		return -1
	}
	return sum
}
