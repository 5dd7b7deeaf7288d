package solver

import (
	"math/rand/v2"
	"testing"
)

// clashyGrid returns a 9x9 grid with each cell filled, with probability
// fill, by a random digit: most such grids clash many times over.
func clashyGrid(t testing.TB, rng *rand.Rand, side int, fill float64) Grid {
	t.Helper()
	g, err := NewGrid(side)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.NumCells() {
		if rng.Float64() < fill {
			g.SetCell(i, 1+rng.IntN(side))
		}
	}
	return g
}

// TestValidateIsFirstClash checks, on random grids of every fill, that
// Validate returns the first of Clashes and nil exactly when there is none.
func TestValidateIsFirstClash(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, side := range []int{4, 9, 16} {
		for i := range 2000 {
			g := clashyGrid(t, rng, side, float64(i%20)/19)
			cs, err := g.Clashes(), g.Validate()
			if len(cs) == 0 {
				if err != nil {
					t.Fatalf("%v: Validate = %v without clashes", g, err)
				}
				continue
			}
			c, ok := err.(*Clash)
			if !ok || *c != *cs[0] {
				t.Fatalf("%v: Validate = %v, first clash %v", g, err, cs[0])
			}
		}
	}
}

// BenchmarkValidateClashing measures Validate on grids that clash many
// times over, as the search meets them.
func BenchmarkValidateClashing(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var gs []Grid
	for range 64 {
		gs = append(gs, clashyGrid(b, rng, 9, 0.6))
	}
	i := 0
	for b.Loop() {
		_ = gs[i%len(gs)].Validate()
		i++
	}
}
