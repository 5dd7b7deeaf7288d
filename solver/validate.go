package solver

import "fmt"

// UnitKind says whether a unit is a row, a column or a box.
type UnitKind uint8

// The three kinds of unit.
const (
	Row UnitKind = iota
	Column
	Box
)

// String returns "row", "column" or "box".
func (k UnitKind) String() string {
	switch k {
	case Row:
		return "row"
	case Column:
		return "column"
	case Box:
		return "box"
	}
	return fmt.Sprintf("UnitKind(%d)", uint8(k))
}

// Unit names one row, column or box; Index counts from 0.
type Unit struct {
	Kind  UnitKind
	Index int
}

// String returns the user-facing name of u, like "row 3" or "box 5", counted
// from 1.
func (u Unit) String() string { return fmt.Sprintf("%s %d", u.Kind, u.Index+1) }

// Clash is a digit that appears twice in one unit: the rule violation that
// makes a grid invalid whatever else is filled in.
type Clash struct {
	Unit   Unit
	Digit  int
	First  int // the first cell holding Digit, row by row
	Second int // the second cell holding Digit
	side   int
}

// Error returns the message users see, like "row 3 has two 5s (r3c2 and r3c7)".
func (c *Clash) Error() string {
	n := c.side
	return fmt.Sprintf("%s has two %cs (%s and %s)", c.Unit, DigitChar(c.Digit),
		CellName(c.First/n, c.First%n), CellName(c.Second/n, c.Second%n))
}

// Clashes returns every pair of equal digits in one unit: rows first, then
// columns, then boxes, each in order. A grid without clashes returns nil.
func (g Grid) Clashes() []*Clash {
	var out []*Clash
	g.eachClash(func(c Clash) bool {
		out = append(out, &c)
		return true
	})
	return out
}

// eachClash calls yield with each clash of g in the order of
// [Grid.Clashes] until yield returns false.
func (g Grid) eachClash(yield func(Clash) bool) {
	n, b := g.Side(), g.BoxSide()
	check := func(u Unit, cells func(k int) int) bool {
		var seen [MaxSide + 1]int
		for k := range n {
			i := cells(k)
			d := g.cells[i]
			if d == 0 {
				continue
			}
			if seen[d] != 0 {
				if !yield(Clash{Unit: u, Digit: int(d), First: seen[d] - 1, Second: i, side: n}) {
					return false
				}
				continue
			}
			seen[d] = i + 1
		}
		return true
	}
	for r := range n {
		if !check(Unit{Row, r}, func(k int) int { return r*n + k }) {
			return
		}
	}
	for c := range n {
		if !check(Unit{Column, c}, func(k int) int { return k*n + c }) {
			return
		}
	}
	for x := range n {
		r0, c0 := (x/b)*b, (x%b)*b
		if !check(Unit{Box, x}, func(k int) int { return (r0+k/b)*n + c0 + k%b }) {
			return
		}
	}
}

// Validate returns the first clash in g (see [Grid.Clashes]) as an error of
// type *[Clash], or nil when no unit holds a digit twice. It also rejects
// digits outside 0..Side.
func (g Grid) Validate() error {
	if g.side == 0 {
		return fmt.Errorf("empty grid value: no cells")
	}
	for i, d := range g.cells[:g.NumCells()] {
		if int(d) > g.Side() {
			return fmt.Errorf("%s holds %d, a %dx%d grid takes digits 1 to %d", g.CellName(i), d, g.Side(), g.Side(), g.Side())
		}
	}
	var first *Clash
	g.eachClash(func(c Clash) bool {
		first = &c
		return false
	})
	if first != nil {
		return first
	}
	return nil
}
