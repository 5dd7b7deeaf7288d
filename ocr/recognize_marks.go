package ocr

import (
	"image"
	"math"
	"slices"

	"github.com/sudokubot/sudokubot/solver"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
)

// markBlob is one pencil mark found in a cell: its ink's box in the
// rectified grid.
type markBlob struct {
	box image.Rectangle
}

// findMarks finds the separate small digits in cell box r of g: the
// connected groups of ink (darker than the cell's paper by more than
// markInk of the grid's contrast) that do not touch the box's border (grid
// line remains) and are big enough to be a digit, boxes that overlap
// merged (a digit broken in two).
func findMarks(g *image.Gray, r image.Rectangle, lv digitnet.Levels) []markBlob {
	r = r.Intersect(g.Rect)
	w, h := r.Dx(), r.Dy()
	if w < 8 || h < 8 {
		return nil
	}
	var hist [256]int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, p := range g.Pix[g.PixOffset(r.Min.X, y) : g.PixOffset(r.Min.X, y)+w] {
			hist[p]++
		}
	}
	paper := percentile(&hist, w*h, markPaper)
	cut := int(paper) - int(markInk*max(lv.Contrast, 40))
	ink := make([]bool, w*h)
	for y := range h {
		for x, p := range g.Pix[g.PixOffset(r.Min.X, r.Min.Y+y) : g.PixOffset(r.Min.X, r.Min.Y+y)+w] {
			ink[y*w+x] = int(p) < cut
		}
	}
	seen := make([]bool, w*h)
	var boxes []image.Rectangle
	stack := make([]int, 0, 64)
	for start := range ink {
		if !ink[start] || seen[start] {
			continue
		}
		seen[start] = true
		stack = append(stack[:0], start)
		b := image.Rectangle{Min: image.Pt(w, h), Max: image.Pt(-1, -1)}
		n, border := 0, false
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%w, p/w
			n++
			b.Min.X, b.Min.Y = min(b.Min.X, x), min(b.Min.Y, y)
			b.Max.X, b.Max.Y = max(b.Max.X, x+1), max(b.Max.Y, y+1)
			border = border || x == 0 || y == 0 || x == w-1 || y == h-1
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx >= 0 && yy >= 0 && xx < w && yy < h && ink[yy*w+xx] && !seen[yy*w+xx] {
						seen[yy*w+xx] = true
						stack = append(stack, yy*w+xx)
					}
				}
			}
		}
		if border || n < 5 || b.Dy() < max(4, h/10) {
			continue
		}
		boxes = append(boxes, b)
	}
	// Merge the boxes that overlap: the parts of one digit.
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(boxes) && !merged; i++ {
			for j := i + 1; j < len(boxes); j++ {
				if boxes[i].Inset(-1).Overlaps(boxes[j]) {
					boxes[i] = boxes[i].Union(boxes[j])
					boxes = append(boxes[:j], boxes[j+1:]...)
					merged = true
					break
				}
			}
		}
	}
	out := make([]markBlob, 0, len(boxes))
	for _, b := range boxes {
		// Marks are small: a blob over half the cell's height is not one.
		if b.Dy() > h/2 {
			continue
		}
		out = append(out, markBlob{box: b.Add(r.Min)})
	}
	return out
}

// markInk is how much darker than the paper, as a share of the grid's
// contrast, a pixel of a pencil mark is; the paper is the markPaper
// percentile of the cell's gray levels.
const (
	markInk   = 0.15
	markPaper = 0.8
)

// How readMarks weighs what the network reads of each mark: a glyph read
// as a digit with less than markDigit is a speck, not a mark, and the
// same digit read twice in a cell (one of them misread) halves the
// confidence in the marks (twiceRead). netMarks takes the digits its
// marks head gives more than markDigit.
const (
	markDigit = 0.5
	twiceRead = 0.5
)

// roundHalf rounds a non-negative coordinate to the nearest pixel when
// added before int() truncates it.
const roundHalf = 0.5

// markReading is what readMarks read in a cell.
type markReading struct {
	// marks are the digits read with confidence; conf is the probability
	// that they are all read right.
	marks solver.DigitSet
	conf  float64
	// lone is the one small digit found when there is only one, with
	// its probability and its ink's box; zero otherwise.
	lone    int
	loneP   float64
	loneBox image.Rectangle
	// loneDigits are the probabilities of the digits 1-9 for the lone
	// digit, times the probability that it is a digit.
	loneDigits [9]float64
	// relH are the heights of the marks read, as fractions of the cell's.
	relH []float64
}

