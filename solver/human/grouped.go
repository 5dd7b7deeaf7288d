package human

import (
	"fmt"
	"strings"
	"sync"
)

// This file adds grouped nodes to the implication engine, for grouped
// AICs and nice loops: a group is the two or three candidates of a digit
// where a box and a row (or column) cross. "The group is true" means the
// digit is in one of its cells; "false" that it is in none of them.
//
// Weak links: a true group makes the digit false in the rest of its line
// and its box (cells and other groups there); a true candidate makes
// false every group of its digit that lies wholly in one of its units.
// Strong links: when a false candidate or group leaves, in a unit, exactly
// one group (or one cell) for the digit, that group (or cell) is true.

// numGroups is the number of possible groups: 9 digits times 54
// box-line segments.
const numGroups = 9 * 54

// numNodes is the number of nodes: candidates, then groups.
const numNodes = numCands + numGroups

// cellGroup is the candidates of digit d in the crossing of a box and a
// line.
type cellGroup struct {
	cells     cellSet
	d         int
	line, box int // unit numbers
}

// segmentOf returns the box-line segment (0-53) holding all of cells, or
// -1: segment 6b+i is row i of box b for i < 3, column i-3 for i >= 3.
func segmentOf(cells cellSet) int {
	c := cells.first()
	if c < 0 {
		return -1
	}
	b := boxOf[c]
	if !cells.subsetOf(unitSet[18+b]) {
		return -1
	}
	switch {
	case cells.subsetOf(unitSet[rowOf[c]]):
		return 6*b + rowOf[c]%3
	case cells.subsetOf(unitSet[9+colOf[c]]):
		return 6*b + 3 + colOf[c]%3
	}
	return -1
}

// segmentLine returns the line unit of segment g.
func segmentLine(g int) int {
	b, i := g/6, g%6
	if i < 3 {
		return 3*(b/3) + i
	}
	return 9 + 3*(b%3) + i - 3
}

// enableGroups makes p use grouped nodes (chain mode only).
func (p *implications) enableGroups() {
	segmentsOnce.Do(fillSegments)
	s := p.s
	p.useGroups = true
	p.groups = p.groups[:0]
	for i := range p.groupAt {
		for d := range p.groupAt[i] {
			p.groupAt[i][d] = -1
		}
	}
	for g := range 54 {
		line, box := segmentLine(g), 18+g/6
		seg := unitSet[line].and(unitSet[box])
		for d := 1; d <= 9; d++ {
			cells := seg.and(s.pos[d])
			if cells.count() < 2 {
				continue
			}
			p.groupAt[g][d] = int16(len(p.groups))
			p.groups = append(p.groups, cellGroup{cells, d, line, box})
		}
	}
}

// groupNode returns the node of the group whose cells are exactly cells,
// for digit d, or -1.
func (p *implications) groupNode(cells cellSet, d int) int {
	if cells.count() < 2 {
		return -1
	}
	g := segmentOf(cells)
	if g < 0 || p.groupAt[g][d] < 0 {
		return -1
	}
	i := int(p.groupAt[g][d])
	if p.groups[i].cells != cells {
		return -1
	}
	return numCands + i
}

// nodeDigit returns the digit of node x.
func (p *implications) nodeDigit(x int) int {
	if x >= numCands {
		return p.groups[x-numCands].d
	}
	return nodeDigit(x)
}

// nodeCells returns the cells of node x.
func (p *implications) nodeCells(x int) cellSet {
	if x >= numCands {
		return p.groups[x-numCands].cells
	}
	return setOf(nodeCell(x))
}

// groupWeakFromCand makes false the groups of digit d that lie in a unit
// of cell c (and do not hold c), after candidate d of c (literal l) was
// made true.
func (p *implications) groupWeakFromCand(c, d, l, dep int) bool {
	for _, seg := range cellSegments[c] {
		i := int(p.groupAt[seg][d])
		if i < 0 {
			continue
		}
		g := p.groups[i]
		if g.cells.has(c) || !g.cells.subsetOf(peers[c]) {
			continue
		}
		u := commonUnit(g.cells.or(setOf(c)))
		if !p.add(lit(numCands+i, false), whyGroupOff, l, u, dep+1) {
			return false
		}
	}
	return true
}

// cellSegments lists, for each cell, the box-line segments in its row,
// its column and its box: the places of the groups it can see.
// unitSegments lists, for each unit, the box-line segments inside it.
// Both are filled by fillSegments, after the geometry tables of
// state.go (package variables are set before init functions run, and this
// file's init functions would run before those of state.go).
var (
	cellSegments [81][]int
	unitSegments [27][]int
	segmentsOnce sync.Once
)

