package ocr

import (
	"cmp"
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
	parts, _, _ := inkParts(g, r, lv, false)
	return joinParts(parts, r.Intersect(g.Rect), markSize{})
}

// inkParts finds the connected groups of ink of findMarks in cell box r
// of g, each on its own: their boxes in g. With lines, for pencil marks,
// the lines across the box are cleared first (clearLines): a digit's
// strokes, which findMarks looks at, may be as long. The parts that
// touched a line cleared (byLine) and those that touch one side of the
// box (edge) are returned apart: a mark that touched the line or that the
// box's edge cuts, or a line's remains, which readMarks tells apart by
// their size; those touching two or more sides are lines' remains,
// dropped.
func inkParts(g *image.Gray, r image.Rectangle, lv digitnet.Levels, lines bool) (parts, byLine, edge []image.Rectangle) {
	r = r.Intersect(g.Rect)
	w, h := r.Dx(), r.Dy()
	if w < 8 || h < 8 {
		return nil, nil, nil
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
	var near []bool // within lineFringe of a line cleared (clearLines)
	if lines {
		near = clearLines(ink, w, h)
	}
	seen := make([]bool, w*h)
	stack := make([]int, 0, 64)
	for start := range ink {
		if !ink[start] || seen[start] {
			continue
		}
		seen[start] = true
		stack = append(stack[:0], start)
		b := image.Rectangle{Min: image.Pt(w, h), Max: image.Pt(-1, -1)}
		n, off, by := 0, near == nil, false // by: a pixel near a line
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%w, p/w
			n++
			off = off || !near[p]
			by = by || (near != nil && near[p])
			b.Min.X, b.Min.Y = min(b.Min.X, x), min(b.Min.Y, y)
			b.Max.X, b.Max.Y = max(b.Max.X, x+1), max(b.Max.Y, y+1)
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
		if n < 5 || b.Dy() < max(4, h/10) || !off {
			continue // a speck, or a line's fringe
		}
		sides := 0
		for _, at := range []bool{b.Min.X == 0, b.Min.Y == 0, b.Max.X == w, b.Max.Y == h} {
			if at {
				sides++
			}
		}
		switch {
		case sides == 0 && !by:
			parts = append(parts, b.Add(r.Min))
		case sides == 0:
			byLine = append(byLine, b.Add(r.Min))
		case sides == 1:
			edge = append(edge, b.Add(r.Min))
		}
	}
	return parts, byLine, edge
}

// joinParts joins the parts of ink found in box r (inkParts) whose boxes
// overlap, the pieces of one digit a thin stroke breaks, into the marks
// of the box. Where the marks' usual size is known (mark, not zero;
// readMarks measures it), a part as narrow as a mark but standing over
// stackedHeight of its height is two or three marks set one above the
// other, touching (an app that draws its marks large): it is cut into as
// many marks of equal height; and two parts are not joined when joined
// they would be such a part. (A small digit written in a cell is as much
// wider as it is taller than a mark.) A mark over half the box's height
// is none.
func joinParts(parts []image.Rectangle, r image.Rectangle, mark markSize) []markBlob {
	stacked := func(b image.Rectangle) bool {
		return mark.h > 0 && float64(b.Dy()) > stackedHeight*mark.h && float64(b.Dx()) <= stackedHeight*mark.w
	}
	var boxes []image.Rectangle
	for _, b := range parts {
		n := 1
		if stacked(b) {
			n = int(math.Round(float64(b.Dy()) / mark.h))
		}
		if n < 2 || n > maxStacked {
			boxes = append(boxes, b)
			continue
		}
		for k := range n {
			boxes = append(boxes, image.Rect(b.Min.X, b.Min.Y+k*b.Dy()/n, b.Max.X, b.Min.Y+(k+1)*b.Dy()/n))
		}
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(boxes) && !merged; i++ {
			for j := i + 1; j < len(boxes); j++ {
				u := boxes[i].Union(boxes[j])
				if boxes[i].Overlaps(boxes[j].Inset(-1)) && !stacked(u) {
					boxes[i] = u
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
		if b.Dy() > r.Dy()/2 {
			continue
		}
		out = append(out, markBlob{box: b})
	}
	return out
}

// clearLines clears from ink (w x h, row by row) the runs of ink across or
// down at least lineCross of the box's side: lines, not marks. A mark is at
// most a third of a cell high and wide; a line that crosses the box (a
// thick grid line, an app's frame around the selected cell) would join
// every mark that touches it into one part of ink too large to be a mark,
// and lose them with it. A stroke of a mark that crosses the line keeps
// its pixels off the line. It returns which pixels lie within lineFringe
// of a line cleared: a part of ink all of whose pixels do is the line's
// fringe (its blurred or antialiased edge, ink only in places), not a
// mark.
func clearLines(ink []bool, w, h int) (near []bool) {
	long := make([]bool, len(ink))
	runs := func(n, length int, at func(i, k int) int) {
		least := int(math.Ceil(lineCross * float64(length)))
		for i := range n {
			for k := 0; k < length; {
				if !ink[at(i, k)] {
					k++
					continue
				}
				k0 := k
				for k < length && ink[at(i, k)] {
					k++
				}
				if k-k0 >= least {
					for j := k0; j < k; j++ {
						long[at(i, j)] = true
					}
				}
			}
		}
	}
	runs(h, w, func(y, x int) int { return y*w + x }) // rows
	runs(w, h, func(x, y int) int { return y*w + x }) // columns
	near = make([]bool, len(ink))
	for i, l := range long {
		if !l {
			continue
		}
		ink[i] = false
		x, y := i%w, i/w
		for yy := max(0, y-lineFringe); yy <= min(h-1, y+lineFringe); yy++ {
			for xx := max(0, x-lineFringe); xx <= min(w-1, x+lineFringe); xx++ {
				near[yy*w+xx] = true
			}
		}
	}
	return near
}

// lineCross is the shortest run of ink, as a share of the side of the box
// where marks are looked for, that clearLines takes for a line;
// lineFringe, in pixels, how far a line's fringe reaches from it.
const (
	lineCross  = 0.6
	lineFringe = 2
)

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

// glyphsRead holds the network's outputs for the glyphs of one grid, by
// the square each was read from (readMarks).
type glyphsRead map[image.Rectangle]digitnet.Output

// markSize is the usual height and width of a page's marks, in pixels: the
// medians of the parts of ink readMarks found.
type markSize struct{ h, w float64 }

// whole reports whether part b of ink has the size of a whole mark of
// the page, or of up to maxStacked set one above the other (joinParts
// cuts them apart): its height within wholeHeight of the marks' usual
// height (or maxStacked times it), its width within wholeWidth of their
// usual width (a 1 is narrow, a 4 wide). The remains of a line, or a
// neighbour's mark that reaches into a box, are smaller.
func (m markSize) whole(b image.Rectangle) bool {
	h, w := float64(b.Dy()), float64(b.Dx())
	return h >= wholeHeight[0]*m.h && h <= maxStacked*wholeHeight[1]*m.h && w >= wholeWidth[0]*m.w && w <= wholeWidth[1]*m.w
}

// The bounds of a whole mark's size as shares of the page's usual mark
// (markSize.whole).
var (
	wholeHeight = [2]float64{0.75, 1.25}
	wholeWidth  = [2]float64{0.5, 1.5}
)

// Marks set one above the other (joinParts): a part of ink, or two that
// touch, standing taller than stackedHeight times the marks' usual height
// (markSize, measured when readMarks found at least stackedParts parts)
// and no wider than stackedHeight times their usual width is as many
// marks as that height goes into its height, at most maxStacked (a
// keypad's rows). Measured in docs/reading.md, twenty-second session.
const (
	stackedHeight = 1.5
	stackedParts  = 9
	maxStacked    = 3
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
	// relH are the heights of the marks read, as fractions of the cell's
	// (Cells.heightShare).
	relH []float64
	// seen are all the glyphs read, marks and specks, where they stand
	// in the cell and what the network reads them as (placeMarks).
	seen []seenMark
}

// readMarks reads the pencil marks of each cell box of g: each mark found is
// cut out as the network was trained to read one (a square box it fills to
// digitnet.MarkFill of its height) and read as a digit. The marks of all
// the boxes are read in one batch, which the network shares among the
// processor cores. A box's reading has no marks when it found none it
// could read. share turns a mark's height in pixels into a share of the
// cell's (Cells.heightShare). page is the size of the page's marks
// measured on other cells (zero when not known); readMarks returns the
// size it measured on the boxes' own parts (zero when they were too few).
// read holds the network's outputs for the glyphs of g read before, by
// their square, and gets those readMarks reads.
//
// With lines (for a page whose marks read legibly, an app's), the lines
// across each box are cleared before its marks are looked for
// (inkParts), and a part of ink that touched a line, or that the box's
// edge cuts on one side, is a mark when it has the size of a whole one
// (markSize.whole): a mark drawn against a line or the frame around the
// selected cell, or against a grid line found a little inside (a faint
// line, or the grid's corner found a few pixels off). Without, as for a
// photo's pen and pencil, whose lines are not straight and whose digits
// cross them, lines are left and the edge's parts dropped.
func (r *netRecognizer) readMarks(g *image.Gray, boxes []image.Rectangle, lv digitnet.Levels, share func(float64) float64, lines bool, page markSize, read glyphsRead) ([]markReading, markSize) {
	wins, parts, mark := markParts(g, boxes, lv, lines, page)
	// Each box's marks as the parts join (whole), and, where the marks'
	// size cuts some apart (joinParts), as cut: the network reads both,
	// and the one whose glyphs are likelier digits stands (cutLikelier).
	whole := make([][]markBlob, len(boxes))
	cut := make([][]markBlob, len(boxes))
	var all [][]markBlob
	for k, win := range wins {
		if b := joinParts(parts[k], win, markSize{}); len(b) <= 9 {
			whole[k] = b
			all = append(all, b)
		}
		if mark.h == 0 {
			continue
		}
		if b := joinParts(parts[k], win, mark); len(b) <= 9 && !slices.Equal(b, whole[k]) {
			cut[k] = b
			all = append(all, b)
		}
	}
	outs := read.outputs(r.net, g, lv, all)
	reads := make([]markReading, len(boxes))
	for k := range boxes {
		reads[k] = marksRead(whole[k], outs[:len(whole[k])], boxes[k], share)
		outs = outs[len(whole[k]):]
		if len(cut[k]) > 0 {
			if mr := marksRead(cut[k], outs[:len(cut[k])], boxes[k], share); cutLikelier(mr.seen, reads[k].seen) {
				reads[k] = mr
			}
			outs = outs[len(cut[k]):]
		}
	}
	return reads, mark
}

// markParts finds the parts of ink of each cell box of g that may be
// marks (readMarks), in each box's window: the box widened, since it
// leaves out a margin along the grid lines and marks written close to a
// line reach into it. It returns the windows, the parts and the marks'
// usual size measured on them (zero when they are too few to tell).
func markParts(g *image.Gray, boxes []image.Rectangle, lv digitnet.Levels, lines bool, page markSize) (wins []image.Rectangle, parts [][]image.Rectangle, mark markSize) {
	wins = make([]image.Rectangle, len(boxes))
	parts = make([][]image.Rectangle, len(boxes))
	byLines := make([][]image.Rectangle, len(boxes))
	edges := make([][]image.Rectangle, len(boxes))
	var heights, widths []float64
	for k, box := range boxes {
		wins[k] = box.Inset(-box.Dx() / 12).Intersect(g.Rect)
		parts[k], byLines[k], edges[k] = inkParts(g, wins[k], lv, lines)
		for _, p := range parts[k] {
			heights, widths = append(heights, float64(p.Dy())), append(widths, float64(p.Dx()))
		}
	}
	if len(heights) >= stackedParts {
		mark = markSize{h: medianOf(heights), w: medianOf(widths)}
	}
	if !lines {
		return wins, parts, mark // none by a line; the edge's are dropped
	}
	// A part that touched a line is a mark when it has a whole one's
	// size: the boxes' own, or where they are too few to tell it, the
	// page's (page); where neither is known, it is. A part the box's edge
	// cuts is one when it has the boxes' own whole size.
	size := mark
	if size.h == 0 {
		size = page
	}
	for k := range boxes {
		for _, e := range byLines[k] {
			if size.h == 0 || size.whole(e) {
				parts[k] = append(parts[k], e)
			}
		}
		for _, e := range edges[k] {
			if mark.h > 0 && mark.whole(e) {
				parts[k] = append(parts[k], e)
			}
		}
	}
	return wins, parts, mark
}

// outputs returns the network's outputs for the glyphs of all, list after
// list, each glyph read from the square around it as the network was
// trained to read a mark (a square it fills to digitnet.MarkFill of its
// height), all in one batch that the network shares among the processor
// cores. A square read before (read holds it: from another pass over the
// same grid) is not read again, since Prepare reads g, not the ink found.
func (read glyphsRead) outputs(net *digitnet.Net, g *image.Gray, lv digitnet.Levels, all [][]markBlob) []digitnet.Output {
	var in []float32
	var glyphs, fresh []image.Rectangle // every glyph's square in order; those to read
	for _, b := range all {
		for _, m := range b {
			cx := float64(m.box.Min.X+m.box.Max.X) / 2
			cy := float64(m.box.Min.Y+m.box.Max.Y) / 2
			side := float64(m.box.Dy()) / digitnet.MarkFill
			mb := image.Rect(int(cx-side/2+roundHalf), int(cy-side/2+roundHalf), int(cx+side/2+roundHalf), int(cy+side/2+roundHalf))
			glyphs = append(glyphs, mb)
			if _, ok := read[mb]; ok || slices.Contains(fresh, mb) {
				continue
			}
			fresh = append(fresh, mb)
			in = append(in, make([]float32, digitnet.InputLen)...)
			digitnet.Prepare(g, mb, lv, in[len(in)-digitnet.InputLen:])
		}
	}
	news := make([]digitnet.Output, len(fresh))
	net.Classify(in, news)
	for j, mb := range fresh {
		read[mb] = news[j]
	}
	outs := make([]digitnet.Output, len(glyphs))
	for j, mb := range glyphs {
		outs[j] = read[mb]
	}
	return outs
}

// cutLikelier reports whether the glyphs of a box's marks cut apart (cut,
// as the network read them) are likelier digits than those of its marks
// whole (whole): the glyphs that only one of them has, by their geometric
// mean probability of being a digit, the one the network reads best. A
// cut whose whole glyph was too tall to be a mark stands when its glyphs
// are likelier digits than not. The marks set one above the other in a
// keypad are different digits: a cut whose glyphs read as the same digit
// twice is a digit cut in pieces (a tall, thin 1 cuts into two 1s), not
// marks.
func cutLikelier(cut, whole []seenMark) bool {
	meanLog := func(seen, other []seenMark) (float64, int, bool) {
		sum, n := 0.0, 0
		var read solver.DigitSet
		twice := false
		for _, s := range seen {
			if slices.ContainsFunc(other, func(o seenMark) bool { return o.box == s.box }) {
				continue
			}
			best, p := s.best()
			twice = twice || read.Has(best)
			read = read.With(best)
			sum += math.Log(max(p, tinyP))
			n++
		}
		if n == 0 {
			return 0, 0, twice
		}
		return sum / float64(n), n, twice
	}
	c, nc, twice := meanLog(cut, whole)
	w, nw, _ := meanLog(whole, cut)
	switch {
	case nc == 0 || twice:
		return false
	case nw == 0:
		return c > math.Log(evenChance)
	}
	return c > w
}

// marksRead is what the network's outputs outs say of the marks blobs
// found in cell box r.
func marksRead(blobs []markBlob, outs []digitnet.Output, r image.Rectangle, share func(float64) float64) markReading {
	mr := markReading{conf: 1}
	for k := range outs {
		s := seenAt(blobs[k].box, r, &outs[k])
		mr.seen = append(mr.seen, s)
		best, p := s.best()
		if p < markDigit {
			mr.conf *= 1 - p // a speck, most likely: not a mark
			continue
		}
		if mr.marks.Has(best) {
			mr.conf *= twiceRead // the same digit twice: one of them is misread
		}
		mr.marks = mr.marks.With(best)
		mr.conf *= p
		mr.relH = append(mr.relH, share(float64(blobs[k].box.Dy())))
		if len(blobs) == 1 {
			mr.lone, mr.loneP, mr.loneBox, mr.loneDigits = best, p, blobs[k].box, s.digit
		}
	}
	return mr
}

// seenAt is the glyph of box b in cell box r as the network read it (o).
func seenAt(b, r image.Rectangle, o *digitnet.Output) seenMark {
	digitness := o.Kind[digitnet.KindPrinted] + o.Kind[digitnet.KindHand]
	s := seenMark{box: b, speck: float64(1 - digitness)}
	if r.Dx() > 0 && r.Dy() > 0 {
		s.x = (float64(b.Min.X+b.Max.X)/2 - float64(r.Min.X)) / float64(r.Dx())
		s.y = (float64(b.Min.Y+b.Max.Y)/2 - float64(r.Min.Y)) / float64(r.Dy())
	}
	for d, v := range o.Digit {
		s.digit[d] = float64(v * digitness)
	}
	return s
}

// A lone small digit in the middle of a cell, within loneOffCentre of its
// middle, is a digit printed or written small, not a pencil mark, when it
// is at least loneDigitHeight of the cell high: pencil marks are smaller,
// or stand in a corner, or come several. On a page whose digits and marks
// are both measured (pageSizes), the page's own sizes decide instead: it
// is a digit when its height makes it likelier one of the page's digits
// than one of its marks (digitChance).
const (
	loneDigitHeight = 0.35
	loneOffCentre   = 0.2
)

// loneDigit reports whether the one mark mr found in cell box r of c is
// rather a small digit (see loneDigitHeight), on a page of the sizes p.
func loneDigit(mr markReading, c Cells, r image.Rectangle, p pageSizes) bool {
	if mr.lone == 0 || r.Dy() == 0 {
		return false
	}
	if !centred(mr.loneBox, r) {
		return false
	}
	if p.known {
		return p.digitChance(loneHeight(mr, c)) > evenChance
	}
	return c.heightShare(float64(mr.loneBox.Dy())) >= loneDigitHeight
}

// tornMarks is how likely, at least, the network must find pencil marks
// in a cell it read as one digit for the shape of the ink to decide
// between the two (see wideMarks).
const tornMarks = 0.1

// settleLones decides what the cells are in which readMarks read one
// small digit (reads): a player who keeps pencil marks writes several in
// some cells (markedGrid of them, see severalMarks), and in such a grid a
// lone small digit is one more candidate, unless the page's own sizes say
// it is a digit (loneDigit with pageSizes: likelier in height one of the
// page's digits than one of its marks, as apps that draw their digits
// small show them), read as surely as its height says it is one
// (digitChance), and never surely when it stands off the middle of its
// cell, as a digit does in a grid found a little off; elsewhere, when it
// stands in the middle of its cell (loneDigit), it is the player's digit written small (or a small printed
// one), read a little less surely than the network's own digits
// (loneTrust); in a grid with pencil marks it is a mark, read no more
// surely than that either, or than its height says it is no digit. On a
// page of known sizes, the digits the network read in a cell whose only
// ink is one small glyph are weighed by its height too
// (weighSmallDigits).
// lv are the grid's levels (digitnet.GridLevels). It returns the cells
// left as one pencil mark, for smallHand, and whether the grid has pencil
// marks; it marks in small the cells it read as a small digit.
func settleLones(out *[81]CellReading, probs map[int]*[10]float64, reads map[int]markReading, outs []digitnet.Output, ask []int, c Cells, lv digitnet.Levels, small map[int]bool, sized map[int]float64) (map[int]markReading, bool) {
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
		mr := reads[i]
		trust, digit := smallDigit(mr, c, c.Rects[i], sizes, marked)
		switch {
		case digit:
			kind := KindGiven
			if outs[k].Kind[digitnet.KindHand] > outs[k].Kind[digitnet.KindPrinted] {
				kind = KindEntry
			}
			out[i] = CellReading{Kind: kind, Digit: mr.lone, Confidence: mr.loneP * trust,
				Alternatives: []Alternative{{Digit: 0, Confidence: 1 - mr.loneP*trust}}}
			p := &[10]float64{}
			p[mr.lone] = 1
			probs[i] = p
			small[i] = true
		case mr.lone != 0:
			switch {
			case sizes.known && centred(mr.loneBox, c.Rects[i]):
				// Placed like a digit: a mark as far as its height
				// is a mark's on this page.
				out[i].Confidence = min(out[i].Confidence, 1-sizes.digitChance(loneHeight(mr, c)))
			case marked && loneDigit(mr, c, c.Rects[i], sizes):
				// Placed like a digit: a candidate most likely, but
				// never surely.
				out[i].Confidence = min(out[i].Confidence, loneTrust)
			}
			lones[i] = mr
		}
	}
	if sizes.known {
		weighSmallDigits(out, c, lv, ask, sizes, small, sized)
	}
	return lones, marked
}

// smallDigit reports whether the lone small glyph mr found in cell box r
// of c is read as a digit, and how far its reading is trusted (see
// settleLones). On a page of known sizes, it is a digit when its height
// makes it likelier one of the page's digits than one of its marks, as
// surely as its height says, but never surely when it stands off the
// middle of its cell (a digit in a grid found a little off does; a
// pencil mark as high as the page's digits hardly ever). Elsewhere it is
// a digit, at loneTrust, when it stands in the middle of its cell and
// is not small (loneDigit) in a grid without pencil marks (marked false).
func smallDigit(mr markReading, c Cells, r image.Rectangle, sizes pageSizes, marked bool) (trust float64, digit bool) {
	if mr.lone == 0 {
		return 0, false
	}
	if !sizes.known {
		if marked || !loneDigit(mr, c, r, sizes) {
			return 0, false
		}
		return loneTrust, true
	}
	trust = sizes.digitChance(loneHeight(mr, c))
	if trust <= evenChance {
		return 0, false
	}
	if !centred(mr.loneBox, r) {
		trust = min(trust, loneTrust)
	}
	return trust, true
}

// loneHeight is the log height of the lone glyph of mr as a fraction of
// the cells' of c (Cells.heightShare).
func loneHeight(mr markReading, c Cells) float64 {
	return math.Log(c.heightShare(float64(mr.loneBox.Dy())))
}

// centred reports whether the box b stands in the middle of the cell box
// r, within loneOffCentre of it: where a digit is drawn, and in an app
// also the pencil mark 5.
func centred(b, r image.Rectangle) bool {
	dx := float64(b.Min.X+b.Max.X-r.Min.X-r.Max.X) / 2 / float64(max(r.Dx(), 1))
	dy := float64(b.Min.Y+b.Max.Y-r.Min.Y-r.Max.Y) / 2 / float64(max(r.Dy(), 1))
	return math.Abs(dx) <= loneOffCentre && math.Abs(dy) <= loneOffCentre
}

// weighSmallDigits weighs what the network read as one digit in a cell
// whose only ink is one small glyph in its middle, on a page whose sizes
// are known, when the network itself asks whether the cell holds a digit
// at all (it lists "no digit" among the alternatives): the network's odds
// of a digit are multiplied by what the glyph's height says against the
// page's heights (digitChance, at even odds), the network seeing a glyph's
// size only against the cell's (and so doubting every digit an app draws
// small). The digits keep their shares of the digit's probability; a
// glyph whose digit is then less likely than no digit is the page's
// pencil mark (markOfHeight). It
// records the chances in sized, for the second opinion to keep. The cells
// read as one small digit (small) were weighed by settleLones. lv are the
// grid's levels, which its glyphs are found with (findMarks).
func weighSmallDigits(out *[81]CellReading, c Cells, lv digitnet.Levels, ask []int, sizes pageSizes, small map[int]bool, sized map[int]float64) {
	raw := c.raw()
	for _, i := range ask {
		if out[i].Digit == 0 || out[i].Kind == KindMarks || c.Img == nil || small[i] {
			continue
		}
		noDigit := emptyChance(out[i])
		if noDigit == 0 {
			continue // the network does not ask whether there is a digit
		}
		box := c.Rects[i]
		blobs := findMarks(raw, box.Inset(-box.Dx()/12), lv)
		if len(blobs) != 1 || !centred(blobs[0].box, box) {
			continue
		}
		px := float64(blobs[0].box.Dy())
		if ic := c.ink()[i]; ic.HasDigit {
			// The ink analysis joins the pieces of a digit a thin
			// stroke breaks, which findMarks may find one of.
			px = max(px, ic.RelH*float64(box.Dy()))
		}
		h := c.heightShare(px)
		// The network's odds of a digit times the height's.
		size := sizes.digitChance(math.Log(h))
		odds := (1 - noDigit) / noDigit * size / max(1-size, tinyP*tinyP)
		p := odds / (1 + odds)
		if p < evenChance {
			out[i] = markOfHeight(out[i], p)
			continue
		}
		weighDigit(&out[i], p)
		sized[i] = p
	}
}

// markOfHeight is the reading of a cell whose one small glyph r read as a
// digit, when its height makes it likelier a pencil mark than a digit:
// the digit has the probability p, and the mark is the digit the glyph
// was read as, as surely as the glyph was read as that digit among the
// digits. A digit is never kept at odds below no digit at all. But the
// network read a digit, and a player may write a digit as small as a
// mark: the cell holds no digit at 1-p, never more surely than loneTrust,
// so it is named as one to check.
func markOfHeight(r CellReading, p float64) CellReading {
	share := r.Confidence / max(digitMass(r), tinyP)
	return CellReading{Kind: KindMarks, Confidence: min(1-p, loneTrust),
		Alternatives:    []Alternative{{Digit: r.Digit, Confidence: p * share}},
		Marks:           solver.DigitSet(0).With(r.Digit),
		MarksConfidence: share * (1 - p)}
}

// digitMass is the probability r gives its digits together: the digit
// read (r reads one) and the alternatives other than no digit.
func digitMass(r CellReading) float64 {
	m := r.Confidence
	for _, a := range r.Alternatives {
		if a.Digit != 0 {
			m += a.Confidence
		}
	}
	return m
}

// weighDigit gives the digits of r, the reading and its alternatives,
// the probability p together, each its share of what they had, and "no
// digit" the rest. The nine digit probabilities kept beside the reading
// (the digits weighEntries weighs) get p together too, each its share.
func weighDigit(r *CellReading, p float64) {
	digits := digitMass(*r)
	if digits <= 0 {
		return
	}
	scale := p / digits
	r.Confidence *= scale
	var all float64
	for _, v := range r.digits[1:] {
		all += v
	}
	if all > 0 {
		for d := range r.digits {
			r.digits[d] *= p / all
		}
	}
	alts := []Alternative{{Digit: 0, Confidence: 1 - p}}
	for _, a := range r.Alternatives {
		if a.Digit != 0 {
			alts = append(alts, Alternative{Digit: a.Digit, Confidence: a.Confidence * scale})
		}
	}
	slices.SortStableFunc(alts, func(a, b Alternative) int { return cmp.Compare(b.Confidence, a.Confidence) })
	r.Alternatives = alts[:0]
	for _, a := range alts {
		if a.Confidence >= minAlternative {
			r.Alternatives = append(r.Alternatives, a)
		}
	}
}

// pageSizes are the typical heights, as logarithms of fractions of the
// cell's height, of the digits and of the pencil marks of one page; known
// only when it has at least minSizes of each.
type pageSizes struct {
	digit, mark float64
	// digitSpread and markSpread are how far the log heights of the
	// page's digits and of its marks spread about their typical ones (a
	// standard deviation, robustly measured, never under a pixel).
	digitSpread, markSpread float64
	known                   bool
}

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
			digits = append(digits, math.Log(c.heightShare(ink[i].RelH*float64(c.Rects[i].Dy()))))
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
	p.known = p.digit > p.mark
	cellH := 1 / c.heightShare(1) // the pixels the shares are of
	p.digitSpread = spreadOf(digits, p.digit, cellH)
	p.markSpread = spreadOf(marks, p.mark, cellH)
	return p
}

// madSigma turns a median absolute deviation into the standard deviation
// of a normal distribution with it.
const madSigma = 1.4826

// spreadOf is the spread of the sorted log heights hs about their median
// m: the median absolute deviation as a normal's standard deviation, but
// never less than a pixel's share of the height, for cells cellH pixels
// high (a glyph's height is measured in whole pixels).
func spreadOf(hs []float64, m, cellH float64) float64 {
	dev := make([]float64, len(hs))
	for k, h := range hs {
		dev[k] = math.Abs(h - m)
	}
	slices.Sort(dev)
	pixel := math.Log1p(1 / max(math.Exp(m)*cellH, 1))
	return max(madSigma*dev[len(dev)/2], pixel)
}

// digitChance is the probability that one glyph of log height h, in the
// middle of its cell, is a digit of the page, by the page's heights alone:
// the digits' and the marks' log heights are normal about their typical
// ones with their spreads, and a glyph may also be neither (a piece of a
// neighbour's digit in a cell cut off the grid, a speck), a share
// strayGlyphs of the glyphs, any log height over strayRange alike. A glyph
// taller than the page's typical digit is as likely a digit as one of that
// height, and one shorter than its typical mark as likely a mark as one of
// that, so that the chance grows with the height (the wider spread's tail
// would otherwise take a very tall glyph for a mark).
func (p pageSizes) digitChance(h float64) float64 {
	zd, zm := (min(h, p.digit)-p.digit)/p.digitSpread, (max(h, p.mark)-p.mark)/p.markSpread
	norm := math.Sqrt(2 * math.Pi)
	digit := (1 - strayGlyphs) / 2 * math.Exp(-zd*zd/2) / (p.digitSpread * norm)
	mark := (1 - strayGlyphs) / 2 * math.Exp(-zm*zm/2) / (p.markSpread * norm)
	return digit / (digit + mark + strayGlyphs/strayRange)
}

// strayGlyphs is the share of the lone glyphs weighed by digitChance that
// are neither a digit nor a mark of the page: one in a hundred. Its
// origin records the app screenshot whose grid, found a little off,
// showed a piece of a digit of the next row in two empty cells, read as
// 5s surely without it. strayRange is the range of log heights such a
// glyph may have: a tenth of a cell to a whole one.
const (
	strayGlyphs = 0.01
	strayRange  = math.Ln10
)

// wideMarks reads as pencil marks the cells of a grid with pencil marks
// (see markedGrid) that the network read unsurely as one digit, finding
// pencil marks likely too (tornMarks), and whose ink is wider than it is
// high or stands off the middle of the cell (loneOffCentre): a digit is
// higher than it is wide and written in the middle, two or three small
// ones written side by side, or one in a corner, are not. Their marks are
// the network's marks head's, and the cell is never read surely
// (loneTrust): the shape of its ink tells, not the network. The cells
// settleLones read as one small digit by the page's heights (small) are
// left as they are: their glyph's height has told.
func wideMarks(out *[81]CellReading, c Cells, outs []digitnet.Output, ask []int, small map[int]bool) {
	var ink *[81]inkCell
	for k, i := range ask {
		o := &outs[k]
		if out[i].Digit == 0 || out[i].Confidence >= SureConfidence || o.Kind[digitnet.KindMarks] < tornMarks || small[i] {
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
