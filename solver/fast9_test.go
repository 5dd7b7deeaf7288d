package solver

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fast9Sets are the samples of the benchmark lists kept in testdata: the
// first 5 puzzles of each list and 15 more spread over it.
var fast9Sets = []struct {
	file  string
	multi bool // every puzzle has two or more solutions
}{
	{"fast9_puzzles2_17_clue.txt", false},
	{"fast9_puzzles3_magictour_top1465.txt", false},
	{"fast9_puzzles5_forum_hardest_1905_11+.txt", false},
	{"fast9_puzzles6_forum_hardest_1106.txt", false},
	{"fast9_puzzles7_serg_benchmark.txt", true},
}

// readLines returns the non-empty, non-comment lines of a testdata file.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no puzzles", name)
	}
	return out
}

// grid81 turns an 81-character line into a grid without any check: digits
// 1-9 are givens, anything else is blank.
func grid81(line string) Grid {
	g := Grid{side: 9}
	for i := 0; i < 81 && i < len(line); i++ {
		if c := line[i]; c >= '1' && c <= '9' {
			g.cells[i] = c - '0'
		}
	}
	return g
}

// checkSolves fails unless sol is a complete, valid 9x9 grid that keeps
// every given of puzzle.
func checkSolves(t testing.TB, puzzle, sol Grid) {
	t.Helper()
	if err := CheckSolution(puzzle, sol); err != nil {
		t.Fatalf("puzzle %s: returned %s: %v", puzzle, sol, err)
	}
}

// agree runs the fast and the general solver on g with the given limit and
// fails unless they find the same number of solutions and the fast one's
// first solution is valid. It returns the count.
func agree(t testing.TB, g Grid, limit int) int {
	t.Helper()
	sol, n, _ := solve9(&g, limit)
	_, want := generalSearch(g, limit)
	if n != want {
		t.Fatalf("puzzle %s, limit %d: fast solver counts %d, general solver %d", g, limit, n, want)
	}
	if n > 0 {
		checkSolves(t, g, sol)
	}
	return n
}

func TestFast9Seeds(t *testing.T) {
	for _, l := range readLines(t, "fast9_seed.txt") {
		puzzle, want, ok := strings.Cut(l, "\t")
		if !ok {
			t.Fatalf("bad line %q", l)
		}
		g := MustGrid(puzzle)
		for _, limit := range []int{1, 2, 10} {
			sol, n, _ := solve9(&g, limit)
			if n != 1 {
				t.Errorf("%s, limit %d: %d solutions, want 1", puzzle, limit, n)
				continue
			}
			if sol.String() != want {
				t.Errorf("%s, limit %d: solution\n%s, want\n%s", puzzle, limit, sol, want)
			}
		}
	}
}

func TestFast9AgreesWithGeneral(t *testing.T) {
	for _, set := range fast9Sets {
		t.Run(set.file, func(t *testing.T) {
			for _, l := range readLines(t, set.file) {
				g := MustGrid(l)
				if n := agree(t, g, 1); n != 1 {
					t.Errorf("%s: limit 1 found %d solutions, want 1", l, n)
				}
				n := agree(t, g, 2)
				switch {
				case set.multi && n != 2:
					t.Errorf("%s: %d solutions up to 2, the list has only multi-solution puzzles", l, n)
				case !set.multi && n != 1:
					t.Errorf("%s: %d solutions up to 2, want exactly 1", l, n)
				}
			}
		})
	}
}

// TestFast9Mutations changes one given of proper puzzles to another digit.
// That mostly leaves no solution, sometimes several; the fast solver must
// agree with the general one on each.
func TestFast9Mutations(t *testing.T) {
	counts := map[int]int{}
	for _, name := range []string{"fast9_puzzles2_17_clue.txt", "fast9_puzzles3_magictour_top1465.txt"} {
		for k, l := range readLines(t, name) {
			g := MustGrid(l)
			for i := range 81 {
				if g.cells[i] == 0 || (i+k)%4 != 0 {
					continue
				}
				m := g
				m.cells[i] = g.cells[i]%9 + 1
				if m.Validate() != nil {
					continue
				}
				counts[agree(t, m, 2)]++
			}
		}
	}
	t.Logf("solution counts of the mutated puzzles: %v", counts)
	if counts[0] < 10 || counts[1]+counts[2] == 0 {
		t.Errorf("mutations gave too few cases of each kind: %v", counts)
	}
}

