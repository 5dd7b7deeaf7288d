package ocr

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/solver"
)

// recognizeDevSet names the development set folder for TestRecognizeDevSet,
// which measures the recognizer alone (true corners, no detection) and is
// skipped unless the flag is given:
//
//	go test ./ocr -run TestRecognizeDevSet -v -recognize.devset ../shared/ocr/newspaper-dev
var recognizeDevSet = flag.String("recognize.devset", "", "folder of imageN.jpg, imageN.dat and corners.csv to measure the recognizer on")

// recognizeJitter moves each true corner by up to this many pixels in x
// and y (a fixed pseudo-random pattern per photo) in TestRecognizeDevSet, to
// measure how the recognizer copes with imperfect grid detection.
var recognizeJitter = flag.Float64("recognize.jitter", 0, "move each true grid corner by up to this many pixels")

// TestMain runs the tests with OMP_THREAD_LIMIT set (see
// [EnsureOMPThreadLimit]): the test binary re-executes itself once.
func TestMain(m *testing.M) {
	if err := EnsureOMPThreadLimit(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(m.Run())
}

// testPool is one pool shared by the tests of this package, so that each
// test does not pay for loading the model.
var testPool = sync.OnceValue(func() *TessPool { return NewTessPool(2) })

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
	return toGray(img), want
}

// gridOfReadings is the grid the readings spell.
func gridOfReadings(rs [81]CellReading) solver.Grid {
	return gridOf(&rs)
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

func TestRecognizeFixtures(t *testing.T) {
	rec := NewTessRecognizer(testPool())
	for _, tc := range []struct {
		name      string
		mustRight bool // else: right, or flagged as doubtful
	}{
		{"image1", true},
		{"image36", true},
		{"image1082", true},
		{"image13", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, want := loadGridFixture(t, tc.name)
			rs, err := rec.Recognize(context.Background(), CutCells(img))
			if err != nil {
				t.Fatal(err)
			}
			got := gridOfReadings(rs)
			if got == want {
				return
			}
			if tc.mustRight {
				t.Fatalf("grid read wrong:%s", diffCells(got, want, rs))
			}
			// Not read fully: it must not be presented as a checked puzzle.
			if c := Correct(rs); c.Solutions == 1 {
				t.Fatalf("wrong grid has a unique solution, so it would pass as checked:%s", diffCells(got, want, rs))
			} else if len(c.Doubtful) == 0 {
				t.Fatalf("wrong grid names no doubtful cell:%s", diffCells(got, want, rs))
			}
		})
	}
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
	rec := NewTessRecognizer(testPool())
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
	rec := NewTessRecognizer(testPool())
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
	rs, err := NewTessRecognizer(testPool()).Recognize(context.Background(), CutCells(img))
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
	_, err := NewTessRecognizer(testPool()).Recognize(ctx, CutCells(img))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestRecognizeNoImage(t *testing.T) {
	rs, err := NewTessRecognizer(testPool()).Recognize(context.Background(), Cells{})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		if r.Digit != 0 {
			t.Errorf("cell %d of no image read as %d", i, r.Digit)
		}
	}
}

