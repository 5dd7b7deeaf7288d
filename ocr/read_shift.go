package ocr

import (
	"context"
	"math"
)

// A lattice a cell off (read_shift.go): Detect fits a lattice of ten
// lines each way, and now and then it fits one a cell off the grid's own,
// where the page beside the grid has a line or an edge a cell from the
// grid's border (a row of text above an app's board, the edge of its
// number pad, a white margin around a blurred grid). Such a lattice
// shares eight of its lines each way with the grid's, so its lines stand
// out about as well. Its reading has a row or column of the page in it
// and loses one of the grid's: the digits read make no puzzle. The solver
// tells the two lattices apart where the lines do not: readShifted reads
// the lattices a cell off the one detected, and takes the one whose
// givens make a proper puzzle. Tested in read_shift_test.go.

// readShifted returns the reading of the lattice a cell off the detected
// one (in any of the eight directions) whose givens make a proper puzzle,
// when it is the only one, and the reading best of the detected lattice
// has a clash or no solution though its cells were read about as surely
// as a clear grid's (shiftConfidence); otherwise best. The lattices are
// read at best's angle, side by side, each without the second opinion
// first (readEach, as glanceAt reads the other angles), and that opinion
// asked where such a reading checks out.
func readShifted(ctx context.Context, pic *photo, best *angleReading, rec Recognizer, clock *stageClock) (*angleReading, error) {
	if best.check.solutions != 0 || best.split.meanConf < shiftConfidence {
		return best, nil
	}
	b := pic.gray.Bounds()
	var pics []*photo
	for dv := -1; dv <= 1; dv++ {
		for du := -1; du <= 1; du++ {
			if du == 0 && dv == 0 {
				continue
			}
			q, ok := shiftedQuad(pic.corners, du, dv)
			if !ok || !within(q, b.Dx(), b.Dy(), shiftMargin) {
				continue
			}
			pics = append(pics, &photo{dec: pic.dec, gray: pic.gray, corners: q, around: pic.around})
		}
	}
	out, err := readEach(ctx, len(pics), func(k int) (*photo, int) { return pics[k], best.turns }, readerOf(rec), clock)
	if err != nil {
		return nil, err
	}
	var found *angleReading
	for _, a := range out {
		if a.check.solutions != 1 {
			continue
		}
		if err := a.settle(ctx, clock); err != nil {
			return nil, err
		}
		if a.check.solutions != 1 {
			continue
		}
		if found != nil {
			return best, nil // two lattices check out: neither is sure
		}
		found = a
	}
	if found == nil {
		return best, nil
	}
	return found, nil
}

// shiftConfidence is the mean confidence over the cells from which a
// reading that makes no puzzle gets its lattices a cell off read: a
// lattice a cell off reads 72 of the grid's cells as well as the grid's
// own would, and its mean stays near a clear reading's (0.974-0.9999 on
// the three such synthetic pictures of TestReadLatticeACellOff), while
// digits misread on a blurred, noisy or badly compressed page make no
// puzzle at a lower mean (on the 498 degraded pictures of newspaper-dev
// and seed 3505, 89 readings made no puzzle, at 0.63-0.970, median 0.863;
// 2 of them at 0.95 or more), and their lattices a cell off cost time and
// never checked out.
const shiftConfidence = 0.95

// shiftMargin is how far, as a share of a cell, a lattice a cell off may
// reach out of the picture and still be read.
const shiftMargin = 0.5

// shiftedQuad returns the corners of the lattice of q moved du cells along
// its top side and dv cells along its left side, in the perspective of q.
// It reports false when q is degenerate.
func shiftedQuad(q Quad, du, dv int) (Quad, bool) {
	h, ok := squareToQuad(q)
	if !ok {
		return Quad{}, false
	}
	var out Quad
	for i, c := range [4]Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		x, y := h.apply(c.X+float64(du)/9, c.Y+float64(dv)/9)
		if math.IsNaN(x) || math.IsNaN(y) { // the point is at infinity
			return Quad{}, false
		}
		out[i] = Point{x, y}
	}
	return out, true
}

// within reports whether every corner of q lies in a w x h picture, or
// outside it by at most margin of q's mean cell side.
func within(q Quad, w, h int, margin float64) bool {
	l := q.sides()
	m := margin * (l[0] + l[1] + l[2] + l[3]) / 36
	for _, p := range q {
		if p.X < -m || p.Y < -m || p.X > float64(w)+m || p.Y > float64(h)+m {
			return false
		}
	}
	return true
}