func TestFast9NoSolution(t *testing.T) {
	for _, tc := range []struct{ name, puzzle string }{
		// r1c9 sees 1-8 in its row and the 9 of its box.
		{"cell without candidate", "12345678." + "........9" + strings.Repeat(".", 63)},
		// Row 1 needs a 9: c1 and c2 are taken, c3 sees the 9 of r5c3,
		// c4-c6 the one of box 2, c7-c9 the one of box 3.
		{"digit without place", "12......." + "...9....." + "......9.." + strings.Repeat(".", 9) +
			"..9......" + strings.Repeat(".", 36)},
		// Found only by search: a mutated 17-clue puzzle.
		{"search", "..........8.1.....2...6.3.....5..8.6...4...1.......7......2..31.97........4...2.."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := grid81(tc.puzzle)
			if err := g.Validate(); err != nil {
				t.Fatalf("test puzzle breaks the rules: %v", err)
			}
			for _, limit := range []int{1, 2} {
				if n := agree(t, g, limit); n != 0 {
					t.Fatalf("limit %d: %d solutions, want 0", limit, n)
				}
			}
			if _, err := Solve(g); !errors.Is(err, ErrNoSolution) {
				t.Errorf("Solve: error %v, want ErrNoSolution", err)
			}
			if _, err := SolveUnique(g); !errors.Is(err, ErrNoSolution) {
				t.Errorf("SolveUnique: error %v, want ErrNoSolution", err)
			}
		})
	}
}

func TestFast9Clash(t *testing.T) {
	g := grid81("5.....5.." + strings.Repeat(".", 72))
	if n := Count(g, 2); n != 0 {
		t.Errorf("Count of a grid with two 5s in row 1: %d, want 0", n)
	}
	var c *Clash
	if _, err := Solve(g); !errors.As(err, &c) {
		t.Errorf("Solve: error %v, want a *Clash", err)
	}
	for _, bad := range []string{
		"5.....5..", // row
		"5........" + strings.Repeat(".", 63) + "5........", // column
		"5........" + ".5.......",                           // box
	} {
		g := grid81(bad)
		if _, _, ok := solve9(&g, 2); ok {
			t.Errorf("%s: the fast solver did not notice the clash", g)
		}
	}
	g = grid81("")
	g.cells[80] = 10
	if _, _, ok := solve9(&g, 2); ok {
		t.Errorf("a cell holding 10: the fast solver accepted it")
	}
}

func TestFast9EmptyAndFull(t *testing.T) {
	empty := grid81("")
	if n := agree(t, empty, 2); n != 2 {
		t.Errorf("empty grid: %d solutions up to 2, want 2", n)
	}
	if n := Count(empty, 2); n != 2 {
		t.Errorf("Count(empty, 2) = %d, want 2", n)
	}
	if _, err := SolveUnique(empty); !errors.Is(err, ErrMultipleSolutions) {
		t.Errorf("SolveUnique(empty): error %v, want ErrMultipleSolutions", err)
	}
	sol, err := Solve(empty)
	if err != nil {
		t.Fatal(err)
	}
	checkSolves(t, empty, sol)
	if n := agree(t, sol, 2); n != 1 {
		t.Errorf("a complete grid has %d solutions, want 1", n)
	}
	if n := Count(empty, 50); n != 50 {
		t.Errorf("Count(empty, 50) = %d, want 50", n)
	}
}

func TestCheckSolution(t *testing.T) {
	l := readLines(t, "fast9_seed.txt")[0]
	p, s, _ := strings.Cut(l, "\t")
	puzzle, sol := MustGrid(p), MustGrid(s)
	if err := CheckSolution(puzzle, sol); err != nil {
		t.Fatalf("the seed solution: %v", err)
	}
	incomplete := sol
	incomplete.cells[40] = 0
	other := sol
	other.cells[0], other.cells[1] = other.cells[1], other.cells[0] // breaks rows
	swapped := sol
	// Swap two digits everywhere: still a valid grid, but not the givens.
	for i := range 81 {
		switch swapped.cells[i] {
		case 1:
			swapped.cells[i] = 2
		case 2:
			swapped.cells[i] = 1
		}
	}
	for name, bad := range map[string]Grid{"incomplete": incomplete, "clash": other, "wrong givens": swapped, "zero": {}} {
		if err := CheckSolution(puzzle, bad); err == nil {
			t.Errorf("%s: CheckSolution accepted %s", name, bad)
		}
	}
}

func FuzzFast9(f *testing.F) {
	for _, set := range fast9Sets {
		for _, l := range readLines(f, set.file)[:3] {
			f.Add(l)
		}
	}
	f.Add("")
	f.Add("12345678." + "........9")
	f.Fuzz(func(t *testing.T, s string) {
		g := grid81(s)
		err := g.Validate()
		if _, _, ok := solve9(&g, 2); ok != (err == nil) {
			t.Fatalf("puzzle %s: fast solver accepts it: %v, Validate says %v", g, ok, err)
		}
		if err == nil {
			agree(t, g, 2)
		}
	})
}

