package main

import (
	"context"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testbuild"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/ocr/tesseract"
	"github.com/sudokubot/sudokubot/ocr/tessproc"
)

// helper is this command, built by TestMain.
var helper string

func TestMain(m *testing.M) {
	testbuild.Main(m, ".", tessproc.HelperName, &helper)
}

// TestSameAsInProcess reads the digit glyphs of package ocr's fixture
// grids with Tesseract in this process and through the helper: the
// guesses, and the recognizer's readings of every cell, are exactly the
// same.
func TestSameAsInProcess(t *testing.T) {
	pool := tesseract.NewPool(1)
	defer pool.Close()
	local := tesseract.NewReader(pool)
	client := tessproc.NewClient(helper)
	defer client.Close()
	files, err := filepath.Glob(filepath.Join("..", "..", "ocr", "testdata", "recognize", "*.jpg"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixture grids: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".jpg"), func(t *testing.T) {
			cells := ocr.CutCells(loadGray(t, file))
			var glyphs []*image.Gray
			for _, g := range ocr.DigitGlyphs(cells) {
				if g != nil {
					glyphs = append(glyphs, g)
				}
			}
			want, err := local.ReadDigits(context.Background(), glyphs)
			if err != nil {
				t.Fatal(err)
			}
			got, err := client.ReadDigits(context.Background(), glyphs)
			if err != nil {
				t.Fatal(err)
			}
			read := 0
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("glyph %d: through the helper %+v, in process %+v", i, got[i], want[i])
				}
				if want[i].OK {
					read++
				}
			}
			if read == 0 {
				t.Fatalf("Tesseract read none of the %d glyphs", len(glyphs))
			}
			wantCells, err := ocr.NewRecognizer(local).Recognize(context.Background(), cells)
			if err != nil {
				t.Fatal(err)
			}
			gotCells, err := ocr.NewRecognizer(client).Recognize(context.Background(), cells)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(gotCells, wantCells) {
				t.Fatal("the recognizer reads the cells otherwise through the helper")
			}
		})
	}
}

// loadGray reads a fixture picture as gray.
func loadGray(t *testing.T, name string) *image.Gray {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := ocr.Decode(data, ocr.DefaultDecodeLimits)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return ocr.ToGray(dec.Image)
}

func TestArguments(t *testing.T) {
	out, err := exec.Command(helper, "--help").CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "no arguments") {
		t.Fatalf("sudoku-tesseract --help: %v, %q; want exit status 2 and a usage line", err, out)
	}
}
