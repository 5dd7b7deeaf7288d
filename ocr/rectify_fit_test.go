package ocr

import (
	"context"
	"image"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// drawLattice paints a rectified grid n pixels square: white paper, its
// ten lines each way (the box lines 4 pixels wide, the others 2), line k
// running at at(k, t) pixels across the grid where it is t pixels along
// it (the same for the vertical and the horizontal lines). Bars, when
// not nil, paints what else the picture shows (digits' strokes).
func drawLattice(n int, at func(k int, t float64) float64, bars func(g *image.Gray)) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, n, n))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for k := range 10 {
		w := 2
		if k%3 == 0 {
			w = 4
		}
		for t := range n {
			p := int(math.Round(at(k, float64(t))))
			for d := range w {
				if x := p + d; x >= 0 && x < n {
					g.Pix[t*g.Stride+x] = 40 // vertical line k across row t
					g.Pix[x*g.Stride+t] = 40 // horizontal line k across column t
				}
			}
		}
	}
	if bars != nil {
		bars(g)
	}
	return g
}

func TestLatticeSeat(t *testing.T) {
	const n = GridSize
	cell := float64(n) / 9
	ninth := func(k int, _ float64) float64 { return float64(k)*cell - 1 }
	tests := []struct {
		name string
		at   func(k int, t float64) float64
		bars func(g *image.Gray)
		// want are cells that must be named, wantNot cells that must not;
		// most bounds how many may be.
		want, wantNot []int
		most          int
	}{
		{name: "sits", at: ninth, wantNot: []int{0, 40, 80}, most: 0},
		{
			// A picture's lattice pulled askew by its bottom-right
			// corner, found half a cell inside the grid: the lines near
			// that corner lie up to 0.45 cell off.
			name: "askew",
			at: func(k int, t float64) float64 {
				return float64(k)*cell - 1 + 0.5*cell*float64(k)/9*t/n
			},
			want:    []int{80, 79, 71},
			wantNot: []int{0, 1, 9, 10, 40},
			most:    40,
		},
		{
			// A grid found two columns and rows short: its lines run at
			// 9/7 of the lattice's step, so the lattice sits nowhere but
			// by chance, and every cell is named.
			name: "short",
			at: func(k int, _ float64) float64 {
				return float64(k)*cell*9/7 - 1
			},
			want: []int{0, 1, 9, 10, 40, 44, 80},
			most: 81,
		},
		{
			// Curved paper: the lines bow by a fifth of a cell in the
			// middle, which the cut follows.
			name: "bowed",
			at: func(k int, t float64) float64 {
				return float64(k)*cell - 1 + 0.2*cell*math.Sin(math.Pi*t/n)
			},
			wantNot: []int{0, 40, 80},
			most:    0,
		},
		{
			// Digits' strokes, as dark as the lines and 0.7 of a cell
			// long, in every cell a third of a cell from its left line:
			// never a line, however many.
			name: "strokes",
			at:   ninth,
			bars: func(g *image.Gray) {
				for r := range 9 {
					for c := range 9 {
						x := int(float64(c)*cell + cell/3)
						for y := int(float64(r)*cell + 0.15*cell); y < int(float64(r)*cell+0.85*cell); y++ {
							g.Pix[y*g.Stride+x], g.Pix[y*g.Stride+x+1] = 40, 40
						}
					}
				}
			},
			wantNot: []int{0, 40, 80},
			most:    0,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := drawLattice(n, tc.at, tc.bars)
			seat := seatOf(g, findCellLines(g))
			bad := seat.unseated(n)
			named := 0
			for _, b := range bad {
				if b {
					named++
				}
			}
			if named > tc.most {
				t.Errorf("%d cells named, want at most %d", named, tc.most)
			}
			for _, i := range tc.want {
				if !bad[i] {
					t.Errorf("cell r%dc%d not named", i/9+1, i%9+1)
				}
			}
			for _, i := range tc.wantNot {
				if bad[i] {
					t.Errorf("cell r%dc%d named", i/9+1, i%9+1)
				}
			}
		})
	}
}

// TestUnseatCapsConfidence checks that the cells of a lattice that does
// not sit are no longer read surely, and the others keep their
// confidence.
func TestUnseatCapsConfidence(t *testing.T) {
	var cells [81]CellReading
	for i := range cells {
		cells[i].Confidence = 0.999
	}
	cells[3].Confidence = 0.2
	var bad [81]bool
	bad[2], bad[3] = true, true
	unseat(&cells, bad)
	for i, want := range map[int]float64{0: 0.999, 2: unseatedConfidence, 3: 0.2} {
		if got := cells[i].Confidence; got != want {
			t.Errorf("cell %d read at %v, want %v", i, got, want)
		}
	}
	if got := unsure(cells); len(got) != 2 {
		t.Errorf("unsure cells %v, want 2 and 3", got)
	}
}

// TestReadLatticeOffIsNotSure reads app screenshots whose lattice the grid
// finder pulls askew by a corner, its lines being faint (app-band-askew
// on a light board, app-dark-corner-askew on a dark one; app-dark-askew,
// whose lattice is now found on the board, see sameGridMargin, stays as
// a picture read right). The digits there are cut in half or left out of
// their boxes, and the recognizer is sure of what it sees. Every cell
// read wrong must be named as one to check.
func TestReadLatticeOffIsNotSure(t *testing.T) {
	for _, tc := range []struct {
		file, givens, entered string
	}{
		{
			"app-band-askew.png",
			"..8...1.....3.4.8..2..7.4.689..1...5.12..9..3..3..89.....2.6.4.24......1936..7...",
			"4..5...3..7..........8.......4...6..6..4..87..5..2.....8......9....8.36.......2..",
		},
		{
			"app-dark-corner-askew.png",
			"3..89..642.7.4.....4...1..2..23.5.87.....6..98...2731......9.5.52....973.6....24.",
			"...............1..9.6.5..............7.48......4.......3..7...8...16......9.....1",
		},
		{
			"app-dark-askew.jpg",
			".....8....14956..2......1.6...2...4..4....6...395.........3..17..57.9.2.1.7..53..",
			"..3....94......83.9...73.5......1...........58......7..9...25..3...1........4...9",
		},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/looks/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Read(context.Background(), data, Options{Recognizer: NewRecognizer(nil)})
			if err != nil {
				t.Fatal(err)
			}
			givens, entered := solver.MustGrid(tc.givens), solver.MustGrid(tc.entered)
			for i := range 81 {
				want := max(givens.Cell(i), entered.Cell(i))
				got := max(res.Grid.Cell(i), res.Entered.Cell(i))
				if got != want && !slices.Contains(res.Doubtful, i) {
					t.Errorf("r%dc%d read as %d, not %d, and not named as a cell to check", i/9+1, i%9+1, got, want)
				}
			}
		})
	}
}

// BenchmarkSeatOf times the check of a rectified grid's lattice.
func BenchmarkSeatOf(b *testing.B) {
	cell := float64(GridSize) / 9
	g := drawLattice(GridSize, func(k int, t float64) float64 { return float64(k)*cell - 1 }, nil)
	lines := findCellLines(g)
	for b.Loop() {
		seatOf(g, lines)
	}
}
