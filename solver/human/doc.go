// Package human solves Sudoku the way people do: with named techniques,
// easiest first, one explained step at a time. It gives next-step hints at
// three levels of help and rates a puzzle's difficulty the way HoDoKu does.
//
// It is pure and does no I/O; it works on 9x9 grids of package solver.
//
// # Entry points
//
//   - [NextStep] returns the next step for a player's grid (optionally with
//     pencil marks, a [solver.DigitSet] per cell), after checking the grid
//     with [solver.Check]: wrong cells come back as a
//     *[solver.WrongGridError], a complete grid as [ErrSolved].
//   - [ParseCandidates] and [FormatCandidates] read and write pencil marks.
//   - [Explain] returns the whole logical solution, [Rate] and [RateSteps]
//     its HoDoKu rating: the sum of the steps' scores, the level of the
//     hardest step, raised while the score is above the level's cap.
//
// # The ladder
//
// The techniques are tried in HoDoKu's default order, with its default
// scores and levels (techniques.go): singles (singles.go), intersections
// (intersections.go), locked, naked and hidden subsets (subsets.go),
// basic, finned and sashimi fish (fish.go), remote pairs and wings
// (wings.go), skyscrapers, kites, turbot fish and empty rectangles
// (singledigit.go), uniqueness tests 1-4 and BUG+1 (uniqueness.go, only
// for puzzles proven unique), Sue de Coq (suedecoq.go), simple and multi
// colours (colouring.go), X-chains, XY-chains, AICs and nice loops
// (chains.go, then niceloop.go, which also finds the grouped nice loops
// and AICs), ALS-XZ and ALS-XY-Wing (als.go), forcing chain and net
// verities (forcing.go, which also finds contradictions), then forcing
// chain and net contradictions (contradiction.go). niceloop.go and
// contradiction.go share an implication engine (implication.go, with the
// grouped nodes of grouped.go) that records why each fact follows, and
// prooftext.go writes its proofs in plain English. When none applies, a
// step labelled BruteForce places the solution's digit in one cell: it is
// never presented as logic.
//
// # Sudoku Explainer's rules
//
// [RateSE] rates a puzzle the way Sudoku Explainer 1.2.1 does (se.go: its
// simple rules, its order and difficulties; sechain.go: its chaining
// rules, from forcing chains to dynamic chains that nest other rules,
// level by level). The chains that run on a grid that does not change
// (cycles, forcing chains, multiple forcing chains, nested by the
// thousand in the dynamic ones) search the grid's implication graph,
// built once a grid and shared (segraph.go); the nested rules' hints are
// cached by grid across the levels of a rating. The ladder's last rung,
// the nested forcing chain (seladder.go), is SE's dynamic chaining
// stopped at the first cell or region that concludes anything.
//
// Every step must be sound: a placement is the digit of the unique
// solution and an elimination never removes it. The tests check this for
// every step over the benchmark corpora.
//
// # Adding a technique
//
//  1. Write a finder in the file of its family (or a new file):
//     func findX(s *state) (Step, bool). It reads the candidates of s
//     (s.cand per cell, a [solver.DigitSet] each, s.pos per digit, with
//     the tables rowOf, unitSet, peers and the cellSet helpers of
//     state.go) and returns the first instance that eliminates or places
//     something. It must not change s.
//  2. Fill in the Step: Technique (HoDoKu's name, declared as a constant in
//     techniques.go), Placements or Eliminations, the Cells, Units,
//     Highlights and Links that prove it, and the three levels of text:
//     Nudge (where to look, without the answer), Area (the technique and
//     where) and Explanation (the full step, in plain English).
//  3. Give the technique its level and score in the techniques table and a
//     line in the ladder at HoDoKu's index (the ladder stays sorted by
//     index; TestLadder checks it). Add its name to techniqueOrder.
//  4. Add a position to testdata/techniques/ (see techniques_test.go; go
//     test -run TestHarvest -args -harvest finds one in the corpora) and run
//     go test -run TestTechniques -args -update to record the expected
//     step; check the recorded texts by hand. The corpus tests then check
//     its soundness on every state where the ladder uses it.
package human
