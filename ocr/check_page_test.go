package ocr

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// degradedPage returns a page of 30 digits, unsure of them read
// unsurely, one more digit read at sure, an empty cell the network read at
// sure, and empty cells taken for empty without asking it (confidence 1).
func degradedPage(unsure int, sure float64) [81]CellReading {
	var cells [81]CellReading
	for i := range cells {
		cells[i] = CellReading{Kind: KindEmpty, Confidence: 1}
	}
	for i := range 30 {
		cells[i] = CellReading{Kind: KindGiven, Digit: 1 + i%9, Confidence: 0.999}
		if i < unsure {
			cells[i].Confidence = 0.8
			cells[i].Alternatives = []Alternative{{Digit: 1 + (i+1)%9, Confidence: 0.15}, {Digit: 0, Confidence: 0.03}}
		}
	}
	cells[30] = CellReading{Kind: KindGiven, Digit: 8, Confidence: sure, Alternatives: []Alternative{{Digit: 9, Confidence: 0.006}}}
	// An empty cell the network was asked about, all but sure.
	cells[31] = CellReading{Kind: KindEmpty, Confidence: sure, Alternatives: []Alternative{{Digit: 1, Confidence: 0.006}}}
	return cells
}

// TestTemperPage checks the tempering of a degraded page's digits: a page
// with a share of unsure digits up to degradedFrom is left as it is; past
// it, a digit read at 0.993 is less sure, and no longer sure where three
// in four digits or more are unsure; the digits read and the
// order of the alternatives stay, the cells' outcomes still add up to at
// most 1, an empty cell the network read at 0.993 is no longer sure
// either while those taken for empty without asking it are left alone,
// and the more unsure the page, the less sure its sure-looking digits.
func TestTemperPage(t *testing.T) {
	ordinary := degradedPage(17, 0.993) // 17 of 31 unsure: 0.548
	before := ordinary
	temperPage(&ordinary)
	for i := range ordinary {
		if ordinary[i].Confidence != before[i].Confidence || !slices.Equal(ordinary[i].Alternatives, before[i].Alternatives) {
			t.Fatalf("cell %d of a page 17 of 31 unsure changed: %+v -> %+v", i, before[i], ordinary[i])
		}
	}
	last := 1.0
	for _, unsure := range []int{18, 24, 30} {
		page := degradedPage(unsure, 0.993)
		before := page
		temperPage(&page)
		c := page[30]
		if unsure >= 24 && c.Confidence >= SureConfidence {
			t.Errorf("%d of 31 unsure: the digit read at 0.993 is read at %.3f, still sure", unsure, c.Confidence)
		}
		if e := page[31]; unsure >= 24 && e.Confidence >= SureConfidence {
			t.Errorf("%d of 31 unsure: the empty cell read at 0.993 is read at %.3f, still sure", unsure, e.Confidence)
		}
		if c.Confidence >= last {
			t.Errorf("%d of 31 unsure: %.4f, not less than on a page less unsure (%.4f)", unsure, c.Confidence, last)
		}
		last = c.Confidence
		for i, c := range page {
			b := before[i]
			if c.Digit != b.Digit || c.Kind != b.Kind || len(c.Alternatives) != len(b.Alternatives) {
				t.Fatalf("%d unsure, cell %d: %+v became %+v", unsure, i, b, c)
			}
			if b.Confidence >= blankConfidence && c.Confidence != b.Confidence {
				t.Errorf("%d unsure, empty cell %d the network was not asked about: confidence %v became %v", unsure, i, b.Confidence, c.Confidence)
			}
			sum, prev := c.Confidence, c.Confidence
			for _, a := range c.Alternatives {
				if a.Confidence > prev {
					t.Errorf("%d unsure, cell %d: alternatives out of order: %+v", unsure, i, c)
				}
				prev = a.Confidence
				sum += a.Confidence
			}
			if sum > 1+1e-9 {
				t.Errorf("%d unsure, cell %d: outcomes add up to %v", unsure, i, sum)
			}
		}
	}
}

// TestReadDegradedNamesItsMisreads reads newspaper-dev photos saved at
// JPEG quality 5, where the network misreads several cells, and every
// cell misread must be among those named to check: in image184 a 9 read
// as an 8 at 0.99, in image90 a printed 1 read as pencil marks, not a
// digit at 0.98.
func TestReadDegradedNamesItsMisreads(t *testing.T) {
	for _, tc := range []struct{ photo, truth string }{
		{"image184-q5.jpg", "image184.dat"},
		{"image90-q5.jpg", "image90.dat"},
	} {
		t.Run(tc.photo, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "photos", tc.photo))
			if err != nil {
				t.Fatal(err)
			}
			truth := loadDat(t, filepath.Join("testdata", "photos", tc.truth))
			res, err := Read(context.Background(), data, Options{Recognizer: testRec(t)})
			if err != nil {
				t.Fatal(err)
			}
			wrong := 0
			for i, c := range res.Cells {
				if c.Digit == truth.Cell(i) {
					continue
				}
				wrong++
				if !slices.Contains(res.Doubtful, i) {
					t.Errorf("r%dc%d: %d read as %d at %.3f, not named to check", i/9+1, i%9+1, truth.Cell(i), c.Digit, c.Confidence)
				}
			}
			if wrong == 0 {
				t.Error("every digit read right: the test needs a page misread")
			}
		})
	}
}

// loadDat reads a grid in the .dat format of the photo sets: two lines of
// header, then nine lines of nine digits (0 for an empty cell).
func loadDat(t *testing.T, path string) solver.Grid {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 11 {
		t.Fatalf("%s: %d lines, want 11", path, len(lines))
	}
	g, err := solver.Parse(strings.Join(lines[2:], "\n"))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}
