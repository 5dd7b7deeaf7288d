package human

import (
	"fmt"

	"github.com/sudokubot/sudokubot/solver"
)

// als is an almost locked set: n empty cells of one unit holding n+1
// candidates between them. If any one of its digits is taken out, the
// rest are locked in its cells.
type als struct {
	cells cellSet
	cands solver.DigitSet
	unit  int
	// where[d]: its cells with candidate d; buddies[d]: the cells outside
	// it that see all of where[d].
	where, buddies [10]cellSet
}

// maxALSCells bounds the size of the sets searched.
const maxALSCells = 7

// findALSs lists the almost locked sets of s, each once.
func findALSs(s *state) []*als {
	if s.alsValid {
		return s.alsCache
	}
	s.alsEdges = nil
	var out []*als
	seen := map[cellSet]bool{}
	for u := range 27 {
		var cells []int
		for _, c := range unitCells[u] {
			if s.digit[c] == 0 {
				cells = append(cells, c)
			}
		}
		for n := 1; n <= min(len(cells)-1, maxALSCells); n++ {
			combinations(cells, n, func(pick []int) bool {
				var m solver.DigitSet
				for _, c := range pick {
					m |= s.cand[c]
				}
				if m.Len() != n+1 {
					return false
				}
				set := setOf(pick...)
				if seen[set] {
					return false
				}
				seen[set] = true
				a := &als{cells: set, cands: m, unit: u}
				for d := range m.All() {
					a.where[d] = s.pos[d].and(set)
					a.buddies[d] = seeAll(a.where[d])
				}
				out = append(out, a)
				return false
			})
		}
	}
	s.alsCache, s.alsValid = out, true
	return out
}

// alsEdge links an almost locked set to another (index o) that shares
// restricted common candidates x with it and no cell.
type alsEdge struct {
	o int
	x solver.DigitSet
}

// alsGraph returns the almost locked sets of s and, for each, its edges,
// computed once per state.
func alsGraph(s *state) ([]*als, [][]alsEdge) {
	sets := findALSs(s)
	if s.alsEdges != nil {
		return sets, s.alsEdges
	}
	adj := make([][]alsEdge, len(sets))
	for i, a := range sets {
		for j := i + 1; j < len(sets); j++ {
			b := sets[j]
			if a.cands&b.cands == 0 || !a.cells.and(b.cells).empty() {
				continue
			}
			if xs := rcc(a, b); xs != 0 {
				adj[i] = append(adj[i], alsEdge{j, xs})
				adj[j] = append(adj[j], alsEdge{i, xs})
			}
		}
	}
	s.alsEdges = adj
	return sets, adj
}

// rcc returns the restricted common candidates of two disjoint sets: the
// digits of both whose cells in one all see those in the other, so at
// most one of the sets holds that digit.
func rcc(a, b *als) solver.DigitSet {
	var out solver.DigitSet
	for d := range (a.cands & b.cands).All() {
		if b.where[d].subsetOf(a.buddies[d]) {
			out = out.With(d)
		}
	}
	return out
}

func alsName(a *als) string {
	return fmt.Sprintf("%s (%s, digits %s)", cellList(a.cells.list()), unitName(a.unit), digitList(a.cands))
}

// findALSXZ finds two almost locked sets with a restricted common
// candidate x: one of them is locked without x, so a digit z they share
// is in one of them, and cells seeing all its places lose z.
func findALSXZ(s *state) (Step, bool) {
	sets, adj := alsGraph(s)
	for i, a := range sets {
		for _, e := range adj[i] {
			if e.o < i {
				continue
			}
			b := sets[e.o]
			if (a.cands & b.cands).Len() < 2 {
				continue
			}
			x := e.x.Min()
			var elims []Candidate
			for z := range (a.cands & b.cands).Without(x).All() {
				t := a.buddies[z].and(b.buddies[z]).and(s.pos[z]).andNot(a.cells.or(b.cells))
				elims = append(elims, elimsOf(t, z)...)
			}
			if len(elims) == 0 {
				continue
			}
			var zs solver.DigitSet
			for _, e := range elims {
				zs = zs.With(e.Digit)
			}
			return Step{
				Technique:    ALSXZ,
				Eliminations: elims,
				Cells:        a.cells.or(b.cells).list(),
				Units:        units(a.unit, b.unit),
				Highlights:   append(highlightMask(s, a.cells, a.cands, 0), highlightMask(s, b.cells, b.cands, 1)...),
				Nudge:        fmt.Sprintf("Look at the groups of cells in %s that hold one more digit than cells.", unitPairName(a.unit, b.unit)),
				Area:         fmt.Sprintf("There is an almost locked set XZ-rule in %s.", unitPairName(a.unit, b.unit)),
				Explanation: fmt.Sprintf("%s and %s are almost locked sets: each has one more digit than cells. Every %d of one sees every %d of the other, so at most one set holds %d, and the other is then locked without %d and must hold %s. So %s is in one of the two sets: remove %s, which see all its places in both.",
					alsName(a), alsName(b), x, x, x, x, digitList(zs), orDigitList(zs), elimText(elims)),
			}, true
		}
	}
	return Step{}, false
}

// findALSXYWing finds three almost locked sets A, B and C, where C shares
// a restricted common candidate x with A and y with B: A or B is locked,
// so a digit z shared by A and B is in one of them.
func findALSXYWing(s *state) (Step, bool) {
	sets, adj := alsGraph(s)
	for ci, C := range sets {
		for k, ea := range adj[ci] {
			for _, eb := range adj[ci][k+1:] {
				A, B := sets[ea.o], sets[eb.o]
				if !A.cells.and(B.cells).empty() {
					continue
				}
				for x := range ea.x.All() {
					for y := range eb.x.Without(x).All() {
						var elims []Candidate
						for z := range (A.cands & B.cands).Without(x).Without(y).All() {
							t := A.buddies[z].and(B.buddies[z]).and(s.pos[z]).andNot(A.cells.or(B.cells).or(C.cells))
							elims = append(elims, elimsOf(t, z)...)
						}
						if len(elims) == 0 {
							continue
						}
						var zs solver.DigitSet
						for _, e := range elims {
							zs = zs.With(e.Digit)
						}
						hl := append(highlightMask(s, A.cells, A.cands, 0), highlightMask(s, B.cells, B.cands, 1)...)
						hl = append(hl, highlightMask(s, C.cells, C.cands, 2)...)
						return Step{
							Technique:    ALSXYWing,
							Eliminations: elims,
							Cells:        A.cells.or(B.cells).or(C.cells).list(),
							Units:        units(A.unit, B.unit, C.unit),
							Highlights:   hl,
							Nudge:        "Look for three groups of cells that each hold one more digit than cells.",
							Area:         fmt.Sprintf("There is an almost locked set XY-Wing with its pivot set in %s.", unitName(C.unit)),
							Explanation: fmt.Sprintf("A = %s, B = %s and C = %s are almost locked sets (one more digit than cells). C shares %d with A and %d with B, each only in cells that see each other. C can miss at most one of its digits, so it holds %d or %d: if %d, A cannot hold %d and is locked on its other digits; if %d, the same goes for B. Either way A or B holds %s. Remove %s: those cells see all its places in both.",
								alsName(A), alsName(B), alsName(C), x, y, x, y, x, x, y, orDigitList(zs), elimText(elims)),
						}, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// unitPairName writes "row 7" for one unit or "row 7 and box 9" for two.
func unitPairName(a, b int) string {
	if a == b {
		return unitName(a)
	}
	return unitName(a) + " and " + unitName(b)
}
