package ocr

import "testing"

// TestGivensChecks: the split stage asks the solver about a candidate
// split's givens once, however often it weighs the candidate; candidates
// with the same givens share the answer, and other givens get their own.
func TestGivensChecks(t *testing.T) {
	rs, _, puzzle, sol := styledGrid(t)
	checks := givensChecks{}
	c := checks.of(&rs)
	corr := c.corrected()
	if !c.proper() || c.corrected() != corr {
		t.Fatal("the givens of a proper puzzle are not proper, or corrected twice")
	}
	if v := c.verdict(); v.err != nil || v.solution != sol {
		t.Fatalf("the verdict on a proper puzzle is %v", v.err)
	}
	// The same givens, an entry read as empty: the same candidate.
	same := rs
	for i := range 81 {
		if puzzle.Cell(i) == 0 {
			same[i].Kind = KindEmpty
			break
		}
	}
	if checks.of(&same) != c {
		t.Error("a split with the same givens is checked again")
	}
	// A given taken for an entry: other givens, checked on their own.
	other := rs
	for i := range 81 {
		if puzzle.Cell(i) != 0 {
			other[i].Kind = KindEntry
			break
		}
	}
	if checks.of(&other) == c {
		t.Error("a split with other givens shares the first one's check")
	}
	if len(checks) != 2 {
		t.Errorf("%d candidates checked, want 2", len(checks))
	}
}
