package ocr

import (
	"image"
	"math"
	"slices"
)

// inkCell is the outcome of the ink analysis of one cell: whether it holds
// a digit and, if so, the digit's binary mask cut to its bounding box.
type inkCell struct {
	// HasDigit reports whether a digit-like blob was found.
	HasDigit bool
	// EmptyConf is the probability that the emptiness verdict is right.
	EmptyConf float64
	// Mask is the digit's ink, cut to its bounding box: 1 for ink, 0 for
	// paper, W x H values row by row.
	Mask []uint8
	// W and H are the mask's size in pixels.
	W, H int
	// Gray is the cell's grayscale pixels under the same box as Mask,
	// stretched so paper is 255 and the darkest ink 0.
	Gray []uint8
	// Contrast is the difference between paper and ink of the blob.
	Contrast float64
	// RelH is the blob's height as a fraction of the cell's height.
	RelH float64
	// OffX and OffY are how far the centre of the blob's box lies from the
	// middle of the cell, as fractions of its width and height.
	OffX, OffY float64
}

// Tuning constants of the ink analysis, as fractions of a cell's side.
const (
	// minDigitHeight is the smallest height of a digit blob.
	minDigitHeight = 0.22
	// maxDigitHeight is the largest height of a digit blob.
	maxDigitHeight = 0.97
	// maxDigitWidth is the largest width of a digit blob.
	maxDigitWidth = 0.92
	// maxCentreOffset is how far from the cell's centre a blob's box centre
	// may lie.
	maxCentreOffset = 0.28
)

// More numbers of the ink analysis. Their origin (the ink analysis
// written for Tesseract's glyphs, before the trained classifier) records
// no measurement; doubtMaxHeight came with the remark that a blob much
// taller than the photo's digits is only maybe a digit, so that the
// correction may drop it.
const (
	// gridInkLevel and gridPaperLevel are the percentiles of the whole
	// grid's gray levels taken for its ink and its paper by binarizeInk,
	// and inkMargin the share of their difference by which a pixel must
	// be darker than its neighbourhood to be ink.
	gridInkLevel, gridPaperLevel = 0.02, 0.90
	inkMargin                    = 0.15
	// glyphInkLevel and glyphPaperLevel are the percentiles of a cell's
	// gray levels stretched to black and white in its glyph.
	glyphInkLevel, glyphPaperLevel = 0.01, 0.7
	// minDigitArea is the least area of a digit blob, as a share of its
	// cell's.
	minDigitArea = 0.01
	// blobEmptyConf is how sure the analysis is of a cell once it found a
	// digit blob in it or none.
	blobEmptyConf = 0.99
	// calibrateContrast: a blob fainter than minRelContrast of the
	// photo's typical digit, or shorter than minRelHeight or taller than
	// maxRelHeight of its height, is no digit, its cell empty with
	// notDigitEmptyConf; one fainter than doubtContrast, shorter than
	// doubtMinHeight or taller than doubtMaxHeight is only maybe one (its
	// cell empty with doubtEmptyConf).
	minRelContrast, minRelHeight, maxRelHeight    = 0.35, 0.55, 1.4
	notDigitEmptyConf                             = 0.8
	doubtContrast, doubtMinHeight, doubtMaxHeight = 0.6, 0.7, 1.25
	doubtEmptyConf                                = 0.6
)

// inkRemains tells the grid-line remains in a cell's ink mask: the rows and
// columns within a fifth of the cell's side (rounded up) of its edges of
// which at least 55% is ink. The share is written 0.55/1 as it was always
// compared: 55/100 in whole numbers differs on some sides.
var inkRemains = lineRemains{band: 0.2, bandRound: roundUp, fill: [2]float64{0.55, 1}}

