package human

import (
	"fmt"

	"github.com/sudokubot/sudokubot/solver"
)

// bivalueCells returns the empty cells with exactly two candidates.
func bivalueCells(s *state) []int {
	var out []int
	for c := range s.empty.all() {
		if s.cand[c].Len() == 2 {
			out = append(out, c)
		}
	}
	return out
}

// findXYWing finds a pivot {x,y} seeing two pincers {x,z} and {y,z}: one
// pincer is z, so cells seeing both lose z.
func findXYWing(s *state) (Step, bool) {
	bv := bivalueCells(s)
	for _, p := range bv {
		pm := s.cand[p]
		for i, a := range bv {
			if a == p || !sees(a, p) || s.cand[a] == pm || (s.cand[a]&pm).Len() != 1 {
				continue
			}
			for _, b := range bv[i+1:] {
				if b == p || !sees(b, p) || s.cand[b] == pm || s.cand[b] == s.cand[a] {
					continue
				}
				// a = {x,z}, b = {y,z} with {x,y} = pm.
				if (s.cand[a]|s.cand[b])&pm != pm || (s.cand[a]&s.cand[b]&^pm).Len() != 1 || (s.cand[a]&s.cand[b]&pm) != 0 {
					continue
				}
				z := (s.cand[a] & s.cand[b]).Min()
				targets := seeAll(setOf(a, b)).and(s.pos[z]).andNot(setOf(p))
				if targets.empty() {
					continue
				}
				elims := elimsOf(targets, z)
				x, y := (s.cand[a] & pm).Min(), (s.cand[b] & pm).Min()
				return Step{
					Technique:    XYWing,
					Eliminations: elims,
					Cells:        []int{p, a, b},
					Highlights:   append(highlightMask(s, setOf(p), pm, 0), append(highlightMask(s, setOf(a, b), solver.DigitSetOf(x, y), 0), highlightCells(s, setOf(a, b), z, 1)...)...),
					Links: []Link{
						{Candidate{a, z}, Candidate{a, x}, true}, {Candidate{a, x}, Candidate{p, x}, false},
						{Candidate{p, x}, Candidate{p, y}, true}, {Candidate{p, y}, Candidate{b, y}, false},
						{Candidate{b, y}, Candidate{b, z}, true},
					},
					Nudge: fmt.Sprintf("Look at the cells with two candidates around %s.", cellName(p)),
					Area:  fmt.Sprintf("There is an XY-Wing with its pivot in %s.", cellName(p)),
					Explanation: fmt.Sprintf("%s is %d or %d. If it is %d, %s (which sees it) is %d; if it is %d, %s is %d. Either way one of %s and %s is %d, so remove %s, which sees both.",
						cellName(p), x, y, x, cellName(a), z, y, cellName(b), z, cellName(a), cellName(b), z, elimText(elims)),
				}, true
			}
		}
	}
	return Step{}, false
}

// findXYZWing finds a pivot {x,y,z} seeing pincers {x,z} and {y,z}: one
// of the three is z, so cells seeing all three lose z.
func findXYZWing(s *state) (Step, bool) {
	bv := bivalueCells(s)
	for p := range s.empty.all() {
		pm := s.cand[p]
		if pm.Len() != 3 {
			continue
		}
		for i, a := range bv {
			if !sees(a, p) || s.cand[a]&^pm != 0 {
				continue
			}
			for _, b := range bv[i+1:] {
				if !sees(b, p) || s.cand[b]&^pm != 0 || s.cand[b] == s.cand[a] {
					continue
				}
				z := (s.cand[a] & s.cand[b]).Min()
				targets := seeAll(setOf(a, b, p)).and(s.pos[z])
				if targets.empty() {
					continue
				}
				elims := elimsOf(targets, z)
				return Step{
					Technique:    XYZWing,
					Eliminations: elims,
					Cells:        []int{p, a, b},
					Highlights:   append(highlightMask(s, setOf(p, a, b), pm.Without(z), 0), highlightCells(s, setOf(p, a, b), z, 1)...),
					Nudge:        fmt.Sprintf("Look at %s and the cells with two candidates it sees.", cellName(p)),
					Area:         fmt.Sprintf("There is an XYZ-Wing with its pivot in %s.", cellName(p)),
					Explanation: fmt.Sprintf("%s is %s; %s is %s and %s is %s. Whatever %s is, one of the three cells is %d: if %s is not %d, it is the other digit of %s or %s, which then must be %d. Remove %s, which sees all three.",
						cellName(p), orDigitList(pm), cellName(a), orDigitList(s.cand[a]), cellName(b), orDigitList(s.cand[b]),
						cellName(p), z, cellName(p), z, cellName(a), cellName(b), z, elimText(elims)),
				}, true
			}
		}
	}
	return Step{}, false
}

