package human

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var (
	chainUpdate  = flag.Bool("chainupdate", false, "rewrite the expected steps of testdata/chains/*.txt")
	chainHarvest = flag.Bool("chainharvest", false, "write a position for every kind of chain and forcing step into testdata/chains, from top1465")
)

// chainKinds are the kinds of step of the nice-loop finders (niceloop.go)
// and the contradiction finders (contradiction.go), each with its finder. A case file testdata/chains/<kind>.txt holds a position
// where the finder finds a step of that kind:
//
//	kind: <kind>
//	puzzle: <81 characters, the original puzzle>
//	grid: <81 characters, the digits placed so far>
//	candidates: <81 fields, the candidates of each cell>
//	--- expected
//	<the step as chainStepText writes it>
var chainKinds = []struct {
	kind, technique string
	find            func(s *state) (Step, bool)
	placement       bool
}{
	{"nice-loop-elimination", NiceLoop, findNiceLoop, false},
	{"nice-loop-placement", NiceLoop, findNiceLoop, true},
	{"aic", AIC, findNiceLoop, false},
	{"grouped-nice-loop", GroupedNiceLoop, findGroupedNiceLoop, false},
	{"grouped-aic", GroupedAIC, findGroupedNiceLoop, false},
	{"forcing-chain-contradiction", ForcingChainContr, func(s *state) (Step, bool) { return findContradiction(s, false) }, false},
	{"forcing-net-contradiction", ForcingNetContr, func(s *state) (Step, bool) { return findContradiction(s, true) }, false},
}

// chainStepText writes what a case expects of a step.
func chainStepText(st Step) string {
	var ps, es, ls []string
	for _, p := range st.Placements {
		ps = append(ps, fmt.Sprintf("%s=%d", cellName(p.Cell), p.Digit))
	}
	for _, e := range st.Eliminations {
		es = append(es, fmt.Sprintf("%s-%d", cellName(e.Cell), e.Digit))
	}
	for _, l := range st.Links {
		sep := "-"
		if l.Strong {
			sep = "="
		}
		ls = append(ls, fmt.Sprintf("%d%s%s%d%s", l.From.Digit, cellName(l.From.Cell), sep, l.To.Digit, cellName(l.To.Cell)))
	}
	return fmt.Sprintf("technique: %s\nplacements: %s\neliminations: %s\nlinks: %s\nnudge: %s\narea: %s\nexplanation: %s\n",
		st.Technique, strings.Join(ps, ", "), strings.Join(es, ", "), strings.Join(ls, " "), st.Nudge, st.Area, st.Explanation)
}

// TestChainTextbook runs each kind's finder on its position and checks the
// step: its kind, its soundness against the solution, that it draws its
// chain (links between candidates of the position, the assumption and the
// conclusion highlighted), and its text against the recorded one.
func TestChainTextbook(t *testing.T) {
	for _, k := range chainKinds {
		t.Run(k.kind, func(t *testing.T) {
			path := filepath.Join("testdata", "chains", k.kind+".txt")
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			headText, expected, _ := strings.Cut(string(b), "--- expected\n")
			head := map[string]string{}
			for _, l := range strings.Split(headText, "\n") {
				if key, v, ok := strings.Cut(l, ": "); ok {
					head[key] = v
				}
			}
			s, sol := caseState(t, techniqueCase{puzzle: head["puzzle"], grid: head["grid"], candidates: head["candidates"]})
			st, ok := k.find(s)
			if !ok {
				t.Fatalf("no step found in the position of %s", path)
			}
			if st.Technique != k.technique || (len(st.Placements) > 0) != k.placement {
				t.Errorf("found a %s placing %v, want a %s (placement %v)", st.Technique, st.Placements, k.technique, k.placement)
			}
			checkSound(t, head["puzzle"], []Step{st}, sol)
			if len(st.Links) == 0 {
				t.Error("the step has no links to draw")
			}
			for _, l := range st.Links {
				for _, x := range []Candidate{l.From, l.To} {
					if !s.cand[x.Cell].Has(x.Digit) {
						t.Errorf("link %v uses %d in %s, which is not a candidate", l, x.Digit, cellName(x.Cell))
					}
				}
			}
			groups := map[int]bool{}
			for _, h := range st.Highlights {
				groups[h.Group] = true
			}
			if !groups[0] || !groups[1] {
				t.Errorf("highlights %v lack the assumption (group 0) or the conclusion (group 1)", st.Highlights)
			}
			got := chainStepText(st)
			if *chainUpdate {
				if err := os.WriteFile(path, []byte(headText+"--- expected\n"+got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != expected {
				t.Errorf("step differs from %s:\ngot:\n%s\nwant:\n%s", path, got, expected)
			}
		})
	}
}

// TestChainHarvest writes, for every kind without a case file, the position
// of top1465 (the first $CHAIN_HARVEST_LIMIT puzzles, 200 by default) where
// the kind's finder gives the shortest explanation. (The nice-loop
// placement was harvested with CHAIN_HARVEST_MINSCORE=100: with the chains
// of the ladder before it, no state of top1465 that needs nice loops has
// one.) Run with -run TestChainHarvest -args -chainharvest, then
// -chainupdate, and check the files by hand.
func TestChainHarvest(t *testing.T) {
	if !*chainHarvest {
		t.Skip("run with -chainharvest to collect positions")
	}
	limit := 200
	if n, err := strconv.Atoi(os.Getenv("CHAIN_HARVEST_LIMIT")); err == nil && n > 0 {
		limit = n
	}
	ps := sharedPuzzles(t, "puzzles3_magictour_top1465", limit)
	// Positions are taken from states where the ladder needs at least a
	// technique of score $CHAIN_HARVEST_MINSCORE (that of nice loops by
	// default).
	minScore := techniques[NiceLoop].score
	if n, err := strconv.Atoi(os.Getenv("CHAIN_HARVEST_MINSCORE")); err == nil && n > 0 {
		minScore = n
	}
	missing := map[string]bool{}
	for _, k := range chainKinds {
		if _, err := os.Stat(filepath.Join("testdata", "chains", k.kind+".txt")); err != nil {
			missing[k.kind] = true
		}
	}
	best := map[string]string{}
	bestLen := map[string]int{}
	for _, p := range ps {
		walkLadder(t, p, func(s *state, st Step) {
			if techniques[st.Technique].score >= minScore || st.BruteForce {
				for _, k := range chainKinds {
					if !missing[k.kind] {
						continue
					}
					got, ok := k.find(s)
					if !ok || got.Technique != k.technique || (len(got.Placements) > 0) != k.placement {
						continue
					}
					if n, seen := bestLen[k.kind]; seen && n <= len(got.Explanation) {
						continue
					}
					bestLen[k.kind] = len(got.Explanation)
					best[k.kind] = fmt.Sprintf("kind: %s\npuzzle: %s\ngrid: %s\ncandidates: %s\n",
						k.kind, p, s.grid().String(), candidatesText(s))
				}
			}
		})
	}
	if err := os.MkdirAll(filepath.Join("testdata", "chains"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, k := range chainKinds {
		if !missing[k.kind] {
			continue
		}
		if best[k.kind] == "" {
			t.Errorf("no position found for %s", k.kind)
			continue
		}
		path := filepath.Join("testdata", "chains", k.kind+".txt")
		if err := os.WriteFile(path, []byte(best[k.kind]+"--- expected\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
