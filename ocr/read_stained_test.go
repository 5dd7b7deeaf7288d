package ocr

import (
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestReadStained reads newspaper pages with soft stains of coffee, water
// or dirt over empty cells and printed digits (drawn by
// go run ./train/synthset -split train -looks stained -n 40 -seed 4404,
// pictures 017 and 035): every given is read, surely, and no stain is read
// as a digit. The network before the stained training cells (2026-11-28)
// read the second right but not surely: it named a stained empty cell,
// r6c1, as one to check.
func TestReadStained(t *testing.T) {
	for _, tc := range []struct{ name, givens string }{
		{"stained-black-serif.jpg", "..3..7.49.9........5.4....7..9.....2.718.....58...36....8....7..4.62.81.........."},
		{"stained-extrabold.jpg", "24.9.1...53..8...66..2..........7.43..............296.75.........9.43..1..2...6.."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := solver.Parse(tc.givens)
			if err != nil {
				t.Fatal(err)
			}
			res := ReadTestLook(t, tc.name)
			if res.Grid != want {
				t.Fatalf("read %s, want %s", res.Grid, want)
			}
			if len(res.Doubtful) > 0 {
				t.Errorf("read right, but not surely: %d cells named to check (%v)", len(res.Doubtful), res.Doubtful)
			}
			if !res.Entered.IsZero() && res.Entered.Givens() > 0 {
				t.Errorf("a printed page read with entries: %s", res.Entered)
			}
		})
	}
}
