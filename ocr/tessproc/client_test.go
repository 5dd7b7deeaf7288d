package tessproc

import (
	"context"
	"errors"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/internal/testbuild"
)

// helper is the real helper program, built by TestMain.
var helper string

func TestMain(m *testing.M) {
	testbuild.Main(m, "github.com/sudokubot/sudokubot/cmd/sudoku-tesseract", HelperName, &helper)
}

// digitGlyph draws digit d in the Go font as package ocr hands glyphs
// over: dark ink on white, 32 pixels high.
func digitGlyph(t testing.TB, d int) *image.Gray {
	t.Helper()
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 40, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	img := image.NewGray(image.Rect(0, 0, 24, 32))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	s := string(rune('0' + d))
	b, _ := font.BoundString(face, s)
	dr := &font.Drawer{Dst: img, Src: image.NewUniform(color.Gray{Y: 30}), Face: face}
	dr.Dot = fixed.P(12-(b.Max.X-b.Min.X).Ceil()/2-b.Min.X.Floor(), 16-(b.Max.Y-b.Min.Y).Ceil()/2-b.Min.Y.Floor())
	dr.DrawString(s)
	return img
}

// digits returns glyphs of 1-9, n times over.
func digits(t testing.TB, n int) ([]*image.Gray, []int) {
	var glyphs []*image.Gray
	var want []int
	for range n {
		for d := 1; d <= 9; d++ {
			glyphs = append(glyphs, digitGlyph(t, d))
			want = append(want, d)
		}
	}
	return glyphs, want
}

// checkRead reads glyphs with c and checks that each is read as want's
// digit.
func checkRead(t *testing.T, c *Client, glyphs []*image.Gray, want []int) {
	t.Helper()
	got, err := c.ReadDigits(context.Background(), glyphs)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d guesses for %d glyphs", len(got), len(want))
	}
	for i, g := range got {
		best := 1
		for d := 2; d <= 9; d++ {
			if g.P[d] > g.P[best] {
				best = d
			}
		}
		if !g.OK || best != want[i] {
			t.Errorf("glyph %d: read %+v, want %d", i, g, want[i])
		}
	}
}

func TestClientReads(t *testing.T) {
	c := NewClient(helper)
	defer c.Close()
	if got, err := c.ReadDigits(context.Background(), nil); err != nil || len(got) != 0 {
		t.Fatalf("no glyphs: %v, %v", got, err)
	}
	if c.proc != nil {
		t.Fatal("the helper started for a reading of no glyph")
	}
	glyphs, want := digits(t, 1)
	checkRead(t, c, glyphs, want)
	first := c.proc.cmd.Process.Pid
	checkRead(t, c, glyphs[3:5], want[3:5])
	if c.proc.cmd.Process.Pid != first {
		t.Fatal("the helper was started again for the second reading")
	}
}

// TestClientConcurrent reads from one client on four goroutines (run with
// -race): the calls take turns on the one helper.
func TestClientConcurrent(t *testing.T) {
	c := NewClient(helper)
	defer c.Close()
	glyphs, want := digits(t, 1)
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			checkRead(t, c, glyphs[k:], want[k:])
		})
	}
	wg.Wait()
}

func TestClientClose(t *testing.T) {
	c := NewClient(helper)
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	p := c.proc
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.done: // waited for: no zombie
	default:
		t.Fatal("Close returned before the helper was waited for")
	}
	if err := c.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	glyphs, _ := digits(t, 1)
	if _, err := c.ReadDigits(context.Background(), glyphs); !errors.Is(err, ErrClosed) {
		t.Fatalf("after Close: err = %v, want ErrClosed", err)
	}
}

// TestHelperKilled kills the helper while it reads a large batch: the
// call fails at once with an error saying so, and so do later calls,
// without starting it again.
func TestHelperKilled(t *testing.T) {
	c := NewClient(helper)
	defer c.Close()
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	p := c.proc
	glyphs, _ := digits(t, MaxGlyphs/9)
	time.AfterFunc(100*time.Millisecond, func() { p.cmd.Process.Kill() })
	_, err := c.ReadDigits(context.Background(), glyphs)
	if err == nil || !strings.Contains(err.Error(), "Tesseract helper "+helper+" stopped (signal: killed)") {
		t.Fatalf("helper killed while reading: err = %v, want one saying it stopped, killed", err)
	}
	<-p.done
	_, err2 := c.ReadDigits(context.Background(), glyphs[:1])
	if err2 == nil || err2.Error() != err.Error() {
		t.Fatalf("after the helper died: err = %v, want the same error again", err2)
	}
	if c.proc != nil {
		t.Fatal("the client started a helper again after it died")
	}
}

