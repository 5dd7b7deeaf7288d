package ocr

import (
	"cmp"
	"math"
	"slices"

	"github.com/sudokubot/sudokubot/solver"
)

// Limits of the search [Correct] makes.
const (
	// correctCells is how many of the least confident cells (and cells in a
	// clash) may be changed.
	correctCells = 10
	// correctDepth is the most cells changed at once.
	correctDepth = 3
	// correctMinAlt is the smallest probability an alternative digit needs
	// to be tried.
	correctMinAlt = 0.003
	// correctMinEmpty is the smallest probability "empty" needs to be
	// tried. It is higher than for digits because removing a digit is an
	// easy way to a unique solution: most printed puzzles stay unique with
	// one given fewer, so such a fix proves little.
	correctMinEmpty = 0.05
	// correctMargin is how many times likelier than any other fix the
	// chosen fix must be; closer calls leave the grid as read and doubtful.
	correctMargin = 4.0
	// correctMaxCost bounds how much less likely than the reading a fix may
	// be, as a log-likelihood ratio (log 1000): a fix that needs readings
	// the recognizer all but ruled out proves little. It is loose on
	// purpose: Tesseract is often sure of its misreads, and a tighter bound
	// (log 30) blocked more right fixes than wrong ones on the dev set.
	correctMaxCost = 6.9
	// doubtfulMax is the most cells listed as doubtful.
	doubtfulMax = 6
	// doubtfulBelow is the confidence from which a cell is not listed
	// as doubtful for its confidence alone (the cells of a clash are).
	doubtfulBelow = 0.95
	// neverP is the probability a reading given 0 counts as, so that
	// its log is finite.
	neverP = 1e-9
)

// Correction is the outcome of checking a reading with the solver.
type Correction struct {
	// Readings are the cell readings after correction (the input when
	// nothing was changed). A changed cell's old digit becomes its first
	// alternative.
	Readings [81]CellReading
	// Grid is the grid of Readings.
	Grid solver.Grid
	// Changed lists the cells (row*9+col) whose reading was replaced by an
	// alternative, in increasing order.
	Changed []int
	// Solutions is 1 when Grid has exactly one solution, 0 when it breaks
	// the rules or has none, and 2 when it has several.
	Solutions int
	// Doubtful lists the cells to check by eye when Solutions is not 1: the
	// cells in a clash and the least confident ones, in increasing order.
	Doubtful []int
}

// gridOf returns the grid of the readings' digits.
func gridOf(rs *[81]CellReading) solver.Grid {
	g, _ := solver.NewGrid(9)
	for i, r := range rs {
		if r.Digit >= 1 && r.Digit <= 9 {
			g.SetCell(i, r.Digit)
		}
	}
	return g
}

// change is one cell set to one alternative, with the log-likelihood ratio
// of the alternative against the current reading.
type change struct {
	cell, digit int
	cost        float64 // log(p(current)) - log(p(alternative)), >= 0 mostly
}

// Correct checks the readings with the solver. A grid with exactly one
// solution is returned as read. Otherwise it tries the alternatives of the
// least confident cells and of the cells in a clash, up to correctDepth
// cells at once, and applies the likeliest set of changes that gives
// exactly one solution, provided it is clearly likelier than any other such
// set. When there is no such fix, the readings are returned unchanged with
// the cells to check listed in Doubtful.
func Correct(rs [81]CellReading) Correction {
	g := gridOf(&rs)
	return correct(rs, g, solver.Count(g, 2))
}

