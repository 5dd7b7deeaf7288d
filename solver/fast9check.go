package solver

import "fmt"

// CheckSolution returns nil when sol is a complete grid of the same size as
// puzzle that follows the rules and keeps every given of puzzle, and
// otherwise an error saying what is wrong, like "r4c7 holds 3, the puzzle
// gives 5". Benchmarks and tests use it to verify what a solver returns.
func CheckSolution(puzzle, sol Grid) error {
	if sol.side == 0 || sol.side != puzzle.side {
		return fmt.Errorf("solution is %dx%d, the puzzle %dx%d", sol.side, sol.side, puzzle.side, puzzle.side)
	}
	for i := range puzzle.NumCells() {
		s, p := sol.cells[i], puzzle.cells[i]
		if s == 0 {
			return fmt.Errorf("%s is empty", sol.CellName(i))
		}
		if p != 0 && p != s {
			return fmt.Errorf("%s holds %c, the puzzle gives %c", sol.CellName(i), DigitChar(int(s)), DigitChar(int(p)))
		}
	}
	return sol.Validate()
}
