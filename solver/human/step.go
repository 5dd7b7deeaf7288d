package human

import "github.com/sudokubot/sudokubot/solver"

// Candidate is a digit in a cell: a placement, an elimination or a pencil
// mark that takes part in a proof. Cell counts from 0 row by row.
type Candidate struct {
	Cell  int
	Digit int
}

// Highlight is a candidate that a picture should mark, with a colour group:
// 0 for the main role (the pattern's candidates), 1 for a second group
// (the other colour in colouring, the second ALS, fins), 2 for a third.
type Highlight struct {
	Candidate
	Group int
}

// Link is a link of a chain between two candidates. A strong link means
// "if From is false, To is true"; a weak one "if From is true, To is false".
type Link struct {
	From, To Candidate
	Strong   bool
}

// Step is one logical step: what it places or eliminates, what proves it,
// and how to say it at three levels of help.
type Step struct {
	// Technique is the technique's name as HoDoKu writes it, like
	// "Hidden Single" or "X-Wing".
	Technique string
	// Placements are the digits this step puts into cells.
	Placements []Candidate
	// Eliminations are the candidates this step removes.
	Eliminations []Candidate
	// Cells are the cells that prove the step (a picture shades them).
	Cells []int
	// Units are the rows, columns and boxes the step reasons about.
	Units []solver.Unit
	// Highlights are the candidates that make up the pattern.
	Highlights []Highlight
	// Links are the chain links, for chain techniques.
	Links []Link
	// Nudge is level 1 of help: where to look, without the answer,
	// like "Look at box 5 for a 7.".
	Nudge string
	// Area is level 2: the technique and where, like "There is a hidden
	// single in box 5.".
	Area string
	// Explanation is level 3: the full step in plain English, like "In
	// box 5, 7 can only go in r5c4: the other cells already see a 7 in
	// row 4, row 6 or column 6.".
	Explanation string
	// BruteForce is true for a step found by trial and error because no
	// known technique applies. It is never presented as logic.
	BruteForce bool
	// MultipleSolutions is true when the puzzle has more than one
	// solution: the step holds in all of them, but no logic can lead to a
	// single answer, so a player should be told first.
	MultipleSolutions bool
}

// MultipleSolutionsNote is what to tell a player before any help on a
// puzzle with more than one solution.
const MultipleSolutionsNote = "This puzzle has more than one solution, so no chain of logical steps can lead to a single answer; the step below holds in every solution."
