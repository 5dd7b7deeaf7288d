package engines

import (
	"bytes"
	"testing"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// Two classic puzzles.
const (
	puzzleText  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	otherPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
)

func TestGridMemoExplanations(t *testing.T) {
	c := newGridMemo[[]human.Step](2)
	var grids []solver.Grid
	for i := range 3 {
		// The same puzzle with its digits relabelled: three distinct grids.
		g := solver.MustGrid(puzzleText)
		for cell := range 81 {
			if d := g.Cell(cell); d != 0 {
				g.SetCell(cell, (d+i-1)%9+1)
			}
		}
		grids = append(grids, g)
		steps, err := c.get(g, human.Explain)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := human.Explain(g)
		if len(steps) != len(want) || steps[0].Explanation != want[0].Explanation {
			t.Fatalf("cached explanation differs from human.Explain")
		}
	}
	if len(c.vals) != 2 || len(c.order) != 2 {
		t.Fatalf("cache holds %d/%d entries, want 2", len(c.vals), len(c.order))
	}
	if _, ok := c.vals[grids[0]]; ok {
		t.Error("the oldest entry was not evicted")
	}
}

// TestSolutionPictureRemembered: the same puzzle asked twice gets the very
// picture drawn the first time, equal to a fresh drawing; another puzzle
// gets its own.
func TestSolutionPictureRemembered(t *testing.T) {
	e := New(Options{PictureSize: 300})
	g := solver.MustGrid(puzzleText)
	sol, err := solver.SolveUnique(g)
	if err != nil {
		t.Fatal(err)
	}
	first, err := e.DrawSolution(g, sol)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := e.DrawSolution(g, sol)
	if &first[0] != &again[0] {
		t.Error("the second request drew the picture again")
	}
	fresh, err := encodePNG(render.Solution(g, sol, render.Options{Size: 300}))
	if err != nil || !bytes.Equal(fresh, first) {
		t.Errorf("remembered picture differs from a fresh one (%v)", err)
	}
	other := solver.MustGrid(otherPuzzle)
	otherSol, _ := solver.SolveUnique(other)
	if p, _ := e.DrawSolution(other, otherSol); bytes.Equal(p, first) {
		t.Error("another puzzle got the first puzzle's picture")
	}
}
