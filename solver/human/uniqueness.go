package human

import (
	"fmt"

	"github.com/sudokubot/sudokubot/solver"
)

// The uniqueness techniques assume the puzzle has exactly one solution:
// four empty cells over two rows, two columns and two boxes can never end
// up holding the same two digits (a "deadly pattern"), or the two digits
// could be swapped. The engine uses them only for puzzles proven unique.

// rectangle is four cells in two rows, two columns and two boxes, listed
// r1c1, r1c2, r2c1, r2c2.
type rectangle [4]int

// rectangles calls f with every rectangle of empty cells and pair of
// digits that all four cells hold, until f returns true.
func rectangles(s *state, f func(rc rectangle, a, b int) bool) bool {
	for r1 := range 9 {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := range 9 {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if (r1/3 == r2/3) == (c1/3 == c2/3) {
						continue
					}
					rc := rectangle{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2}
					m := allDigits
					empty := true
					for _, c := range rc {
						if s.digit[c] != 0 {
							empty = false
							break
						}
						m &= s.cand[c]
					}
					if !empty || m.Len() < 2 {
						continue
					}
					ds := m.Digits()
					for i, a := range ds {
						for _, b := range ds[i+1:] {
							if f(rc, a, b) {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}

func urFinder(kind int) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) { return findUR(s, kind) }
}

// findUR finds a unique rectangle of type 1 to 4.
func findUR(s *state, kind int) (Step, bool) {
	var st Step
	found := rectangles(s, func(rc rectangle, a, b int) bool {
		pair := solver.DigitSetOf(a, b)
		var floor, roof []int
		for _, c := range rc {
			if s.cand[c] == pair {
				floor = append(floor, c)
			} else {
				roof = append(roof, c)
			}
		}
		var elims []Candidate
		var why string
		switch kind {
		case 1:
			if len(floor) != 3 {
				return false
			}
			x := roof[0]
			for _, d := range []int{a, b} {
				elims = append(elims, Candidate{x, d})
			}
			why = fmt.Sprintf("If %s were %d or %d too, all four cells would hold only %d and %d, and the two digits could be swapped to give a second solution. The puzzle has only one, so remove %d and %d from %s.",
				cellName(x), a, b, a, b, a, b, cellName(x))
		case 2:
			if len(floor) != 2 {
				return false
			}
			e0, e1 := s.cand[roof[0]]&^pair, s.cand[roof[1]]&^pair
			if e0 != e1 || e0.Len() != 1 {
				return false
			}
			x := e0.Min()
			elims = elimsOf(seeAll(setOf(roof...)).and(s.pos[x]), x)
			why = fmt.Sprintf("%s and %s hold %d and %d and one extra candidate, %d. If neither were %d, the four cells would form a deadly pattern that allows two solutions, so one of them is %d: remove %s, which sees both.",
				cellName(roof[0]), cellName(roof[1]), a, b, x, x, x, elimText(elims))
		case 3:
			if len(floor) != 2 {
				return false
			}
			extra := (s.cand[roof[0]] | s.cand[roof[1]]) &^ pair
			for _, u := range sharedUnits(roof[0], roof[1]) {
				var others []int
				for _, c := range unitCells[u] {
					if s.digit[c] == 0 && c != roof[0] && c != roof[1] {
						others = append(others, c)
					}
				}
				for k := 1; k <= 3 && len(elims) == 0; k++ {
					combinations(others, k, func(pick []int) bool {
						m := extra
						for _, c := range pick {
							m |= s.cand[c]
						}
						if m.Len() != k+1 {
							return false
						}
						set := setOf(append(pick, roof...)...)
						for _, d := range m.Digits() {
							elims = append(elims, elimsOf(s.unitPos(u, d).andNot(set), d)...)
						}
						if len(elims) == 0 {
							return false
						}
						why = fmt.Sprintf("%s and %s cannot both avoid their extra candidates %s, or the four cells would form a deadly pattern that allows two solutions. So together they act as one cell holding %s, which with %s forms a naked set of %s in %s: remove %s.",
							cellName(roof[0]), cellName(roof[1]), digitList(extra), orDigitList(extra), cellList(pick), digitList(m), unitName(u), elimText(elims))
						return true
					})
				}
				if len(elims) > 0 {
					break
				}
			}
		case 4:
			if len(floor) != 2 {
				return false
			}
			for _, u := range sharedUnits(roof[0], roof[1]) {
				for _, pr := range [][2]int{{a, b}, {b, a}} {
					x, y := pr[0], pr[1]
					if s.unitPos(u, x) != setOf(roof...) {
						continue
					}
					elims = []Candidate{{roof[0], y}, {roof[1], y}}
					why = fmt.Sprintf("In %s, %d can only go in %s or %s, so one of them is %d. If either were %d, the four cells would hold only %d and %d, a deadly pattern that allows two solutions. So remove %d from both.",
						unitName(u), x, cellName(roof[0]), cellName(roof[1]), x, y, a, b, y)
					break
				}
				if len(elims) > 0 {
					break
				}
			}
		}
		if len(elims) == 0 {
			return false
		}
		name := map[int]string{1: Uniqueness1, 2: Uniqueness2, 3: Uniqueness3, 4: Uniqueness4}[kind]
		st = Step{
			Technique:    name,
			Eliminations: elims,
			Cells:        rc[:],
			Highlights:   append(highlightMask(s, setOf(rc[:]...), pair, 0), highlightMask(s, setOf(roof...), (s.cand[roof[0]]|s.cand[roof[len(roof)-1]])&^pair, 1)...),
			Nudge:        fmt.Sprintf("Look at %s, %s, %s and %s, which could all hold %d and %d.", cellName(rc[0]), cellName(rc[1]), cellName(rc[2]), cellName(rc[3]), a, b),
			Area:         fmt.Sprintf("There is a unique rectangle (type %d) on %d and %d in %s, %s, %s and %s.", kind, a, b, cellName(rc[0]), cellName(rc[1]), cellName(rc[2]), cellName(rc[3])),
			Explanation: fmt.Sprintf("%s, %s, %s and %s lie in two rows, two columns and two boxes and all hold %d and %d. %s",
				cellName(rc[0]), cellName(rc[1]), cellName(rc[2]), cellName(rc[3]), a, b, why),
		}
		return true
	})
	return st, found
}

// findBUG finds a bivalue universal grave plus one: every empty cell but
// one holds two candidates and every candidate appears twice in each unit,
// except in the one cell with three. That cell must take the digit that
// appears three times, or the grid would have no or two solutions.
func findBUG(s *state) (Step, bool) {
	three := -1
	for c := range s.empty.all() {
		switch s.cand[c].Len() {
		case 2:
		case 3:
			if three >= 0 {
				return Step{}, false
			}
			three = c
		default:
			return Step{}, false
		}
	}
	if three < 0 {
		return Step{}, false
	}
	answer := -1
	for _, d := range s.cand[three].Digits() {
		if s.unitPos(rowOf[three], d).count() == 3 {
			answer = d
		}
	}
	if answer < 0 {
		return Step{}, false
	}
	for u := range 27 {
		for d := 1; d <= 9; d++ {
			k := s.unitPos(u, d).count()
			want := k == 0 || k == 2
			if d == answer && unitSet[u].has(three) {
				want = k == 3
			}
			if !want {
				return Step{}, false
			}
		}
	}
	return Step{
		Technique:  BUGPlus1,
		Placements: []Candidate{{three, answer}},
		Cells:      []int{three},
		Highlights: []Highlight{{Candidate{three, answer}, 0}},
		Nudge:      "Look at the cells with three candidates: there is only one left.",
		Area:       fmt.Sprintf("There is a bivalue universal grave plus one in %s.", cellName(three)),
		Explanation: fmt.Sprintf("Every empty cell except %s has two candidates, and each candidate appears exactly twice in every row, column and box, except %d, which appears three times in the units of %s. If %s were not %d, every cell would have two candidates appearing twice per unit, a pattern with either no solution or two. So %s is %d.",
			cellName(three), answer, cellName(three), cellName(three), answer, cellName(three), answer),
	}, true
}
