package ocr

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"math"
	"slices"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
	"github.com/sudokubot/sudokubot/solver"
)

// netRecognizer is the [Recognizer] of this package: the trained cell
// classifier (package digitnet) reads every cell, and a [DigitReader]
// (Tesseract, in the product) gives a second opinion on the printed digits
// the network is least sure of.
type netRecognizer struct {
	net    *digitnet.Net
	digits DigitReader // nil: the network alone
}

// The second opinion's rule, measured on the development folders and a
// synthetic set (train/secondop, docs/reading.md): printed digits the
// network gives less than secondBelow are read again by the DigitReader,
// among the other printed digits of the grid, and the two opinions are
// multiplied, the reader's weighed by secondWeight (0.5 until the ensemble
// of 2026-11-28, which errs less than the network before it: measured again
// with it, Tesseract at 0.5 read more digits wrong, and more surely wrong,
// than the ensemble alone; at 0.3 fewer). [Read] asks the reader only when
// the solver cannot settle the givens the network read (see
// recognizeFirst): starting Tesseract costs a command more than reading the
// picture, and where the givens check out surely without it its opinion
// changed no digit read (326 dev photos). Recognize, for a caller without
// the solver, asks it in a picture with a printed digit under startBelow,
// one that would be named as doubtful. Once asked, it reads every printed
// digit, and its opinion counts for those under secondBelow: Tesseract
// reads the glyphs as a line of text and reads a doubtful digit better
// among clear ones (a JPEG at quality 5 read its doubtful givens worse when
// they were alone in the line; see secondOpinion).
const (
	secondBelow  = 0.999
	startBelow   = SureConfidence
	secondWeight = 0.3
)

// loneTrust is how much a lone small digit's reading is trusted, the
// network having taken the cell for pencil marks: never enough to be sure
// (a pencil mark drawn large in the middle of its cell looks the same), so
// the cell is named as one to check.
const loneTrust = 0.9

// emptyBelow is the darkness under which a prepared cell in full light is
// taken for empty without asking the network: no pixel of its middle
// stands out from the paper (most empty cells of a puzzle). In a shadow
// the bar is lower ([shade]). Such a cell is read as empty with
// blankConfidence. Their origin records no measurement; lowering the bar
// for every cell reads the print showing through a newspaper page as
// unsure digits (docs/reading.md, twelfth session).
const (
	emptyBelow      = 0.22
	blankConfidence = 0.9999
)

// Floors that keep a ratio or a logarithm finite: tinyKinds for the sum
// of the network's print and hand probabilities, tinyP for a digit's
// probability. They are far below any probability that decides a reading.
const (
	tinyKinds = 1e-6
	tinyP     = 1e-4
)

// Recognize implements [Recognizer]: the network's reading, with the
// DigitReader's second opinion when a printed digit would be named as
// doubtful.
func (r *netRecognizer) Recognize(ctx context.Context, c Cells) ([81]CellReading, error) {
	out, again, err := r.recognizeFirst(ctx, c)
	if err != nil || again == nil {
		return out, err
	}
	if doubtfulGiven(&out) {
		out, _, err = again(ctx)
	}
	return out, err
}

// doubtfulGiven reports whether the readings hold a printed digit under
// startBelow, one that would be named as doubtful: a picture in which the
// DigitReader is likely to be asked.
func doubtfulGiven(out *[81]CellReading) bool {
	for _, o := range out {
		if o.Kind == KindGiven && o.Confidence < startBelow {
			return true
		}
	}
	return false
}

