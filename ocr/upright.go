package ocr

import (
	"context"
	"math"
	"slices"
	"time"
)

// The photo's angle (upright.go): readUpright runs the stages from
// rectify to check once for every angle of the photo worth trying, readAt
// at one angle, and keeps the best reading (betterTry). Tested in
// read_test.go (TestReadOrientation).

// angleReading is the reading of a photo turned upright by turns quarter
// turns clockwise: the outcome of each stage at that angle.
type angleReading struct {
	turns int
	rect  rectified
	split split
	check checked
	// rec is what the split was made from, and again how to read its
	// cells once more with a second opinion on the printed digits, until
	// settle has asked (nil: no one to ask).
	rec   *recognized
	again askFunc
}

// readFunc reads the cells of a grid: a [Recognizer]'s Recognize. It may
// also return how to read them again with a second opinion on the
// printed digits (see readerOf).
type readFunc func(context.Context, Cells) ([81]CellReading, askFunc, error)

// readerOf returns the readFunc of rec: its reading without its second
// opinion, which readAt asks only when the solver cannot settle the
// givens, when rec can wait for it (a [deferringRecognizer]), or else
// its Recognize.
func readerOf(rec Recognizer) readFunc {
	if d, ok := rec.(deferringRecognizer); ok {
		return d.recognizeFirst
	}
	return func(ctx context.Context, c Cells) ([81]CellReading, askFunc, error) {
		rs, err := rec.Recognize(ctx, c)
		return rs, nil, err
	}
}

// sureAngle is the mean confidence over the cells from which a reading of
// the stored pixels' own orientation that checks out is taken without
// trying the angle of the EXIF tag. Its origin records no measurement.
const sureAngle = 0.9

// readUpright reads the photo at the angles worth trying and returns the
// best reading. The stored pixels' own orientation comes first, then the
// EXIF tag's when the first reading is not convincing (sureAngle): the tag
// is tested, not trusted (some phones tag photos whose pixels are already
// upright). Both are read before either is given its second opinion
// (settle), and one read surely needs none: a photo stored on its side and
// tagged so does not have its digits lying on their side read again with
// Tesseract's help (starting Tesseract for nothing). When neither gives a
// proper puzzle, the other angles are tried too (readOtherAngles).
func readUpright(ctx context.Context, pic *photo, rec Recognizer, clock *stageClock) (*angleReading, error) {
	tried := []int{0}
	if tt := ExifTurns(pic.dec.Orientation); tt != 0 {
		tried = append(tried, tt)
	}
	var reads []*angleReading
	for _, turns := range tried {
		cur, err := readAt(ctx, pic, turns, readerOf(rec), clock)
		if err != nil {
			return nil, err
		}
		if cur.sureGivens() && cur.split.meanConf > sureAngle {
			return cur, nil
		}
		reads = append(reads, cur)
	}
	var best *angleReading
	for _, cur := range reads {
		if err := cur.settle(ctx, clock); err != nil {
			return nil, err
		}
		if best == nil || cur.better(best) {
			best = cur
		}
		if best.check.solutions == 1 && best.split.meanConf > sureAngle {
			break // no need to settle the other orientation
		}
	}
	if best.check.solutions == 1 {
		return best, nil
	}
	var others []int
	for t := range 4 {
		if !slices.Contains(tried, t) {
			others = append(others, t)
		}
	}
	return readOtherAngles(ctx, pic, rec, others, best, clock)
}

// readOtherAngles looks for a proper puzzle at the angles not tried yet
// (turns), best being the best reading of those tried. The photo may be
// stored on its side or upside down with no EXIF tag saying so (a
// screenshot, an app that strips the tag). The solver check picks the
// angle, as confidence alone does not (digits upside down read as
// confidently as upright ones). The other angles get a glance first
// (glanceAt: the reading without its second opinion), side by side, and
// the second opinion the solver may ask for (settle) only where the glance
// gives a proper puzzle or, when none does, at the likeliest angle when it
// beats best: photos that are just hard to read pay little for it, and
// Tesseract is not asked about digits upside down.
func readOtherAngles(ctx context.Context, pic *photo, rec Recognizer, turns []int, best *angleReading, clock *stageClock) (*angleReading, error) {
	glances, err := glanceAt(ctx, pic, turns, readerOf(rec), clock)
	if err != nil {
		return nil, err
	}
	var likeliest *angleReading // the best glance without a proper puzzle
	for _, g := range glances {
		if g.check.solutions != 1 {
			if likeliest == nil || g.better(likeliest) {
				likeliest = g
			}
			continue
		}
		if err := g.settle(ctx, clock); err != nil {
			return nil, err
		}
		if g.better(best) {
			best = g
		}
		if best.check.solutions == 1 {
			return best, nil
		}
	}
	if likeliest == nil || !likeliest.better(best) {
		return best, nil
	}
	if err := likeliest.settle(ctx, clock); err != nil {
		return nil, err
	}
	if likeliest.better(best) {
		best = likeliest
	}
	return best, nil
}

// glanceAt reads the photo at each of turns with read, side by side (see
// readEach), and returns the readings in the order of turns.
func glanceAt(ctx context.Context, pic *photo, turns []int, read readFunc, clock *stageClock) ([]*angleReading, error) {
	return readEach(ctx, len(turns), func(k int) (*photo, int) { return pic, turns[k] }, read, clock)
}

