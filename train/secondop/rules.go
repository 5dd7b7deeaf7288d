package main

import "math"

// cell is what the measurement knows of one cell of a picture: the truth,
// the network's opinion and Tesseract's.
type cell struct {
	// truth is the cell's true digit, 0 for none.
	truth int
	// kind is the truth's kind of cell: "given", "entry", "marks",
	// "digit" (a digit whose kind the truth does not tell) or "empty".
	kind string
	// pe, pp, ph and pm are the network's probabilities of the kinds
	// empty, printed digit, handwritten digit and pencil marks.
	pe, pp, ph, pm float64
	// d1 and d2 are the digits the network's digit head likes best and
	// second best, p1 and p2 their probabilities.
	d1, d2 int
	p1, p2 float64
	// td is the digit Tesseract likes best and tp its probability, when
	// tok: Tesseract was shown the cell's glyph and read it.
	td  int
	tp  float64
	tok bool
}

// counted reports whether the cell counts in the tables: a printed digit,
// a digit of unknown kind or an empty cell (not a player's entry, not
// pencil marks).
func (c *cell) counted() bool {
	return c.kind == "given" || c.kind == "digit" || c.kind == "empty"
}

// netRead is the network's reading of c alone: its best digit, when the
// probability of a digit (printed or handwritten) times that of the
// digit is more than the larger of those of empty and pencil marks, with
// that product as confidence; otherwise empty (0), with the probability of
// empty or marks as confidence.
func netRead(c *cell) (digit int, conf float64) {
	pd := c.pp + c.ph
	if pd*c.p1 > max(c.pe, c.pm) {
		return c.d1, pd * c.p1
	}
	return 0, c.pe + c.pm
}

// combine is the reading of c when Tesseract's opinion counts with weight
// w on the digits the network reads with a confidence below below. It
// reports whether Tesseract was asked: the network read a digit under
// below and Tesseract read the cell's glyph.
//
// The network's distribution over the digits is approximated from its two
// best digits (the rest spread evenly over the seven others), Tesseract's
// from its best digit (the rest spread over the eight others). Each digit's
// probability is multiplied by Tesseract's raised to the power w (never
// less than 1e-4), and the best digit, its probability renormalised and
// multiplied by that of a digit, is read unless that falls under the larger
// of the probabilities of empty and pencil marks.
func combine(c *cell, w, below float64) (digit int, conf float64, asked bool) {
	d, conf := netRead(c)
	if d == 0 || !c.tok || conf >= below {
		return d, conf, false
	}
	pd := c.pp + c.ph
	var p, q [10]float64 // indexed by digit, 1-9
	rest := max(1e-6, 1-c.p1-c.p2) / 7
	for k := 1; k <= 9; k++ {
		p[k] = rest
		q[k] = (1 - c.tp) / 8
	}
	p[c.d1] = c.p1
	if c.d2 != 0 {
		p[c.d2] = c.p2
	}
	if c.td != 0 {
		q[c.td] = c.tp
	}
	var z float64
	for k := 1; k <= 9; k++ {
		p[k] *= math.Pow(max(q[k], 1e-4), w)
		z += p[k]
	}
	best := 1
	for k := 2; k <= 9; k++ {
		if p[k] > p[best] {
			best = k
		}
	}
	conf = pd * p[best] / z
	if conf < max(c.pe, c.pm) {
		return 0, c.pe + c.pm, true
	}
	return best, conf, true
}

// every, as a rule's below, has Tesseract read every digit the network
// reads.
var every = math.Inf(1)

// rule is one way of combining the two opinions.
type rule struct {
	name string
	// weight is Tesseract's weight; 0 means the network alone.
	weight float64
	// below is the network's confidence under which Tesseract is asked.
	below float64
	// start, when not 0, is the confidence under which a digit of the
	// picture must be read for Tesseract to be asked at all.
	start float64
}

// read is c as the rule reads it; started tells whether Tesseract was
// started for c's picture.
func (r rule) read(c *cell, started bool) (digit int, conf float64, asked bool) {
	if r.weight == 0 || !started {
		d, conf := netRead(c)
		return d, conf, false
	}
	return combine(c, r.weight, r.below)
}

// starts reports whether the rule starts Tesseract for a picture of cells.
func (r rule) starts(cells []*cell) bool {
	if r.start == 0 {
		return true
	}
	for _, c := range cells {
		if d, conf := netRead(c); d != 0 && c.tok && conf < r.start {
			return true
		}
	}
	return false
}

// rules are the rules measured, in the tables' order. The second is the
// product's (secondBelow, startBelow and secondWeight in
// ocr/recognize_net.go), the third the product's until 2026-11-28 (and
// the fourth until 2026-11-27).
var rules = []rule{
	{"network alone", 0, 0, 0},
	{"w=0.3, below 0.999 in pictures with a digit below 0.97 (the product's)", 0.3, 0.999, 0.97},
	{"w=0.5, below 0.999 in pictures with a digit below 0.97", 0.5, 0.999, 0.97},
	{"w=0.5, below 0.999", 0.5, 0.999, 0},
	{"w=0.5, below 0.97", 0.5, 0.97, 0},
	{"w=0.4, below 0.999 in pictures with a digit below 0.97", 0.4, 0.999, 0.97},
	{"w=0.2, below 0.999 in pictures with a digit below 0.97", 0.2, 0.999, 0.97},
	{"w=0.5, every digit", 0.5, every, 0},
	{"w=1.0, every digit", 1.0, every, 0},
	{"w=0.3, every digit", 0.3, every, 0},
}

// sure is the confidence from which a reading is taken as sure.
const sure = 0.97

// tally counts one rule's results over cells.
type tally struct {
	asked     int // cells Tesseract was asked about
	wrong     int // cells read wrong
	sureWrong int // cells read wrong with a confidence of at least sure
	unsure    int // cells read with a confidence under sure
}

// add counts cell c as rule r reads it, and reports whether Tesseract was
// asked about it.
func (t *tally) add(r rule, c *cell, started bool) bool {
	d, conf, asked := r.read(c, started)
	if asked {
		t.asked++
	}
	if d != c.truth {
		t.wrong++
		if conf >= sure {
			t.sureWrong++
		}
	}
	if conf < sure {
		t.unsure++
	}
	return asked
}
