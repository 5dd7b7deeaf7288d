package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// progressReading is a reading of puzzleText with the player's entries
// (cell: digit), pencil marks and the cells read unsurely, checked as the
// real reader checks it (ocr.Result.Progress).
func progressReading(t *testing.T, entries map[int]int, marks map[int]solver.DigitSet, unsure ...int) engines.Reading {
	t.Helper()
	g := solver.MustGrid(puzzleText)
	res := &ocr.Result{Grid: g, Solutions: 1, Solution: solver.MustGrid(solutionText9)}
	res.Entered, _ = solver.NewGrid(9)
	for i := range res.Cells {
		res.Cells[i] = ocr.CellReading{Kind: ocr.KindEmpty, Confidence: 1}
		if d := g.Cell(i); d != 0 {
			res.Cells[i] = ocr.CellReading{Kind: ocr.KindGiven, Digit: d, Confidence: 1}
		}
	}
	for i, d := range entries {
		res.Entered.SetCell(i, d)
		res.Cells[i] = ocr.CellReading{Kind: ocr.KindEntry, Digit: d, Confidence: 1,
			Alternatives: []ocr.Alternative{{Digit: 1, Confidence: 0.2}}}
	}
	for i, m := range marks {
		res.Marks[i] = m
		res.Cells[i] = ocr.CellReading{Kind: ocr.KindMarks, Marks: m, Confidence: 1, MarksConfidence: 1}
	}
	for _, i := range unsure {
		res.Cells[i].Confidence, res.Cells[i].MarksConfidence = 0.6, 0.6
	}
	p, err := res.Progress()
	if err != nil {
		t.Fatal(err)
	}
	return engines.Reading{Grid: res.Grid, Entered: res.Entered, Solution: res.Solution, Marks: res.Marks, Cells: res.Cells, Progress: p}
}