// recognizeFirst reads the cells with the network alone and returns, with
// the readings, how to ask the DigitReader about the printed digits later
// (nil without a DigitReader): [Read] asks only when the solver cannot
// settle the givens.
func (r *netRecognizer) recognizeFirst(ctx context.Context, c Cells) ([81]CellReading, askFunc, error) {
	var out [81]CellReading
	if err := ctx.Err(); err != nil {
		return out, nil, err
	}
	if c.Img == nil {
		for i := range out {
			out[i] = CellReading{Kind: KindEmpty, Confidence: 1}
		}
		return out, nil, nil
	}
	lv := digitnet.GridLevels(c.Img, c.Rects[:])
	inputs := make([]float32, 81*digitnet.InputLen)
	shades := c.shades()
	var ask []int // cells worth the network's time
	for i, rect := range c.Rects {
		in := inputs[i*digitnet.InputLen : (i+1)*digitnet.InputLen]
		digitnet.Prepare(c.Img, rect, lv, in)
		if blank(in, emptyBelow*shades[i]) {
			out[i] = CellReading{Kind: KindEmpty, Confidence: blankConfidence}
			continue
		}
		ask = append(ask, i)
	}
	packed := make([]float32, 0, len(ask)*digitnet.InputLen)
	for _, i := range ask {
		packed = append(packed, inputs[i*digitnet.InputLen:(i+1)*digitnet.InputLen]...)
	}
	outs := make([]digitnet.Output, len(ask))
	r.net.Classify(packed, outs)
	probs := make(map[int]*[10]float64, len(ask)) // digit probabilities of single-digit cells
	reads := map[int]markReading{}                // the marks read in the cells the network takes for pencil marks
	raw := c.raw()
	var markCells, markKs []int // the cells the network takes for pencil marks, and their index in ask
	for k, i := range ask {
		out[i], probs[i] = netReading(&outs[k])
		if out[i].Kind == KindMarks {
			markCells, markKs = append(markCells, i), append(markKs, k)
		}
	}
	mark := r.readMarkCells(&out, reads, outs, markCells, markKs, raw, c, lv)
	small := map[int]bool{}    // the cells read as one small digit
	sized := map[int]float64{} // the digits weighed by their height (weighSmallDigits)
	lones, marked := settleLones(&out, probs, reads, outs, ask, c, lv, small, sized)
	if marked {
		wideMarks(&out, c, outs, ask, small)
	}
	settleHands(&out, outs, ask)
	if p := smallHand(&out, lones); p > evenChance {
		r.smallInBlanks(&out, ask, raw, c, lv, p)
	}
	if marked {
		r.marksInBlanks(&out, ask, raw, c, lv, reads, mark)
	}
	emptyUnlessMarked(&out, outs, markCells, markKs)
	placeMarks(&out, reads)
	doubtMissedMarks(&out, outs, markCells, markKs)
	for k, i := range ask {
		if out[i].Digit != 0 && out[i].Hand == 0 {
			out[i].Hand = float64(handShareOf(&outs[k]))
		}
	}
	if r.digits == nil {
		return out, nil, nil
	}
	first := out
	again := func(ctx context.Context) ([81]CellReading, bool, error) {
		out := first
		asked, err := r.secondOpinion(ctx, c, &out, probs, outs, ask, small, sized)
		return out, asked, err
	}
	return out, again, nil
}

// marksOverEmpty is how much likelier than an empty cell the network must
// find a cell of pencil marks for it to be read as one: the network's odds
// of marks against nothing overstate the marks on a photo. Measured on
// the cells it read as marks (at every angle read), the share of them
// that held marks in truth, by its odds:
//
//	odds of marks          under 9  9-32   32-99  99-199  199-999  999 up
//	newspaper-dev, its variants
//	and shadowed copies    0/55     0/10   0/7    0/2     0/4      0/7
//	the same at quality 5  0/976    0/603  0/440  0/269   0/442    0/443
//	handwritten-dev and
//	its variants           1/21     1/5    2/5    2/3     12/13    1093/1098
//	screens-dev and its
//	variants               1/1      0/0    0/0    1/1     6/6      632/632
//	synthetic 4608, 4611,
//	4612                   0/3      0/1    1/3    1/2     6/9      4159/4192
//	synthetic 4503, 4504 at
//	480 px and quality 5,
//	4601 shadowed          141/636  78/262 75/223 51/143  139/294  1420/1733
//
// Under odds of 99 a cell read so is likelier empty on every set; from
// 99 up it holds marks more often than not, except on pages with no marks
// at all.
//
// On a degraded page (most of its digits read unsurely: JPEG quality 5)
// the odds are tempered as the page's digits are (pageTemperature): the
// odds must reach 99 to the power of the page's temperature. Measured
// with the temperature and without: newspaper-dev at quality 5, 226 ->
// 72 empty cells read as marks; synthetic 4503 and 4504 at 480 pixels
// and quality 5, 3 -> 2 and 8 -> 1, their mark cells read with their
// digits unchanged (41 and 46); every other set the same.
const marksOverEmpty = 99

