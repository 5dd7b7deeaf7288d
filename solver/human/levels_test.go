package human

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// helpTokens finds the cells, units and digits a level of help names.
var helpTokens = regexp.MustCompile(`r[1-9]c[1-9]|(?:row|column|box) [1-9]|\b[1-9]s?\b`)

// tokensOf returns the cells, units and digits text names; a cell counts
// as naming its row, column and box too.
func tokensOf(text string) map[string]bool {
	out := map[string]bool{}
	for _, tok := range helpTokens.FindAllString(text, -1) {
		tok = strings.TrimSuffix(tok, "s")
		out[tok] = true
		if tok[0] == 'r' && len(tok) == 4 {
			r, c := int(tok[1]-'1'), int(tok[3]-'1')
			out[fmt.Sprintf("row %d", r+1)] = true
			out[fmt.Sprintf("column %d", c+1)] = true
			out[fmt.Sprintf("box %d", r/3*3+c/3+1)] = true
		}
	}
	return out
}

// TestLevelsNested checks that level 1 of help (the nudge) names no cell,
// unit or digit that level 2 (the area) does not: each level says at most
// what the level above says.
func TestLevelsNested(t *testing.T) {
	ps := readPuzzleFile(t, "testdata/sample.txt", 0, false)
	if !raceEnabled && !testing.Short() {
		ps = append(ps, sharedPuzzles(t, "puzzles3_magictour_top1465", 150)...)
	}
	bad := map[string]int{}
	for _, p := range ps {
		steps, err := Explain(solver.MustGrid(p))
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range steps {
			area := tokensOf(st.Area)
			for _, tok := range helpTokens.FindAllString(st.Nudge, -1) {
				if tok = strings.TrimSuffix(tok, "s"); !area[tok] {
					if bad[st.Technique] == 0 {
						t.Errorf("%s: level 1 %q names %q, level 2 %q does not", st.Technique, st.Nudge, tok, st.Area)
					}
					bad[st.Technique]++
					break
				}
			}
		}
	}
}
