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
	return engines.ReadingOf(res)
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
			[]string{"**Mistakes**", "• r1c4: your 7 is wrong", "ask /solve for them"}, []string{"6"}, "mistakes.png"},
		{"/check with a wrong entry", Request{Command: CmdCheck}, progressReading(t, wrong, nil),
			[]string{"• r1c4: your 7 is wrong"}, nil, "mistakes.png"},
		{"/hint with a wrong entry names it first", Request{Command: CmdHint, Level: 1}, progressReading(t, wrong, nil),
			[]string{"• r1c4: your 7 is wrong"}, []string{"Step 1"}, "mistakes.png"},
		{"pencil marks leaving out the digit", Request{Command: CmdCheck}, progressReading(t, right(2), map[int]solver.DigitSet{3: solver.DigitSetOf(2, 7)}),
			[]string{"• r1c4: your pencil marks 2 7 leave out the right digit"}, nil, "mistakes.png"},
		{"/check, all right so far", Request{Command: CmdCheck}, progressReading(t, right(2, 3), nil),
			[]string{"All 2 entries are right."}, nil, ""},
		{"/check, unsure entry asked about", Request{Command: CmdCheck}, progressReading(t, right(2, 3), nil, 3),
			[]string{"No mistake among the 1 entry I could read surely; please check the cells above.", "• r1c4: is this a 6 or a 1? I could not read it surely"}, []string{"wrong"}, ""},
		{"/check, unsure pencil marks are no entry", Request{Command: CmdCheck},
			progressReading(t, right(2, 3), map[int]solver.DigitSet{5: solver.DigitSetOf(sol.Cell(5), 9)}, 3, 5),
			[]string{"No mistake among the 1 entry I could read surely;"}, []string{"wrong"}, ""},
		{"an unsure wrong entry is not called wrong", Request{Command: CmdCheck}, progressReading(t, wrong, nil, 3),
			[]string{"• r1c4: is this a 7 or a 1? I could not read it surely"}, []string{"is wrong"}, ""},
		{"/check of a full right grid", Request{Command: CmdCheck}, progressReading(t, full, nil),
			[]string{"**Solved correctly!** All 51 entries are right."}, nil, ""},
		{"a plain photo, full and right", Request{}, progressReading(t, full, nil),
			[]string{"**Solved correctly!**"}, nil, ""},
		{"a plain photo, right so far: the next step", Request{}, progressReading(t, right(2, 3), nil),
			[]string{"**Step 1** · level 1 of 3"}, nil, "hint.png"},
		{"/check of a photo of the puzzle alone", Request{Command: CmdCheck}, progressReading(t, nil, nil),
			[]string{"No entries to check: the picture shows the puzzle's givens only."}, nil, ""},
		{"/check with a given read unsurely asks, accusing no entry", Request{Command: CmdCheck}, unsureGiven(t, progressReading(t, wrong, nil)),
			[]string{"• r1c1: is this a 5 or a 6? I could not read it surely", "• r1c4: is your 7 right?", "I could not read every given surely, so I call none of your entries wrong"}, []string{"is wrong"}, ""},
		// A given that may only be empty instead, in a puzzle whose
		// solution holds without it (ocr.Puzzle.Settled): what rests on
		// the solution alone is answered, a step or a rating asks.
		{"/check with a given maybe empty names the mistake", Request{Command: CmdCheck}, maybeEmptyGiven(t, progressReading(t, wrong, nil)),
			[]string{"• r1c4: your 7 is wrong"}, []string{"is r1c1", "could not read every given"}, "mistakes.png"},
		{"/hint of a grid solved right, a given maybe empty", Request{Command: CmdHint}, maybeEmptyGiven(t, progressReading(t, full, nil)),
			[]string{"**Solved correctly!**"}, []string{"is r1c1"}, ""},
		{"/hint with a given maybe empty asks", Request{Command: CmdHint}, maybeEmptyGiven(t, progressReading(t, nil, nil)),
			[]string{"**is r1c1 a 5?**"}, nil, ""},
		{"/rate with a given maybe empty asks", Request{Command: CmdRate}, maybeEmptyGiven(t, progressReading(t, nil, nil)),
			[]string{"**is r1c1 a 5?**"}, nil, ""},
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

// unsureGiven is r with its first given, r1c1, read unsurely: 5 or 6.
func unsureGiven(t *testing.T, r engines.Reading) engines.Reading {
	return r1c1ReadAs(t, r, 0.5, ocr.Alternative{Digit: 6, Confidence: 0.4})
}

// maybeEmptyGiven is r with its first given, r1c1, read unsurely: 5, or
// maybe an empty cell. The puzzle has one solution without it, so the
// solution does not rest on it (ocr.Puzzle.Settled).
func maybeEmptyGiven(t *testing.T, r engines.Reading) engines.Reading {
	return r1c1ReadAs(t, r, 0.85, ocr.Alternative{Digit: 0, Confidence: 0.15})
}