// TestFast9PropagationIsSound checks the deductions themselves: after the
// band-wise propagation, the triads (when the whole tree is searched) and
// the naked singles of a proper puzzle, the digit of the solution is still
// a candidate of every cell.
func TestFast9PropagationIsSound(t *testing.T) {
	for _, all := range []bool{false, true} {
		for _, set := range fast9Sets[:4] {
			for _, l := range readLines(t, set.file) {
				g := MustGrid(l)
				sol, n := generalSearch(g, 1)
				if n != 1 {
					t.Fatalf("%s: general solver found no solution", l)
				}
				var st state9
				if !st.init(&g) {
					t.Fatalf("%s: init rejected a valid grid", l)
				}
				var pn *pins
				if all {
					pn = new(pins)
				}
				for round := 0; ; round++ {
					if !st.update(pn) {
						t.Fatalf("%s: propagation found a contradiction in a proper puzzle", l)
					}
					triads := 0
					if all {
						if triads = st.triads(pn); triads < 0 {
							t.Fatalf("%s: the triads found a contradiction in a proper puzzle", l)
						}
					}
					for c := range 81 {
						d := sol.cells[c] - 1
						if st.bands[d][c/27]&(1<<(c%27)) == 0 {
							t.Fatalf("%s, round %d (triads %v): %s lost its solution digit %d", l, round, all, sol.CellName(c), d+1)
						}
					}
					if triads > 0 {
						continue
					}
					var two [3]uint32
					if st.singles(&two) != 1 {
						break
					}
				}
			}
		}
	}
}

// TestLayoutTables checks the tables of guessLayout against the cells of
// each layout: a pattern has a layout open exactly when the layout's three
// minirows (or minicolumns) are in it, and taking a layout keeps exactly
// its cells in the band or the stack.
func TestLayoutTables(t *testing.T) {
	for u := range 6 {
		for i, p := range layoutPerms {
			keep := layoutKeep[u][i]
			for b := range 3 {
				for c := range 27 {
					r, col := c/9, c%9
					var want bool
					if u < 3 {
						want = b != u || col/3 == p[r]
					} else {
						s := u - 3
						want = col/3 != s || col%3 == p[b]
					}
					if got := keep[b]>>c&1 != 0; got != want {
						t.Fatalf("unit %d, layout %v: band %d cell %d kept %v, want %v", u, p, b, c, got, want)
					}
				}
			}
		}
	}
	for x := range uint32(512) {
		var band, stack uint32 // a band and the columns of three bands with the pattern x
		for i := range uint32(9) {
			if x>>i&1 != 0 {
				band |= 1 << (3*i + (x+i)%3)
				stack |= 1 << (9*(i/3) + i%3)
			}
		}
		var open uint16
		for i, p := range layoutPerms {
			ok := true
			for r := range 3 {
				ok = ok && x>>(3*r+p[r])&1 != 0
			}
			if ok {
				open |= 1 << i
			}
		}
		if got := uint16(bandLayouts[complexIndex(band)]); got != open {
			t.Errorf("band pattern %09b: layouts %06b, want %06b", x, got, open)
		}
		if got := uint16(stackLayouts[stackIndex(stack)]); got != open {
			t.Errorf("stack pattern %09b: layouts %06b, want %06b", x, got, open)
		}
		// The scores, for x as the boxes with a row pinned (bit 3s+b
		// for box s of band b) and as the boxes with a column pinned
		// (bit 3b+s), in the bits of state9.pinned: either way unit u
		// has the boxes of bits u, u+3 and u+6 pinned.
		var pinnedRows, pinnedColumns uint32
		for i := range uint32(9) {
			if x>>i&1 != 0 {
				s, b := i/3, i%3
				pinnedRows |= 1 << (3*(3*((x+i)%3)+s) + b)
				pinnedColumns |= 1 << (9*(i/3) + 3*(i%3) + (x+i)%3)
			}
		}
		h := (pinnedRows | pinnedRows>>9 | pinnedRows>>18) & rowMask
		v := complexIndex(pinnedColumns)
		for u := range 3 {
			k := 0
			for j := range 3 {
				k += int(x >> (3*j + u) & 1)
			}
			for _, tc := range []struct {
				name        string
				score, open uint64
				k           int
			}{{"band", bandScores[h], bandOpen[h], k}, {"stack", stackScores[v], stackOpen[v], k}} {
				field := scoreField * u
				wantScore, wantOpen := uint64(pinnedScore[tc.k]), uint64(0)
				if tc.k < 3 {
					wantOpen = 1
				}
				if got := tc.score >> (field + 11) & 1023; got != wantScore {
					t.Errorf("%s %d with %09b pinned: score %d, want %d", tc.name, u, x, got, wantScore)
				}
				if got := tc.open >> field & 2047; got != wantOpen {
					t.Errorf("%s %d with %09b pinned: open %d, want %d", tc.name, u, x, got, wantOpen)
				}
			}
		}
	}
}

// TestComplexIndexIsPerfect checks that the hash behind complexMask gives
// each of the 512 minirow patterns of a band its own index.
func TestComplexIndexIsPerfect(t *testing.T) {
	seen := map[uint32]uint32{}
	for sh := range uint32(512) {
		var a uint32 // one cell in each non-empty minirow, varying its column
		for i := range uint32(9) {
			if sh>>i&1 != 0 {
				a |= 1 << (3*i + (sh+i)%3)
			}
		}
		h := complexIndex(a)
		if h > 511 {
			t.Fatalf("pattern %09b: index %d out of range", sh, h)
		}
		if prev, dup := seen[h]; dup {
			t.Fatalf("patterns %09b and %09b share index %d", prev, sh, h)
		}
		seen[h] = sh
	}
}
