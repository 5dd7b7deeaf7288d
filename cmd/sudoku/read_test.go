package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// photoDir holds dev photos with truth, shared with package ocr's tests.
var photoDir = filepath.Join("..", "..", "ocr", "testdata", "photos")

// truthLine returns the 81-character line for an imageN.dat truth file.
func truthLine(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(photoDir, name+".dat"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	var s strings.Builder
	for _, l := range lines[2:11] {
		for _, f := range strings.Fields(l) {
			if f == "0" {
				f = "."
			}
			s.WriteString(f)
		}
	}
	return s.String()
}

// bombPNG is a PNG header claiming 12000x9000 pixels, with no pixels.
func bombPNG() []byte {
	b := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	b = binary.BigEndian.AppendUint32(b, 12000)
	b = binary.BigEndian.AppendUint32(b, 9000)
	b = append(b, 8, 0, 0, 0, 0)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[12:]))
}

func TestReadCommand(t *testing.T) {
	dir := t.TempDir()
	blank := image.NewGray(image.Rect(0, 0, 200, 150))
	for i := range blank.Pix {
		blank.Pix[i] = 235
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, blank, nil); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"blank.jpg": jb.Bytes(), "bomb.png": bombPNG(), "notes.txt": []byte("hello")}
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	photo := filepath.Join(photoDir, "image2.jpg")
	code, out, errOut := runCLI(t, "", "read", photo,
		filepath.Join(dir, "blank.jpg"), filepath.Join(dir, "bomb.png"), filepath.Join(dir, "notes.txt"), filepath.Join(dir, "missing.jpg"))
	if code != 1 {
		t.Errorf("exit status %d, want 1 (some photos failed); stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []string{
		truthLine(t, "image2"),
		"error: no Sudoku grid found in the image",
		"error: image is 12000x9000 pixels, the limit is 40000000 pixels (40 megapixels)",
		"error: " + filepath.Join(dir, "notes.txt") + " is not a JPEG, PNG, GIF or WebP image",
		"error: " + filepath.Join(dir, "missing.jpg") + ": no such file",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d: got %q, want %q", i+1, lines[i], want[i])
		}
	}
}

func TestReadCommandJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "", "read", "--json", filepath.Join(photoDir, "image90.jpg"))
	if code != 0 {
		t.Fatalf("exit status %d; stderr %q; out %q", code, errOut, out)
	}
	var j readJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if j.Grid != truthLine(t, "image90") || j.Error != "" || j.Solutions == nil || *j.Solutions != 1 {
		t.Errorf("grid %q error %q solutions %v", j.Grid, j.Error, j.Solutions)
	}
	if len(j.Cells) != 81 || len(j.Corners) != 4 || j.Size != [2]int{640, 480} {
		t.Errorf("%d cells, %d corners, size %v", len(j.Cells), len(j.Corners), j.Size)
	}
	for _, st := range []string{"decode", "detect", "rectify", "cut", "recognize", "split", "check"} {
		if _, ok := j.TimingsMS[st]; !ok {
			t.Errorf("no timing for stage %q: %v", st, j.TimingsMS)
		}
	}
}

// TestReadWithoutHelper runs sudoku where its Tesseract helper is missing,
// and where the helper cannot start (no language data): photos whose
// reading asks Tesseract are read by the network alone, and the command
// says so once, naming what is wrong.
func TestReadWithoutHelper(t *testing.T) {
	exe := buildSudoku(t)
	alone := filepath.Join(t.TempDir(), "sudoku")
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(alone, data, 0o755); err != nil {
		t.Fatal(err)
	}
	// Both photos ask Tesseract about digits the network is unsure of.
	photos := []string{filepath.Join("testdata", "photos", "q5_101.jpg"), filepath.Join("testdata", "photos", "pen-right.jpg")}
	for _, tc := range []struct {
		name, exe string
		env       []string
		warning   string
	}{
		{"missing", alone, []string{"PATH=" + t.TempDir()},
			"sudoku: warning: the Tesseract helper sudoku-tesseract was not found beside " + alone + " or in PATH; " +
				"digits read by the network alone (make install, or go install ./cmd/sudoku-tesseract, puts it in place)\n"},
		{"no language data", exe, []string{"TESSDATA_PREFIX=" + t.TempDir()},
			"sudoku: warning: the Tesseract helper " + testHelper + " stopped (exit status 1)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(tc.exe, append([]string{"read", "-j", "2"}, photos...)...)
			cmd.Env = append(os.Environ(), tc.env...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			if len(lines) < len(photos) {
				t.Fatalf("stdout %q: want a reading of each photo", stdout.String())
			}
			for i, l := range lines[:len(photos)] {
				if len(l) != 81 && !strings.HasPrefix(l, "error: ") {
					t.Errorf("photo %d: line %q, want a reading", i+1, l)
				}
			}
			warnings := strings.Count(stderr.String(), "warning")
			if !strings.HasPrefix(stderr.String(), tc.warning) || warnings != 1 {
				t.Fatalf("stderr %q: want one warning starting %q", stderr.String(), tc.warning)
			}
		})
	}
}
