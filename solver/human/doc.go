// Package human solves Sudoku the way people do: with named techniques,
// easiest first, one explained step at a time. It gives next-step hints at
// three levels of help, checks a player's grid against the solution, and
// rates a puzzle's difficulty the way HoDoKu does.
//
// It is pure and does no I/O; it works on 9x9 grids of package solver.
package human