// readMarks reads the pencil marks of cell box r of g: each mark found is
// cut out as the network was trained to read one (a square box it fills to
// digitnet.MarkFill of its height) and read as a digit. It reports false
// when it found no mark it could read.
func (r *netRecognizer) readMarks(g *image.Gray, box image.Rectangle, lv digitnet.Levels) (markReading, bool) {
	// The cell's box leaves out a margin along the grid lines; marks
	// written close to a line reach into it.
	blobs := findMarks(g, box.Inset(-box.Dx()/12), lv)
	if len(blobs) == 0 || len(blobs) > 9 {
		return markReading{}, false
	}
	in := make([]float32, len(blobs)*digitnet.InputLen)
	for k, b := range blobs {
		cx := float64(b.box.Min.X+b.box.Max.X) / 2
		cy := float64(b.box.Min.Y+b.box.Max.Y) / 2
		side := float64(b.box.Dy()) / digitnet.MarkFill
		mb := image.Rect(int(cx-side/2+roundHalf), int(cy-side/2+roundHalf), int(cx+side/2+roundHalf), int(cy+side/2+roundHalf))
		digitnet.Prepare(g, mb, lv, in[k*digitnet.InputLen:(k+1)*digitnet.InputLen])
	}
	outs := make([]digitnet.Output, len(blobs))
	r.net.Classify(in, outs)
	var mr markReading
	mr.conf = 1
	for k, o := range outs {
		best, p := 0, float32(0)
		for d, v := range o.Digit {
			if v > p {
				best, p = d+1, v
			}
		}
		p *= o.Kind[digitnet.KindPrinted] + o.Kind[digitnet.KindHand]
		if p < markDigit {
			mr.conf *= 1 - float64(p) // a speck, most likely: not a mark
			continue
		}
		if mr.marks.Has(best) {
			mr.conf *= twiceRead // the same digit twice: one of them is misread
		}
		mr.marks = mr.marks.With(best)
		mr.conf *= float64(p)
		mr.relH = append(mr.relH, float64(blobs[k].box.Dy())/float64(box.Dy()))
		if len(blobs) == 1 {
			mr.lone, mr.loneP, mr.loneBox = best, float64(p), blobs[k].box
			for d, v := range o.Digit {
				mr.loneDigits[d] = float64(v * (o.Kind[digitnet.KindPrinted] + o.Kind[digitnet.KindHand]))
			}
		}
	}
	return mr, mr.marks != 0
}

// A lone small digit in the middle of a cell, within loneOffCentre of its
// middle, is a digit printed or written small, not a pencil mark, when it
// is at least loneDigitHeight of the cell high: pencil marks are smaller,
// or stand in a corner, or come several. On a page whose digits and marks
// are both measured (pageSizes), the page's own sizes decide instead.
const (
	loneDigitHeight = 0.35
	loneOffCentre   = 0.2
)

// loneDigit reports whether the one mark mr found in cell box r is rather
// a small digit (see loneDigitHeight), on a page of the sizes p.
func loneDigit(mr markReading, r image.Rectangle, p pageSizes) bool {
	if mr.lone == 0 || r.Dy() == 0 {
		return false
	}
	b := mr.loneBox
	dx := float64(b.Min.X+b.Max.X-r.Min.X-r.Max.X) / 2 / float64(r.Dx())
	dy := float64(b.Min.Y+b.Max.Y-r.Min.Y-r.Max.Y) / 2 / float64(r.Dy())
	if math.Abs(dx) > loneOffCentre || math.Abs(dy) > loneOffCentre {
		return false
	}
	h := float64(b.Dy()) / float64(r.Dy())
	if p.known {
		return math.Log(h) > (p.digit+p.mark)/2 && math.Log(h) >= p.shortDigit
	}
	return h >= loneDigitHeight
}

// tornMarks is how likely, at least, the network must find pencil marks
// in a cell it read as one digit for the shape of the ink to decide
// between the two (see wideMarks).
const tornMarks = 0.1

// settleLones decides what the cells are in which readMarks read one
// small digit (reads): a player who keeps pencil marks writes several in
// some cells (markedGrid of them, see severalMarks), and in such a grid a
// lone small digit is one more candidate, unless the page's own sizes say
// it is a digit (loneDigit with pageSizes: nearer in height to the page's
// digits than to its marks, as apps that draw their digits small show
// them); elsewhere, when it stands in the middle of its cell (loneDigit),
// it is the player's digit written small (or a small printed one), read a
// little less surely than the network's own digits (loneTrust); in a grid
// with pencil marks it is a mark, read no more surely than that either.
// It returns the cells left as one pencil mark, for smallHand, and
// whether the grid has pencil marks; it marks in small the cells it read
// as a small digit.
func settleLones(out *[81]CellReading, probs map[int]*[10]float64, reads map[int]markReading, outs []digitnet.Output, ask []int, c Cells, small map[int]bool) (map[int]markReading, bool) {
	several := 0
	for k, i := range ask {
		if out[i].Kind == KindMarks && severalMarks(reads[i], netMarks(&outs[k]).Len()) {
			several++
		}
	}
	marked := several >= markedGrid
	var sizes pageSizes
	if marked {
		sizes = measurePage(out, reads, c)
	}
	lones := map[int]markReading{}
	for k, i := range ask {
		mr, ok := reads[i]
		switch {
		case !ok:
		case loneDigit(mr, c.Rects[i], sizes) && (!marked || sizes.known):
			kind := KindGiven
			if outs[k].Kind[digitnet.KindHand] > outs[k].Kind[digitnet.KindPrinted] {
				kind = KindEntry
			}
			out[i] = CellReading{Kind: kind, Digit: mr.lone, Confidence: mr.loneP * loneTrust,
				Alternatives: []Alternative{{Digit: 0, Confidence: 1 - mr.loneP*loneTrust}}}
			p := &[10]float64{}
			p[mr.lone] = 1
			probs[i] = p
			small[i] = true
		case mr.lone != 0:
			if marked && loneDigit(mr, c.Rects[i], sizes) {
				// Placed like a digit: a candidate most likely, but
				// never surely.
				out[i].Confidence = min(out[i].Confidence, loneTrust)
			}
			lones[i] = mr
		}
	}
	return lones, marked
}

