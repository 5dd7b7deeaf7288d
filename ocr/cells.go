package ocr

import (
	"context"
	"image"
	"image/draw"
	"math"
	"sync"

	"github.com/sudokubot/sudokubot/solver"
)

// Point is a position in an image, in pixels, with subpixel precision.
type Point struct{ X, Y float64 }

// Quad is the four outer corners of a grid in a photo, in the order
// top-left, top-right, bottom-right, bottom-left (as the puzzle is read).
type Quad [4]Point

// Cells is a rectified grid and the box of each of its 81 cells. It is what
// the pipeline hands to a [Recognizer].
type Cells struct {
	// Size is the side of Img in pixels.
	Size int
	// Img is the rectified grid: a Size x Size grayscale square whose outer
	// border lies along the image edge. Dark ink on light paper.
	Img *image.Gray
	// Rects holds the box of every cell inside Img, row by row
	// (index row*9 + col), grid lines excluded as far as they were found.
	Rects [81]image.Rectangle
	// Raw is Img before CutCells painted out the grid-line remains: small
	// pencil marks close to a line are whole there.
	Raw *image.Gray
	// memo holds the ink analysis of the cells once made (see ink); nil
	// for Cells not cut by CutCells.
	memo *inkMemo
}

// inkMemo is the ink analysis of a grid's cells (analyzeCells), made at
// most once however many steps of the reading ask for it: the recognizer
// (wideMarks, DigitGlyphs) and the split (glyphStyles).
type inkMemo struct {
	once  sync.Once
	cells [81]inkCell
}

// ink returns the ink analysis of c's cells: made once for the cells
// CutCells cut, anew for Cells put together by hand. The cells' pixels
// must not change after it is first made.
func (c Cells) ink() *[81]inkCell {
	if c.memo == nil {
		all := analyzeCells(c)
		return &all
	}
	c.memo.once.Do(func() { c.memo.cells = analyzeCells(c) })
	return &c.memo.cells
}

// Cell returns the pixels of cell i as a sub-image of c.Img (sharing its
// memory).
func (c *Cells) Cell(i int) *image.Gray {
	return c.Img.SubImage(c.Rects[i]).(*image.Gray)
}

// Alternative is a candidate reading of a cell other than the chosen one.
type Alternative struct {
	// Digit is 1-9, or 0 for "empty".
	Digit int
	// Confidence is the probability in [0, 1] the recognizer gives it.
	Confidence float64
}

// CellKind says what a cell holds.
type CellKind int

// The kinds of cell.
const (
	// KindEmpty is a cell with no digit.
	KindEmpty CellKind = iota
	// KindGiven is a digit of the puzzle: printed in the paper, or drawn
	// in the app's style for givens.
	KindGiven
	// KindEntry is a digit the player wrote or typed.
	KindEntry
	// KindMarks is a cell with the player's pencil marks.
	KindMarks
)

// String names the kind as the JSON output does: "empty", "given",
// "entry", "marks".
func (k CellKind) String() string {
	switch k {
	case KindGiven:
		return "given"
	case KindEntry:
		return "entry"
	case KindMarks:
		return "marks"
	}
	return "empty"
}

// CellReading is a recognizer's verdict on one cell.
type CellReading struct {
	// Kind says what the cell holds. [Read] sets it from the digits and
	// their looks; a recognizer may leave it to Read.
	Kind CellKind
	// Digit is 1-9, or 0 when the cell is empty.
	Digit int
	// Confidence is the probability in [0, 1] that Digit is right
	// (for an empty cell: that the cell is really empty).
	Confidence float64
	// Alternatives are other candidates by decreasing confidence; they never
	// repeat Digit. Digit 0 here means "maybe empty".
	Alternatives []Alternative
	// Marks are the pencil marks of a cell of KindMarks.
	Marks solver.DigitSet
	// MarksConfidence is the probability that Marks are read right, every
	// mark and no more (0 for a cell without marks).
	MarksConfidence float64
	// Hand is the probability that Digit is written by hand rather than
	// printed or typed, when the recognizer says (0 when it does not).
	Hand float64
}

