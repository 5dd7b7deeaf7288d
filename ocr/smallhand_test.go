package ocr

import (
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestSmallHand checks the grid-level rule for small handwriting: single
// small digits become the player's entries only in a grid every cell of
// which is filled and none of which holds several marks.
func TestSmallHand(t *testing.T) {
	lone := func(d int, p float64) markReading {
		mr := markReading{marks: solver.DigitSetOf(d), conf: p, lone: d, loneP: p}
		mr.loneDigits[d-1] = p
		mr.loneDigits[d%9] = 1 - p // the likeliest other digit
		return mr
	}
	// grid returns readings with the cells in lones read as one mark, the
	// cells in empty as empty, the cells in several as two marks, and
	// printed digits elsewhere.
	grid := func(lones map[int]markReading, empty, several []int) *[81]CellReading {
		var out [81]CellReading
		for i := range out {
			out[i] = CellReading{Kind: KindGiven, Digit: i%9 + 1, Confidence: 1}
		}
		for i, mr := range lones {
			out[i] = CellReading{Kind: KindMarks, Marks: mr.marks, MarksConfidence: mr.conf}
		}
		for _, i := range empty {
			out[i] = CellReading{Kind: KindEmpty, Confidence: 1}
		}
		for _, i := range several {
			out[i] = CellReading{Kind: KindMarks, Marks: solver.DigitSetOf(2, 7), MarksConfidence: 0.9}
		}
		return &out
	}
	four := map[int]markReading{3: lone(5, 0.99), 12: lone(2, 0.9), 40: lone(9, 0.98), 80: lone(1, 0.97)}
	three := map[int]markReading{3: lone(5, 0.99), 12: lone(2, 0.9), 40: lone(9, 0.98)}

	for _, tc := range []struct {
		name           string
		lones          map[int]markReading
		empty, several []int
		want           bool // whether the lones become entries
	}{
		{"a filled grid written small", four, nil, nil, true},
		{"an empty cell left", four, []int{20}, nil, false},
		{"a cell of several marks", four, nil, []int{20}, false},
		{"too few small digits", three, nil, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := grid(tc.lones, tc.empty, tc.several)
			smallHand(out, tc.lones)
			for i, mr := range tc.lones {
				r := out[i]
				switch {
				case !tc.want && r.Kind != KindMarks:
					t.Errorf("cell %d read as %v, want the pencil mark kept", i, r.Kind)
				case tc.want && (r.Kind != KindEntry || r.Digit != mr.lone || r.Confidence != mr.loneP):
					t.Errorf("cell %d read as %v %d (%.2f), want entry %d (%.2f)", i, r.Kind, r.Digit, r.Confidence, mr.lone, mr.loneP)
				case tc.want && (len(r.Alternatives) < 2 || r.Alternatives[0].Digit != mr.lone%9+1):
					// The other digit the mark might be comes first:
					// weighEntries needs it to tell a misread from a
					// mistake.
					t.Errorf("cell %d alternatives %v, want %d first", i, r.Alternatives, mr.lone%9+1)
				}
			}
		})
	}
}
