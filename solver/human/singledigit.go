package human

import "fmt"

// strongLink is a conjugate pair: a digit's only two places in a unit.
type strongLink struct {
	a, b, unit int
}

// strongLinks returns the conjugate pairs of digit d in all units.
func strongLinks(s *state, d int) []strongLink {
	var out []strongLink
	for u := range 27 {
		p := s.unitPos(u, d)
		if p.count() != 2 {
			continue
		}
		l := p.list()
		// A pair inside a box and a line is listed once, for the line.
		if u >= 18 && (rowOf[l[0]] == rowOf[l[1]] || colOf[l[0]] == colOf[l[1]]) {
			continue
		}
		out = append(out, strongLink{l[0], l[1], u})
	}
	return out
}

func turbotFinder(want string) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) { return findTurbot(s, want) }
}

// findTurbot finds two strong links on one digit joined by a weak link:
// one end of each sees the other, so one of the two far ends is the
// digit, and cells seeing both far ends lose it. The technique is a
// Skyscraper when both links are rows (or columns) joined along a column
// (or row), a 2-String Kite when a row and a column are joined in a box,
// and a Turbot Fish otherwise.
func findTurbot(s *state, want string) (Step, bool) {
	for d := 1; d <= 9; d++ {
		links := strongLinks(s, d)
		for i, l1 := range links {
			for _, l2 := range links[i+1:] {
				for _, e1 := range [][2]int{{l1.a, l1.b}, {l1.b, l1.a}} {
					for _, e2 := range [][2]int{{l2.a, l2.b}, {l2.b, l2.a}} {
						in1, out1, in2, out2 := e1[0], e1[1], e2[0], e2[1]
						all := setOf(in1, out1, in2, out2)
						if all.count() != 4 || !sees(in1, in2) {
							continue
						}
						if turbotKind(l1, l2, in1, in2) != want {
							continue
						}
						targets := seeAll(setOf(out1, out2)).and(s.pos[d]).andNot(all)
						if targets.empty() {
							continue
						}
						return turbotStep(s, want, d, l1, l2, in1, out1, in2, out2, targets), true
					}
				}
			}
		}
	}
	return Step{}, false
}

func turbotKind(l1, l2 strongLink, in1, in2 int) string {
	k1, k2 := unitOf(l1.unit).Kind, unitOf(l2.unit).Kind
	switch {
	case l1.unit < 9 && l2.unit < 9 && colOf[in1] == colOf[in2]:
		return Skyscraper
	case l1.unit >= 9 && l1.unit < 18 && l2.unit >= 9 && l2.unit < 18 && rowOf[in1] == rowOf[in2]:
		return Skyscraper
	case k1 != k2 && l1.unit < 18 && l2.unit < 18 && boxOf[in1] == boxOf[in2]:
		return TwoStringKite
	}
	return TurbotFish
}

func turbotStep(s *state, name string, d int, l1, l2 strongLink, in1, out1, in2, out2 int, targets cellSet) Step {
	elims := elimsOf(targets, d)
	var link string
	switch {
	case rowOf[in1] == rowOf[in2]:
		link = unitName(rowOf[in1])
	case colOf[in1] == colOf[in2]:
		link = unitName(9 + colOf[in1])
	default:
		link = unitName(18 + boxOf[in1])
	}
	return Step{
		Technique:    name,
		Eliminations: elims,
		Cells:        []int{out1, in1, in2, out2},
		Units:        units(l1.unit, l2.unit),
		Highlights:   append(highlightCells(s, setOf(in1, in2), d, 0), highlightCells(s, setOf(out1, out2), d, 1)...),
		Links: []Link{
			{Candidate{out1, d}, Candidate{in1, d}, true},
			{Candidate{in1, d}, Candidate{in2, d}, false},
			{Candidate{in2, d}, Candidate{out2, d}, true},
		},
		Nudge: fmt.Sprintf("Look at the places for %d in %s and %s.", d, unitName(l1.unit), unitName(l2.unit)),
		Area:  fmt.Sprintf("There is %s on %d in %s and %s.", article(plainName(name)), d, unitName(l1.unit), unitName(l2.unit)),
		Explanation: fmt.Sprintf("%d can only go in %s or %s in %s, and only in %s or %s in %s. %s and %s share %s, so they are not both %d: one of %s and %s must be %d. Remove %s, which sees both.",
			d, cellName(in1), cellName(out1), unitName(l1.unit), cellName(in2), cellName(out2), unitName(l2.unit),
			cellName(in1), cellName(in2), link, d, cellName(out1), cellName(out2), d, elimText(elims)),
	}
}