// readEach reads n grids with read, side by side, the k-th the photo at(k)
// turned upright by its quarter turns (readAt), and returns the readings
// in that order: the readings share nothing but the picture, which none
// changes. Each reading's stages are timed on a clock of its own, added to
// clock in that order: they ran at once, so the stages' times add up to
// more than the time they took.
func readEach(ctx context.Context, n int, at func(k int) (*photo, int), read readFunc, clock *stageClock) ([]*angleReading, error) {
	out := make([]*angleReading, n)
	errs := make([]error, n)
	clocks := make([]stageClock, n)
	eachAtOnce(n, func(k int) {
		clocks[k].last = time.Now()
		pic, turns := at(k)
		out[k], errs[k] = readAt(ctx, pic, turns, read, &clocks[k])
	})
	clock.add(clocks...)
	for _, err := range errs {
		if err != nil {
			return nil, err // the first reading's: all end alike when ctx does
		}
	}
	return out, nil
}

// readAt runs the stages from rectify to check on the photo turned upright
// by turns quarter turns, its cells read with read, without the second
// opinion read may ask for (see settle).
func readAt(ctx context.Context, pic *photo, turns int, read readFunc, clock *stageClock) (*angleReading, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a := &angleReading{turns: turns}
	a.rect.grid = pic.gridAt(turns)
	clock.lap("rectify")
	a.rect.cells = Cut(a.rect.grid)
	raw := a.rect.cells.Raw
	seat := seatOf(raw, a.rect.cells.lines)
	a.rect.unseated = seat.unseated(raw.Rect.Dx())
	clock.lap("cut")
	rec, again, err := recognize(ctx, read, pic, &a.rect)
	if err != nil {
		return nil, err
	}
	clock.lap("recognize")
	a.rec, a.again = rec, again
	a.splitAndCheck(clock)
	return a, nil
}

// settle asks the second opinion on the printed digits, once, when there
// is one to ask and the givens do not check out surely (sureGivens), and
// runs the split and check stages again on the new readings.
func (a *angleReading) settle(ctx context.Context, clock *stageClock) error {
	again := a.again
	a.again = nil
	if again == nil || a.sureGivens() {
		return nil
	}
	rs, asked, err := again(ctx)
	if err != nil {
		return err
	}
	clock.lap("recognize")
	if asked {
		a.rec.readings = rs
		a.splitAndCheck(clock)
	}
	return nil
}

// splitAndCheck runs the split and check stages on the readings a.rec.
func (a *angleReading) splitAndCheck(clock *stageClock) {
	a.split = splitCells(a.rec)
	unseat(&a.split.cells, a.rect.unseated)
	temperPage(&a.split.cells)
	clock.lap("split")
	a.check = check(&a.split)
	clock.lap("check")
}

// sureGivens reports whether the givens make a proper puzzle and every one
// of them is read surely: the reading needs no second opinion on its
// printed digits (where the givens checked out so without it, Tesseract's
// changed no digit read on 326 dev photos, and one of 442 synthetic
// pictures, for the worse: docs/reading.md).
func (a *angleReading) sureGivens() bool {
	if a.check.solutions != 1 {
		return false
	}
	for _, c := range a.split.cells {
		if c.Kind == KindGiven && c.Confidence < SureConfidence {
			return false
		}
	}
	return true
}

// rectified is the outcome of the rectify and cut stages at one angle:
// the grid brought square, and its cells.
type rectified struct {
	grid  Rectified
	cells Cells
	// unseated are the cells where the cut's lattice does not sit on the
	// picture's lines (see latticeSeat.unseated).
	unseated [81]bool
}

// better reports whether reading a beats reading b of the same photo at
// another angle (see betterTry).
func (a *angleReading) better(b *angleReading) bool {
	return betterTry(try{a.check.solutions, a.split.meanConf, len(a.check.doubtful)},
		try{b.check.solutions, b.split.meanConf, len(b.check.doubtful)})
}

// angleGap is how much more confident, over the mean of the cells, a
// reading at one angle must be than at another to win whatever the
// solver says: digits read on their side come out much less confident.
// Its origin records no measurement.
const angleGap = 0.08

// TurnQuad returns corners q found in a picture's stored pixels in the
// reading order of the picture turned clockwise by turns quarter turns.
func TurnQuad(q Quad, turns int) Quad { return turnQuad(q, turns) }

// try is what betterTry weighs of a reading at one angle: how many
// solutions its givens have, its mean confidence over the cells and how
// many cells it names to check.
type try struct {
	solutions int
	conf      float64
	doubtful  int
}

// betterTry orders readings of one grid at different angles. Digits read
// on their side come out much less confident, so a clearly more confident
// reading wins; between close ones a unique solution decides, unless it
// was reached by naming more cells to check than the other reading does
// (digits read upside down give a unique solution now and then, from many
// unsure cells), then confidence.
func betterTry(a, b try) bool {
	if math.Abs(a.conf-b.conf) > angleGap {
		return a.conf > b.conf
	}
	if (a.solutions == 1) != (b.solutions == 1) {
		unique, other := a, b
		if b.solutions == 1 {
			unique, other = b, a
		}
		if unique.doubtful <= other.doubtful {
			return a.solutions == 1
		}
	}
	return a.conf > b.conf
}

// ExifTurns returns the quarter turns clockwise an EXIF orientation asks
// for. Mirrored orientations (2, 4, 5, 7) count as their rotation alone:
// phones do not mirror photos of paper.
func ExifTurns(o int) int {
	switch o {
	case 3, 4:
		return 2
	case 5, 6:
		return 1
	case 7, 8:
		return 3
	}
	return 0
}

// turnQuad reorders corners found in the stored pixels (top-left first as
// stored) for a photo that must be turned clockwise by turns quarter turns
// to be upright: after a quarter turn clockwise, the stored bottom-left
// corner is the top-left one.
func turnQuad(q Quad, turns int) Quad {
	var out Quad
	for i := range out {
		out[i] = q[(i+4-turns%4)%4]
	}
	return out
}