// binarizeInk thresholds g adaptively: a pixel is ink when it is darker than
// the mean of a window around it by a margin that follows the photo's own
// contrast. It returns one byte per pixel (1 ink, 0 paper), Stride = width.
func binarizeInk(g *image.Gray, cellSide int) []uint8 {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	out := make([]uint8, w*h)
	if w == 0 || h == 0 {
		return out
	}
	// Global contrast: paper (a high percentile) against ink (a low one).
	hist := grayHistogram(g, b)
	lo, hi := grayLevel(&hist, w*h, gridInkLevel, roundUp), grayLevel(&hist, w*h, gridPaperLevel, roundUp)
	margin := max(6, inkMargin*float64(hi-lo))
	r := max(cellSide/3, 3)
	windowSums(g, r, func(y, y0, y1 int, sums []int64) {
		for x := range w {
			x0, x1 := max(x-r, 0), min(x+r+1, w)
			n := float64((y1 - y0) * (x1 - x0))
			if float64(g.Pix[y*g.Stride+x]) < float64(sums[x])/n-margin {
				out[y*w+x] = 1
			}
		}
	})
	return out
}

// inkBlob is one 8-connected blob of ink inside a cell.
type inkBlob struct {
	minX, minY, maxX, maxY int
	area                   int
	sum                    int // sum of gray values under the blob
	label                  int32
}

func (c *inkBlob) w() int { return c.maxX - c.minX + 1 }
func (c *inkBlob) h() int { return c.maxY - c.minY + 1 }

// analyzeCells runs the ink analysis on every cell of c.
func analyzeCells(c Cells) [81]inkCell {
	var out [81]inkCell
	if c.Img == nil {
		return out
	}
	cellSide := c.Size / 9
	bin := binarizeInk(c.Img, cellSide)
	stride := c.Img.Bounds().Dx()
	for i, r := range c.Rects {
		r = r.Intersect(c.Img.Bounds())
		if r.Dx() < 4 || r.Dy() < 4 {
			out[i] = inkCell{EmptyConf: evenChance}
			continue
		}
		out[i] = analyzeCell(c.Img, bin, stride, r)
	}
	calibrateContrast(&out)
	return out
}

// analyzeCell finds the digit blob of the cell in rectangle r, if any.
func analyzeCell(g *image.Gray, bin []uint8, stride int, r image.Rectangle) inkCell {
	w, h := r.Dx(), r.Dy()
	m := make([]uint8, w*h)
	for y := range h {
		copy(m[y*w:(y+1)*w], bin[(r.Min.Y+y)*stride+r.Min.X:(r.Min.Y+y)*stride+r.Max.X])
	}
	removeLineRemains(m, w, h)
	labels, comps := labelBlobs(m, w, h, g, r)
	keep, ok := digitBlobs(comps, w, h)
	if !ok {
		return inkCell{EmptyConf: blobEmptyConf}
	}
	bx0, by0, bx1, by1 := w, h, -1, -1
	var sum, area int
	for y := range h {
		for x := range w {
			if l := labels[y*w+x]; l > 0 && keep[l] {
				bx0, by0 = min(bx0, x), min(by0, y)
				bx1, by1 = max(bx1, x), max(by1, y)
				sum += int(g.Pix[(r.Min.Y+y-g.Rect.Min.Y)*g.Stride+r.Min.X+x-g.Rect.Min.X])
				area++
			}
		}
	}
	ow, oh := bx1-bx0+1, by1-by0+1
	mask := make([]uint8, ow*oh)
	gray := make([]uint8, ow*oh)
	// Paper level: a high percentile of the cell's pixels.
	hist := grayHistogram(g, r)
	paper := float64(grayLevel(&hist, w*h, glyphPaperLevel, roundUp))
	ink := float64(grayLevel(&hist, w*h, glyphInkLevel, roundUp))
	for y := range oh {
		for x := range ow {
			if l := labels[(by0+y)*w+bx0+x]; l > 0 && keep[l] {
				mask[y*ow+x] = 1
			}
			v := float64(g.Pix[(r.Min.Y+by0+y-g.Rect.Min.Y)*g.Stride+r.Min.X+bx0+x-g.Rect.Min.X])
			s := (v - ink) / max(paper-ink, 1) * 255
			gray[y*ow+x] = uint8(max(0, min(255, s)))
		}
	}
	return inkCell{
		HasDigit:  true,
		EmptyConf: blobEmptyConf,
		Mask:      mask,
		W:         ow,
		H:         oh,
		Gray:      gray,
		Contrast:  paper - float64(sum)/float64(max(area, 1)),
		RelH:      float64(oh) / float64(h),
		OffX:      float64(bx0+bx1+1)/2/float64(w) - cellMiddle,
		OffY:      float64(by0+by1+1)/2/float64(h) - cellMiddle,
	}
}

