package ocr

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// testRec returns the recognizer the reading tests of this package use:
// the likeness to the Go fonts alone, with no digit reader (package
// ocr/tesseract tests the reading with Tesseract).
func testRec(t *testing.T) Recognizer {
	t.Helper()
	return NewRecognizer(nil)
}

// ReadTestLook reads the picture testdata/looks/name with the test
// recognizer (testRec). It is exported for the tests of package ocr_test.
func ReadTestLook(t *testing.T, name string) *Result {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "looks", name))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Read(context.Background(), data, Options{Recognizer: testRec(t)})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// decodeTestLook decodes the picture testdata/looks/name.
func decodeTestLook(t testing.TB, name string) *Decoded {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "looks", name))
	if err != nil {
		t.Fatal(err)
	}
	dec, err := Decode(data, DefaultDecodeLimits)
	if err != nil {
		t.Fatal(err)
	}
	return dec
}

type truthPhoto struct {
	name  string
	data  []byte
	truth solver.Grid
}

// checkReading fails the test on a silent wrong answer: a grid that passes
// the solver check but differs from the truth in a cell it does not name
// as one to check. It reports whether the grid was read fully right.
func checkReading(t *testing.T, name string, res *Result, truth solver.Grid) bool {
	t.Helper()
	right := res.Grid == truth
	if res.Checked() {
		for i := range 81 {
			if res.Grid.Cell(i) != truth.Cell(i) && !slices.Contains(res.Doubtful, i) {
				t.Errorf("%s: silent wrong answer: read %s, truth %s; %s not named as doubtful", name, res.Grid, truth, truth.CellName(i))
			}
		}
	}
	if !res.Checked() && res.Err() == nil {
		t.Errorf("%s: unchecked grid without an error", name)
	}
	if !right {
		t.Logf("%s: read %s, truth %s (%v)", name, res.Grid, truth, res.Err())
	}
	return right
}

func TestReadSynthetic(t *testing.T) {
	rec := testRec(t)
	right := 0
	for _, tc := range synthCases {
		data, truth, _ := synthPhoto(t, tc.o)
		res, err := Read(context.Background(), data, Options{Recognizer: rec})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if checkReading(t, tc.name, res, truth) {
			right++
		}
	}
	if right*10 < len(synthCases)*8 {
		t.Errorf("%d of %d synthetic photos read fully right, want at least 80%%", right, len(synthCases))
	}
}

// TestReadDarkAndTransparent reads a puzzle printed light on dark, and one
// on a transparent background (PNG screenshots).
func TestReadDarkAndTransparent(t *testing.T) {
	rec := testRec(t)
	data, truth, _ := synthPhoto(t, synthCases[0].o)
	d, err := Decode(data, DefaultDecodeLimits)
	if err != nil {
		t.Fatal(err)
	}
	g := ToGray(d.Image)
	var dark bytes.Buffer
	if err := png.Encode(&dark, invert(g)); err != nil {
		t.Fatal(err)
	}
	// Transparent: ink is opaque black with the darkness as alpha.
	tr := image.NewNRGBA(g.Rect)
	for i, p := range g.Pix {
		tr.Pix[4*i+3] = 255 - p
	}
	var clear bytes.Buffer
	if err := png.Encode(&clear, tr); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		data     []byte
		inverted bool
	}{{"dark", dark.Bytes(), true}, {"transparent", clear.Bytes(), false}} {
		res, err := Read(context.Background(), tc.data, Options{Recognizer: rec})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if res.Inverted != tc.inverted {
			t.Errorf("%s: Inverted %v, want %v", tc.name, res.Inverted, tc.inverted)
		}
		if !checkReading(t, tc.name, res, truth) {
			t.Errorf("%s: not read fully right", tc.name)
		}
	}
}

// rotateCCW returns g turned a quarter turn anticlockwise.
func rotateCCW(g *image.Gray) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, h, w))
	for y := range h {
		for x := range w {
			out.Pix[(w-1-x)*out.Stride+y] = g.Pix[y*g.Stride+x]
		}
	}
	return out
}

