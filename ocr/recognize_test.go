package ocr

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
	"github.com/sudokubot/sudokubot/solver"
)

// loadGridFixture reads testdata/recognize/name.jpg (a rectified grid) and
// its truth name.txt.
func loadGridFixture(t testing.TB, name string) (*image.Gray, solver.Grid) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "recognize", name+".jpg"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", name, err)
	}
	txt, err := os.ReadFile(filepath.Join("testdata", "recognize", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := solver.Parse(strings.TrimSpace(string(txt)))
	if err != nil {
		t.Fatalf("truth of %s: %v", name, err)
	}
	return ToGray(img), want
}

// diffCells describes the cells where got differs from want.
func diffCells(got, want solver.Grid, rs [81]CellReading) string {
	var b strings.Builder
	for i := range 81 {
		if got.Cell(i) != want.Cell(i) {
			fmt.Fprintf(&b, " %s: read %d (%.2f, alternatives %v), truth %d;", want.CellName(i), got.Cell(i), rs[i].Confidence, rs[i].Alternatives, want.Cell(i))
		}
	}
	return b.String()
}

// gridOfReadings is the grid the readings spell.
func gridOfReadings(rs [81]CellReading) solver.Grid {
	return gridOf(&rs)
}

// synthGrid draws puzzle p as a printed grid of size x size pixels with
// digits in face: thick box lines, thin cell lines, dark gray ink on light
// paper, with a gentle shading across the page.
func synthGrid(t testing.TB, p solver.Grid, face font.Face, size int) *image.Gray {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			img.Pix[y*img.Stride+x] = uint8(235 - 30*x/size)
		}
	}
	ink := image.NewUniform(colorGray(40))
	for k := 0; k <= 9; k++ {
		w := 2
		if k%3 == 0 {
			w = 5
		}
		p0 := k*size/9 - w/2
		draw.Draw(img, image.Rect(p0, 0, p0+w, size), ink, image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(0, p0, size, p0+w), ink, image.Point{}, draw.Src)
	}
	cell := size / 9
	for i := range 81 {
		if v := p.Cell(i); v != 0 {
			drawText(img, face, string(rune('0'+v)), (i%9)*cell+cell/2, (i/9)*cell+cell/2)
		}
	}
	return img
}

// drawText draws s in face with dark ink, its ink box centred on (cx, cy).
func drawText(img *image.Gray, face font.Face, s string, cx, cy int) {
	b, _ := font.BoundString(face, s)
	w := (b.Max.X - b.Min.X).Ceil()
	h := (b.Max.Y - b.Min.Y).Ceil()
	d := &font.Drawer{Dst: img, Src: image.NewUniform(colorGray(40)), Face: face}
	d.Dot = fixed.P(cx-w/2-b.Min.X.Floor(), cy-h/2-b.Min.Y.Floor())
	d.DrawString(s)
}

// colorGray is a gray level as a color.Color.
type colorGray uint8

func (c colorGray) RGBA() (r, g, b, a uint32) {
	v := uint32(c) * 0x101
	return v, v, v, 0xffff
}

// goFace returns a face of the TrueType font ttf (a Go font or any other)
// at size points (72 dpi: pixels).
func goFace(t testing.TB, ttf []byte, size float64) font.Face {
	t.Helper()
	f, err := opentype.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	return face
}

const synthPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestRecognizeSynthetic(t *testing.T) {
	want := solver.MustGrid(synthPuzzle)
	rec := NewRecognizer(nil)
	for _, tc := range []struct {
		name string
		ttf  []byte
		size float64 // font size at a 450-pixel grid
		grid int     // side of the rectified grid
	}{
		{"regular", goregular.TTF, 30, 450},
		{"bold-small", gobold.TTF, 22, 450},
		{"regular-270px", goregular.TTF, 30, 270},
		{"bold-900px", gobold.TTF, 26, 900},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := synthGrid(t, want, goFace(t, tc.ttf, tc.size*float64(tc.grid)/450), tc.grid)
			rs, err := rec.Recognize(context.Background(), CutCells(img))
			if err != nil {
				t.Fatal(err)
			}
			if got := gridOfReadings(rs); got != want {
				t.Fatalf("grid read wrong:%s", diffCells(got, want, rs))
			}
			for i, r := range rs {
				if r.Confidence < 0 || r.Confidence > 1 {
					t.Errorf("cell %d: confidence %v outside [0, 1]", i, r.Confidence)
				}
				for _, a := range r.Alternatives {
					if a.Digit == r.Digit {
						t.Errorf("cell %d: alternative repeats the digit %d", i, r.Digit)
					}
				}
			}
		})
	}
}

// TestRecognizeSystemFonts reads grids printed in fonts unlike the Go fonts
// the second-opinion classifier was built from (Debian's DejaVu, when
// installed: fonts-dejavu-core), with a little blur.
func TestRecognizeSystemFonts(t *testing.T) {
	want := solver.MustGrid(synthPuzzle)
	rec := NewRecognizer(nil)
	for _, file := range []string{"DejaVuSerif.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansMono.ttf"} {
		t.Run(file, func(t *testing.T) {
			ttf, err := os.ReadFile(filepath.Join("/usr/share/fonts/truetype/dejavu", file))
			if err != nil {
				t.Skipf("font not installed: %v", err)
			}
			img := synthGrid(t, want, goFace(t, ttf, 28), 450)
			boxBlur3(img)
			rs, err := rec.Recognize(context.Background(), CutCells(img))
			if err != nil {
				t.Fatal(err)
			}
			if got := gridOfReadings(rs); got != want {
				t.Fatalf("grid read wrong:%s", diffCells(got, want, rs))
			}
		})
	}
}