// emptyUnlessMarked reads as empty each cell the network took for pencil
// marks (cells, whose outputs are outs at ks) and that is still read so,
// when the network's odds of marks against an empty cell are under
// marksOverEmpty (tempered by the page's temperature, from the digits
// read so far). The cell holds no digit as surely as before: only what
// it holds besides is told otherwise.
func emptyUnlessMarked(out *[81]CellReading, outs []digitnet.Output, cells, ks []int) {
	bar := math.Pow(marksOverEmpty, pageTemperature(out))
	for j, i := range cells {
		o := &outs[ks[j]]
		if out[i].Kind != KindMarks || float64(o.Kind[digitnet.KindMarks]) >= bar*float64(o.Kind[digitnet.KindEmpty]) {
			continue
		}
		out[i] = CellReading{Kind: KindEmpty, Confidence: out[i].Confidence, Alternatives: out[i].Alternatives, digits: out[i].digits}
	}
}

// The grid-level rule for handwriting: a digit is the player's when the
// network finds it written by hand (handShare of the digit's probability
// on handwriting), but a grid where only one or two digits look
// handwritten, none of them surely (sureHand), is all print (a printed
// digit blurred or in an unusual typeface).
const (
	minHands  = 3
	sureHand  = 0.99
	handShare = 0.8
	// In a grid with at least manyHands digits surely written by hand,
	// the player's pen is known to be there, and a digit is theirs when
	// handwriting is likelier than print (handShareAmongHands).
	manyHands           = 5
	handShareAmongHands = 0.5
)

// settleHands decides given or entry for every digit read, by the rule
// above.
func settleHands(out *[81]CellReading, outs []digitnet.Output, ask []int) {
	hand := map[int]float32{}
	n, sure := 0, false
	for k, i := range ask {
		if out[i].Digit == 0 {
			continue
		}
		p := handShareOf(&outs[k])
		hand[i] = p
		if p > handShare {
			n++
			sure = sure || p > sureHand
		}
	}
	few := n < minHands && !sure
	share := float32(handShare)
	if n >= manyHands {
		share = handShareAmongHands
	}
	for i, p := range hand {
		if p > share && !few {
			out[i].Kind = KindEntry
		} else {
			out[i].Kind = KindGiven
		}
	}
}

// The grid-level decision for small handwriting: some players write their
// digits small, anywhere in the cell, and one at a time such a digit
// looks like a single pencil mark. What tells the two apart is the grid:
// every cell not read as a digit holds one small glyph (a lone), several
// marks, or nothing, and a player who writes small and a player who
// pencils in candidates leave these three in very different shares. A
// player who writes small fills the grid with lones (a few of them read
// as empty or as two marks); a player who pencils candidates leaves most
// such cells empty, some with several marks, few with one. smallHand
// weighs the grid's counts of the three by the two players' shares
// (naive Bayes, each cell on its own, even odds before), and reads the
// lones as the player's entries, or keeps them as marks, as surely as
// that and the network's reading of each allow: a grid that could be
// either names its lones as cells to check.
//
// The shares were measured with smallHand left out, over the cells read
// as no digit: smallWriter on 60 synthetic photos of a newspaper puzzle
// completed in small pen digits (train/synthset -split train -looks
// pen-small -seed 4201: the training writers, never the test set's),
// marker on the train_* photos of handwritten-dev and on screens-dev.
var (
	smallWriter = cellShares{lone: 0.947, several: 0.015, empty: 0.038}
	marker      = cellShares{lone: 0.043, several: 0.118, empty: 0.839}
)

// cellShares are the shares of the cells not read as a digit that are
// read as one pencil mark, several, or none.
type cellShares struct{ lone, several, empty float64 }

// smallHandChance is the probability that the player of the grid out
// writes their digits small, rather than pencilling candidates, given how
// many of the cells not read as a digit hold one mark (lones), several
// or none.
func smallHandChance(out *[81]CellReading, lones map[int]markReading) float64 {
	var logOdds float64
	for i, r := range out {
		switch _, lone := lones[i]; {
		case lone:
			logOdds += math.Log(smallWriter.lone / marker.lone)
		case r.Digit != 0:
		case r.Kind == KindMarks && r.Marks.Len() >= 2:
			logOdds += math.Log(smallWriter.several / marker.several)
		case r.Kind == KindMarks: // a glyph read as no digit
			logOdds += math.Log(smallWriter.lone / marker.lone)
		default:
			logOdds += math.Log(smallWriter.empty / marker.empty)
		}
	}
	return 1 / (1 + math.Exp(-logOdds))
}

