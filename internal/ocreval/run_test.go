package ocreval

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/ocr"
)

// photoTruth is the grid of testdata/photo.jpg, a newspaper
// photo the pure-Go recognizer reads right.
const photoTruth = "076098000020300907050210004100000703008103500705000008600059030504001070000460890"

// datOf writes a grid of 81 digits as a .dat truth file.
func datOf(grid string) string {
	var b strings.Builder
	b.WriteString("phone\nsize\n")
	for r := range 9 {
		b.WriteString(strings.Join(strings.Split(grid[r*9:r*9+9], ""), " ") + "\n")
	}
	return b.String()
}

// TestRunAndWrite reads a small folder: the photo with its truth (right),
// the photo with a truth that differs in one cell (a silent misread, as
// far as the report can tell), the photo with a truth that calls one of
// its printed digits the player's (a split wrong, not named), and blank
// paper (no grid found); the report counts each and prints them.
func TestRunAndWrite(t *testing.T) {
	photo, err := os.ReadFile(filepath.Join("testdata", "photo.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("right.jpg", photo)
	write("right.dat", []byte(datOf(photoTruth)))
	write("silent.jpg", photo)
	wrong := []byte(photoTruth)
	wrong[2] = '1' // r1c3 is a 6 in the photo
	write("silent.dat", []byte(datOf(string(wrong))))
	// split.jpg's truth calls r1c2's 7 the player's: the photo's print
	// read surely as givens is a split wrong and not named.
	write("split.jpg", photo)
	givens := []byte(photoTruth)
	givens[1] = '0'
	entered := strings.Repeat(".", 81)
	write("split.json", []byte(`{"givens":"`+strings.ReplaceAll(string(givens), "0", ".")+`","entered":"`+entered[:1]+"7"+entered[2:]+`"}`))
	blank := image.NewGray(image.Rect(0, 0, 300, 200))
	for i := range blank.Pix {
		blank.Pix[i] = 240
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, blank); err != nil {
		t.Fatal(err)
	}
	write("blank.png", buf.Bytes())
	write("blank.dat", []byte(datOf(photoTruth)))

	rep, err := Run(context.Background(), dir, Options{Workers: 2, Recognizers: func() (ocr.Recognizer, func(), error) {
		return ocr.NewRecognizer(nil), func() {}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]PictureReport{}
	for _, p := range rep.Pictures {
		byName[p.Name] = p
	}
	if p := byName["right.jpg"]; !p.Right() || p.Silent() || p.Confusion[7][7] != strings.Count(photoTruth, "7") {
		t.Errorf("right.jpg: right %v, silent %v, 7s read as 7: %d", p.Right(), p.Silent(), p.Confusion[7][7])
	}
	if p := byName["silent.jpg"]; p.Right() || !p.Silent() || p.Misread != 1 || p.Confusion[1][6] != 1 {
		t.Errorf("silent.jpg: right %v, silent %v, misread %d", p.Right(), p.Silent(), p.Misread)
	}
	if p := byName["split.jpg"]; !p.Right() || p.SplitRight || !p.SplitSilent() || p.Silent() {
		t.Errorf("split.jpg: right %v, split right %v, split silent %v, silent %v", p.Right(), p.SplitRight, p.SplitSilent(), p.Silent())
	}
	if p := byName["right.jpg"]; p.SplitSilent() {
		t.Errorf("right.jpg: split silent without kinds in its truth")
	}
	var out strings.Builder
	rep.Write(&out)
	for _, want := range []string{
		"pictures:                4",
		"no grid found:           1",
		"grids fully right:       2 (50.0%)",
		"givens/entries split:    0 of 1 right (0.0%; grids whose truth tells them apart); 1 wrong with a cell not named as doubtful",
		"split.jpg: givens and entries split wrong, a cell NOT NAMED as doubtful: r1c2 entry read as a given",
		"silent misreads:         1",
		"silent.jpg: SILENT MISREAD (a wrong cell not named as doubtful): r1c3 1 read as 6",
		"blank.png: no grid found",
		"digit confusion (rows: truth, columns: read, . = empty):",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Index(out.String(), "SILENT") > strings.Index(out.String(), "no grid found") {
		t.Errorf("silent misreads are not listed first:\n%s", out.String())
	}
}

// TestCompareCountsMarks checks how a reading's pencil marks are counted
// against the truth: a cell of marks read with its digits, one read as
// empty, and two empty cells read as marks (invented), one of them named
// as a cell to check, which keep the picture from being everything right.
func TestCompareCountsMarks(t *testing.T) {
	var res ocr.Result
	for i := range res.Cells {
		res.Cells[i] = ocr.CellReading{Kind: ocr.KindEmpty, Confidence: 1}
	}
	res.Cells[0] = ocr.CellReading{Kind: ocr.KindMarks, Confidence: 1}
	res.Marks[0] = res.Marks[0].With(1).With(2)
	res.Cells[40] = ocr.CellReading{Kind: ocr.KindMarks, Confidence: 1}
	res.Marks[40] = res.Marks[40].With(5)
	res.Cells[41] = ocr.CellReading{Kind: ocr.KindMarks, Confidence: 0.4}
	res.Marks[41] = res.Marks[41].With(6)
	res.Doubtful = []int{41}
	p := PictureReport{Name: "marks.png", Result: &res, Truth: Truth{Marks: map[int]string{0: "12", 1: "3"}}}
	p.compare()
	if p.MarkCells != 2 || p.MarksAsMarks != 1 || p.MarksKnown != 2 || p.MarksRight != 1 || p.MarksInvented != 2 || p.MarksInventedSilent != 1 {
		t.Errorf("mark cells %d, as marks %d, known %d, right %d, invented %d, %d of them not named; want 2, 1, 2, 1, 2, 1",
			p.MarkCells, p.MarksAsMarks, p.MarksKnown, p.MarksRight, p.MarksInvented, p.MarksInventedSilent)
	}
	var out strings.Builder
	(&FolderReport{Pictures: []PictureReport{p}, Recognition: true}).Write(&out)
	for _, want := range []string{
		"marks.png: 2 empty cells read as pencil marks (1 not named as doubtful)",
		"marks invented:          2 empty cells read as pencil marks (1 not named as doubtful)",
		"everything right:        0 of 1",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}