// TestReadOrientation reads one photo three ways: as is, with an EXIF tag
// asking for a quarter turn although the pixels are upright, and turned on
// its side with that tag (the tag is right). The photo is a clean synthetic
// one so that the test is about orientation, not about hard digits.
func TestReadOrientation(t *testing.T) {
	rec := testRec(t)
	data, truth, _ := synthPhoto(t, synthCases[0].o)
	p := truthPhoto{"clean", data, truth}
	d, err := Decode(p.data, DefaultDecodeLimits)
	if err != nil {
		t.Fatal(err)
	}
	var side, down bytes.Buffer
	if err := jpeg.Encode(&side, rotateCCW(ToGray(d.Image)), &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&down, rotateCCW(rotateCCW(ToGray(d.Image))), &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		data  []byte
		turns int
	}{
		{"untagged", p.data, 0},
		{"wrong tag", withOrientation(p.data, 6, binary.BigEndian), 0},
		{"right tag", withOrientation(side.Bytes(), 6, binary.LittleEndian), 1},
		// No tag: found by glancing at the other angles.
		{"on its side, untagged", side.Bytes(), 1},
		{"upside down, untagged", down.Bytes(), 2},
	}
	var ref *Result
	for _, tc := range cases {
		res, err := Read(context.Background(), tc.data, Options{Recognizer: rec})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if res.Turns != tc.turns {
			t.Errorf("%s: turned %d quarter turns, want %d", tc.name, res.Turns, tc.turns)
		}
		checkReading(t, tc.name, res, p.truth)
		if ref == nil {
			ref = res
			continue
		}
		if tc.turns == 1 {
			// The stored top-left of the turned photo is the puzzle's
			// top-right: stored (x, y) is upright (H-1-y, x)... so the
			// puzzle's top-left sits at stored (y0, W-1-x0).
			want := Point{ref.Corners[0].Y, float64(ref.Width) - ref.Corners[0].X}
			if got := res.Corners[0]; absf(got.X-want.X) > 4 || absf(got.Y-want.Y) > 4 {
				t.Errorf("%s: puzzle's top-left corner at %v, want near %v", tc.name, got, want)
			}
		}
	}
}

// TestReadTaggedWithoutSecondOpinion reads a photo whose upright reading
// is sure, untagged, tagged for a quarter turn its pixels do not need, and
// stored on its side and tagged so: the second opinion is never asked
// about the digits lying on their side (with Tesseract, that cost a
// helper's start on every such phone photo).
func TestReadTaggedWithoutSecondOpinion(t *testing.T) {
	data, truth, _ := synthPhoto(t, synthCases[0].o)
	d, err := Decode(data, DefaultDecodeLimits)
	if err != nil {
		t.Fatal(err)
	}
	var side bytes.Buffer
	if err := jpeg.Encode(&side, rotateCCW(ToGray(d.Image)), &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		data  []byte
		turns int
	}{
		{"upright, untagged", data, 0},
		{"upright, tagged on its side", withOrientation(data, 6, binary.BigEndian), 0},
		{"on its side, tagged", withOrientation(side.Bytes(), 6, binary.LittleEndian), 1},
	} {
		second := &blindReader{}
		res, err := Read(context.Background(), tc.data, Options{Recognizer: NewRecognizer(second)})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		checkReading(t, tc.name, res, truth)
		if res.Turns != tc.turns {
			t.Errorf("%s: turned %d quarter turns, want %d", tc.name, res.Turns, tc.turns)
		}
		if second.asked != 0 {
			t.Errorf("%s: the second opinion was asked %d times, want none", tc.name, second.asked)
		}
	}
}

func absf(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func TestReadErrors(t *testing.T) {
	rec := testRec(t)
	blank := image.NewGray(image.Rect(0, 0, 320, 240))
	for i := range blank.Pix {
		blank.Pix[i] = 230
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, blank, nil); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		data []byte
		want error
		msg  string
	}{
		{"text", []byte("53..7....6..195...."), ErrNotImage, "not a JPEG, PNG, GIF or WebP image"},
		{"blank paper", b.Bytes(), ErrNoGrid, "no Sudoku grid found in the image"},
		{"bomb", pngHeader(12000, 9000), ErrTooLarge, "image is 12000x9000 pixels, the limit is 40000000 pixels"},
		{"truncated", b.Bytes()[:b.Len()/3], nil, "decode jpeg"},
	}
	for _, tc := range cases {
		_, err := Read(context.Background(), tc.data, Options{Recognizer: rec})
		if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.msg)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	photo, _, _ := synthPhoto(t, synthCases[0].o)
	if _, err := Read(ctx, photo, Options{Recognizer: rec}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v", err)
	}
	if _, err := Read(context.Background(), b.Bytes(), Options{}); err == nil {
		t.Error("no recognizer: no error")
	}
}