// TestClientCancel ends a reading's context while the helper reads: the
// call returns the context's error, and the next call starts a new helper.
func TestClientCancel(t *testing.T) {
	c := NewClient(helper)
	defer c.Close()
	glyphs, want := digits(t, MaxGlyphs/9)
	done, cancelDone := context.WithCancel(context.Background())
	cancelDone()
	if _, err := c.ReadDigits(done, glyphs); !errors.Is(err, context.Canceled) || c.proc != nil {
		t.Fatalf("a reading whose context has ended: err = %v, helper started %v; want context.Canceled, none", err, c.proc != nil)
	}
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := c.ReadDigits(ctx, glyphs); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
	checkRead(t, c, glyphs[:9], want[:9])
}

// script writes a shell script standing in for a helper that is broken in
// some way.
func script(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), HelperName)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestHelperFails(t *testing.T) {
	glyphs, _ := digits(t, 1)
	for _, tc := range []struct {
		name, path string
		env        string // NAME=VALUE set for the helper, or ""
		want       []string
	}{
		{"missing", filepath.Join(t.TempDir(), HelperName), "", []string{"start the Tesseract helper", "no such file or directory"}},
		{"no language data", helper, "TESSDATA_PREFIX=" + t.TempDir(), []string{"stopped (exit status 1)", "it said: sudoku-tesseract: tesseract"}},
		{"exits at once", script(t, "echo 'no Tesseract here' >&2; exit 3"), "", []string{"stopped (exit status 3)", "it said: no Tesseract here"}},
		{"another program", script(t, "echo hello, world; cat >/dev/null"), "", []string{"no Tesseract helper of sudoku"}},
		{"another version", script(t, `printf 'SDKT\007\000'; cat >/dev/null`), "", []string{"protocol version 7, this program version 1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if name, value, ok := strings.Cut(tc.env, "="); ok {
				t.Setenv(name, value)
			}
			c := NewClient(tc.path)
			defer c.Close()
			_, err := c.ReadDigits(context.Background(), glyphs)
			for _, w := range tc.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Fatalf("err = %v, want one saying %q", err, w)
				}
			}
			if err2 := c.Start(context.Background()); err2 == nil || err2.Error() != err.Error() {
				t.Fatalf("second try: err = %v, want the same error", err2)
			}
		})
	}
}

func TestFind(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	_, err := Find()
	exe, _ := os.Executable()
	want := "the Tesseract helper sudoku-tesseract was not found beside " + exe + " or in PATH"
	var nf *NotFoundError
	if !errors.As(err, &nf) || err.Error() != want {
		t.Fatalf("Find without a helper: err = %v, want a NotFoundError saying %q", err, want)
	}
	if err := os.Symlink(helper, filepath.Join(dir, HelperName)); err != nil {
		t.Fatal(err)
	}
	if got, err := Find(); err != nil || got != filepath.Join(dir, HelperName) {
		t.Fatalf("Find with the helper on PATH = %q, %v", got, err)
	}
}

// BenchmarkHelperStart starts the helper and waits until it is ready (the
// time a reading that first asks Tesseract waits), then ends it. It also
// reports the helper's processor time (cpu-ms/op), which a busy machine
// changes less than the wall-clock time.
func BenchmarkHelperStart(b *testing.B) {
	cpu0 := childrenCPU()
	for b.Loop() {
		c := NewClient(helper)
		if err := c.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
	b.ReportMetric(float64(childrenCPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// childrenCPU returns the processor time (user and system) of the
// process's children that have ended and been waited for.
func childrenCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkHelperRead reads nine digit glyphs through a helper that is
// ready (a typical second opinion on one picture).
func BenchmarkHelperRead(b *testing.B) {
	c := NewClient(helper)
	defer c.Close()
	glyphs, _ := digits(b, 1)
	if err := c.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := c.ReadDigits(context.Background(), glyphs); err != nil {
			b.Fatal(err)
		}
	}
}