// TestProgressReplies: a picture of a grid in progress is answered from
// the player's position: mistakes first (not giving the right digit
// away), else the next step, or "solved correctly!"; cells not read
// surely are asked about, never called wrong.
func TestProgressReplies(t *testing.T) {
	sol := solver.MustGrid(solutionText9)
	right := func(cells ...int) map[int]int {
		m := map[int]int{}
		for _, i := range cells {
			m[i] = sol.Cell(i)
		}
		return m
	}
	full := map[int]int{}
	for i := range 81 {
		if puzzleText[i] == '.' {
			full[i] = sol.Cell(i)
		}
	}
	wrong := right(2, 3)
	wrong[3] = 7 // r1c4 is 6
	for _, tc := range []struct {
		name    string
		req     Request
		reading engines.Reading
		want    []string
		not     []string
		files   string
	}{
		{"a plain photo with a wrong entry", Request{}, progressReading(t, wrong, nil),
			[]string{"**1 of your 2 entries is wrong:** r1c4.", "ask /solve for them"}, []string{"6"}, "mistakes.png"},
		{"/check with a wrong entry", Request{Command: CmdCheck}, progressReading(t, wrong, nil),
			[]string{"**1 of your 2 entries is wrong:** r1c4."}, nil, "mistakes.png"},
		{"/hint with a wrong entry names it first", Request{Command: CmdHint, Level: 1}, progressReading(t, wrong, nil),
			[]string{"**1 of your 2 entries is wrong:** r1c4."}, []string{"Step 1"}, "mistakes.png"},
		{"pencil marks leaving out the digit", Request{Command: CmdCheck}, progressReading(t, right(2), map[int]solver.DigitSet{3: solver.DigitSetOf(2, 7)}),
			[]string{"The pencil marks of r1c4 leave out the digit that belongs there."}, nil, "mistakes.png"},
		{"/check, all right so far", Request{Command: CmdCheck}, progressReading(t, right(2, 3), nil),
			[]string{"Everything you filled in is right so far: 2 entries, 49 cells to go."}, nil, ""},
		{"/check, unsure entry asked about", Request{Command: CmdCheck}, progressReading(t, right(2, 3), nil, 3),
			[]string{"No mistake among the 1 entry I could read surely.", "please check r1c4, read as 6 (or 1?)"}, []string{"wrong"}, ""},
		{"/check, unsure pencil marks are no entry", Request{Command: CmdCheck},
			progressReading(t, right(2, 3), map[int]solver.DigitSet{5: solver.DigitSetOf(sol.Cell(5), 9)}, 3, 5),
			[]string{"No mistake among the 1 entry I could read surely."}, []string{"wrong"}, ""},
		{"an unsure wrong entry is not called wrong", Request{Command: CmdCheck}, progressReading(t, wrong, nil, 3),
			[]string{"please check r1c4, read as 7"}, []string{"is wrong"}, ""},
		{"/check of a full right grid", Request{Command: CmdCheck}, progressReading(t, full, nil),
			[]string{"**Solved correctly!** All 51 entries are right."}, nil, ""},
		{"a plain photo, full and right", Request{}, progressReading(t, full, nil),
			[]string{"**Solved correctly!**"}, nil, ""},
		{"a plain photo, right so far: the next step", Request{}, progressReading(t, right(2, 3), nil),
			[]string{"**Step 1** · level 1 of 3"}, nil, "hint.png"},
		{"/check of a photo of the puzzle alone", Request{Command: CmdCheck}, progressReading(t, nil, nil),
			[]string{"Your picture shows the puzzle's givens only"}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := newTestBot(t, func(o *Options) {
				o.Engines = bottest.FixedReading{Engines: o.Engines, Reading: tc.reading}
			})
			req := tc.req
			req.Photo = &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 20, 20)}
			rep := b.Handle(context.Background(), req)
			if rep.Failed {
				t.Fatalf("failed: %q", rep.Text)
			}
			for _, w := range tc.want {
				if !strings.Contains(rep.Text, w) {
					t.Errorf("reply %q lacks %q", rep.Text, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(rep.Text, n) {
					t.Errorf("reply %q has %q", rep.Text, n)
				}
			}
			var names []string
			for _, f := range rep.Files {
				names = append(names, f.Name)
			}
			if tc.files != "" && !strings.Contains(strings.Join(names, ","), tc.files) {
				t.Errorf("files %v, want %s among them", names, tc.files)
			}
		})
	}
}

// TestUnsureText: the cells to check are named with what they were read
// as: an entry with its likeliest other digit, pencil marks, and a cell
// read as empty that may hold a faint digit.
func TestUnsureText(t *testing.T) {
	g := solver.MustGrid(puzzleText)
	entered, _ := solver.NewGrid(9)
	var marks [81]solver.DigitSet
	var cells [81]ocr.CellReading
	const entry, marked, faint = 2, 3, 5 // empty in puzzleText
	for _, i := range []int{entry, marked, faint} {
		if g.Cell(i) != 0 {
			t.Fatalf("cell %d is a given of puzzleText", i)
		}
	}
	entered.SetCell(entry, 4)
	cells[entry] = ocr.CellReading{Kind: ocr.KindEntry, Digit: 4, Confidence: 0.6, Alternatives: []ocr.Alternative{{Digit: 9, Confidence: 0.4}}}
	marks[marked] = solver.DigitSetOf(2, 7)
	cells[marked] = ocr.CellReading{Kind: ocr.KindMarks, Marks: marks[marked], MarksConfidence: 0.5}
	cells[faint] = ocr.CellReading{Kind: ocr.KindEmpty, Confidence: 0.6, Alternatives: []ocr.Alternative{{Digit: 8, Confidence: 0.4}}}
	got := unsureText(g, entered, marks, cells, []int{entry, marked, faint})
	for _, want := range []string{"r1c3, read as 4 (or 9?)", "r1c4, pencil marks read as 27", "r1c6, read as empty (or 8?)"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q does not say %q", got, want)
		}
	}
}
