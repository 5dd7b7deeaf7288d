package solver_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

func TestDigitSet(t *testing.T) {
	s := solver.DigitSetOf(1, 5, 6)
	if s != 0b110001 {
		t.Errorf("DigitSetOf(1, 5, 6) = %#b, want bits 0, 4 and 5", uint16(s))
	}
	if !s.Has(5) || s.Has(2) || s.Has(0) || s.Has(-1) || s.Has(17) {
		t.Errorf("Has disagrees with %v", s)
	}
	if s.Len() != 3 || s.Min() != 1 || s.String() != "156" {
		t.Errorf("Len %d, Min %d, String %q; want 3, 1, \"156\"", s.Len(), s.Min(), s.String())
	}
	if got := s.Without(1).With(9); got != solver.DigitSetOf(5, 6, 9) || got.Min() != 5 {
		t.Errorf("Without(1).With(9) = %v", got)
	}
	if s.With(0) != s || s.With(17) != s || s.Without(-3) != s || solver.DigitSetOf(0, 1, 99) != solver.DigitSetOf(1) {
		t.Errorf("digits outside 1 to 16 change a set")
	}
	if got := slices.Collect(s.All()); !slices.Equal(got, []int{1, 5, 6}) {
		t.Errorf("All yields %v", got)
	}
	for range s.All() {
		break // All stops when the loop does
	}
	var empty solver.DigitSet
	if empty.Len() != 0 || empty.Min() != 0 || empty.String() != "" || len(empty.Digits()) != 0 {
		t.Errorf("the empty set: Len %d, Min %d, String %q", empty.Len(), empty.Min(), empty.String())
	}
}

// TestDigitSetSizes checks that the digits of every grid size fit: 1 to 4,
// 1 to 9 and 1 to 16, the last in the top bit.
func TestDigitSetSizes(t *testing.T) {
	for _, c := range []struct {
		side int
		text string
	}{{4, "1234"}, {9, "123456789"}, {16, "123456789ABCDEFG"}} {
		all := solver.AllDigits(c.side)
		if all.Len() != c.side || all.Min() != 1 || all.String() != c.text {
			t.Errorf("AllDigits(%d) = %q, %d digits", c.side, all, all.Len())
		}
		want := make([]int, c.side)
		for i := range want {
			want[i] = i + 1
		}
		if got := all.Digits(); !slices.Equal(got, want) {
			t.Errorf("AllDigits(%d).Digits() = %v", c.side, got)
		}
		top := solver.DigitSetOf(c.side)
		if !all.Has(c.side) || all.Has(c.side+1) || top.Min() != c.side || all.Without(c.side).Len() != c.side-1 {
			t.Errorf("side %d: the top digit %v is not handled", c.side, top)
		}
	}
	if solver.AllDigits(16) != 0xFFFF {
		t.Errorf("AllDigits(16) = %#x, want every bit", uint16(solver.AllDigits(16)))
	}
}

func TestGridCandidates(t *testing.T) {
	classic := solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	c := classic.Candidates()
	if len(c) != 81 {
		t.Fatalf("got %d cells, want 81", len(c))
	}
	// r1c3: row 1 has 5 3 7, column 3 has 8, box 1 has 5 3 6 9 8: left
	// are 1, 2 and 4.
	if c[2] != solver.DigitSetOf(1, 2, 4) {
		t.Errorf("r1c3 candidates are %v, want 124", c[2])
	}
	if c[0] != 0 {
		t.Errorf("filled r1c1 has candidates %v, want none", c[0])
	}

	four := solver.MustGrid("1...\n..4.\n.3..\n...2")
	if got := four.Candidates(); got[1] != solver.DigitSetOf(2, 4) || got[3] != solver.DigitSetOf(3) {
		t.Errorf("4x4 r1c2 %v, r1c4 %v; want 24 and 3", got[1], got[3])
	}

	// 16x16: the first row holds 1 to F, so its last cell can only be G.
	rows := []string{"123456789ABCDEF."}
	for range 15 {
		rows = append(rows, strings.Repeat(".", 16))
	}
	big := solver.MustGrid(strings.Join(rows, "\n"))
	got := big.Candidates()
	if got[15] != solver.DigitSetOf(16) || got[15].String() != "G" {
		t.Errorf("16x16 r1c16 candidates %v, want G", got[15])
	}
	// r2c1 sees 1 to 4 in its box and 1 in its column.
	if got[16] != solver.AllDigits(16)&^solver.DigitSetOf(1, 2, 3, 4) {
		t.Errorf("16x16 r2c1 candidates %v", got[16])
	}
}

func ExampleDigitSet() {
	marks := solver.DigitSetOf(2, 7)
	marks = marks.With(4).Without(7)
	fmt.Println(marks, marks.Len(), marks.Has(4))
	for d := range marks.All() {
		fmt.Println("digit", d)
	}
	fmt.Println(solver.AllDigits(16))
	// Output:
	// 24 2 true
	// digit 2
	// digit 4
	// 123456789ABCDEFG
}
