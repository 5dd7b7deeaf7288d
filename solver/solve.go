package solver

import (
	"errors"
	"fmt"
)

// ErrNoSolution is matched (with [errors.Is]) by every error saying that a
// puzzle has no solution. The concrete error is a *[NoSolutionError] that
// says why.
var ErrNoSolution = errors.New("no solution")

// ErrMultipleSolutions is returned by [SolveUnique] for a puzzle with more
// than one solution.
var ErrMultipleSolutions = errors.New("multiple solutions")

// NoSolutionError says that a puzzle has no solution, and why when the reason
// can be put in a sentence.
type NoSolutionError struct {
	// Reason is a plain-English explanation, like "column 2 has no place
	// left for a 2", or "" when only an exhaustive search shows it.
	Reason string
}

// Error returns "no solution" followed by the reason, if any.
func (e *NoSolutionError) Error() string {
	if e.Reason == "" {
		return "no solution: every way of filling it in runs into a contradiction"
	}
	return "no solution: " + e.Reason
}

// Is makes errors.Is(err, ErrNoSolution) true.
func (e *NoSolutionError) Is(target error) bool { return target == ErrNoSolution }

// Solve returns the first solution of g. A grid that breaks the rules
// returns its *[Clash]; a grid without solution a *[NoSolutionError].
func Solve(g Grid) (Grid, error) {
	sol, n, err := search(g, 1)
	if err != nil {
		return Grid{}, err
	}
	if n == 0 {
		return Grid{}, noSolution(g)
	}
	return sol, nil
}

// SolveUnique returns the solution of g if it has exactly one. It returns
// [ErrMultipleSolutions] when there are more, and the errors of [Solve]
// otherwise.
func SolveUnique(g Grid) (Grid, error) {
	sol, n, err := search(g, 2)
	switch {
	case err != nil:
		return Grid{}, err
	case n == 0:
		return Grid{}, noSolution(g)
	case n > 1:
		return Grid{}, ErrMultipleSolutions
	}
	return sol, nil
}

// Count returns the number of solutions of g, stopping at limit: a result
// equal to limit means "limit or more". A limit of 2 proves uniqueness. A grid
// that breaks the rules has 0 solutions. A limit below 1 counts as 1.
func Count(g Grid, limit int) int {
	_, n, err := search(g, max(limit, 1))
	if err != nil {
		return 0
	}
	return n
}

// search validates g and runs the solver for its size, returning the first
// solution and the number found up to limit. The 9x9 bitboard solver checks
// the rules itself while it sets up, much faster than [Grid.Validate], which
// then only runs to explain a grid it rejected.
func search(g Grid, limit int) (Grid, int, error) {
	if g.Side() == 9 {
		if sol, n, ok := solve9(&g, limit); ok {
			return sol, n, nil
		}
	}
	if err := g.Validate(); err != nil {
		return Grid{}, 0, err
	}
	sol, n := generalSearch(g, limit)
	return sol, n, nil
}

// noSolution explains, as far as simple reasoning can, why g has no
// solution.
func noSolution(g Grid) error {
	return &NoSolutionError{Reason: diagnose(g)}
}

// diagnose looks for a contradiction a person can check: a cell with no
// candidate left or a digit with no place left in a unit, first in the grid
// as given, then after filling in the forced cells (naked and hidden
// singles). It returns "" when only a search finds the contradiction.
func diagnose(g Grid) string {
	st := newGeneral(g)
	if r := st.contradiction(g); r != "" {
		return r
	}
	if !st.propagate() {
		st2 := newGeneral(g)
		// Replay the singles one at a time to find the first dead end.
		for {
			if r := st2.contradiction(g); r != "" {
				return "after filling in the forced cells, " + r
			}
			if !st2.oneSingle() {
				break
			}
		}
	}
	return ""
}

// contradiction reports the first dead end visible in the candidates: an
// empty cell without candidates, or a unit in which a missing digit has no
// place.
func (s *general) contradiction(orig Grid) string {
	n := s.side
	for i := range s.ncell {
		if s.cells[i] == 0 && s.cand[i] == 0 {
			return fmt.Sprintf("%s has no candidate left: its row, column and box already hold every digit", CellName(i/n, i%n))
		}
	}
	for u := range 3 * n {
		var have, can uint32
		for _, i := range s.units[u] {
			if s.cells[i] != 0 {
				have |= 1 << (s.cells[i] - 1)
			} else {
				can |= uint32(s.cand[i])
			}
		}
		full := uint32(1)<<n - 1
		if missing := full &^ (have | can); missing != 0 {
			d := 1
			for missing&1 == 0 {
				missing >>= 1
				d++
			}
			return fmt.Sprintf("%s has no place left for a %c", unitOf(u, n), DigitChar(d))
		}
	}
	return ""
}

// unitOf names unit number u of the general solver's unit table.
func unitOf(u, n int) Unit {
	switch {
	case u < n:
		return Unit{Row, u}
	case u < 2*n:
		return Unit{Column, u - n}
	}
	return Unit{Box, u - 2*n}
}
