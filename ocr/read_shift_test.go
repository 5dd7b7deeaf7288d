package ocr

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestShiftedQuad: the lattice a cell off a square grid is the square a
// cell's side away; in perspective, the corners move along the grid's
// own lines.
func TestShiftedQuad(t *testing.T) {
	square := Quad{{90, 90}, {180, 90}, {180, 180}, {90, 180}}
	keystone := Quad{{100, 100}, {400, 120}, {420, 400}, {80, 380}}
	for _, tc := range []struct {
		name   string
		q      Quad
		du, dv int
		want   Quad
	}{
		{"square right", square, 1, 0, Quad{{100, 90}, {190, 90}, {190, 180}, {100, 180}}},
		{"square up and left", square, -1, -1, Quad{{80, 80}, {170, 80}, {170, 170}, {80, 170}}},
		{"square unmoved", square, 0, 0, square},
		{"keystone unmoved", keystone, 0, 0, keystone},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := shiftedQuad(tc.q, tc.du, tc.dv)
			if !ok {
				t.Fatal("reported degenerate")
			}
			for i := range 4 {
				if math.Hypot(got[i].X-tc.want[i].X, got[i].Y-tc.want[i].Y) > 1e-6 {
					t.Errorf("corner %d at %.3f, want %.3f", i, got[i], tc.want[i])
				}
			}
		})
	}
	// In perspective, a corner a cell off lies on the line through the
	// grid's corner and the next crossing of its border.
	h, _ := squareToQuad(keystone)
	got, _ := shiftedQuad(keystone, 1, 0)
	wx, wy := h.apply(1.0/9, 0)
	if math.Hypot(got[0].X-wx, got[0].Y-wy) > 1e-6 {
		t.Errorf("keystone moved right: corner 0 at %.3f, want the border's first crossing (%.3f, %.3f)", got[0], wx, wy)
	}
	if _, ok := shiftedQuad(Quad{{0, 0}, {10, 0}, {20, 0}, {30, 0}}, 1, 0); ok {
		t.Error("a flat quadrilateral was not reported degenerate")
	}
}

// TestWithin: a lattice may reach out of the picture by a share of a cell.
func TestWithin(t *testing.T) {
	q := Quad{{-20, 10}, {880, 10}, {880, 910}, {-20, 910}} // cells of 100
	for _, tc := range []struct {
		margin float64
		want   bool
	}{{0, false}, {0.19, false}, {0.2, true}, {0.5, true}} {
		if got := within(q, 1000, 1000, tc.margin); got != tc.want {
			t.Errorf("within(margin %.2f) = %v, want %v", tc.margin, got, tc.want)
		}
	}
}

// TestReadLatticeACellOff reads pictures whose lattice Detect fits a cell
// off the grid's (a row of text above a dark board, the board shifted to
// the number pad's edge; a blurred grid in a white margin; a magazine page
// cut off below the grid, the lattice pulled up to a line above it): the
// reading of the grid's own lattice checks out, and every cell read wrong
// is named.
func TestReadLatticeACellOff(t *testing.T) {
	for _, tc := range []struct {
		look            string
		truth           Quad
		givens, entered string
	}{
		{"app-dark-text-above-board.png", Quad{{288, 232}, {1008, 232}, {1008, 952}, {288, 952}},
			"6.317.548....6...97..38........914..1.65.....3...4.81..3..5.7.1.....3..4.7.9.4.8.",
			".........8.54.23...9......2...6......4....9.....2............9.9..........1.2.6.."},
		{"book-black-margin-blurred.jpg", Quad{{115, 141}, {405, 152}, {406, 417}, {108, 435}},
			"5.1..2.......7...9.47.....61........37...89..2.41.96.57..95...8..5...2......2...4",
			".......3.82....1.......3.2..5..........5......8.....7......43...3...6.9..98...7.."},
		{"magazine-cut-off-below.jpg", Quad{{221, 102}, {1012, 152}, {978, 987}, {244, 944}},
			"..9..183.1......5....36.9....1..2........6.2..26.78..46..7.....4.78..5..51...4..3",
			"................................................................................."},
	} {
		t.Run(tc.look, func(t *testing.T) {
			res := ReadTestLook(t, tc.look)
			if !res.Checked() {
				t.Fatalf("the reading does not check out: %s", res.Problem)
			}
			cell := math.Sqrt(quadArea(tc.truth)) / 9
			for i := range 4 {
				if e := math.Hypot(res.Corners[i].X-tc.truth[i].X, res.Corners[i].Y-tc.truth[i].Y); e > cell/3 {
					t.Errorf("corner %d at %.0f, want %.0f (%.1f cells off)", i, res.Corners[i], tc.truth[i], e/cell)
				}
			}
			givens, entered := solver.MustGrid(tc.givens), solver.MustGrid(tc.entered)
			for i := range 81 {
				wrong := res.Grid.Cell(i) != givens.Cell(i) || res.Entered.Cell(i) != entered.Cell(i)
				if c := res.Cells[i]; wrong && !slices.Contains(res.Doubtful, i) {
					t.Errorf("%s: read as a %v %d at %.4f, want a given %d or an entry %d; not named",
						solver.CellName(i/9, i%9), c.Kind, c.Digit, c.Confidence, givens.Cell(i), entered.Cell(i))
				}
			}
		})
	}
}

// TestReadShiftedOnlyWhenNeeded: a reading that makes a puzzle, or whose
// cells were read unsurely (a degraded page, whose digits rather than its
// lattice make no puzzle), is kept without a look at any other lattice:
// the photo, nil here, is not looked at.
func TestReadShiftedOnlyWhenNeeded(t *testing.T) {
	for _, tc := range []struct {
		name      string
		solutions int
		meanConf  float64
	}{
		{"a proper puzzle", 1, 0.999},
		{"several solutions", 2, 0.999},
		{"no puzzle, read unsurely", 0, shiftConfidence - 0.01},
	} {
		t.Run(tc.name, func(t *testing.T) {
			best := &angleReading{check: checked{solutions: tc.solutions}, split: split{meanConf: tc.meanConf}}
			got, err := readShifted(context.Background(), nil, best, nil, &stageClock{})
			if err != nil || got != best {
				t.Errorf("readShifted = %p, %v; want the reading itself (%p)", got, err, best)
			}
		})
	}
}
