package ocr

import (
	"image"
	"math"
	"slices"

	"github.com/sudokubot/sudokubot/solver"
)

// seenMark is one glyph readMarks read in a cell, kept so that the page's
// layout of marks (placeMarks) can weigh it again.
type seenMark struct {
	// box is the glyph's ink in the rectified grid.
	box image.Rectangle
	// x and y are the glyph's middle, as shares of its cell's box across
	// and down (0 at the box's left or top edge, 1 at the other).
	x, y float64
	// digit[d-1] is the probability that the glyph is the digit d: the
	// network's probability of the digit times its probability that the
	// glyph is a digit at all. speck is the rest: the glyph is no digit.
	digit [9]float64
	speck float64
}

// best is the digit the network reads the glyph as, and its probability.
func (s seenMark) best() (int, float64) {
	d, p := 0, 0.0
	for k, q := range s.digit {
		if q > p {
			d, p = k+1, q
		}
	}
	return d, p
}

// marksLayout is where a page keeps each digit's pencil mark in a cell:
// most apps (and some players) set a cell's marks out as a keypad, 1 at
// the top left, 5 in the middle, 9 at the bottom right, so a mark's place
// tells its digit as well as its shape does. fitLayout measures the
// layout on the marks the network reads surely; placeMarks weighs every
// mark's place with its shape.
type marksLayout struct {
	// cols and rows are the middles of the keypad's columns and rows, as
	// shares of the cell's box.
	cols, rows [3]float64
	// astray is the probability that a mark stands at another digit's
	// place than its own: the share of the page's sure marks that do.
	astray float64
}

// The marks fitLayout measures a page's layout on: those the network reads
// with at least sureMark, and at least layoutMarks of them. Measured on the
// screenshots and synthetic sets (docs/reading.md, twenty-second session):
// a page whose marks keep their places has dozens of sure ones, which
// stand at their digit's place all but 0-2% of the time; the gain is the
// same for a bar of 0.8 to 0.95 and from 6 to 20 marks.
const (
	sureMark    = 0.9
	layoutMarks = 12
)

// fitLayout measures the keypad layout of the marks read, from the marks
// the network reads surely: a column's middle is the median place across
// of the sure marks of its digits (1, 4 and 7 for the first), a row's
// likewise. It reports false when there are too few sure marks, or when
// the middles are not in the keypad's order: the page does not keep its
// marks in places (handwritten pencil marks, written anywhere in a cell).
func fitLayout(reads []markReading) (marksLayout, bool) {
	var xs, ys [3][]float64
	n := 0
	for _, mr := range reads {
		for _, s := range mr.seen {
			if d, p := s.best(); p >= sureMark {
				xs[(d-1)%3] = append(xs[(d-1)%3], s.x)
				ys[(d-1)/3] = append(ys[(d-1)/3], s.y)
				n++
			}
		}
	}
	var l marksLayout
	if n < layoutMarks {
		return l, false
	}
	for k := range 3 {
		if len(xs[k]) == 0 || len(ys[k]) == 0 {
			return l, false
		}
		l.cols[k], l.rows[k] = medianOf(xs[k]), medianOf(ys[k])
	}
	if !(l.cols[0] < l.cols[1] && l.cols[1] < l.cols[2] && l.rows[0] < l.rows[1] && l.rows[1] < l.rows[2]) {
		return l, false
	}
	astray := 0
	for _, mr := range reads {
		for _, s := range mr.seen {
			if d, p := s.best(); p >= sureMark && l.place(s) != d {
				astray++
			}
		}
	}
	// One mark astray and one at its place counted beside those seen,
	// so that no page is taken for one that never errs.
	l.astray = float64(astray+1) / float64(n+2)
	return l, true
}

// place is the digit whose place in the keypad is nearest to mark s.
func (l marksLayout) place(s seenMark) int {
	nearest := func(mid [3]float64, v float64) int {
		k := 0
		for j := range mid {
			if math.Abs(v-mid[j]) < math.Abs(v-mid[k]) {
				k = j
			}
		}
		return k
	}
	return 3*nearest(l.rows, s.y) + nearest(l.cols, s.x) + 1
}

// reread reads the marks of a cell again, each glyph's place weighed with
// its shape: the glyph is the digit d with a probability in proportion to
// the network's probability of d times the chance of d's mark standing
// where it stands (1-astray at d's place, an eighth of astray at each
// other), or a speck with one in proportion to the network's probability
// of no digit times a ninth (a speck may stand anywhere). It returns the
// digits read and the probability that all are read right, as
// marksRead does: a glyph's place may change what it is read as, but
// never make the reading surer than the network's own probability of it
// (the keypad does not tell a mark missed, a mark whose glyph was lost in
// a grid line, from none; a 6 the network reads as a 5 is read as a 6
// but asked about, not called wrong).
func (l marksLayout) reread(seen []seenMark) (solver.DigitSet, float64) {
	var marks solver.DigitSet
	conf := 1.0
	for _, s := range seen {
		at := l.place(s)
		best, top, sum := 0, s.speck/9, s.speck/9
		for k, q := range s.digit {
			w := q * l.astray / 8
			if k+1 == at {
				w = q * (1 - l.astray)
			}
			sum += w
			if w > top {
				best, top = k+1, w
			}
		}
		own := s.speck // the network's own probability of the reading
		if best != 0 {
			own = s.digit[best-1]
		}
		if sum > 0 {
			conf *= min(top/sum, own)
		}
		if best == 0 {
			continue
		}
		if marks.Has(best) {
			conf *= twiceRead
		}
		marks = marks.With(best)
	}
	return marks, conf
}

// placeMarks reads again, with the page's layout of marks (fitLayout),
// the cells of out read as pencil marks from the glyphs of reads. A cell
// keeps its reading when none of its glyphs reads as a mark; its
// MarksConfidence keeps the factors it had besides the marks' own
// (MarksConfidence over the reading's conf).
func placeMarks(out *[81]CellReading, reads map[int]markReading) {
	var cells []int
	for i, mr := range reads {
		if out[i].Kind == KindMarks && out[i].Marks == mr.marks && len(mr.seen) > 0 {
			cells = append(cells, i)
		}
	}
	slices.Sort(cells)
	used := make([]markReading, len(cells))
	for k, i := range cells {
		used[k] = reads[i]
	}
	l, ok := fitLayout(used)
	if !ok {
		return
	}
	for k, i := range cells {
		marks, conf := l.reread(used[k].seen)
		if marks == 0 {
			continue
		}
		rest := 1.0
		if used[k].conf > 0 {
			rest = out[i].MarksConfidence / used[k].conf
		}
		out[i].Marks, out[i].MarksConfidence = marks, min(1, conf*rest)
	}
}
