package main

import (
	"context"
	"encoding/binary"
	"image"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

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

// TestIgnoresInterrupt interrupts the helper while it reads (as Ctrl-C in
// a terminal does, reaching sudoku and its helper alike): it answers the
// request all the same, and exits cleanly when its input ends.
func TestIgnoresInterrupt(t *testing.T) {
	cmd := exec.Command(helper)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	hello := make([]byte, 6)
	if _, err := io.ReadFull(out, hello); err != nil {
		t.Fatalf("read the hello: %v", err)
	}
	// A request (protocol.go of package ocr/tessproc) of the most glyphs,
	// a fixture's digits over and over: a second or more of reading.
	var glyphs []*image.Gray
	for _, g := range ocr.DigitGlyphs(ocr.CutCells(loadGray(t, filepath.Join("..", "..", "ocr", "testdata", "recognize", "image1.jpg")))) {
		if g != nil {
			glyphs = append(glyphs, g)
		}
	}
	le := binary.LittleEndian
	req := le.AppendUint16([]byte{'G'}, tessproc.MaxGlyphs)
	for i := range tessproc.MaxGlyphs {
		g := glyphs[i%len(glyphs)]
		req = le.AppendUint16(le.AppendUint16(req, uint16(g.Bounds().Dx())), uint16(g.Bounds().Dy()))
		req = append(req, g.Pix...)
	}
	go in.Write(req)
	time.Sleep(200 * time.Millisecond)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 3)
	if _, err := io.ReadFull(out, head); err != nil || head[0] != 'D' {
		t.Fatalf("response after an interrupt starts %q (%v), want the guesses", head, err)
	}
	io.Copy(io.Discard, io.LimitReader(out, int64(tessproc.MaxGlyphs)*73))
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("helper interrupted, then its input closed: %v, want a clean exit", err)
	}
}