// OtherDigit is the likeliest digit among the alternatives other than
// Digit, 0 when there is none: what else a digit read may be, or what a
// cell read as empty may hold.
func (c CellReading) OtherDigit() int {
	for _, a := range c.Alternatives {
		if a.Digit != 0 && a.Digit != c.Digit {
			return a.Digit
		}
	}
	return 0
}

// Recognizer decides empty or digit for each of the 81 cells and reads the
// digits. Implementations live in recognize*.go, tess*.go, classif*.go.
type Recognizer interface {
	// Recognize returns one reading per cell of c, in the order of c.Rects.
	// It returns ctx's error when ctx is cancelled first.
	Recognize(ctx context.Context, c Cells) ([81]CellReading, error)
}

// A glancer is a [Recognizer] that can also read cells at a glance: more
// cheaply and less surely. [Read] uses it to look for the upright angle of
// a photo stored on its side.
type glancer interface {
	glance(ctx context.Context, c Cells) ([81]CellReading, error)
}

// Rectify warps the quadrilateral q of img (top-left, top-right,
// bottom-right, bottom-left) onto a size x size grayscale square with
// bilinear interpolation, averaging several samples per pixel when the grid
// is larger in the photo than the square. Points of the square that map outside img take the
// nearest edge pixel, so a grid touching the frame edge still rectifies.
func Rectify(img image.Image, q Quad, size int) *image.Gray {
	g := ToGray(img)
	out := image.NewGray(image.Rect(0, 0, size, size))
	if size <= 0 {
		return out
	}
	h, ok := squareToQuad(q)
	if !ok {
		return out
	}
	b := g.Bounds()
	w, ht := b.Dx(), b.Dy()
	if w == 0 || ht == 0 {
		return out
	}
	// Shrinking a sharp photo by point sampling aliases thin strokes:
	// average ss x ss samples per pixel when the grid is larger in the
	// photo than in the square.
	side := 0.0
	for i := range q {
		side = math.Max(side, math.Hypot(q[(i+1)%4].X-q[i].X, q[(i+1)%4].Y-q[i].Y))
	}
	ss := int(math.Max(1, math.Min(3, math.Round(side/float64(size)))))
	inv := 1 / float64(size*ss)
	for y := range size {
		row := out.Pix[y*out.Stride : y*out.Stride+size]
		for x := range size {
			sum := 0
			for sy := range ss {
				v := (float64(y*ss+sy) + 0.5) * inv
				for sx := range ss {
					u := (float64(x*ss+sx) + 0.5) * inv
					px, py := h.apply(u, v)
					sum += int(bilinear(g, px-float64(b.Min.X)-0.5, py-float64(b.Min.Y)-0.5, w, ht))
				}
			}
			row[x] = uint8((sum + ss*ss/2) / (ss * ss))
		}
	}
	return out
}

// bilinear samples g (origin-relative coordinates, pixel centres at
// integers) with clamping at the edges.
func bilinear(g *image.Gray, x, y float64, w, h int) uint8 {
	if math.IsNaN(x) || math.IsNaN(y) {
		return 255
	}
	x = math.Max(0, math.Min(x, float64(w-1)))
	y = math.Max(0, math.Min(y, float64(h-1)))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
	fx, fy := x-float64(x0), y-float64(y0)
	p := g.Pix
	s := g.Stride
	a := float64(p[y0*s+x0])*(1-fx) + float64(p[y0*s+x1])*fx
	c := float64(p[y1*s+x0])*(1-fx) + float64(p[y1*s+x1])*fx
	return uint8(a*(1-fy) + c*fy + 0.5)
}

// ToGray returns img as *image.Gray, converting when needed. A *image.Gray
// is returned as is (not copied).
func ToGray(img image.Image) *image.Gray {
	if g, ok := img.(*image.Gray); ok {
		return g
	}
	b := img.Bounds()
	g := image.NewGray(b)
	switch src := img.(type) {
	case *image.YCbCr:
		// The luma plane is the gray image (what JPEG photos decode to).
		for y := b.Min.Y; y < b.Max.Y; y++ {
			yo := src.YOffset(b.Min.X, y)
			copy(g.Pix[(y-b.Min.Y)*g.Stride:(y-b.Min.Y)*g.Stride+b.Dx()], src.Y[yo:yo+b.Dx()])
		}
	default:
		// Composite over white paper: transparent parts of a PNG or GIF
		// (a screenshot's background) must not turn black.
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		draw.Draw(g, b, img, b.Min, draw.Over)
	}
	return g
}