// digitBlobs picks the blobs of a digit among the blobs comps of a w x h
// cell: the largest of those tall enough, not too big and near the middle
// (minDigitHeight, maxDigitHeight, maxDigitWidth, maxCentreOffset,
// minDigitArea), with the pieces of a broken digit around it. It returns
// their labels, or false when no blob qualifies.
func digitBlobs(comps []inkBlob, w, h int) (map[int32]bool, bool) {
	best := -1
	for k := range comps {
		c := &comps[k]
		cw, ch := float64(c.w())/float64(w), float64(c.h())/float64(h)
		cx := (float64(c.minX+c.maxX+1)/2)/float64(w) - cellMiddle
		cy := (float64(c.minY+c.maxY+1)/2)/float64(h) - cellMiddle
		if ch < minDigitHeight || ch > maxDigitHeight || cw > maxDigitWidth {
			continue
		}
		if math.Abs(cx) > maxCentreOffset || math.Abs(cy) > maxCentreOffset {
			continue
		}
		if float64(c.area) < minDigitArea*float64(w*h) {
			continue
		}
		if best < 0 || c.area > comps[best].area {
			best = k
		}
	}
	if best < 0 {
		return nil, false
	}
	d := comps[best]
	keep := map[int32]bool{d.label: true}
	// Pieces of a broken digit: blobs that lie within the digit's rows and
	// overlap or nearly touch its columns.
	for k := range comps {
		c := &comps[k]
		if k == best || c.area < 3 {
			continue
		}
		if c.minY < d.minY-h/20 || c.maxY > d.maxY+h/20 {
			continue
		}
		if c.maxX < d.minX-w/12 || c.minX > d.maxX+w/12 {
			continue
		}
		keep[c.label] = true
	}
	return keep, true
}

// removeLineRemains clears rows and columns near the cell's edges that are
// mostly ink: what is left of the grid lines after cutting.
func removeLineRemains(m []uint8, w, h int) {
	ink := func(x, y int) bool { return m[y*w+x] != 0 }
	for y, line := range inkRemains.rows(w, h, ink) {
		if line {
			clear(m[y*w : (y+1)*w])
		}
	}
	// The columns are counted once the rows are cleared.
	for x, line := range inkRemains.cols(w, h, ink) {
		if line {
			for y := range h {
				m[y*w+x] = 0
			}
		}
	}
}

// labelBlobs finds the 8-connected components of the ink in m (w x h). It
// returns a label per pixel (0 for paper) and the components, whose label
// is their index + 1.
func labelBlobs(m []uint8, w, h int, g *image.Gray, r image.Rectangle) ([]int32, []inkBlob) {
	labels := make([]int32, w*h)
	var comps []inkBlob
	stack := make([]int, 0, 64)
	for start := range m {
		if m[start] == 0 || labels[start] != 0 {
			continue
		}
		id := int32(len(comps) + 1)
		c := inkBlob{minX: w, minY: h, maxX: -1, maxY: -1, label: id}
		labels[start] = id
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%w, p/w
			c.minX, c.minY = min(c.minX, x), min(c.minY, y)
			c.maxX, c.maxY = max(c.maxX, x), max(c.maxY, y)
			c.area++
			c.sum += int(g.Pix[(r.Min.Y+y-g.Rect.Min.Y)*g.Stride+r.Min.X+x-g.Rect.Min.X])
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					q := ny*w + nx
					if m[q] != 0 && labels[q] == 0 {
						labels[q] = id
						stack = append(stack, q)
					}
				}
			}
		}
		comps = append(comps, c)
	}
	return labels, comps
}