func TestRecognizeBlankGrid(t *testing.T) {
	empty, _ := solver.NewGrid(9)
	img := synthGrid(t, empty, goFace(t, goregular.TTF, 30), 450)
	rs, err := NewRecognizer(nil).Recognize(context.Background(), CutCells(img))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		if r.Digit != 0 {
			t.Errorf("cell %d of a blank grid read as %d", i, r.Digit)
		}
	}
}

func TestRecognizeCancelled(t *testing.T) {
	img, _ := loadGridFixture(t, "image1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewRecognizer(nil).Recognize(ctx, CutCells(img))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestRecognizeNoImage(t *testing.T) {
	rs, err := NewRecognizer(nil).Recognize(context.Background(), Cells{})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		if r.Digit != 0 {
			t.Errorf("cell %d of no image read as %d", i, r.Digit)
		}
	}
}

func BenchmarkRecognize(b *testing.B) {
	img, _ := loadGridFixture(b, "image1082")
	cells := CutCells(img)
	rec := NewRecognizer(nil)
	if _, err := rec.Recognize(context.Background(), cells); err != nil {
		b.Fatal(err)
	}
	cpu0 := processCPU()
	for b.Loop() {
		if _, err := rec.Recognize(context.Background(), cells); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time does not grow when other processes share the cores, unlike
	// the wall-clock ns/op.
	b.ReportMetric(float64(processCPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// processCPU returns the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkAnalyzeCells(b *testing.B) {
	img, _ := loadGridFixture(b, "image1082")
	cells := CutCells(img)
	for b.Loop() {
		analyzeCells(cells)
	}
}

// blindReader is a DigitReader that reads nothing (every guess says so),
// so that the readings are the network's, and counts how often it is
// asked.
type blindReader struct{ asked int }

func (b *blindReader) ReadDigits(_ context.Context, glyphs []*image.Gray) ([]DigitGuess, error) {
	b.asked++
	return make([]DigitGuess, len(glyphs)), nil
}

// TestEmptyUnlessMarked weighs cells the network took for pencil marks
// at odds of marks against an empty cell of 9 (under marksOverEmpty),
// 500 (over it, but under it squared) and 20000, on a page whose 20
// digits are all read surely and on one where 15 of them are not
// (temperature 1 + degradedSlope*(0.75-degradedFrom) = 1.6): the first is
// empty on both, the second on the degraded page only, the third marks on
// both. A cell no longer read as marks is left alone.
func TestEmptyUnlessMarked(t *testing.T) {
	marksAt := func(odds float32) digitnet.Output {
		var o digitnet.Output
		o.Kind[digitnet.KindEmpty] = 1 / (1 + odds)
		o.Kind[digitnet.KindMarks] = odds / (1 + odds)
		return o
	}
	outs := []digitnet.Output{marksAt(9), marksAt(500), marksAt(20000), marksAt(1)}
	cells, ks := []int{60, 61, 62, 63}, []int{0, 1, 2, 3}
	for _, tc := range []struct {
		unsure int
		want   [4]CellKind
	}{
		{0, [4]CellKind{KindEmpty, KindMarks, KindMarks, KindGiven}},
		{15, [4]CellKind{KindEmpty, KindEmpty, KindMarks, KindGiven}},
	} {
		var out [81]CellReading
		for i := range 20 {
			out[i] = CellReading{Kind: KindGiven, Digit: 1 + i%9, Confidence: 1}
			if i < tc.unsure {
				out[i].Confidence = 0.6
			}
		}
		for _, i := range cells {
			out[i] = CellReading{Kind: KindMarks, Confidence: 0.97, Marks: solver.DigitSet(0).With(4), MarksConfidence: 0.8,
				Alternatives: []Alternative{{Digit: 4, Confidence: 0.02}}}
		}
		out[63] = CellReading{Kind: KindGiven, Digit: 7, Confidence: 0.9} // read as a digit since
		emptyUnlessMarked(&out, outs, cells, ks)
		for j, i := range cells {
			c := out[i]
			if c.Kind != tc.want[j] {
				t.Errorf("%d unsure digits, marks at odds %.0f: read %v, want %v", tc.unsure, outs[j].Kind[digitnet.KindMarks]/outs[j].Kind[digitnet.KindEmpty], c.Kind, tc.want[j])
			}
			if c.Kind == KindEmpty && (c.Marks != 0 || c.MarksConfidence != 0 || c.Confidence != 0.97 || len(c.Alternatives) != 1) {
				t.Errorf("%d unsure digits, cell %d read as empty: %+v, want no marks, confidence 0.97 and its alternative kept", tc.unsure, i, c)
			}
		}
	}
}
