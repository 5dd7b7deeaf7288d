package main

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// TestPrintProgress checks the words of sudoku check PICTURE for each
// thing the check of a picture can find, on readings made up for it (the
// scenarios of testdata/ check them on real photos).
func TestPrintProgress(t *testing.T) {
	entered, err := solver.NewGrid(9)
	if err != nil {
		t.Fatal(err)
	}
	entered.SetCell(0, 7)  // r1c1
	entered.SetCell(10, 8) // r2c2
	entered.SetCell(20, 4) // r3c3
	res := &ocr.Result{Entered: entered}
	res.Cells[0] = ocr.CellReading{Kind: ocr.KindEntry, Digit: 7, Confidence: 0.999}
	res.Cells[10] = ocr.CellReading{Kind: ocr.KindEntry, Digit: 8, Confidence: 0.6,
		Alternatives: []ocr.Alternative{{Digit: 8, Confidence: 0.6}, {Digit: 0, Confidence: 0.25}, {Digit: 3, Confidence: 0.15}}}
	res.Cells[20] = ocr.CellReading{Kind: ocr.KindEntry, Digit: 4, Confidence: 0.7}
	res.Cells[30] = ocr.CellReading{Kind: ocr.KindMarks, Marks: solver.DigitSetOf(2, 7), MarksConfidence: 0.99}
	res.Marks[30] = solver.DigitSetOf(2, 7)
	res.Cells[40] = ocr.CellReading{Kind: ocr.KindMarks, Marks: solver.DigitSetOf(1, 5, 9), MarksConfidence: 0.5}
	res.Marks[40] = solver.DigitSetOf(1, 5, 9)

	for _, tc := range []struct {
		name string
		p    ocr.Progress
		want string
	}{
		{"all right", ocr.Progress{Entries: 3},
			"all 3 entries are right\n"},
		{"one entry", ocr.Progress{Entries: 1},
			"the 1 entry is right\n"},
		{"givens only", ocr.Progress{},
			"no entries to check: the picture shows the puzzle's givens only\n"},
		{"a wrong entry and wrong marks", ocr.Progress{Entries: 3, Wrong: []int{0}, MarksWrong: []int{30}},
			"r1c1: 7 is wrong\nr4c4: the pencil marks 2 7 leave out the right digit\n"},
		{"unsure cells are asked about", ocr.Progress{Entries: 3, Unsure: []int{10, 20, 40}, UnsureEntries: 2},
			"r2c2: is this an 8 or a 3? I could not read it surely\n" +
				"r3c3: is this a 4? I could not read it surely\n" +
				"r5c5: are the pencil marks 1 5 9? I could not read them surely\n" +
				"no mistake among the 1 entry I could read surely; please check the cells above\n"},
		{"a mistake with unsure cells", ocr.Progress{Entries: 3, Wrong: []int{0}, Unsure: []int{20}, UnsureEntries: 1},
			"r1c1: 7 is wrong\nr3c3: is this a 4? I could not read it surely\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sb strings.Builder
			printProgress(&sb, res, tc.p)
			if got := sb.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
