package ocr

import (
	"context"
	"image"
	"sync"

	"github.com/sudokubot/sudokubot/solver"
)

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
	// Light is the grid's gray levels as warped (Rectified.Light), the
	// light on the paper, Size x Size like Img; nil when not known (a
	// negative, or Cells not cut by Cut).
	Light *image.Gray
	// memo holds the ink analysis of the cells once made (see ink); nil
	// for Cells not cut by CutCells.
	memo *inkMemo
	// lines are the cell lines CutCells found in Raw (zero for Cells not
	// cut by CutCells).
	lines cellLines
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

// raw is the grid as cut, grid-line remains and all (Raw), or Img for
// Cells that have no Raw.
func (c Cells) raw() *image.Gray {
	if c.Raw == nil {
		return c.Img
	}
	return c.Raw
}

// heightShare is a glyph's height of px pixels as a share of the height
// of a cell's box as an even split of the grid draws it (cellBox), the
// same in every cell: the box the cut drew may be shorter, where a row of
// digits' strokes stood out more than a faint grid line, and a glyph
// measured against it looks taller than it is.
func (c Cells) heightShare(px float64) float64 {
	pitch := c.Size / 9
	return px / float64(max(cellBox(0, pitch, 0, pitch, c.Size).Dy(), 1))
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
	// KindDoubt is the probability that a digit's Kind is the other one
	// of given and entry: that a digit read as a given is the player's,
	// or one read as an entry was printed with the puzzle. [Read] sets it
	// from how surely the split told the digits' looks apart (0 when it
	// is sure); a recognizer leaves it to Read.
	KindDoubt float64
	// digits are the recognizer's probabilities of each digit 1-9, on
	// Confidence's scale, all of them: Alternatives lists only those from
	// minAlternative up, and a digit less likely than that may still be
	// the likelier reading once weighed with what else is known of the
	// cell (weighEntries). Zero when the recognizer gave none.
	digits [10]float64
	// headMarks are the marks the network reads in the whole cell
	// (netMarks), kept beside Marks when each mark is read on its own: a
	// mark beside a grid line can be missed one way and not the other,
	// and marks are called wrong only when both leave the solution's
	// digit out.
	headMarks solver.DigitSet
}

// KindSure reports whether the cell's kind is read surely: the split
// doubts it less than 1 - SureConfidence.
func (c CellReading) KindSure() bool { return c.KindDoubt <= 1-SureConfidence }

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
