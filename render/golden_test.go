package render

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden PNG files in testdata/")

// TestGolden draws every golden case and compares the PNG bytes with
// testdata/<name>.png. Run with -update after a deliberate change, and
// look at the new pictures before committing them.
func TestGolden(t *testing.T) {
	names := map[string]bool{}
	for _, c := range goldenCases() {
		names[c.name+".png"] = true
		t.Run(c.name, func(t *testing.T) {
			got := encodeCase(t, c)
			path := filepath.Join("testdata", c.name+".png")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				bad := filepath.Join(t.TempDir(), c.name+".png")
				os.WriteFile(bad, got, 0o644)
				t.Errorf("%s differs from the golden file (%d bytes, want %d); the new picture is %s", c.name, len(got), len(want), bad)
			}
		})
	}
	// A golden file no case writes any more is stale.
	files, err := filepath.Glob(filepath.Join("testdata", "*.png"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !names[filepath.Base(f)] {
			t.Errorf("%s is not drawn by any golden case: delete it", f)
		}
	}
}

// TestGoldenPixels decodes every golden file and checks it where the
// picture is known whatever the case: the theme's paper in the corner, and
// the given colour inside the cell of every given.
func TestGoldenPixels(t *testing.T) {
	for _, c := range goldenCases() {
		t.Run(c.name, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", c.name+".png"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			pal := c.opt.Theme.Palette()
			if b := img.Bounds(); b.Dx() != c.opt.Size || b.Dy() != c.opt.Size {
				t.Fatalf("picture is %v, want %d px square", b, c.opt.Size)
			}
			if got := img.At(0, 0); !same(got, pal.Background) {
				t.Errorf("corner is %v, want the %v paper %v", got, c.opt.Theme, pal.Background)
			}
			n := c.puzzle.Side()
			l := newLayout(n, c.puzzle.BoxSide(), c.opt.Size, c.opt.Labels)
			for i := range n * n {
				if c.puzzle.Cell(i) == 0 {
					continue
				}
				if got := count(img, l.interior(i/n, i%n), pal.Given); got < 10 {
					t.Errorf("given at %s has %d pixels of the given colour, want 10+", c.puzzle.CellName(i), got)
				}
			}
		})
	}
}

// TestDeterministic draws each case from several goroutines at once and
// checks that every copy has the same bytes: the glyph cache and the
// encoder's buffer pool are shared, so this also exercises them under
// -race.
func TestDeterministic(t *testing.T) {
	for _, c := range goldenCases() {
		want := encodeCase(t, c)
		const copies = 4
		got := make([][]byte, copies)
		var wg sync.WaitGroup
		for i := range copies {
			wg.Go(func() {
				img, err := c.draw()
				if err != nil {
					t.Error(err)
					return
				}
				var buf bytes.Buffer
				if err := EncodePNG(&buf, img); err != nil {
					t.Error(err)
					return
				}
				got[i] = buf.Bytes()
			})
		}
		wg.Wait()
		for i, g := range got {
			if !bytes.Equal(g, want) {
				t.Errorf("%s: copy %d differs from the first drawing", c.name, i)
			}
		}
	}
}

func encodeCase(t *testing.T, c goldenCase) []byte {
	t.Helper()
	img, err := c.draw()
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return buf.Bytes()
}
