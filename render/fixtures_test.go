package render

import (
	"image"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// Fixtures shared by the golden, pixel and benchmark tests.
var (
	classic = solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	// hard is a puzzle from magictour's top 1465, and hardNow the same
	// after all its naked and hidden singles: the state the pointing and
	// chain steps below apply to.
	hard    = solver.MustGrid("5..7..6....38...........2..62.4............917............35.8.4.....1......9....")
	hardNow = solver.MustGrid("5..7..6....38...........2..62.4............917............35.8.4.....1......94...")

	small = solver.MustGrid("1...\n..4.\n.3..\n...2")
)

// pattern16 returns a full 16x16 grid and a puzzle made by blanking about
// half of its cells.
func pattern16(t testing.TB) (puzzle, full solver.Grid) {
	full, err := solver.NewGrid(16)
	if err != nil {
		t.Fatal(err)
	}
	for r := range 16 {
		for c := range 16 {
			full.Set(r, c, (4*(r%4)+r/4+c)%16+1)
		}
	}
	if err := full.Validate(); err != nil {
		t.Fatalf("pattern16 is not a valid grid: %v", err)
	}
	puzzle = full
	for i := range 256 {
		if (i*7+i/16*3)%11 < 6 {
			puzzle.SetCell(i, 0)
		}
	}
	return puzzle, full
}

// cell returns the index of row r, column c (from 1) of a 9x9 grid.
func cell(r, c int) int { return (r-1)*9 + c - 1 }

func cand(r, c, d int) human.Candidate { return human.Candidate{Cell: cell(r, c), Digit: d} }

// hiddenSingle is the first hidden single of classic: in box 2, 8 can only
// go in r1c6, because of the 8s in r3c3, r5c4 and r9c5.
var hiddenSingle = human.Step{
	Technique:   "Hidden Single",
	Placements:  []human.Candidate{cand(1, 6, 8)},
	Cells:       []int{cell(3, 3), cell(5, 4), cell(9, 5)},
	Units:       []solver.Unit{{Kind: solver.Box, Index: 1}},
	Highlights:  []human.Highlight{{Candidate: cand(1, 6, 8)}},
	Nudge:       "Look at box 2 for an 8.",
	Area:        "There is a hidden single in box 2.",
	Explanation: "In box 2, 8 can only go in r1c6: the other cells see an 8 in row 3, column 4 or column 5.",
}

// nakedSingle is r5c5 of classic, which can only be 5, written as the
// hint engine does: its units cross at the cell.
var nakedSingle = human.Step{
	Technique:   "Naked Single",
	Placements:  []human.Candidate{cand(5, 5, 5)},
	Cells:       []int{cell(5, 5)},
	Units:       []solver.Unit{{Kind: solver.Row, Index: 4}, {Kind: solver.Column, Index: 4}, {Kind: solver.Box, Index: 4}},
	Highlights:  []human.Highlight{{Candidate: cand(5, 5, 5)}},
	Nudge:       "Look at box 5: one of its cells has only one possible digit left.",
	Area:        "There is a naked single in r5c5: only one digit fits there.",
	Explanation: "r5c5 can only be 5: every other digit is already in row 5, column 5 or box 5.",
}

// pointing is a locked candidates step of hardNow: in box 3 the 8s are
// all in column 9, so 8 goes from r4c9 and r6c9.
var pointing = human.Step{
	Technique:    "Locked Candidates Type 1 (Pointing)",
	Eliminations: []human.Candidate{cand(4, 9, 8), cand(6, 9, 8)},
	Cells:        []int{cell(1, 9), cell(3, 9)},
	Units:        []solver.Unit{{Kind: solver.Box, Index: 2}, {Kind: solver.Column, Index: 8}},
	Highlights:   []human.Highlight{{Candidate: cand(1, 9, 8)}, {Candidate: cand(3, 9, 8)}},
	Nudge:        "Look at the 8s in box 3.",
	Area:         "There are locked candidates in box 3.",
	Explanation:  "In box 3, 8 can only go in column 9, so 8 can be removed from r4c9 and r6c9.",
}

// chain is a turbot fish (an X-chain of three links) on 9 in hardNow:
// r4c3 = r4c6 - r6c4 = r3c4, so r3c3, which sees both ends, is not 9.
var chain = human.Step{
	Technique:    "Turbot Fish",
	Eliminations: []human.Candidate{cand(3, 3, 9)},
	Cells:        []int{cell(4, 3), cell(4, 6), cell(6, 4), cell(3, 4)},
	Highlights: []human.Highlight{
		{Candidate: cand(4, 3, 9)}, {Candidate: cand(4, 6, 9), Group: 1},
		{Candidate: cand(6, 4, 9)}, {Candidate: cand(3, 4, 9), Group: 1},
	},
	Links: []human.Link{
		{From: cand(4, 3, 9), To: cand(4, 6, 9), Strong: true},
		{From: cand(4, 6, 9), To: cand(6, 4, 9)},
		{From: cand(6, 4, 9), To: cand(3, 4, 9), Strong: true},
	},
	Nudge:       "Look at the 9s.",
	Area:        "There is a turbot fish on 9.",
	Explanation: "Either r4c3 or r3c4 is 9, and r3c3 sees both: 9 can be removed from r3c3.",
}

// aroundDigits are links whose straight or gently bent arrows would strike
// through digits written in hardNow: a 4, a 3 and a 5, a 7.
var aroundDigits = human.Step{Links: []human.Link{
	{From: cand(4, 3, 5), To: cand(4, 5, 5), Strong: true},  // over r4c4
	{From: cand(7, 3, 5), To: cand(7, 7, 5), Strong: false}, // over r7c4 and r7c5
	{From: cand(5, 1, 5), To: cand(7, 1, 5), Strong: true},  // over r6c1
}}

// goldenCase is one picture of the golden and pixel tests: drawn by draw
// with opt, showing the givens of puzzle.
type goldenCase struct {
	name   string
	puzzle solver.Grid
	opt    Options
	paint  func(Options) (*image.Paletted, error)
}

// draw draws the case's picture.
func (c goldenCase) draw() (*image.Paletted, error) { return c.paint(c.opt) }

// goldenSize is the side of the golden pictures: smaller than the default
// to keep the committed files small; the pixel tests use the default.
var goldenSize = 480

func goldenCases() []goldenCase {
	p16, f16 := pattern16(nil)
	classicSol := solver.MustGrid("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	smallSol, _ := solver.Solve(small)
	wrongNow := classicSol
	// The player has left out two givens (r4c5, r7c7), which the
	// picture fills in, and has three wrong digits.
	for _, i := range []int{cell(1, 3), cell(2, 2), cell(4, 5), cell(7, 7), cell(9, 1)} {
		wrongNow.SetCell(i, 0)
	}
	wrongNow.SetCell(cell(2, 3), 4)
	wrongNow.SetCell(cell(5, 7), 9)
	wrongNow.SetCell(cell(5, 8), 7)
	light := Options{Size: goldenSize}
	dark := Options{Size: goldenSize, Theme: Dark}
	with := func(o Options, candidates, labels bool) Options {
		o.Candidates, o.Labels = candidates, labels
		return o
	}
	grid := func(g solver.Grid) func(Options) (*image.Paletted, error) {
		return func(o Options) (*image.Paletted, error) { return Grid(g, o) }
	}
	solution := func(p, s solver.Grid) func(Options) (*image.Paletted, error) {
		return func(o Options) (*image.Paletted, error) { return Solution(p, s, o) }
	}
	hint := func(p, g solver.Grid, st human.Step, level int) func(Options) (*image.Paletted, error) {
		return func(o Options) (*image.Paletted, error) { return Hint(p, g, nil, st, level, o) }
	}
	return []goldenCase{
		{"grid4-light", small, light, grid(small)},
		{"grid4-dark-candidates", small, with(dark, true, false), grid(small)},
		{"solution4-light", small, light, solution(small, smallSol)},
		{"grid9-light", classic, light, grid(classic)},
		{"grid9-dark-candidates-labels", classic, with(dark, true, true), grid(classic)},
		{"solution9-light", classic, light, solution(classic, classicSol)},
		{"solution9-dark", classic, dark, solution(classic, classicSol)},
		{"grid16-light-candidates", p16, with(light, true, false), grid(p16)},
		{"solution16-dark", p16, dark, solution(p16, f16)},
		{"hint9-single-1-light", classic, with(light, false, true), hint(classic, classic, hiddenSingle, LevelNudge)},
		{"hint9-single-2-dark", classic, with(dark, false, true), hint(classic, classic, hiddenSingle, LevelArea)},
		{"hint9-single-3-light", classic, with(light, false, true), hint(classic, classic, hiddenSingle, LevelFull)},
		{"hint9-naked-2-light", classic, with(light, false, true), hint(classic, classic, nakedSingle, LevelArea)},
		{"hint9-pointing-3-dark", hard, with(dark, false, true), hint(hard, hardNow, pointing, LevelFull)},
		{"hint9-chain-3-light", hard, with(light, false, true), hint(hard, hardNow, chain, LevelFull)},
		{"hint9-links-around-digits-light", hard, with(light, false, true), hint(hard, hardNow, aroundDigits, LevelFull)},
		{"wrong9-light", classic, light, func(o Options) (*image.Paletted, error) {
			return Wrong(classic, wrongNow, []int{cell(2, 3), cell(5, 7), cell(5, 8)}, o)
		}},
	}
}

// countColours returns the number of distinct colours of img.
func countColours(img *image.Paletted) int { return len(img.Palette) }