// handShareOf is the share of the network's probability that a cell holds
// a digit that goes to handwriting.
func handShareOf(o *digitnet.Output) float32 {
	return o.Kind[digitnet.KindHand] / max(o.Kind[digitnet.KindHand]+o.Kind[digitnet.KindPrinted], tinyKinds)
}

// smallHand makes the decision above for the cells read as one pencil
// mark, lones, and returns the probability that the player writes small.
// Where they more likely do, each lone is their entry, read as surely as
// both the network and the decision allow, and so is every other cell
// read as pencil marks: the grid of a player who writes small holds no
// marks, so such a cell is a small digit misread (two glyphs taken for
// two marks, or one beside specks), the likeliest of the digits its marks
// and the network's alternatives name, read no more surely than any of
// them was; a cell read as empty is read no more surely than that the
// player does not write small, as the grid of one who does is filled in.
// Else the lones stay marks, read no more surely than that the player
// pencils candidates.
func smallHand(out *[81]CellReading, lones map[int]markReading) float64 {
	if len(lones) == 0 {
		return 0
	}
	p := smallHandChance(out, lones)
	for i := range out {
		mr, lone := lones[i]
		if !lone && p > evenChance && out[i].Kind == KindMarks {
			// A grid written small holds no marks: a small digit misread.
			mr, lone = misreadSmall(out[i])
		}
		switch {
		case out[i].Digit != 0:
		case p > evenChance && lone:
			out[i] = smallEntry(mr, p)
		case lone || p > evenChance:
			// A lone kept as a mark, or a cell of a grid written small
			// read as no digit.
			out[i].Confidence = min(out[i].Confidence, 1-p)
			out[i].MarksConfidence = min(out[i].MarksConfidence, 1-p)
		}
	}
	return p
}

// misreadSmall returns the small digit a cell read as pencil marks, r,
// most likely is, and false when nothing names one: each digit as likely
// as the network's alternative for it or its share of the marks read,
// whichever is more.
func misreadSmall(r CellReading) (markReading, bool) {
	var mr markReading
	for _, a := range r.Alternatives {
		if a.Digit != 0 {
			mr.loneDigits[a.Digit-1] = max(mr.loneDigits[a.Digit-1], a.Confidence)
		}
	}
	for d := range r.Marks.All() {
		mr.loneDigits[d-1] = max(mr.loneDigits[d-1], r.MarksConfidence/float64(r.Marks.Len()))
	}
	for d, q := range mr.loneDigits {
		if q > mr.loneP {
			mr.lone, mr.loneP = d+1, q
		}
	}
	return mr, mr.lone != 0
}

// smallEntry is the player's entry written small that mr read, where the
// player writes small with probability p: the digit mr read, or another
// it may be, or (where the player does not write small) none.
func smallEntry(mr markReading, p float64) CellReading {
	r := CellReading{Kind: KindEntry, Digit: mr.lone, Confidence: mr.loneP * p, Hand: 1}
	for d, q := range mr.loneDigits {
		if d+1 != mr.lone && q*p > tinyP {
			r.Alternatives = append(r.Alternatives, Alternative{Digit: d + 1, Confidence: q * p})
		}
	}
	if 1-p > tinyP {
		// No digit at all only where the player does not write small:
		// the grid of one who does is filled in.
		r.Alternatives = append(r.Alternatives, Alternative{Digit: 0, Confidence: 1 - p})
	}
	slices.SortStableFunc(r.Alternatives, func(a, b Alternative) int { return cmp.Compare(b.Confidence, a.Confidence) })
	return r
}

// readMarkCells reads the pencil marks of the cells the network takes for
// marks (markCells, their outputs outs[markKs[j]]) mark by mark: each
// mark read on its own, at the grid's resolution, reads better than the
// marks head's view of the whole cell. On a page whose marks read legibly
// (an app's, marksLegible), they are read again with the lines across
// their cells cleared, and with the marks a cell's edge cuts (readMarks);
// a cell where they find none keeps its first reading. Each cell's
// reading goes into out and reads. It returns the size of the page's
// marks (zero when they were too few to tell).
func (r *netRecognizer) readMarkCells(out *[81]CellReading, reads map[int]markReading, outs []digitnet.Output, markCells, markKs []int, raw *image.Gray, c Cells, lv digitnet.Levels) markSize {
	rects := rectsOf(c, markCells)
	var mark markSize
	glyphs := glyphsRead{} // the second pass reads again only the glyphs it finds anew
	for _, lines := range []bool{false, true} {
		if lines && !marksLegible(out) {
			break
		}
		var read []markReading
		read, mark = r.readMarks(raw, rects, lv, c.heightShare, lines, markSize{}, glyphs)
		for j, mr := range read {
			if k, i := markKs[j], markCells[j]; mr.marks != 0 {
				out[i].Marks = mr.marks
				out[i].MarksConfidence = mr.conf * float64(outs[k].Kind[digitnet.KindMarks])
				reads[i] = mr
			}
		}
	}
	return mark
}

