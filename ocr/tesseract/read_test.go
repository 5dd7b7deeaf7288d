package tesseract

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// The fixtures of package ocr: photos with truth and corners, and
// rectified grids with their truth.
var (
	photoDir   = filepath.Join("..", "testdata", "photos")
	fixtureDir = filepath.Join("..", "testdata", "recognize")
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
var testPool = sync.OnceValue(func() *Pool { return NewPool(2) })

// testRecognizer returns the package ocr recognizer reading with
// Tesseract from the shared pool.
func testRecognizer(t testing.TB) ocr.Recognizer {
	t.Helper()
	return ocr.NewRecognizer(NewReader(testPool()))
}

type truthPhoto struct {
	name  string
	data  []byte
	truth solver.Grid
}

// readTruth reads an imageN.dat truth file.
func readTruth(path string) (solver.Grid, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return solver.Grid{}, err
	}
	return ocreval.ParseTruth(data)
}

// readCorners reads a corners.csv file.
func readCorners(t testing.TB, path string) map[string]ocr.Quad {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	q, err := ocreval.ReadCornersCSV(f)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// loadGridFixture reads a rectified grid of package ocr's fixtures and its
// truth.
func loadGridFixture(t testing.TB, name string) (*image.Gray, solver.Grid) {
	t.Helper()
	f, err := os.Open(filepath.Join(fixtureDir, name+".jpg"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	txt, err := os.ReadFile(filepath.Join(fixtureDir, name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := solver.Parse(strings.TrimSpace(string(txt)))
	if err != nil {
		t.Fatalf("truth of %s: %v", name, err)
	}
	return ocr.ToGray(img), want
}

// gridOfReadings is the grid the readings spell.
func gridOfReadings(rs [81]ocr.CellReading) solver.Grid {
	g, _ := solver.NewGrid(9)
	for i, r := range rs {
		g.SetCell(i, r.Digit)
	}
	return g
}

func TestReadPhotos(t *testing.T) {
	rec := testRecognizer(t)
	corners := readCorners(t, filepath.Join(photoDir, "corners.csv"))
	right := 0
	photos := loadTestPhotos(t)
	for _, p := range photos {
		res, err := ocr.Read(context.Background(), p.data, ocr.Options{Recognizer: rec})
		if err != nil {
			t.Errorf("%s: %v", p.name, err)
			continue
		}
		img := strings.TrimSuffix(p.name, ".dat") + ".jpg"
		if q, ok := corners[img]; ok {
			if e := ocreval.CornerError(res.Corners, q, res.Width, res.Height, res.Orientation); e > 15 {
				t.Errorf("%s: corners %.1f px off on average", img, e)
			}
		}
		if len(res.Stages) < 5 {
			t.Errorf("%s: only %d stages timed", img, len(res.Stages))
		}
		if checkReading(t, img, res, p.truth) {
			right++
		}
	}
	if right*4 < len(photos)*3 {
		t.Errorf("%d of %d photos read fully right, want at least 3 in 4", right, len(photos))
	}
}

// TestReadTurnedPhotos reads a fixture photo stored a quarter turn, a half
// turn and three quarters off upright, with no EXIF tag to say so (as a
// screenshot or an app that strips the tag leaves it): each is read right,
// and Turns says how to turn the stored pixels upright.
func TestReadTurnedPhotos(t *testing.T) {
	rec := testRecognizer(t)
	var photo truthPhoto
	for _, p := range loadTestPhotos(t) {
		if p.name == "image2.dat" {
			photo = p
		}
	}
	if photo.data == nil {
		t.Fatal("fixture image2 missing")
	}
	dec, err := ocr.Decode(photo.data, ocr.DefaultDecodeLimits)
	if err != nil {
		t.Fatal(err)
	}
	upright := ocr.ToGray(dec.Image)
	for turns := 1; turns < 4; turns++ {
		// Stored turned counter-clockwise by turns quarters: it needs
		// turns quarter turns clockwise to be upright.
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, turnGray(upright, 4-turns), &jpeg.Options{Quality: 92}); err != nil {
			t.Fatal(err)
		}
		res, err := ocr.Read(context.Background(), buf.Bytes(), ocr.Options{Recognizer: rec})
		if err != nil {
			t.Fatalf("turned %d: %v", turns, err)
		}
		if res.Grid != photo.truth || res.Turns != turns {
			t.Errorf("stored %d quarter turns off: read %s with Turns %d (%v), want %s with Turns %d",
				turns, res.Grid, res.Turns, res.Err(), photo.truth, turns)
		}
	}
}

// checkReading fails the test on a silent wrong answer: a grid that passes
// the solver check but differs from the truth in a cell it does not name
// as one to check. It reports whether the grid was read fully right.
func checkReading(t *testing.T, name string, res *ocr.Result, truth solver.Grid) bool {
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

func loadTestPhotos(t *testing.T) []truthPhoto {
	t.Helper()
	dats, err := filepath.Glob(filepath.Join(photoDir, "*.dat"))
	if err != nil || len(dats) == 0 {
		t.Fatalf("no test photos: %v", err)
	}
	var out []truthPhoto
	for _, d := range dats {
		truth, err := readTruth(d)
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		data, err := os.ReadFile(strings.TrimSuffix(d, ".dat") + ".jpg")
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, truthPhoto{filepath.Base(d), data, truth})
	}
	return out
}

func TestRecognizeFixtures(t *testing.T) {
	rec := ocr.NewRecognizer(NewReader(testPool()))
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
			rs, err := rec.Recognize(context.Background(), ocr.CutCells(img))
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
			if c := ocr.Correct(rs); c.Solutions == 1 {
				t.Fatalf("wrong grid has a unique solution, so it would pass as checked:%s", diffCells(got, want, rs))
			} else if len(c.Doubtful) == 0 {
				t.Fatalf("wrong grid names no doubtful cell:%s", diffCells(got, want, rs))
			}
		})
	}
}

// TestRecognizeConcurrent runs Recognize from several goroutines on one
// recognizer whose pool has fewer clients than goroutines: every result must
// equal the one read alone (run it with -race).
func TestRecognizeConcurrent(t *testing.T) {
	rec := ocr.NewRecognizer(NewReader(testPool()))
	names := []string{"image1", "image36", "image1082"}
	cells := make([]ocr.Cells, len(names))
	want := make([][81]ocr.CellReading, len(names))
	for k, n := range names {
		img, _ := loadGridFixture(t, n)
		cells[k] = ocr.CutCells(img)
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
	f, err := os.Open(filepath.Join(dir, "corners.csv"))
	if err != nil {
		t.Skipf("no development set: %v", err)
	}
	quads, err := ocreval.ReadCornersCSV(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	rec := ocr.NewRecognizer(NewReader(testPool()))
	names := make([]string, 0, len(quads))
	for n := range quads {
		names = append(names, n)
	}
	slices.Sort(names)
	var grids, right, silent, digits, digitsRight, missed, invented, misread int
	var times []time.Duration
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		truth, err := readTruth(filepath.Join(dir, strings.TrimSuffix(name, ".jpg")+".dat"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		dec, err := ocr.Decode(data, ocr.DefaultDecodeLimits)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		gray := ocr.ToGray(dec.Image)
		q := jitterQuad(quads[name], name, *recognizeJitter)
		start := time.Now()
		rs, err := rec.Recognize(context.Background(), ocr.CutCells(ocr.Rectify(gray, q, 450)))
		elapsed := time.Since(start)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if turns := ocr.ExifTurns(dec.Orientation); turns != 0 && ocr.Correct(rs).Solutions != 1 {
			// The corners of some photos with an EXIF orientation tag are
			// given in the turned frame, in another reading order: try it
			// and the four orders, and keep a reading the solver accepts
			// (the truth is not looked at).
			grid := ocr.Rectify(turnGray(gray, turns), q, 450)
			for k := range 4 {
				alt, err := rec.Recognize(context.Background(), ocr.CutCells(turnGray(grid, k)))
				if err == nil && ocr.Correct(alt).Solutions == 1 {
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
func jitterQuad(q ocr.Quad, name string, amount float64) ocr.Quad {
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

// diffCells describes the cells where got differs from want.
func diffCells(got, want solver.Grid, rs [81]ocr.CellReading) string {
	var b strings.Builder
	for i := range 81 {
		if got.Cell(i) != want.Cell(i) {
			fmt.Fprintf(&b, " %s: read %d (%.2f, alternatives %v), truth %d;", want.CellName(i), got.Cell(i), rs[i].Confidence, rs[i].Alternatives, want.Cell(i))
		}
	}
	return b.String()
}