// findEmptyRectangle finds a box whose candidates for a digit lie in one
// row and one column of it, together with a strong link that, with the
// box, rules out a cell.
func findEmptyRectangle(s *state) (Step, bool) {
	for d := 1; d <= 9; d++ {
		for b := range 9 {
			p := s.unitPos(18+b, d)
			if p.count() < 2 {
				continue
			}
			r0, c0 := (b/3)*3, (b%3)*3
			for R := r0; R < r0+3; R++ {
				for C := c0; C < c0+3; C++ {
					cross := unitSet[R].or(unitSet[9+C])
					if !p.subsetOf(cross) || p.subsetOf(unitSet[R]) || p.subsetOf(unitSet[9+C]) {
						continue
					}
					// A conjugate pair in a column outside the box with an
					// end in row R.
					for c := range 9 {
						if c >= c0 && c < c0+3 {
							continue
						}
						lp := s.unitPos(9+c, d)
						if lp.count() != 2 {
							continue
						}
						l := lp.list()
						for _, e := range [][2]int{{l[0], l[1]}, {l[1], l[0]}} {
							near, far := e[0], e[1]
							if rowOf[near] != R || rowOf[far]/3 == b/3 {
								continue
							}
							t := rowOf[far]*9 + C
							if s.pos[d].has(t) {
								return erStep(s, d, b, R, C, 9+c, near, far, t, p, R, 9+C), true
							}
						}
					}
					for r := range 9 {
						if r >= r0 && r < r0+3 {
							continue
						}
						lp := s.unitPos(r, d)
						if lp.count() != 2 {
							continue
						}
						l := lp.list()
						for _, e := range [][2]int{{l[0], l[1]}, {l[1], l[0]}} {
							near, far := e[0], e[1]
							if colOf[near] != C || colOf[far]/3 == b%3 {
								continue
							}
							t := R*9 + colOf[far]
							if s.pos[d].has(t) {
								return erStep(s, d, b, R, C, r, near, far, t, p, 9+C, R), true
							}
						}
					}
				}
			}
		}
	}
	return Step{}, false
}

func erStep(s *state, d, b, R, C, link, near, far, t int, box cellSet, nearLine, tLine int) Step {
	elims := []Candidate{{t, d}}
	return Step{
		Technique:    EmptyRectangle,
		Eliminations: elims,
		Cells:        append(box.list(), near, far),
		Units:        units(18+b, link),
		Highlights:   append(highlightCells(s, box, d, 0), highlightCells(s, setOf(near, far), d, 1)...),
		Links:        []Link{{Candidate{far, d}, Candidate{near, d}, true}},
		Nudge:        fmt.Sprintf("Look at where %d can go in %s and in %s.", d, unitName(18+b), unitName(link)),
		Area:         fmt.Sprintf("There is an empty rectangle on %d in %s, working with %s.", d, unitName(18+b), unitName(link)),
		Explanation: fmt.Sprintf("In %s, every place for %d lies in %s or %s. In %s, %d can only go in %s or %s. If %s were %d, %s would not be, so %s would be, which rules out %s inside the box; and %s itself rules out %s inside the box: %s would have no place left for %d. So remove %d from %s.",
			unitName(18+b), d, unitName(R), unitName(9+C), unitName(link), d, cellName(near), cellName(far),
			cellName(t), d, cellName(far), cellName(near), unitName(nearLine), cellName(t), unitName(tLine), unitName(18+b), d, d, cellName(t)),
	}
}
