package human

import (
	"fmt"
	"math/bits"
	"strings"
)

// fishKind selects basic, finned or sashimi fish.
type fishKind int

const (
	basicFish fishKind = iota
	finnedFish
	sashimiFish
)

var fishNames = map[fishKind]map[int]string{
	basicFish:   {2: XWing, 3: Swordfish, 4: Jellyfish},
	finnedFish:  {2: FinnedXWing, 3: FinnedSwordfish, 4: FinnedJellyfish},
	sashimiFish: {2: SashimiXWing, 3: SashimiSwordfish, 4: SashimiJellyfish},
}

func fishFinder(n int, kind fishKind) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) { return findFish(s, n, kind) }
}

// lineCell returns the cell at position i of line l (a row 0-8 or a
// column 9-17).
func lineCell(l, i int) int {
	if l < 9 {
		return l*9 + i
	}
	return i*9 + (l - 9)
}

// findFish finds a fish of size n on one digit: n base lines (rows or
// columns) whose candidates lie in n cover lines, apart from fins in one
// box for the finned and sashimi kinds.
func findFish(s *state, n int, kind fishKind) (Step, bool) {
	for d := 1; d <= 9; d++ {
		for _, rows := range []bool{true, false} {
			base0, cover0 := 0, 9
			if !rows {
				base0, cover0 = 9, 0
			}
			// masks[i]: the positions of d across base line i.
			var masks [9]uint16
			var lines []int
			for i := range 9 {
				l := base0 + i
				for j := range 9 {
					if s.pos[d].has(lineCell(l, j)) {
						masks[i] |= 1 << uint(j)
					}
				}
				k := bits.OnesCount16(masks[i])
				if k == 0 {
					continue
				}
				if kind == basicFish && (k < 2 || k > n) {
					continue
				}
				if kind != basicFish && k > n+3 {
					continue
				}
				lines = append(lines, i)
			}
			var st Step
			if combinations(lines, n, func(pick []int) bool {
				var union uint16
				for _, i := range pick {
					union |= masks[i]
				}
				k := bits.OnesCount16(union)
				if kind == basicFish {
					if k != n {
						return false
					}
					var ok bool
					st, ok = fishStep(s, d, n, kind, base0, cover0, pick, union, 0)
					return ok
				}
				if k <= n || k > n+3 {
					return false
				}
				// The fins lie in one box, so their columns are in one
				// chunk of three: the cover holds every other column.
				for chunk := range 3 {
					cm := uint16(7) << uint(3*chunk)
					core := union &^ cm
					rest := union & cm
					need := n - bits.OnesCount16(core)
					if need < 0 || rest == 0 || bits.OnesCount16(rest) <= need {
						continue
					}
					var restCols []int
					for j := range 9 {
						if rest&(1<<uint(j)) != 0 {
							restCols = append(restCols, j)
						}
					}
					if combinations(restCols, need, func(extra []int) bool {
						cover := core
						for _, j := range extra {
							cover |= 1 << uint(j)
						}
						// Fins: base positions outside the cover, in base
						// lines of one chunk, each base line touching the
						// cover.
						finLines := -1
						for _, i := range pick {
							if masks[i]&cover == 0 {
								return false
							}
							if masks[i]&^cover != 0 {
								if finLines >= 0 && finLines != i/3 {
									return false
								}
								finLines = i / 3
							}
						}
						var ok bool
						st, ok = fishStep(s, d, n, kind, base0, cover0, pick, cover, union&^cover)
						return ok
					}) {
						return true
					}
				}
				return false
			}) {
				return st, true
			}
		}
	}
	return Step{}, false
}