// doubtMissedMarks weighs the confidence of each cell read as pencil marks
// among the cells the network takes for marks (markCells, their outputs
// outs[markKs[j]]) by the chance that its marks, read glyph by glyph,
// missed none (notMissed): a mark lost with a line or cut off by the
// cell's edge leaves the others read surely, and a check would call them
// wrong for leaving out the right digit. It comes last, once the page's
// legibility (marksLegible) and every mark's reading are settled.
func doubtMissedMarks(out *[81]CellReading, outs []digitnet.Output, markCells, markKs []int) {
	for j, i := range markCells {
		if out[i].Kind == KindMarks {
			out[i].MarksConfidence *= notMissed(out[i].Marks, &outs[markKs[j]])
		}
	}
}

// notMissed is the chance that marks, read glyph by glyph, miss none of
// the marks the network's marks head sees in the whole cell (o): the
// product, over the digits it gives more than markDigit and the glyphs
// did not read, of the head's chance that the digit is not there.
func notMissed(marks solver.DigitSet, o *digitnet.Output) float64 {
	p := 1.0
	for d, q := range o.Marks {
		if q > markDigit && !marks.Has(d+1) {
			p *= 1 - float64(q)
		}
	}
	return p
}

// smallInBlanks reads the small digits of a grid written small in the
// cells blank read as empty without asking the network: blank looks in a
// cell's middle only, and a digit written small may stand anywhere in
// its cell. A cell where one small digit is found becomes the player's
// entry (smallEntry), p the probability that the player writes small.
func (r *netRecognizer) smallInBlanks(out *[81]CellReading, asked []int, raw *image.Gray, c Cells, lv digitnet.Levels, p float64) {
	blanks := blankCells(out, asked)
	read, _ := r.readMarks(raw, rectsOf(c, blanks), lv, c.heightShare, false, markSize{}, glyphsRead{})
	for j, mr := range read {
		if mr.lone != 0 {
			out[blanks[j]] = smallEntry(mr, p)
		}
	}
}

// marksInBlanks reads the pencil marks of a grid that keeps them (see
// markedGrid) in the cells blank read as empty without asking the
// network: blank looks in a cell's middle only, and an app that sets a
// cell's marks out as a keypad draws all but the middle one along the
// cell's sides, so a cell holding only those looks blank there. It does
// so only on a page whose marks are legible, the median confidence of the
// marks the network found at least legibleMarks: where they are not (a
// small, coarse JPEG; a blurred photo whose specks the network took for
// marks), the specks of a blank cell read as marks too. A cell is read as
// marks when they are likelier read right than not (evenChance); its
// reading goes into reads.
func (r *netRecognizer) marksInBlanks(out *[81]CellReading, asked []int, raw *image.Gray, c Cells, lv digitnet.Levels, reads map[int]markReading, mark markSize) {
	if !marksLegible(out) {
		return
	}
	blanks := blankCells(out, asked)
	read, _ := r.readMarks(raw, rectsOf(c, blanks), lv, c.heightShare, true, mark, glyphsRead{})
	for j, mr := range read {
		if i := blanks[j]; mr.marks != 0 && mr.conf >= evenChance {
			out[i] = CellReading{Kind: KindMarks, Confidence: out[i].Confidence, Marks: mr.marks, MarksConfidence: mr.conf}
			reads[i] = mr
		}
	}
}

// marksLegible reports whether the pencil marks of out read legibly: the
// median confidence of the cells read as marks is at least legibleMarks.
func marksLegible(out *[81]CellReading) bool {
	var confs []float64
	for _, o := range out {
		if o.Kind == KindMarks {
			confs = append(confs, o.MarksConfidence)
		}
	}
	return len(confs) > 0 && medianOf(confs) >= legibleMarks
}

// blankCells are the cells read as empty that the network was not asked
// about (blank's).
func blankCells(out *[81]CellReading, asked []int) []int {
	var cells []int
	for i := range out {
		if out[i].Kind == KindEmpty && !slices.Contains(asked, i) {
			cells = append(cells, i)
		}
	}
	return cells
}