// findWWing finds two cells {x,y} that do not see each other, joined by a
// strong link on x whose ends each see one of them: one of the two cells
// is y, so cells seeing both lose y.
func findWWing(s *state) (Step, bool) {
	bv := bivalueCells(s)
	for i, a := range bv {
		for _, b := range bv[i+1:] {
			if s.cand[a] != s.cand[b] || sees(a, b) {
				continue
			}
			ds := s.cand[a].Digits()
			lo, hi := ds[0], ds[1]
			for k, x := range ds {
				y := ds[1-k]
				targets := seeAll(setOf(a, b)).and(s.pos[y])
				if targets.empty() {
					continue
				}
				for _, l := range strongLinks(s, x) {
					for _, e := range [][2]int{{l.a, l.b}, {l.b, l.a}} {
						ea, eb := e[0], e[1]
						if ea == a || ea == b || eb == a || eb == b || !sees(ea, a) || !sees(eb, b) {
							continue
						}
						elims := elimsOf(targets, y)
						return Step{
							Technique:    WWing,
							Eliminations: elims,
							Cells:        []int{a, ea, eb, b},
							Units:        units(l.unit),
							Highlights:   append(highlightCells(s, setOf(a, b, ea, eb), x, 0), highlightCells(s, setOf(a, b), y, 1)...),
							Links: []Link{
								{Candidate{a, y}, Candidate{a, x}, true}, {Candidate{a, x}, Candidate{ea, x}, false},
								{Candidate{ea, x}, Candidate{eb, x}, true}, {Candidate{eb, x}, Candidate{b, x}, false},
								{Candidate{b, x}, Candidate{b, y}, true},
							},
							Nudge: fmt.Sprintf("Look at %s and %s, which both hold only %d and %d.", cellName(a), cellName(b), lo, hi),
							Area:  fmt.Sprintf("There is a W-Wing on %d and %d in %s and %s.", x, y, cellName(a), cellName(b)),
							Explanation: fmt.Sprintf("%s and %s can only be %d or %d. In %s, %d can only go in %s or %s, which see %s and %s. If neither cell were %d, both would be %d and %s would have no place for %d. So one of them is %d: remove %s, which sees both.",
								cellName(a), cellName(b), lo, hi, unitName(l.unit), x, cellName(ea), cellName(eb), cellName(a), cellName(b),
								y, x, unitName(l.unit), x, y, elimText(elims)),
						}, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// findRemotePair finds a chain of at least four cells holding the same two
// candidates, each seeing the next: cells at an odd distance hold different
// digits, so a cell seeing two of them loses both digits.
func findRemotePair(s *state) (Step, bool) {
	bv := bivalueCells(s)
	seen := map[int]bool{}
	for _, start := range bv {
		if seen[start] {
			continue
		}
		m := s.cand[start]
		// Breadth-first search over cells with the same pair.
		dist := map[int]int{start: 0}
		prev := map[int]int{start: -1}
		queue := []int{start}
		var comp []int
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			comp = append(comp, c)
			seen[c] = true
			for _, o := range bv {
				if _, ok := dist[o]; ok || s.cand[o] != m || !sees(c, o) {
					continue
				}
				dist[o] = dist[c] + 1
				prev[o] = c
				queue = append(queue, o)
			}
		}
		if len(comp) < 4 {
			continue
		}
		for _, a := range comp {
			// Distances from a.
			da := map[int]int{a: 0}
			pa := map[int]int{a: -1}
			q := []int{a}
			for len(q) > 0 {
				c := q[0]
				q = q[1:]
				for _, o := range comp {
					if _, ok := da[o]; ok || !sees(c, o) {
						continue
					}
					da[o] = da[c] + 1
					pa[o] = c
					q = append(q, o)
				}
			}
			for _, b := range comp {
				if da[b] < 3 || da[b]%2 == 0 {
					continue
				}
				var targets []Candidate
				both := seeAll(setOf(a, b))
				for _, d := range m.Digits() {
					for t := range both.and(s.pos[d]).all() {
						if _, in := da[t]; !in {
							targets = append(targets, Candidate{t, d})
						}
					}
				}
				if len(targets) == 0 {
					continue
				}
				var chain []int
				for c := b; c != -1; c = pa[c] {
					chain = append([]int{c}, chain...)
				}
				var links []Link
				ds := m.Digits()
				for i := 0; i+1 < len(chain); i++ {
					links = append(links, Link{Candidate{chain[i], ds[0]}, Candidate{chain[i+1], ds[0]}, false})
				}
				return Step{
					Technique:    RemotePair,
					Eliminations: targets,
					Cells:        chain,
					Highlights:   highlightMask(s, setOf(chain...), m, 0),
					Links:        links,
					Nudge:        fmt.Sprintf("Look at the cells that hold only %s.", digitList(m)),
					Area:         fmt.Sprintf("There is a remote pair on %s from %s to %s.", digitList(m), cellName(a), cellName(b)),
					Explanation: fmt.Sprintf("The cells %s all hold only %s, and each sees the next, so they alternate: %s and %s hold different digits, one %d and one %d. Remove %s, which sees both ends.",
						cellList(chain), digitList(m), cellName(a), cellName(b), ds[0], ds[1], elimText(targets)),
				}, true
			}
		}
	}
	return Step{}, false
}