// TestRecognizeConcurrent runs Recognize from several goroutines on one
// recognizer whose pool has fewer clients than goroutines: every result must
// equal the one read alone (run it with -race).
func TestRecognizeConcurrent(t *testing.T) {
	pool := NewTessPool(2)
	defer pool.Close()
	rec := NewTessRecognizer(pool)
	names := []string{"image1", "image36", "image1082"}
	cells := make([]Cells, len(names))
	want := make([][81]CellReading, len(names))
	for k, n := range names {
		img, _ := loadGridFixture(t, n)
		cells[k] = CutCells(img)
		var err error
		if want[k], err = rec.Recognize(context.Background(), cells[k]); err != nil {
			t.Fatal(err)
		}
	}
	const workers = 5
	var wg sync.WaitGroup
	errs := make(chan error, workers*len(names))
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range len(names) {
				k := (w + j) % len(names)
				got, err := rec.Recognize(context.Background(), cells[k])
				if err != nil {
					errs <- err
					return
				}
				if gridOfReadings(got) != gridOfReadings(want[k]) {
					errs <- fmt.Errorf("%s read %s concurrently, %s alone", names[k], gridOfReadings(got), gridOfReadings(want[k]))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestRecognizeDevSet measures the recognizer on a development set with the
// true grid corners: digits right, empty/digit confusions, grids fully
// right, silently wrong grids (unique solution but wrong) and time per
// photo. It fails only on a silently wrong grid rate above 5%, the figures
// are for the log.
func TestRecognizeDevSet(t *testing.T) {
	if *recognizeDevSet == "" {
		t.Skip("give -recognize.devset DIR to measure the recognizer on a development set")
	}
	dir := *recognizeDevSet
	quads, err := readCornersCSV(filepath.Join(dir, "corners.csv"))
	if err != nil {
		t.Skipf("no development set: %v", err)
	}
	rec := NewTessRecognizer(testPool())
	names := make([]string, 0, len(quads))
	for n := range quads {
		names = append(names, n)
	}
	slices.Sort(names)
	var grids, right, silent, digits, digitsRight, missed, invented, misread int
	var times []time.Duration
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name+".jpg"))
		if err != nil {
			continue
		}
		truth, err := readDat(filepath.Join(dir, name+".dat"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		dec, err := Decode(data, DefaultDecodeLimits)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		gray := toGray(dec.Image)
		q := jitterQuad(quads[name], name, *recognizeJitter)
		start := time.Now()
		rs, err := rec.Recognize(context.Background(), CutCells(Rectify(gray, q, 450)))
		elapsed := time.Since(start)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if turns := exifTurns(dec.Orientation); turns != 0 && Correct(rs).Solutions != 1 {
			// The corners of some photos with an EXIF orientation tag are
			// given in the turned frame, in another reading order: try it
			// and the four orders, and keep a reading the solver accepts
			// (the truth is not looked at).
			grid := Rectify(turnGray(gray, turns), q, 450)
			for k := range 4 {
				alt, err := rec.Recognize(context.Background(), CutCells(turnGray(grid, k)))
				if err == nil && Correct(alt).Solutions == 1 {
					rs = alt
					t.Logf("%s: corners in the EXIF-turned frame, reading order turned %d times", name, k)
					break
				}
			}
		}
		got := gridOfReadings(rs)
		times = append(times, elapsed)
		grids++
		for i := range 81 {
			g, w := got.Cell(i), truth.Cell(i)
			if w != 0 {
				digits++
				if g == w {
					digitsRight++
				}
			}
			switch {
			case g == w:
			case w == 0:
				invented++
			case g == 0:
				missed++
			default:
				misread++
			}
		}
		if got == truth {
			right++
		} else if solver.Count(got, 2) == 1 {
			silent++
			t.Logf("%s: SILENTLY WRONG:%s", name, diffCells(got, truth, rs))
		} else {
			t.Logf("%s: doubtful:%s", name, diffCells(got, truth, rs))
		}
	}
	if grids == 0 {
		t.Skip("no photo measured")
	}
	slices.Sort(times)
	wrong := missed + invented + misread
	t.Logf("grids %d, fully right %d (%.1f%%), silently wrong %d; digits %d, right %d (%.2f%%); cells wrong %d of %d (%.2f%%): misread %d, missed (digit read as empty) %d, invented (empty read as digit) %d; time per photo median %v, p95 %v",
		grids, right, 100*float64(right)/float64(grids), silent, digits, digitsRight, 100*float64(digitsRight)/float64(digits),
		wrong, 81*grids, 100*float64(wrong)/float64(81*grids), misread, missed, invented,
		times[len(times)/2].Round(time.Millisecond), times[len(times)*95/100].Round(time.Millisecond))
	if silent*20 > grids {
		t.Errorf("%d of %d grids silently wrong", silent, grids)
	}
}

// jitterQuad moves each corner of q by up to amount pixels in x and y, in a
// pseudo-random pattern fixed by name.
func jitterQuad(q Quad, name string, amount float64) Quad {
	if amount <= 0 {
		return q
	}
	var h uint64
	for _, c := range name {
		h = h*31 + uint64(c)
	}
	next := func() float64 {
		h = h*6364136223846793005 + 1442695040888963407
		return float64(h>>11)/float64(1<<53)*2 - 1
	}
	for i := range q {
		q[i].X += amount * next()
		q[i].Y += amount * next()
	}
	return q
}

// turnGray returns img turned clockwise by turns quarter turns.
func turnGray(img *image.Gray, turns int) *image.Gray {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	for range turns % 4 {
		out := image.NewGray(image.Rect(0, 0, h, w))
		for y := range h {
			for x := range w {
				// (x, y) goes to (h-1-y, x).
				out.Pix[x*out.Stride+h-1-y] = img.Pix[y*img.Stride+x]
			}
		}
		img, w, h = out, h, w
	}
	return img
}

// readCornersCSV reads a development set's corners.csv: name (without
// .jpg) to the grid's corners.
func readCornersCSV(path string) (map[string]Quad, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]Quad{}
	for _, line := range strings.Split(string(data), "\n")[1:] {
		f := strings.Split(strings.TrimSpace(line), ",")
		if len(f) != 9 {
			continue
		}
		var q Quad
		ok := true
		for k := range 4 {
			var x, y float64
			if _, err := fmt.Sscan(f[1+2*k], &x); err != nil {
				ok = false
			}
			if _, err := fmt.Sscan(f[2+2*k], &y); err != nil {
				ok = false
			}
			q[k] = Point{x, y}
		}
		if ok {
			out[strings.TrimSuffix(f[0], ".jpg")] = q
		}
	}
	return out, nil
}

// readDat reads the truth of a development photo: two header lines, then 9
// lines of 9 digits, 0 for empty.
func readDat(path string) (solver.Grid, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return solver.Grid{}, err
	}
	lines := strings.Split(string(data), "\n")
	if len(lines) < 11 {
		return solver.Grid{}, fmt.Errorf("%s: %d lines, want 11", path, len(lines))
	}
	return solver.Parse(strings.Join(lines[2:11], "\n"))
}

func BenchmarkRecognize(b *testing.B) {
	img, _ := loadGridFixture(b, "image1082")
	cells := CutCells(img)
	rec := NewTessRecognizer(testPool())
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
