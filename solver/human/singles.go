package human

import (
	"fmt"
	"sort"

	"github.com/sudokubot/sudokubot/solver"
)

// findFullHouse finds a unit with a single empty cell.
func findFullHouse(s *state) (Step, bool) {
	for _, u := range unitOrder {
		e := s.empty.and(unitSet[u])
		if e.count() != 1 {
			continue
		}
		c := e.first()
		if s.cand[c].Len() != 1 {
			continue
		}
		d := s.cand[c].Min()
		return Step{
			Technique:  FullHouse,
			Placements: []Candidate{{c, d}},
			Cells:      []int{c},
			Units:      units(u),
			Highlights: []Highlight{{Candidate{c, d}, 0}},
			Nudge:      fmt.Sprintf("Look at %s: only one cell is still empty.", unitName(u)),
			Area:       fmt.Sprintf("There is a full house in %s.", unitName(u)),
			Explanation: fmt.Sprintf("%s is the last empty cell of %s, so it takes the one digit missing there: %d.",
				cellName(c), unitName(u), d),
		}, true
	}
	return Step{}, false
}

// unitOrder is the order in which the singles look at units: boxes, rows,
// then columns, as a person scanning the grid would.
var unitOrder = func() []int {
	var out []int
	for u := 18; u < 27; u++ {
		out = append(out, u)
	}
	for u := range 18 {
		out = append(out, u)
	}
	return out
}()

// findNakedSingle finds a cell with one candidate left.
func findNakedSingle(s *state) (Step, bool) {
	for c := range s.empty.all() {
		if s.cand[c].Len() != 1 {
			continue
		}
		d := s.cand[c].Min()
		// Which other digits are placed among its peers?
		var seen solver.DigitSet
		for p := range peers[c].all() {
			if x := s.digit[p]; x != 0 {
				seen = seen.With(int(x))
			}
		}
		r, k, b := rowOf[c], 9+colOf[c], 18+boxOf[c]
		why := fmt.Sprintf("every other digit is already in %s, %s or %s", unitName(r), unitName(k), unitName(b))
		if others := allDigits.Without(d) &^ seen; others != 0 {
			why = fmt.Sprintf("%s already sees %s in %s, %s or %s, and %s were ruled out by earlier steps",
				cellName(c), digitList(seen), unitName(r), unitName(k), unitName(b), digitList(others))
			if others.Len() == 1 {
				why = fmt.Sprintf("%s already sees %s in %s, %s or %s, and %s was ruled out by an earlier step",
					cellName(c), digitList(seen), unitName(r), unitName(k), unitName(b), digitList(others))
			}
		}
		return Step{
			Technique:   NakedSingle,
			Placements:  []Candidate{{c, d}},
			Cells:       []int{c},
			Units:       units(r, k, b),
			Highlights:  []Highlight{{Candidate{c, d}, 0}},
			Nudge:       fmt.Sprintf("Look at %s: one of its cells has only one possible digit left.", unitName(b)),
			Area:        fmt.Sprintf("There is a naked single in %s: only one digit fits there.", cellName(c)),
			Explanation: fmt.Sprintf("%s can only be %d: %s.", cellName(c), d, why),
		}, true
	}
	return Step{}, false
}

// findHiddenSingle finds a digit with one place left in a unit.
func findHiddenSingle(s *state) (Step, bool) {
	for _, u := range unitOrder {
		for d := 1; d <= 9; d++ {
			p := s.unitPos(u, d)
			if p.count() != 1 {
				continue
			}
			c := p.first()
			return hiddenSingleStep(s, u, c, d), true
		}
	}
	return Step{}, false
}

func hiddenSingleStep(s *state, u, c, d int) Step {
	// Say why every other empty cell of u cannot hold d: a d it sees in
	// another unit, or an earlier step.
	blocking := map[int]bool{}
	var blockCells []int
	ruledOut := false
	for _, o := range unitCells[u] {
		if o == c || s.digit[o] != 0 {
			continue
		}
		found := false
		for _, ou := range cellUnits[o] {
			if ou == u {
				continue
			}
			for _, x := range unitCells[ou] {
				if int(s.digit[x]) == d {
					found = true
					if !blocking[ou] {
						blocking[ou] = true
						blockCells = append(blockCells, x)
					}
					break
				}
			}
			if found {
				break
			}
		}
		if !found {
			ruledOut = true
		}
	}
	var names []string
	var us []int
	for ou := range blocking {
		us = append(us, ou)
	}
	sort.Ints(us)
	for _, ou := range us {
		names = append(names, unitName(ou))
	}
	var why string
	switch {
	case len(names) > 0 && !ruledOut:
		why = fmt.Sprintf("the other empty cells already see a %d in %s", d, joinList(names, "or"))
	case len(names) > 0:
		why = fmt.Sprintf("the other empty cells already see a %d in %s, or lost it in earlier steps", d, joinList(names, "or"))
	default:
		why = fmt.Sprintf("%d was ruled out of the other empty cells by earlier steps", d)
	}
	sort.Ints(blockCells)
	return Step{
		Technique:   HiddenSingle,
		Placements:  []Candidate{{c, d}},
		Cells:       append([]int{c}, blockCells...),
		Units:       append(units(u), unitsOf(us)...),
		Highlights:  []Highlight{{Candidate{c, d}, 0}},
		Nudge:       fmt.Sprintf("Look at %s for a %d.", unitName(u), d),
		Area:        fmt.Sprintf("There is a hidden single: a %d in %s.", d, unitName(u)),
		Explanation: fmt.Sprintf("In %s, %d can only go in %s: %s.", unitName(u), d, cellName(c), why),
	}
}