// calibrateContrast compares every digit blob with the photo's typical
// digit: blobs much fainter or much smaller than the others are demoted to
// empty (show-through from the back of the page, smudges), and the
// emptiness confidence reflects how clear-cut the verdict was.
func calibrateContrast(cells *[81]inkCell) {
	var cs, hs []float64
	for _, c := range cells {
		if c.HasDigit {
			cs = append(cs, c.Contrast)
			hs = append(hs, c.RelH)
		}
	}
	if len(cs) < 5 {
		return
	}
	slices.Sort(cs)
	slices.Sort(hs)
	typC := cs[len(cs)/2]
	typH := hs[len(hs)/2]
	for i := range cells {
		c := &cells[i]
		if !c.HasDigit {
			continue
		}
		rc, rh := c.Contrast/typC, c.RelH/typH
		// All the digits of one puzzle are printed at one height (within a
		// few percent, after rectification): a blob much shorter or taller
		// than the others is not one of them. Tall ones are grid lines left
		// inside the cell by an imperfect cut.
		if rc < minRelContrast || rh < minRelHeight || rh > maxRelHeight {
			*c = inkCell{EmptyConf: notDigitEmptyConf}
			continue
		}
		// A blob somewhat taller than the others is as likely a grid-line
		// remain or a smudge as a digit, and a faint or short one may be
		// show-through.
		if rc < doubtContrast || rh < doubtMinHeight || rh > doubtMaxHeight {
			c.EmptyConf = doubtEmptyConf
		}
	}
}

// glyph renders the digit as a black-on-white image whose ink box is
// height px tall (width following the aspect ratio, at most 1.2 x height),
// with pad px of paper around it. It uses the cell's contrast-stretched
// gray levels wherever the digit's mask (grown by one pixel) has ink, and
// paper elsewhere, so blur keeps its gray edges and holes stay open; the
// sampling averages source pixels over each output pixel. Gray levels are
// raised to the power gamma first (1 leaves them as they are; below 1
// lightens them).
func (c *inkCell) glyph(height, pad int, gamma float64) *image.Gray {
	src := make([]float64, c.W*c.H)
	for y := range c.H {
		for x := range c.W {
			v := float64(255)
			if c.nearInk(x, y) {
				v = float64(c.Gray[y*c.W+x])
				if gamma != 1 {
					v = 255 * math.Pow(v/255, gamma)
				}
			}
			src[y*c.W+x] = v
		}
	}
	scale := float64(height) / float64(c.H)
	gw := int(math.Round(float64(c.W) * scale))
	gw = max(1, min(gw, height*6/5))
	sx := float64(c.W) / float64(gw)
	out := image.NewGray(image.Rect(0, 0, gw+2*pad, height+2*pad))
	for i := range out.Pix {
		out.Pix[i] = 255
	}
	sy := float64(c.H) / float64(height)
	for y := range height {
		fy0, fy1 := float64(y)*sy, float64(y+1)*sy
		for x := range gw {
			fx0, fx1 := float64(x)*sx, float64(x+1)*sx
			out.Pix[(y+pad)*out.Stride+x+pad] = uint8(areaMean(src, c.W, c.H, fx0, fy0, fx1, fy1) + roundHalf)
		}
	}
	return out
}

// nearInk reports whether the mask has ink at (x, y) or next to it.
func (c *inkCell) nearInk(x, y int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := x+dx, y+dy
			if nx >= 0 && ny >= 0 && nx < c.W && ny < c.H && c.Mask[ny*c.W+nx] != 0 {
				return true
			}
		}
	}
	return false
}

// areaMean returns the mean of the w x h values m over the box
// [x0,x1) x [y0,y1) in source pixels, weighting partial pixels.
func areaMean(m []float64, w, h int, x0, y0, x1, y1 float64) float64 {
	var s, a float64
	for y := int(y0); y < h && float64(y) < y1; y++ {
		wy := min(float64(y+1), y1) - max(float64(y), y0)
		if wy <= 0 {
			continue
		}
		for x := int(x0); x < w && float64(x) < x1; x++ {
			wx := min(float64(x+1), x1) - max(float64(x), x0)
			if wx <= 0 {
				continue
			}
			s += wx * wy * m[y*w+x]
			a += wx * wy
		}
	}
	if a == 0 {
		return 0
	}
	return s / a
}