// fishStep builds the step of a fish with base lines pick (offsets from
// base0) and cover lines cover (a mask of offsets from cover0), and fin
// positions finCols in the base lines, if it eliminates anything.
func fishStep(s *state, d, n int, kind fishKind, base0, cover0 int, pick []int, cover, finCols uint16) (Step, bool) {
	var baseSet, coverSet, fins cellSet
	sashimi := false
	for _, i := range pick {
		baseSet = baseSet.or(unitSet[base0+i])
		inCover := 0
		for j := range 9 {
			c := lineCell(base0+i, j)
			if !s.pos[d].has(c) {
				continue
			}
			if cover&(1<<uint(j)) != 0 {
				inCover++
			} else {
				fins.add(c)
			}
		}
		if inCover == 0 {
			return Step{}, false
		}
		if inCover == 1 {
			sashimi = true
		}
	}
	for j := range 9 {
		if cover&(1<<uint(j)) != 0 {
			coverSet = coverSet.or(unitSet[cover0+j])
		}
	}
	targets := s.pos[d].and(coverSet).andNot(baseSet)
	finBox := -1
	if kind != basicFish {
		if fins.empty() || sashimi != (kind == sashimiFish) {
			return Step{}, false
		}
		finBox = 18 + boxOf[fins.first()]
		if !fins.subsetOf(unitSet[finBox]) {
			return Step{}, false
		}
		targets = targets.and(unitSet[finBox])
	}
	if targets.empty() {
		return Step{}, false
	}
	var baseUnits, coverUnits []int
	for _, i := range pick {
		baseUnits = append(baseUnits, base0+i)
	}
	for j := range 9 {
		if cover&(1<<uint(j)) != 0 {
			coverUnits = append(coverUnits, cover0+j)
		}
	}
	body := s.pos[d].and(baseSet).andNot(fins)
	elims := elimsOf(targets, d)
	name := fishNames[kind][n]
	baseNames, coverNames := lineNames(baseUnits), lineNames(coverUnits)
	st := Step{
		Technique:    name,
		Eliminations: elims,
		Cells:        body.or(fins).list(),
		Units:        unitsOf(append(append([]int{}, baseUnits...), coverUnits...)),
		Highlights:   append(highlightCells(s, body, d, 0), highlightCells(s, fins, d, 1)...),
		Nudge:        fmt.Sprintf("Look at where %d can go in %s.", d, baseNames),
		Area:         fmt.Sprintf("There is %s on %d in %s.", article(plainName(name)), d, baseNames),
	}
	if kind == basicFish {
		st.Explanation = fmt.Sprintf("In %s, %d can only go in %s. Whichever of those cells hold the %ds, the %s %ds of %s fill %s, so no other cell there can be %d: remove %s.",
			baseNames, d, coverNames, d, numberWord[n], d, baseNames, coverNames, d, elimText(elims))
	} else {
		st.Units = append(st.Units, unitOf(finBox))
		st.Explanation = fmt.Sprintf("In %s, %d can only go in %s, apart from the fin%s %s in %s. If no fin is %d, this is %s that removes %d from the rest of %s; if a fin is %d, the cells of %s that see it cannot be %d. Either way, remove %s.",
			baseNames, d, coverNames, plural(fins.count()), cellList(fins.list()), unitName(finBox), d,
			article(fishNames[basicFish][n]), d, coverNames, d, unitName(finBox), d, elimText(elims))
	}
	return st, true
}

// lineNames writes lines like "rows 1, 4 and 7" or "column 3".
func lineNames(us []int) string {
	if len(us) == 0 {
		return ""
	}
	kind := unitOf(us[0]).Kind.String()
	var nums []string
	for _, u := range us {
		nums = append(nums, fmt.Sprint(unitOf(u).Index+1))
	}
	if len(us) == 1 {
		return kind + " " + nums[0]
	}
	return kind + "s " + andList(nums)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func article(name string) string {
	switch name[0] {
	case 'A', 'E', 'I', 'O', 'U', 'X':
		return "an " + name
	}
	return "a " + name
}

// plainName writes a technique's name for the middle of a sentence:
// ordinary words in lower case, names like X-Wing and AIC kept.
func plainName(name string) string {
	words := strings.Fields(name)
	for i, w := range words {
		plain := len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z'
		for _, r := range w[1:] {
			if r < 'a' || r > 'z' {
				plain = false
			}
		}
		if plain {
			words[i] = strings.ToLower(w)
		}
	}
	return strings.Join(words, " ")
}
