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

// TestPhotoGridErrors checks that the bot says plainly what a picture that
// is no whole 9x9 puzzle is: another size, cropped, empty.
func TestPhotoGridErrors(t *testing.T) {
	for _, tc := range []struct {
		err  *ocr.GridError
		want string
	}{
		{&ocr.GridError{Side: 16}, "This picture is a 16x16 grid; reading 16x16 pictures is not supported yet (type the puzzle as text instead)."},
		{&ocr.GridError{Side: 4}, "This picture is a 4x4 grid; reading 4x4 pictures is not supported yet"},
		{&ocr.GridError{Cropped: true, Edge: "left"}, "The picture seems cropped: the grid runs off its left edge; take a picture of the whole grid."},
		{&ocr.GridError{Cropped: true}, "The picture seems cropped: only part of the grid is in it"},
		{&ocr.GridError{Empty: true}, "The grid in the picture is empty: no digit was found in it."},
	} {
		b, _ := newTestBot(t, func(o *Options) { o.Engines = bottest.FixedReading{Engines: o.Engines, Err: tc.err} })
		rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 20, 20)}})
		if !rep.Failed || !strings.Contains(rep.Text, tc.want) {
			t.Errorf("%+v: %+v, want %q", tc.err, rep, tc.want)
		}
	}
}

// TestPhotoSeveralGrids checks that the bot's answer to a photo of several
// puzzles says how many and which one it read.
func TestPhotoSeveralGrids(t *testing.T) {
	gr := solver.MustGrid(puzzleText)
	sol, err := solver.SolveUnique(gr)
	if err != nil {
		t.Fatal(err)
	}
	square := func(x, s float64) ocr.Quad {
		return ocr.Quad{{X: x, Y: 0}, {X: x + s, Y: 0}, {X: x + s, Y: s}, {X: x, Y: s}}
	}
	res := &ocr.Result{Grid: gr, Solutions: 1, Solution: sol, Width: 1000, Height: 400,
		Corners: square(0, 400), OtherGrids: []ocr.Quad{square(600, 300)}}
	for i := range res.Cells {
		res.Cells[i] = ocr.CellReading{Digit: gr.Cell(i), Confidence: 1}
		if gr.Cell(i) != 0 {
			res.Cells[i].Kind = ocr.KindGiven
		}
	}
	b, _ := newTestBot(t, func(o *Options) {
		o.Engines = bottest.FixedReading{Engines: o.Engines, Reading: engines.ReadingOf(res)}
	})
	photo := &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 20, 20)}
	rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo})
	if rep.Failed || !strings.Contains(rep.Text, "I read 30 givens from your photo. 2 grids in the picture: read the one on the left, the largest.") {
		t.Errorf("solve: %+v", rep)
	}
	// The other answers to a photo say it first.
	for _, cmd := range []Command{CmdHint, CmdRate, CmdCheck} {
		rep := b.Handle(context.Background(), Request{Command: cmd, Photo: photo})
		if rep.Failed || !strings.HasPrefix(rep.Text, "2 grids in the picture: read the one on the left, the largest.\n") {
			t.Errorf("%s: %+v", cmd, rep)
		}
	}
}
