package human

import "fmt"

// colouring is the two-colouring of the conjugate pairs of one digit: the
// cells of a cluster alternate between two colours, one of which is true.
type colouring struct {
	d        int
	clusters [][2]cellSet // each cluster's cells of colour 0 and colour 1
}

// colourClusters splits the conjugate pairs of d into clusters and colours
// them. Clusters of a single pair are kept.
func colourClusters(s *state, d int) colouring {
	links := strongLinks(s, d)
	adj := map[int][]int{}
	for _, l := range links {
		adj[l.a] = append(adj[l.a], l.b)
		adj[l.b] = append(adj[l.b], l.a)
	}
	col := map[int]int{}
	out := colouring{d: d}
	for c := range s.pos[d].all() {
		if _, done := col[c]; done || len(adj[c]) == 0 {
			continue
		}
		var cl [2]cellSet
		col[c] = 0
		queue := []int{c}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			cl[col[x]].add(x)
			for _, y := range adj[x] {
				if _, done := col[y]; !done {
					col[y] = 1 - col[x]
					queue = append(queue, y)
				}
			}
		}
		out.clusters = append(out.clusters, cl)
	}
	return out
}

// seenBy returns the cells that see some cell of s.
func seenBy(s cellSet) cellSet {
	var out cellSet
	for c := range s.all() {
		out = out.or(peers[c])
	}
	return out
}

// findSimpleColors finds, for one digit, a colour that sees itself (it is
// false: a wrap) or a cell that sees both colours of a cluster (it is not
// the digit: a trap).
func findSimpleColors(s *state, wrap bool) (Step, bool) {
	for d := 1; d <= 9; d++ {
		cc := colourClusters(s, d)
		for _, cl := range cc.clusters {
			if cl[0].count()+cl[1].count() < 3 {
				continue
			}
			if wrap {
				for k := range 2 {
					bad := false
					for c := range cl[k].all() {
						if !peers[c].and(cl[k]).empty() {
							bad = true
							break
						}
					}
					if !bad {
						continue
					}
					elims := elimsOf(cl[k], d)
					return colourStep(s, SimpleColorsWrap, d, cl, elims,
						fmt.Sprintf("Two cells of the %s colour see each other, so that colour cannot be %d, and the other colour is: remove %s.", colourName(k), d, elimText(elims))), true
				}
				continue
			}
			targets := seenBy(cl[0]).and(seenBy(cl[1])).and(s.pos[d]).andNot(cl[0].or(cl[1]))
			if targets.empty() {
				continue
			}
			elims := elimsOf(targets, d)
			return colourStep(s, SimpleColorsTrap, d, cl, elims,
				fmt.Sprintf("One colour is %d and the other is not. %s sees cells of both colours, so whichever is true, it cannot be %d: remove %s.",
					d, cellList(targets.list()), d, elimText(elims))), true
		}
	}
	return Step{}, false
}

func colourName(k int) string {
	if k == 0 {
		return "first"
	}
	return "second"
}

func colourStep(s *state, name string, d int, cl [2]cellSet, elims []Candidate, why string) Step {
	return Step{
		Technique:    name,
		Eliminations: elims,
		Cells:        cl[0].or(cl[1]).list(),
		Highlights:   append(highlightCells(s, cl[0], d, 0), highlightCells(s, cl[1], d, 1)...),
		Nudge:        fmt.Sprintf("Colour the cells where %d has only two places in a unit.", d),
		Area:         fmt.Sprintf("Simple colouring on %d %s.", d, map[string]string{SimpleColorsTrap: "traps a candidate between the two colours", SimpleColorsWrap: "finds a colour that contradicts itself"}[name]),
		Explanation: fmt.Sprintf("Follow the units where %d has only two places and colour their cells alternately: %s in the first colour, %s in the second. %s",
			d, cellList(cl[0].list()), cellList(cl[1].list()), why),
	}
}

// findMultiColors looks at two clusters of one digit: if a colour of one
// sees both colours of the other it is false; if a colour of each see each
// other, one of their partners is true, so cells seeing both partners lose
// the digit.
func findMultiColors(s *state) (Step, bool) {
	for d := 1; d <= 9; d++ {
		cc := colourClusters(s, d)
		for i, A := range cc.clusters {
			for j, B := range cc.clusters {
				if i == j {
					continue
				}
				for a := range 2 {
					seenA := seenBy(A[a])
					// Type 1: colour a of A sees both colours of B.
					if !seenA.and(B[0]).empty() && !seenA.and(B[1]).empty() {
						elims := elimsOf(A[a], d)
						return multiStep(s, d, A, B, elims, fmt.Sprintf("The %s colour of the first cluster sees both colours of the second, one of which is %d, so it cannot be %d: remove %s.",
							colourName(a), d, d, elimText(elims))), true
					}
					if i > j {
						continue
					}
					for b := range 2 {
						if seenA.and(B[b]).empty() {
							continue
						}
						targets := seenBy(A[1-a]).and(seenBy(B[1-b])).and(s.pos[d]).andNot(A[0].or(A[1]).or(B[0]).or(B[1]))
						if targets.empty() {
							continue
						}
						elims := elimsOf(targets, d)
						return multiStep(s, d, A, B, elims, fmt.Sprintf("A cell of the %s colour of the first cluster sees a cell of the %s colour of the second, so they are not both %d: the %s colour of the first or the %s colour of the second is %d. Remove %s, which sees cells of both.",
							colourName(a), colourName(b), d, colourName(1-a), colourName(1-b), d, elimText(elims))), true
					}
				}
			}
		}
	}
	return Step{}, false
}

func multiStep(s *state, d int, A, B [2]cellSet, elims []Candidate, why string) Step {
	hl := append(highlightCells(s, A[0], d, 0), highlightCells(s, A[1], d, 1)...)
	hl = append(hl, highlightCells(s, B[0], d, 2)...)
	hl = append(hl, highlightCells(s, B[1], d, 2)...)
	return Step{
		Technique:    MultiColors,
		Eliminations: elims,
		Cells:        A[0].or(A[1]).or(B[0]).or(B[1]).list(),
		Highlights:   hl,
		Nudge:        fmt.Sprintf("Colour the cells where %d has only two places in a unit; there are two separate clusters.", d),
		Area:         fmt.Sprintf("Multi-colouring on %d finds an elimination.", d),
		Explanation: fmt.Sprintf("Colouring the conjugate pairs of %d gives two clusters: %s / %s, and %s / %s. In each cluster one colour is %d. %s",
			d, cellList(A[0].list()), cellList(A[1].list()), cellList(B[0].list()), cellList(B[1].list()), d, why),
	}
}