// r1c1ReadAs is r with its first given, r1c1 (a 5), read at conf with the
// alternative alt.
func r1c1ReadAs(t *testing.T, r engines.Reading, conf float64, alt ocr.Alternative) engines.Reading {
	t.Helper()
	res := *r.Result
	if res.Grid.Cell(0) != 5 {
		t.Fatalf("r1c1 of puzzleText is %d, not 5", res.Grid.Cell(0))
	}
	res.Cells[0].Confidence = conf
	res.Cells[0].Alternatives = []ocr.Alternative{alt}
	return engines.ReadingOf(&res)
}

// TestDoubtfulGivensAsked: a photo whose givens include a digit not read
// surely is not solved, hinted or rated from it: the bot asks about the
// least sure one with a button for each of its likeliest digits and one
// that takes the reading as it is, and answers once the doubts are
// answered; the console asks in words.
func TestDoubtfulGivensAsked(t *testing.T) {
	reading := unsureGiven(t, progressReading(t, nil, nil))
	b, _ := newTestBot(t, func(o *Options) {
		o.Engines = bottest.FixedReading{Engines: o.Engines, Reading: reading}
	})
	photo := func() *Photo { return &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 20, 20)} }
	for _, cmd := range []Command{CmdNone, CmdSolve, CmdHint, CmdRate} {
		rep := b.Handle(context.Background(), Request{Command: cmd, Photo: photo()})
		if rep.Failed || !strings.Contains(rep.Text, "**is r1c1 a 5 or a 6?**") || strings.Contains(rep.Text, "||") {
			t.Fatalf("%q: %+v", cmd, rep)
		}
		var labels []string
		for _, bt := range rep.Buttons {
			labels = append(labels, bt.Label)
		}
		if want := "r1c1 is 5,r1c1 is 6,Take it as read"; strings.Join(labels, ",") != want {
			t.Fatalf("%q: buttons %q, want %s", cmd, labels, want)
		}
		// The player says r1c1 is 5, as read: the answer follows.
		ans := b.Handle(context.Background(), Request{Button: rep.Buttons[0].CustomID})
		switch {
		case ans.Failed:
			t.Fatalf("%q: the answer failed: %q", cmd, ans.Text)
		case cmd == CmdHint && !strings.Contains(ans.Text, "**Step 1**"):
			t.Errorf("%q: no step after the answer: %q", cmd, ans.Text)
		case cmd != CmdHint:
			bottest.CheckSolutionText(t, ans.Text, solutionText9)
			if !strings.Contains(ans.Text, "from your photo") {
				t.Errorf("%q: the answer does not say the puzzle came from the photo: %q", cmd, ans.Text)
			}
		}
		// Answered 6, the grid clashes: said so, with the grid to correct.
		ans = b.Handle(context.Background(), Request{Button: rep.Buttons[1].CustomID})
		if !ans.Failed || !strings.Contains(ans.Text, "With your answers the grid breaks the rules") {
			t.Errorf("%q: a wrong answer: %+v", cmd, ans)
		}
	}
	rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo(), Console: true})
	if len(rep.Buttons) != 0 || !strings.Contains(rep.Text, "is r1c1 a 5 or a 6?") || !strings.Contains(rep.Text, "correct the grid below and send it back") {
		t.Errorf("console: %+v", rep)
	}
}

// TestSplitNeverCostsTheSolve: a photo whose printed givens were partly
// taken for the player's entries, so that the givens alone have several
// solutions, is solved from all the digits read when they make one
// puzzle; /check finds no mistake in it.
func TestSplitNeverCostsTheSolve(t *testing.T) {
	r := progressReading(t, nil, nil)
	res := *r.Result
	for i := range 9 { // the givens of row 1 read as entries
		if d := res.Grid.Cell(i); d != 0 {
			res.Entered.SetCell(i, d)
			res.Grid.SetCell(i, 0)
			res.Cells[i].Kind = ocr.KindEntry
		}
	}
	res.Solutions, res.Solution, res.SolveErr, res.Problem = 2, solver.Grid{}, solver.ErrMultipleSolutions, "it has several solutions"
	reading := engines.ReadingOf(&res)
	b, _ := newTestBot(t, func(o *Options) {
		o.Engines = bottest.FixedReading{Engines: o.Engines, Reading: reading}
	})
	photo := &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 20, 20)}
	rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo})
	if rep.Failed {
		t.Fatalf("/solve: %q", rep.Text)
	}
	bottest.CheckSolutionText(t, rep.Text, solutionText9)
	rep = b.Handle(context.Background(), Request{Command: CmdCheck, Photo: photo})
	if rep.Failed || !strings.Contains(rep.Text, "No mistake: every digit fits the puzzle's one solution") {
		t.Errorf("/check: %+v", rep)
	}
}

// TestSettledSolve: a given read unsurely that can only be an empty cell
// instead, in a puzzle whose solution holds without it, does not hold up
// /solve (see the settled cases of TestProgressReplies for the others).
func TestSettledSolve(t *testing.T) {
	reading := maybeEmptyGiven(t, progressReading(t, nil, nil))
	b, _ := newTestBot(t, func(o *Options) {
		o.Engines = bottest.FixedReading{Engines: o.Engines, Reading: reading}
	})
	rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 20, 20)}})
	if rep.Failed || strings.Contains(rep.Text, "is r1c1") {
		t.Fatalf("reply %+v", rep)
	}
	bottest.CheckSolutionText(t, rep.Text, solutionText9)
}