// invert returns the negative of g: light ink on dark paper (a dark-mode
// screenshot) becomes dark ink on light paper.
func invert(g *image.Gray) *image.Gray {
	out := image.NewGray(g.Rect)
	for y := range g.Rect.Dy() {
		src := g.Pix[y*g.Stride : y*g.Stride+g.Rect.Dx()]
		dst := out.Pix[y*out.Stride : y*out.Stride+g.Rect.Dx()]
		for x, p := range src {
			dst[x] = 255 - p
		}
	}
	return out
}

// CutCells splits a rectified grid into 81 cells. It looks for the grid
// lines near where an even split puts them, separately in every band of
// cells (lines bend on curved paper), falls back to the even split where no
// line is clear, and trims each box inside its lines. Remains of grid lines
// inside a box (dark parts touching its border that do not reach its
// middle) are painted over with the paper's shade, in grid itself.
func CutCells(grid *image.Gray) Cells {
	b := grid.Bounds()
	if b.Min != (image.Point{}) {
		c := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(c, c.Bounds(), grid, b.Min, draw.Src)
		grid = c
	}
	size := min(grid.Bounds().Dx(), grid.Bounds().Dy())
	lines := findCellLines(grid)
	raw := image.NewGray(grid.Rect)
	copy(raw.Pix, grid.Pix)
	c := Cells{Size: size, Img: grid, Raw: raw, memo: &inkMemo{}}
	for r := range 9 {
		for col := range 9 {
			xs, ys := lines.V[r], lines.H[col]
			c.Rects[r*9+col] = cellBox(xs[col], xs[col+1], ys[r], ys[r+1], size)
			cleanCell(grid, c.Rects[r*9+col])
		}
	}
	return c
}

// How CutCells tells the remains of grid lines in a cell's box. The numbers
// date from the commit that made the cut paint remains out (defa28a); no
// measurement of them was recorded.
var (
	// cutInk: the box's paper is its 70th percentile, its ink its 2nd; a
	// box with less than 40 gray levels between them is left alone.
	cutInk = inkCut{paper: 0.7, ink: 0.02, minContrast: 40}
	// cutRemains: dark pieces touching the box's border that stay within
	// a quarter of its side of the edges (miss its middle half).
	cutRemains = lineRemains{band: 0.25, bandRound: roundDown}
)

// cleanCell paints out what is left of the grid lines inside box r of g:
// dark components that touch the box's border but do not reach its middle
// (line ends, corners of a bent border, a fold along an edge) become paper.
// Digits are printed in the middle of their cells, so they are kept.
func cleanCell(g *image.Gray, r image.Rectangle) {
	w, h := r.Dx(), r.Dy()
	if w < 8 || h < 8 {
		return
	}
	hist := grayHistogram(g, r)
	paper, th, ok := cutInk.of(&hist, w*h)
	if !ok {
		return
	}
	dark := func(x, y int) bool { return g.Pix[g.PixOffset(r.Min.X+x, r.Min.Y+y)] < th }
	seen := make([]bool, w*h)
	var comp, stack []int
	for start := range seen {
		sx, sy := start%w, start/w
		if seen[start] || !dark(sx, sy) {
			continue
		}
		comp, stack = comp[:0], append(stack[:0], start)
		seen[start] = true
		border, band := false, true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			comp = append(comp, p)
			x, y := p%w, p/w
			border = border || x == 0 || y == 0 || x == w-1 || y == h-1
			band = band && cutRemains.inBand(x, y, w, h)
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= w || ny >= h {
					continue
				}
				if q := ny*w + nx; !seen[q] && dark(nx, ny) {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
		if border && band {
			for _, p := range comp {
				g.Pix[g.PixOffset(r.Min.X+p%w, r.Min.Y+p/w)] = uint8(paper)
			}
		}
	}
}
