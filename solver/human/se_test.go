package human

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// seAnchor is one puzzle rated by Sudoku Explainer itself.
type seAnchor struct {
	set, puzzle string
	er, ep, ed  int
	hardest     string
}

// seAnchors reads the shared table of SE's ratings, or skips the test when
// it is absent.
func seAnchors(t testing.TB) []seAnchor {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "anchors", "se", "se-ratings-dev.tsv")
	f, err := os.Open(path)
	if err != nil {
		if os.IsNotExist(err) {
			t.Skipf("anchors %s are absent", path)
		}
		t.Fatal(err)
	}
	defer f.Close()
	tenths := func(s string) int {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return int(v*10 + 0.5)
	}
	var out []seAnchor
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 6 || f[0] == "set" {
			continue
		}
		out = append(out, seAnchor{f[0], f[1], tenths(f[2]), tenths(f[3]), tenths(f[4]), f[5]})
	}
	return out
}

func fmtTenths(x int) string { return fmt.Sprintf("%d.%d", x/10, x%10) }

// TestRateSEAnchors rates the puzzles SE rated: every ER must be within
// 0.1 of SE's, and EP and ED equal. The race detector makes the dynamic
// chains slow, so under -race (or -short) only the puzzles below ER 7.0
// run; make test runs them all once more without it.
func TestRateSEAnchors(t *testing.T) {
	anchors := seAnchors(t)
	match, n := 0, 0
	for _, a := range anchors {
		if a.er >= 70 && (raceEnabled || testing.Short()) {
			continue
		}
		g, err := solver.Parse(a.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		r, err := RateSE(g)
		if err != nil {
			t.Fatalf("%s: %v", a.puzzle, err)
		}
		n++
		d := r.ER - a.er
		if d >= -1 && d <= 1 {
			match++
		} else {
			t.Errorf("%s %s: ER %s (%s), SE %s (%s)", a.set, a.puzzle, fmtTenths(r.ER), r.Hardest, fmtTenths(a.er), a.hardest)
		}
		if r.ED != a.ed || r.EP != a.ep {
			t.Errorf("%s: EP/ED %s/%s, SE %s/%s", a.puzzle, fmtTenths(r.EP), fmtTenths(r.ED), fmtTenths(a.ep), fmtTenths(a.ed))
		}
	}
	t.Logf("ER within 0.1 of SE's on %d of %d puzzles", match, n)
}