// correct is [Correct] for readings rs whose grid g has solutions
// solutions as solver.Count(g, 2) counts them, for a caller that asked the
// solver already.
func correct(rs [81]CellReading, g solver.Grid, solutions int) Correction {
	c := Correction{Readings: rs, Grid: g, Solutions: solutions}
	if c.Solutions == 1 {
		return c
	}
	cells := suspects(&rs, c.Grid)
	var changes [][]change // alternatives per suspect cell
	for _, i := range cells {
		var alts []change
		cur := math.Log(max(rs[i].Confidence, neverP))
		for _, a := range rs[i].Alternatives {
			if a.Confidence < correctMinAlt || a.Digit == rs[i].Digit || (a.Digit == 0 && a.Confidence < correctMinEmpty) {
				continue
			}
			alts = append(alts, change{cell: i, digit: a.Digit, cost: cur - math.Log(a.Confidence)})
		}
		if len(alts) > 0 {
			changes = append(changes, alts)
		}
	}
	type fix struct {
		set  []change
		cost float64
	}
	var fixes []fix
	var pick []change
	var walk func(from int, cost float64)
	walk = func(from int, cost float64) {
		if len(pick) > 0 {
			g := c.Grid
			for _, ch := range pick {
				g.SetCell(ch.cell, ch.digit)
			}
			if solver.Count(g, 2) == 1 {
				fixes = append(fixes, fix{slices.Clone(pick), cost})
			}
		}
		if len(pick) == correctDepth {
			return
		}
		for k := from; k < len(changes); k++ {
			for _, ch := range changes[k] {
				if cost+ch.cost > correctMaxCost {
					continue
				}
				pick = append(pick, ch)
				walk(k+1, cost+ch.cost)
				pick = pick[:len(pick)-1]
			}
		}
	}
	walk(0, 0)
	slices.SortStableFunc(fixes, func(a, b fix) int { return cmp.Compare(a.cost, b.cost) })
	if len(fixes) > 0 && (len(fixes) == 1 || fixes[1].cost-fixes[0].cost >= math.Log(correctMargin)) {
		for _, ch := range fixes[0].set {
			c.Readings[ch.cell] = swapReading(rs[ch.cell], ch.digit)
			c.Changed = append(c.Changed, ch.cell)
		}
		slices.Sort(c.Changed)
		c.Grid = gridOf(&c.Readings)
		c.Solutions = 1
		return c
	}
	c.Doubtful = doubtful(&rs, c.Grid)
	return c
}

// swapReading returns r with digit d (one of its alternatives) chosen and
// the old choice moved to the front of the alternatives.
func swapReading(r CellReading, d int) CellReading {
	out := CellReading{Digit: d, Alternatives: []Alternative{{Digit: r.Digit, Confidence: r.Confidence}}, KindDoubt: r.KindDoubt}
	for _, a := range r.Alternatives {
		if a.Digit == d {
			out.Confidence = a.Confidence
			continue
		}
		out.Alternatives = append(out.Alternatives, a)
	}
	return out
}

// suspects returns the cells worth changing: those in a clash, then the
// least confident digit cells, at most correctCells in all.
func suspects(rs *[81]CellReading, g solver.Grid) []int {
	out := clashCells(g)
	idx := make([]int, 0, 81)
	for i := range rs {
		if len(rs[i].Alternatives) > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(rs[a].Confidence, rs[b].Confidence) })
	for _, i := range idx {
		if len(out) >= correctCells {
			break
		}
		if !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	if len(out) > correctCells {
		out = out[:correctCells]
	}
	return out
}

// clashCells lists the cells of g's clashes, each once, in the order the
// clashes name them.
func clashCells(g solver.Grid) []int {
	var out []int
	for _, cl := range g.Clashes() {
		for _, i := range []int{cl.First, cl.Second} {
			if !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	return out
}

// doubtful lists the cells of a reading to check by eye: the cells in a
// clash and the least confident cells, at most doubtfulMax in all unless
// the clashes alone name more.
func doubtful(rs *[81]CellReading, g solver.Grid) []int {
	out := clashCells(g)
	idx := make([]int, 81)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(rs[a].Confidence, rs[b].Confidence) })
	for _, i := range idx {
		if len(out) >= doubtfulMax || rs[i].Confidence > doubtfulBelow {
			break
		}
		if !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}