// rectsOf returns the boxes of cells.
func rectsOf(c Cells, cells []int) []image.Rectangle {
	boxes := make([]image.Rectangle, len(cells))
	for k, i := range cells {
		boxes[k] = c.Rects[i]
	}
	return boxes
}

// legibleMarks is the median confidence of a page's pencil marks above
// which marksInBlanks looks for more. Measured on the screenshots and
// synthetic sets (docs/reading.md, twentieth session): an app's pages
// read their marks at a median of 0.77 to 1; blurred newspaper photos and
// 480-pixel screenshots at JPEG quality 5, where a blank cell's specks
// read as marks, at 0.64 and under (so do some synthetic book photos'
// tiny pencil marks, whose blank cells are then left as read).
const legibleMarks = 0.7

// shades returns the share of the grid's typical light that falls on
// each cell ([shade]), measured on the paper's gray levels (Light): the
// paper of a colour picture's Img is its colour distance from itself, the
// same in a shadow. All 1 when Light is not known.
func (c Cells) shades() [81]float32 {
	var out [81]float32
	if c.Light == nil {
		for i := range out {
			out[i] = 1
		}
		return out
	}
	var papers [81]float64
	for i, r := range c.Rects {
		papers[i] = float64(digitnet.Paper(c.Light, r))
	}
	lit := float32(medianOf(slices.Clone(papers[:]))) // medianOf sorts
	for i, p := range papers {
		out[i] = shade(float32(p), lit)
	}
	return out
}

// shade is the share of the grid's typical light that falls on a cell
// whose paper is at level paper: 1 on a cell as light as the typical one
// or lighter, less in a shadow, never less than minShade. Ink on paper
// is darker than its paper by a share of the light that falls on both
// (a photo's gamma keeps it a share), so a digit in a shadow stands out
// from its paper by that much less than the grid's clear digits do.
func shade(paper, lit float32) float32 {
	if lit <= 0 {
		return 1
	}
	return min(1, max(minShade, paper/lit))
}

// minShade bounds [shade] below: in a cell much darker than the page,
// the camera's noise stands out as much as ink would.
const minShade = 0.3

// blank reports whether a prepared cell is plainly empty: nothing in its
// middle darker than below (emptyBelow in full light, less in a shadow).
func blank(in []float32, below float32) bool {
	const side, m = digitnet.Side, digitnet.Side / 6
	for y := m; y < side-m; y++ {
		for _, v := range in[y*side+m : y*side+side-m] {
			if v > below {
				return false
			}
		}
	}
	return true
}

// netReading turns the network's output into a reading: the likeliest of
// "empty", "pencil marks" and the digits 1-9 (a digit's probability being
// that the cell holds one digit times that it is this one), with the
// others as alternatives; a digit is a given when printed is likelier than
// handwritten, else an entry. It also returns the digit probabilities
// (index 0 unused) for a second opinion.
func netReading(o *digitnet.Output) (CellReading, *[10]float64) {
	pDigit := float64(o.Kind[digitnet.KindPrinted] + o.Kind[digitnet.KindHand])
	var p [10]float64
	for d := 1; d <= 9; d++ {
		p[d] = float64(o.Digit[d-1])
	}
	r := readingOf(&p, pDigit, float64(o.Kind[digitnet.KindEmpty]), float64(o.Kind[digitnet.KindMarks]))
	switch {
	case r.Digit == 0:
	case o.Kind[digitnet.KindHand] > o.Kind[digitnet.KindPrinted]:
		r.Kind = KindEntry
	default:
		r.Kind = KindGiven
	}
	if r.Kind == KindMarks {
		// The marks head's view of the whole cell, until each mark is
		// read on its own.
		r.Marks = netMarks(o)
		r.headMarks = r.Marks
		r.MarksConfidence = float64(o.Kind[digitnet.KindMarks])
		for _, v := range o.Marks {
			r.MarksConfidence *= float64(max(v, 1-v))
		}
	}
	return r, &p
}

