// Package solver is the pure domain core of sudokubot: the grid type, the
// puzzle notations people type or paste, validation with precise messages,
// and exact solvers that find, count and prove the uniqueness of solutions.
//
// It does no I/O. Everything else in the project (photo reading, hints,
// rendering, the Discord bot and the command-line tool) builds on [Grid].
//
// Three sizes are supported: 4x4 with 2x2 boxes, 9x9 with 3x3 boxes and
// 16x16 with 4x4 boxes. Cells are numbered row by row from 0; users see rows
// and columns numbered from 1, as in r5c4 (row 5, column 4):
//
//	      c1 c2 c3   c4 c5 c6   c7 c8 c9
//	r1 [   0  1  2 |  3  4  5 |  6  7  8 ]
//	r2 [   9 10 11 | 12 13 14 | 15 16 17 ]
//	r3 [  18 19 20 | 21 22 23 | 24 25 26 ]
//	      ---------+----------+---------
//	r4 [  27 ...                     35 ]
//	...
//	r9 [  72 ...                     80 ]
//
// Digits are 1 to the side length; 0 is an empty cell. On 16x16 grids the
// digits 10 to 16 are written A to G. The candidates or pencil marks of a
// cell are a [DigitSet]; [Grid.Candidates] gives the basic ones of every
// cell. [Check] names the wrong cells of a player's grid, against the
// puzzle's solution.
//
// The 9x9 path has a dedicated bitboard solver; 4x4 and 16x16 go through a
// general constraint-propagation solver. [Solve], [SolveUnique] and [Count]
// pick the right one.
package solver