// pageSizes are the typical heights, as logarithms of fractions of the
// cell's height, of the digits and of the pencil marks of one page; known
// only when it has at least minSizes of each.
type pageSizes struct {
	digit, mark float64
	// shortDigit is the log height of the page's shorter digits (the
	// shortDigits quantile): a lone glyph shorter than that is no digit of
	// the page's.
	shortDigit float64
	known      bool
}

// shortDigits is the quantile of a page's digit heights below which a
// lone glyph is too short to be one of them: the tenth percentile, so
// that the spread of handwriting's heights (or a typeface's shorter
// digits) still counts.
const shortDigits = 0.1

// minSizes is how many digits and how many pencil marks a page needs for
// their typical heights to decide what a lone small digit is.
const minSizes = 5

// measurePage returns the typical heights (medians) of the digits the
// network read on the page and of the marks read in cells with several.
// Digits no taller than marks tell nothing: the sizes are then unknown.
func measurePage(out *[81]CellReading, reads map[int]markReading, c Cells) pageSizes {
	if c.Img == nil {
		return pageSizes{}
	}
	var digits, marks []float64
	ink := c.ink()
	for i := range out {
		if out[i].Kind != KindMarks && out[i].Digit != 0 && ink[i].HasDigit {
			digits = append(digits, math.Log(ink[i].RelH))
		}
		if mr, ok := reads[i]; ok && mr.marks.Len() >= 2 {
			for _, h := range mr.relH {
				marks = append(marks, math.Log(h))
			}
		}
	}
	if len(digits) < minSizes || len(marks) < minSizes {
		return pageSizes{}
	}
	slices.Sort(digits)
	slices.Sort(marks)
	// The medians are the upper middles of even counts.
	p := pageSizes{digit: digits[len(digits)/2], mark: marks[len(marks)/2]}
	p.shortDigit = digits[int(shortDigits*float64(len(digits)-1))]
	p.known = p.digit > p.mark
	return p
}

// wideMarks reads as pencil marks the cells of a grid with pencil marks
// (see markedGrid) that the network read unsurely as one digit, finding
// pencil marks likely too (tornMarks), and whose ink is wider than it is
// high or stands off the middle of the cell (loneOffCentre): a digit is
// higher than it is wide and written in the middle, two or three small
// ones written side by side, or one in a corner, are not. Their marks are
// the network's marks head's, and the cell is never read surely
// (loneTrust): the shape of its ink tells, not the network.
func wideMarks(out *[81]CellReading, c Cells, outs []digitnet.Output, ask []int) {
	var ink *[81]inkCell
	for k, i := range ask {
		o := &outs[k]
		if out[i].Digit == 0 || out[i].Confidence >= SureConfidence || o.Kind[digitnet.KindMarks] < tornMarks {
			continue
		}
		if ink == nil {
			ink = c.ink()
		}
		if ic := ink[i]; !ic.HasDigit || ic.W <= ic.H && math.Abs(ic.OffX) <= loneOffCentre && math.Abs(ic.OffY) <= loneOffCentre {
			continue
		}
		noDigit := float64(o.Kind[digitnet.KindEmpty] + o.Kind[digitnet.KindMarks])
		out[i] = CellReading{Kind: KindMarks, Confidence: min(noDigit, loneTrust),
			Alternatives: []Alternative{{Digit: out[i].Digit, Confidence: out[i].Confidence}},
			Marks:        netMarks(o), MarksConfidence: float64(o.Kind[digitnet.KindMarks])}
	}
}

// severalMarks reports whether a cell holds several pencil marks: mr,
// what readMarks read in it, found several, or the network's marks head
// reads several (net of them) and readMarks found no single glyph shaped like one
// digit (marks written close enough to touch make one glyph, wider than
// high).
func severalMarks(mr markReading, net int) bool {
	if mr.marks.Len() >= 2 {
		return true
	}
	return net >= 2 && (mr.lone == 0 || mr.loneBox.Dx() > mr.loneBox.Dy())
}

// netMarks is the digits the network's marks head reads in a cell.
func netMarks(o *digitnet.Output) solver.DigitSet {
	var marks solver.DigitSet
	for d, v := range o.Marks {
		if v > markDigit {
			marks = marks.With(d + 1)
		}
	}
	return marks
}

// markedGrid is how many cells with several pencil marks show that the
// player keeps pencil marks in a grid: a lone small digit in the middle of
// a cell is then a pencil mark too, not the player's digit written small
// (see loneDigit).
const markedGrid = 1