// fillSegments fills cellSegments and unitSegments.
func fillSegments() {
	for c := range 81 {
		for g := range 54 {
			seg := unitSet[segmentLine(g)].and(unitSet[18+g/6])
			if !seg.and(peers[c]).empty() && (seg.subsetOf(unitSet[rowOf[c]]) || seg.subsetOf(unitSet[9+colOf[c]]) || g/6 == boxOf[c]) {
				cellSegments[c] = append(cellSegments[c], g)
			}
		}
	}
	for u := range 27 {
		for g := range 54 {
			seg := unitSet[segmentLine(g)].and(unitSet[18+g/6])
			if seg.subsetOf(unitSet[u]) {
				unitSegments[u] = append(unitSegments[u], g)
			}
		}
	}
}

// groupStrongFrom makes true what is left for digit d in the units of
// the cells gone (a candidate or a group made false, literal l): a single
// cell, or a group.
func (p *implications) groupStrongFrom(gone cellSet, d int, units []int, l, dep int) bool {
	s := p.s
	for _, u := range units {
		if !gone.subsetOf(unitSet[u]) {
			continue
		}
		rest := s.unitPos(u, d).andNot(gone)
		var x int
		switch rest.count() {
		case 0:
			continue
		case 1:
			if gone.count() == 1 {
				continue // a plain strong link, done by run
			}
			x = node(rest.first(), d)
		default:
			x = p.groupNode(rest, d)
			if x < 0 {
				continue
			}
		}
		if !p.add(lit(x, true), whyGroupOn, l, u, dep+1) {
			return false
		}
	}
	return true
}

// runGroup propagates from group literal l.
func (p *implications) runGroup(l, dep int) bool {
	s := p.s
	g := p.groups[litNode(l)-numCands]
	if !litOn(l) {
		return p.groupStrongFrom(g.cells, g.d, []int{g.line, g.box}, l, dep)
	}
	for _, u := range []int{g.line, g.box} {
		for q := range s.unitPos(u, g.d).andNot(g.cells).all() {
			if !p.add(lit(node(q, g.d), false), whyGroupOff, l, u, dep+1) {
				return false
			}
		}
	}
	for _, u := range []int{g.line, g.box} {
		for _, seg := range unitSegments[u] {
			i := int(p.groupAt[seg][g.d])
			if i < 0 || numCands+i == litNode(l) || !p.groups[i].cells.and(g.cells).empty() {
				continue
			}
			if !p.add(lit(numCands+i, false), whyGroupOff, l, u, dep+1) {
				return false
			}
		}
	}
	return true
}

// nodeName names node x: a cell like "r1c4", or a group like "r1c45".
func (p *implications) nodeName(x int) string {
	if x < numCands {
		return cellName(nodeCell(x))
	}
	cells := p.groups[x-numCands].cells.list()
	var sb strings.Builder
	if rowOf[cells[0]] == rowOf[cells[1]] {
		fmt.Fprintf(&sb, "r%dc", rowOf[cells[0]]+1)
		for _, c := range cells {
			fmt.Fprintf(&sb, "%d", colOf[c]+1)
		}
		return sb.String()
	}
	sb.WriteByte('r')
	for _, c := range cells {
		fmt.Fprintf(&sb, "%d", rowOf[c]+1)
	}
	fmt.Fprintf(&sb, "c%d", colOf[cells[0]]+1)
	return sb.String()
}

// groupFact writes a group literal as a fact, like "7 is in r1c4 or
// r1c5" or "neither r1c4 nor r1c5 is 7".
func (p *implications) groupFact(l int) string {
	g := p.groups[litNode(l)-numCands]
	names := cellNames(g.cells.list())
	if litOn(l) {
		return fmt.Sprintf("%d is in %s", g.d, joinList(names, "or"))
	}
	if len(names) == 2 {
		return fmt.Sprintf("neither %s nor %s is %d", names[0], names[1], g.d)
	}
	return fmt.Sprintf("none of %s is %d", andList(names), g.d)
}

// groupedElims returns the candidates ruled out by "node a or node b
// is true" when one of them is a group: the digit in the cells that see
// every cell of both.
func (p *implications) groupedElims(a, b int) []Candidate {
	d := p.nodeDigit(a)
	if a == b || d != p.nodeDigit(b) {
		return nil
	}
	ends := p.nodeCells(a).or(p.nodeCells(b))
	return elimsOf(seeAll(ends).and(p.s.pos[d]), d)
}

// strongNodes reports whether node z false makes candidate a true
// (a strong link between them).
func (p *implications) strongNodes(a, z int) bool {
	if z < numCands {
		return strongLinked(p.s, a, z)
	}
	g := p.groups[z-numCands]
	if g.d != nodeDigit(a) {
		return false
	}
	for _, u := range []int{g.line, g.box} {
		rest := p.s.unitPos(u, g.d).andNot(g.cells)
		if rest.count() == 1 && rest.first() == nodeCell(a) {
			return true
		}
	}
	return false
}

// commonUnit returns a unit holding all the cells (a row or column
// first, then a box), or -1.
func commonUnit(cells cellSet) int {
	for u := range 27 {
		if cells.subsetOf(unitSet[u]) {
			return u
		}
	}
	return -1
}
