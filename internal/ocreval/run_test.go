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
// far as the report can tell), and blank paper (no grid found); the report
// counts each and prints them.
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
	var out strings.Builder
	rep.Write(&out)
	for _, want := range []string{
		"pictures:                3",
		"no grid found:           1",
		"grids fully right:       1 (33.3%)",
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
