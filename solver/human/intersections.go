package human

import "fmt"

// findPointing finds a digit whose candidates in a box all lie in one row
// or column, and removes it from the rest of that line.
func findPointing(s *state) (Step, bool) {
	for b := 18; b < 27; b++ {
		for d := 1; d <= 9; d++ {
			p := s.unitPos(b, d)
			if p.count() < 2 {
				continue
			}
			for _, line := range []int{rowOf[p.first()], 9 + colOf[p.first()]} {
				if !p.subsetOf(unitSet[line]) {
					continue
				}
				targets := s.unitPos(line, d).andNot(unitSet[b])
				if targets.empty() {
					continue
				}
				elims := elimsOf(targets, d)
				return Step{
					Technique:    Pointing,
					Eliminations: elims,
					Cells:        p.list(),
					Units:        units(b, line),
					Highlights:   highlightCells(s, p, d, 0),
					Nudge:        fmt.Sprintf("Look at where %d can go in %s.", d, unitName(b)),
					Area:         fmt.Sprintf("Locked candidates (pointing): the %ds of %s all lie in %s.", d, unitName(b), unitName(line)),
					Explanation: fmt.Sprintf("In %s, %d can only go in %s (%s), so the %d of %s is inside %s: remove %s.",
						unitName(b), d, unitName(line), cellList(p.list()), d, unitName(line), unitName(b), elimText(elims)),
				}, true
			}
		}
	}
	return Step{}, false
}

// findClaiming finds a digit whose candidates in a row or column all lie
// in one box, and removes it from the rest of that box.
func findClaiming(s *state) (Step, bool) {
	for line := range 18 {
		for d := 1; d <= 9; d++ {
			p := s.unitPos(line, d)
			if p.count() < 2 {
				continue
			}
			b := 18 + boxOf[p.first()]
			if !p.subsetOf(unitSet[b]) {
				continue
			}
			targets := s.unitPos(b, d).andNot(unitSet[line])
			if targets.empty() {
				continue
			}
			elims := elimsOf(targets, d)
			return Step{
				Technique:    Claiming,
				Eliminations: elims,
				Cells:        p.list(),
				Units:        units(line, b),
				Highlights:   highlightCells(s, p, d, 0),
				Nudge:        fmt.Sprintf("Look at where %d can go in %s.", d, unitName(line)),
				Area:         fmt.Sprintf("Locked candidates (claiming): the %ds of %s all lie in %s.", d, unitName(line), unitName(b)),
				Explanation: fmt.Sprintf("In %s, %d can only go in %s (%s), so the %d of %s is inside %s: remove %s.",
					unitName(line), d, unitName(b), cellList(p.list()), d, unitName(b), unitName(line), elimText(elims)),
			}, true
		}
	}
	return Step{}, false
}