func TestDrawOverlay(t *testing.T) {
	rec := testRec(t)
	data, truth, _ := synthPhoto(t, synthCases[1].o)
	res, err := Read(context.Background(), data, Options{Recognizer: rec})
	if err != nil {
		t.Fatal(err)
	}
	if res.Grid != truth {
		// The overlay is drawn on a right reading only: a misread here is a
		// regression of the reader, not a reason to test less.
		t.Fatalf("the synthetic photo is misread, so the overlay cannot be checked: got %v, want %v (%v)", res.Grid, truth, res.Err())
	}
	sol, err := solver.SolveUnique(truth)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(data, DefaultDecodeLimits)
	if err != nil {
		t.Fatal(err)
	}
	style := OverlayStyle{Color: colorBlue}
	out, err := DrawOverlay(d.Image, res, sol, style)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := squareToQuad(res.Corners)
	blue := func(i int) int {
		// Count blue pixels around the cell's centre in the photo.
		n := 0
		for dy := -0.3; dy <= 0.3; dy += 0.05 {
			for dx := -0.3; dx <= 0.3; dx += 0.05 {
				x, y := h.apply((float64(i%9)+0.5+dx)/9, (float64(i/9)+0.5+dy)/9)
				c := out.RGBAAt(int(x), int(y))
				if int(c.B) > int(c.R)+60 {
					n++
				}
			}
		}
		return n
	}
	for i := range 81 {
		n := blue(i)
		if truth.Cell(i) == 0 && n < 5 {
			t.Errorf("empty cell %d: %d blue samples, want the solution's %d drawn", i, n, sol.Cell(i))
		}
		if truth.Cell(i) != 0 && n != 0 {
			t.Errorf("given cell %d: %d blue samples, want none", i, n)
		}
	}
	// A result that needs a quarter turn gives an upright picture.
	turned := *res
	turned.Turns = 1
	out, err = DrawOverlay(d.Image, &turned, sol, style)
	if err != nil {
		t.Fatal(err)
	}
	if b := out.Bounds(); b.Dx() != res.Height || b.Dy() != res.Width {
		t.Errorf("turned overlay is %v, want %dx%d", b, res.Height, res.Width)
	}
	if _, err := DrawOverlay(d.Image, res, truth, style); err == nil {
		t.Error("an incomplete solution was accepted")
	}
}

// TestDrawRings rings two cells of a grid on a blank photo: pixels on the
// ring of those cells turn red, their middles and the other cells do not.
func TestDrawRings(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 300, 240))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	g, _ := solver.NewGrid(9)
	res := &Result{Grid: g, Width: 300, Height: 240, Corners: Quad{{30, 15}, {255, 15}, {255, 240 - 15}, {30, 240 - 15}}}
	red := color.RGBA{220, 30, 30, 255}
	out, err := DrawRings(img, res, []int{0, 40}, red)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := squareToQuad(res.Corners)
	at := func(i int, fu, fv float64) color.RGBA {
		x, y := h.apply((float64(i%9)+fu)/9, (float64(i/9)+fv)/9)
		return out.RGBAAt(int(x), int(y))
	}
	for _, i := range []int{0, 40} {
		if c := at(i, 0.5, 0.06); c != red {
			t.Errorf("cell %d: top of the ring is %v, want red", i, c)
		}
		if c := at(i, 0.5, 0.5); c.G != 255 {
			t.Errorf("cell %d: middle is %v, want white", i, c)
		}
	}
	if c := at(1, 0.5, 0.06); c.G != 255 {
		t.Errorf("cell 1 was not asked for, but its top is %v", c)
	}
}

// TestReadConfidencesAreProbabilities: every confidence a reading gives is
// a probability, and a cell's outcomes (the reading and its
// alternatives) add up to at most 1: on pictures whose cells go through
// the weighing of small typed entries by their height, of entries
// against the solution, of pencil marks and of small pen digits. Small
// typed entries were read at up to 1.008, marks cells a hair over 1.
func TestReadConfidencesAreProbabilities(t *testing.T) {
	for _, name := range []string{
		"app-small-dark-sparse.jpg", "app-small-fives.png", "app-small-hand-font.jpg",
		"app-small-italic-six.png", "app-small-light.png", "app-box-lines-only.jpg",
		"pen-small-filled.jpg", "book-black-pen-even-odds.jpg",
	} {
		res := ReadTestLook(t, name)
		for i, c := range res.Cells {
			sum, ok := c.Confidence, c.Confidence >= 0 && c.Confidence <= 1
			for _, a := range c.Alternatives {
				sum += a.Confidence
				ok = ok && a.Confidence >= 0 && a.Confidence <= 1
			}
			if !ok || sum > 1+1e-9 {
				t.Errorf("%s %s: %s %d at %v, alternatives %v: not probabilities", name, res.Grid.CellName(i), c.Kind, c.Digit, c.Confidence, c.Alternatives)
			}
		}
	}
}
