package ocr

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestSmallHand checks the grid-level decision for small handwriting:
// single small digits become the player's entries in a grid filled with
// them, a few cells read as empty or as several marks notwithstanding,
// and stay pencil marks in a grid still being worked on; a grid that
// could be either names them as cells to check.
func TestSmallHand(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		lones, several, empties int
		want                    CellKind // what the lones become
		sure                    bool     // whether they are read surely
	}{
		{"a filled grid written small", 40, 0, 0, KindEntry, true},
		{"written small, a few cells misread", 36, 1, 3, KindEntry, true},
		{"a few small digits in a filled grid", 3, 0, 0, KindEntry, true},
		{"one small digit in a filled grid", 1, 0, 0, KindEntry, false},
		{"a grid being worked on", 4, 3, 40, KindMarks, true},
		{"one mark in an empty grid", 1, 0, 50, KindMarks, true},
		{"as many lones as empty cells", 8, 0, 8, KindMarks, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, lones := smallGrid(tc.lones, tc.several, tc.empties)
			smallHand(out, lones)
			for i, mr := range lones {
				r := out[i]
				if r.Kind != tc.want {
					t.Fatalf("cell %d read as %v, want %v", i, r.Kind, tc.want)
				}
				conf := r.Confidence
				if r.Kind == KindMarks {
					conf = min(conf, r.MarksConfidence)
				}
				if sure := conf >= doubtfulBelow; sure != tc.sure {
					t.Errorf("cell %d read at %.3f, want sure %v", i, conf, tc.sure)
				}
				if r.Kind != KindEntry {
					continue
				}
				if r.Digit != mr.lone || r.Confidence > mr.loneP {
					t.Errorf("cell %d read as %d (%.3f), want entry %d at most %.2f", i, r.Digit, r.Confidence, mr.lone, mr.loneP)
				}
				// The other digit the mark might be is an alternative:
				// weighEntries needs it to tell a misread from a
				// mistake.
				if !slices.ContainsFunc(r.Alternatives, func(a Alternative) bool { return a.Digit == mr.lone%9+1 && a.Confidence > 0.02 }) {
					t.Errorf("cell %d alternatives %v, want %d among them", i, r.Alternatives, mr.lone%9+1)
				}
			}
		})
	}
}

// loneMark is a cell read as one small glyph, digit d at probability p,
// the likeliest other digit (d+1) at 1-p.
func loneMark(d int, p float64) markReading {
	mr := markReading{marks: solver.DigitSetOf(d), conf: p, lone: d, loneP: p}
	mr.loneDigits[d-1] = p
	mr.loneDigits[d%9] = 1 - p
	return mr
}

// smallGrid returns readings with the first nLones cells that are not
// given read as one mark, the next nSeveral as two marks, the next nEmpty
// as empty, and printed digits elsewhere, with the lones.
func smallGrid(nLones, nSeveral, nEmpty int) (*[81]CellReading, map[int]markReading) {
	var out [81]CellReading
	lones := map[int]markReading{}
	for i := range out {
		switch {
		case i%3 == 0:
			out[i] = CellReading{Kind: KindGiven, Digit: i%9 + 1, Confidence: 1}
		case nLones > 0:
			nLones--
			mr := loneMark(i%9+1, 0.97)
			lones[i] = mr
			out[i] = CellReading{Kind: KindMarks, Marks: mr.marks, MarksConfidence: mr.conf, Confidence: 0.99}
		case nSeveral > 0:
			nSeveral--
			out[i] = CellReading{Kind: KindMarks, Marks: solver.DigitSetOf(2, 7), MarksConfidence: 0.9, Confidence: 0.99}
		case nEmpty > 0:
			nEmpty--
			out[i] = CellReading{Kind: KindEmpty, Confidence: 1}
		default:
			out[i] = CellReading{Kind: KindEntry, Digit: i%9 + 1, Confidence: 1}
		}
	}
	return &out, lones
}

// TestSmallHandMarksCell: in a grid written small, a cell read as two
// marks is a small digit misread, the likeliest digit its marks and the
// network's alternatives name, never read surely; and no cell of the
// player's is read as holding no digit more surely than that the player
// does not write small.
func TestSmallHandMarksCell(t *testing.T) {
	out, lones := smallGrid(53, 1, 0)
	const two = 80 // the cell of two marks, 2 and 7
	if out[two].Marks.Len() != 2 {
		t.Fatalf("cell %d read as %v, want two marks", two, out[two].Marks)
	}
	out[two].Alternatives = []Alternative{{Digit: 7, Confidence: 0.6}}
	p := smallHand(out, lones)
	if p < 0.999 {
		t.Fatalf("chance the player writes small %.4f, want all but sure", p)
	}
	if r := out[two]; r.Kind != KindEntry || r.Digit != 7 || r.Confidence > 0.6 {
		t.Errorf("the cell of two marks read as %v %d (%.3f), want entry 7 at most 0.6", r.Kind, r.Digit, r.Confidence)
	}
	for i, r := range out {
		for _, a := range r.Alternatives {
			if a.Digit == 0 && a.Confidence > 1-p+1e-9 {
				t.Errorf("cell %d: no digit at %.4f, more than %.4f", i, a.Confidence, 1-p)
			}
		}
	}
}

// TestReadSmallHand reads a newspaper puzzle completed in small pen
// digits standing anywhere in their cells, a few of which are read as
// empty or as two marks: one at a time each looks like a pencil mark, and
// the grid as a whole is the player's, filled in. Every digit is read
// right, and every pen digit as the player's entry.
func TestReadSmallHand(t *testing.T) {
	res := ReadTestLook(t, "pen-small-filled.jpg")
	givens := solver.MustGrid("142...8763...7..4..5..1.9....49....1.....15...1....46.2.359......123..5.86..472..")
	entered := solver.MustGrid("...359....896.21.56.78.4.3272..6538.93648..275.8723..9.7...861449...67.8..51...93")
	var wrong []string
	for i := range 81 {
		if res.Grid.Cell(i) != givens.Cell(i) || res.Entered.Cell(i) != entered.Cell(i) {
			c := res.Cells[i]
			wrong = append(wrong, fmt.Sprintf("%s %d%d read as %v %d (%.4f)", solver.CellName(i/9, i%9), givens.Cell(i), entered.Cell(i), c.Kind, c.Digit, c.Confidence))
		}
	}
	if len(wrong) > 0 {
		t.Errorf("%d cells read wrong (given, entry): %v", len(wrong), wrong)
	}
}