// readingOf chooses between empty (pEmpty), marks (pMarks) and the digits
// (pDigit times p[d]) and lists the other outcomes as alternatives (empty
// and marks both as digit 0).
func readingOf(p *[10]float64, pDigit, pEmpty, pMarks float64) CellReading {
	type cand struct {
		d    int
		kind CellKind
		p    float64
	}
	cs := []cand{{0, KindEmpty, pEmpty}, {0, KindMarks, pMarks}}
	for d := 1; d <= 9; d++ {
		// At most 1, whatever float32's rounding left in the shares.
		cs = append(cs, cand{d, KindGiven, min(pDigit*p[d], 1)})
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(b.p, a.p) })
	r := CellReading{Kind: cs[0].kind, Digit: cs[0].d, Confidence: cs[0].p}
	for d := 1; d <= 9; d++ {
		r.digits[d] = pDigit * p[d]
	}
	if r.Digit == 0 {
		// Empty or marks: either way no digit; its confidence is that
		// there is none (the network's float32 shares may add up to a
		// hair over 1).
		r.Confidence = min(pEmpty+pMarks, 1)
	}
	for _, c := range cs[1:] {
		if c.p < minAlternative || (c.d == 0 && r.Digit == 0) {
			continue
		}
		if c.d == 0 {
			if slices.ContainsFunc(r.Alternatives, func(a Alternative) bool { return a.Digit == 0 }) {
				continue
			}
			c.p = pEmpty + pMarks
		}
		r.Alternatives = append(r.Alternatives, Alternative{Digit: c.d, Confidence: c.p})
	}
	return r
}

// secondOpinion asks the DigitReader about the printed digits the network
// is not all but sure of and multiplies the two opinions; it reports
// whether it asked. The reader is shown every printed digit of the grid, in
// the order of the cells, and its opinion counts for those asked about:
// Tesseract reads a line of glyphs, and reads a doubtful digit better among
// the clear ones of its page (a sharp printed 1 alone in a line with four
// other doubtful digits was read as a 7; train/secondop measures the rule
// with every digit in the line). The cells read as one small digit (small)
// are left out: their digit was read from its own glyph (readMarks), and
// the network's view of the whole cell, which the opinions are weighed
// with, took it for a pencil mark. probs is the network's digit
// probabilities, changed in place (secondOpinion is asked at most once per
// reading).
func (r *netRecognizer) secondOpinion(ctx context.Context, c Cells, out *[81]CellReading, probs map[int]*[10]float64, outs []digitnet.Output, ask []int, small map[int]bool, sized map[int]float64) (bool, error) {
	all := DigitGlyphs(c)
	var glyphs []*image.Gray
	var with []int // the cell of each glyph
	asked := 0
	for _, i := range ask {
		if out[i].Kind != KindGiven || small[i] || all[i] == nil {
			continue
		}
		glyphs = append(glyphs, all[i])
		with = append(with, i)
		if out[i].Confidence < secondBelow {
			asked++
		}
	}
	if asked == 0 {
		return false, nil
	}
	read, err := r.digits.ReadDigits(ctx, glyphs)
	if err != nil {
		return false, fmt.Errorf("read digits: %w", err)
	}
	index := make(map[int]int, len(ask))
	for k, i := range ask {
		index[i] = k
	}
	for k, i := range with {
		if out[i].Confidence >= secondBelow || k >= len(read) || !read[k].OK {
			continue
		}
		p := probs[i]
		var z float64
		for d := 1; d <= 9; d++ {
			p[d] *= math.Pow(max(read[k].P[d], tinyP), secondWeight)
			z += p[d]
		}
		for d := 1; d <= 9; d++ {
			p[d] /= z
		}
		o := &outs[index[i]]
		kind, hand := out[i].Kind, out[i].Hand
		out[i] = readingOf(p, float64(o.Kind[digitnet.KindPrinted]+o.Kind[digitnet.KindHand]),
			float64(o.Kind[digitnet.KindEmpty]), float64(o.Kind[digitnet.KindMarks]))
		if out[i].Digit != 0 {
			out[i].Kind, out[i].Hand = kind, hand
			if p, ok := sized[i]; ok {
				weighDigit(&out[i], p)
			}
		}
	}
	return true, nil
}

// DigitGlyphs returns the glyph a [DigitReader] is given for each cell of
// c that holds a digit's ink (nil for the others): the digit cut out of
// its cell, dark ink on white, glyphHeight pixels high.
func DigitGlyphs(c Cells) [81]*image.Gray {
	var out [81]*image.Gray
	for i, ic := range c.ink() {
		if ic.HasDigit {
			out[i] = ic.glyph(glyphHeight, 0, 1)
		}
	}
	return out
}
