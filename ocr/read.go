package ocr

import (
	"context"
	"errors"
	"fmt"
	"image"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// GridSize is the side in pixels of the rectified grid [Read] hands to the
// recognizer: 50 pixels per cell.
const GridSize = 450

// Options configure [Read].
type Options struct {
	// Limits bound the decoded image; the zero value means
	// [DefaultDecodeLimits].
	Limits DecodeLimits
	// Recognizer reads the cells. It is required.
	Recognizer Recognizer
}

// Stage is the time one step of [Read] took.
type Stage struct {
	Name     string        `json:"stage"`
	Duration time.Duration `json:"ns"`
}

// Result is what [Read] found in a photo.
type Result struct {
	// Grid is the puzzle as read, its givens; 0 for empty cells.
	Grid solver.Grid
	// Entered holds the player's entries read (digits typed or written
	// into the puzzle, told from the givens by how they look); 0
	// elsewhere.
	Entered solver.Grid
	// Marks are the pencil marks read in each cell (those of KindMarks).
	Marks [81]solver.DigitSet
	// Cells holds the recognizer's reading of every cell, row by row.
	Cells [81]CellReading
	// Corners are the grid's outer corners in the photo's stored pixels
	// as decoded (before any EXIF rotation, and at the reduced scale a
	// large JPEG is decoded at: see Scale and InFile), in reading order:
	// the puzzle's top-left, top-right, bottom-right and bottom-left.
	Corners Quad
	// Width and Height are the stored pixel size of the photo as decoded.
	Width, Height int
	// Scale is the factor by which the photo was shrunk as it was decoded
	// ([Decoded].Scale): 1, or 2, 4 or 8 for a large JPEG.
	Scale int
	// Orientation is the photo's EXIF orientation tag (1 when absent).
	Orientation int
	// Turns is how many quarter turns clockwise the stored pixels need for
	// the puzzle to be upright: 0, the EXIF tag's when reading that way
	// worked better, or, when neither gave a proper puzzle, the turn whose
	// reading did.
	Turns int
	// DetectScore in [0, 1] is how grid-like the found quadrilateral was.
	DetectScore float64
	// Inverted is true when the grid was read from the negative of the
	// photo (light print on a dark board).
	Inverted bool
	// ColoursLost is true when the givens are doubted because the file
	// kept its colours too coarsely to tell a typed entry by its colour (a
	// JPEG saved at quality 8 or under).
	ColoursLost bool
	// Solutions is 1 when Grid has exactly one solution, 0 when it has a
	// clash or none, 2 when it has several.
	Solutions int
	// Solution is Grid's one solution when Solutions is 1.
	Solution solver.Grid
	// SolveErr is the solver's verdict on Grid when Solutions is not 1: a
	// [*solver.Clash], or an error matching [solver.ErrNoSolution] or
	// [solver.ErrMultipleSolutions]. Callers answer with it as they do for
	// a typed puzzle, without solving the grid again.
	SolveErr error
	// Problem says what is wrong with Grid when Solutions is not 1, "" else.
	Problem string
	// Doubtful lists the cells to check by eye (indexes row*9+col): when
	// Solutions is not 1, the least confident cells and those in a clash;
	// otherwise the digits read with little confidence.
	Doubtful []int
	// OtherGrids are the corners of the other grids found in the picture
	// (in the stored pixels, like Corners): [Result.GridsNote] says which
	// one was read.
	OtherGrids []Quad
	// Stages are the time spent in each step, in order.
	Stages []Stage
}

// Checked reports whether the grid read has exactly one solution.
func (r *Result) Checked() bool { return r.Solutions == 1 }

// ErrDoubtful is matched by the error [Result.Err] returns when the grid
// read is not a proper puzzle.
var ErrDoubtful = errors.New("the grid read is doubtful")

// Err returns nil when the grid read has exactly one solution, and else an
// error saying what is wrong and which cells are doubtful.
func (r *Result) Err() error {
	if r.Checked() {
		return nil
	}
	msg := r.Problem
	if len(r.Doubtful) > 0 {
		msg += "; check"
		for i, c := range r.Doubtful {
			if i > 0 {
				msg += ","
			}
			msg += " " + solver.CellName(c/9, c%9) + describeReading(r.Cells[c])
		}
	}
	return fmt.Errorf("%w: %s", ErrDoubtful, msg)
}

// describeReading says what a cell was read as, with its best alternative.
func describeReading(c CellReading) string {
	d := func(v int) string {
		if v == 0 {
			return "empty"
		}
		return fmt.Sprint(v)
	}
	s := " (" + d(c.Digit)
	if len(c.Alternatives) > 0 {
		s += " or " + d(c.Alternatives[0].Digit)
	}
	return s + ")"
}

// Read decodes a photo, finds the Sudoku grid in it, rectifies it, cuts
// the cells, reads them with opt.Recognizer and checks the grid with the
// solver. An error means no grid could be read at all (bad image, over the
// limits, no grid found, recognizer failure) or, a [*GridError], that the
// picture's grid is not a whole 9x9 Sudoku with digits in it; a grid that was read but is
// not a proper puzzle comes back with a nil error and [Result.Err] saying
// what is wrong.
func Read(ctx context.Context, data []byte, opt Options) (*Result, error) {
	if opt.Recognizer == nil {
		return nil, errors.New("ocr: Read needs a Recognizer")
	}
	t := time.Now()
	dec, err := Decode(data, opt.Limits)
	if err != nil {
		return nil, err
	}
	return readDecoded(ctx, dec, opt, t)
}

// ReadDecoded is [Read] for a photo already decoded with [Decode], for
// callers that use the pixels again afterwards (to draw the solution on the
// photo) and should not decode them twice.
func ReadDecoded(ctx context.Context, dec *Decoded, opt Options) (*Result, error) {
	if opt.Recognizer == nil {
		return nil, errors.New("ocr: ReadDecoded needs a Recognizer")
	}
	return readDecoded(ctx, dec, opt, time.Now())
}

// readDecoded reads dec; t is when the work on the photo started, the
// start of the first stage ("decode"). It runs the stages in order, each
// timed under its own name: decode, detect, then for every angle tried
// (see readUpright), and for every lattice a cell off the one detected
// when no angle's digits make a puzzle (see readShifted), rectify, cut,
// recognize, split and check.
func readDecoded(ctx context.Context, dec *Decoded, opt Options, t time.Time) (*Result, error) {
	clock := &stageClock{last: t}
	pic := &photo{dec: dec, gray: ToGray(dec.Image)}
	clock.lap("decode")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	det, err := Detect(pic.gray)
	if err != nil {
		return nil, err
	}
	pic.corners, pic.around = det.Corners, sync.OnceValue(det.around)
	clock.lap("detect")
	best, err := readUpright(ctx, pic, opt.Recognizer, clock)
	if err != nil {
		return nil, err
	}
	if best, err = readShifted(ctx, pic, best, opt.Recognizer, clock); err != nil {
		return nil, err
	}
	res := best.result(dec)
	if err := gridError(pic.around, res); err != nil {
		return nil, err
	}
	res.DetectScore, res.OtherGrids = det.Score, det.Others
	res.Stages = clock.stages
	return res, nil
}

// photo is a decoded picture and where its grid was detected: what the
// stages from rectify on work from, at every angle.
type photo struct {
	dec *Decoded
	// gray is the picture's gray levels (ToGray(dec.Image)).
	gray *image.Gray
	// corners are the grid's corners as detected in the stored pixels.
	corners Quad
	// warped is the grid's gray levels warped onto the square as stored
	// (Rectify of corners), made once by the first gridAt: the angles turn
	// it.
	warped   *image.Gray
	warpOnce sync.Once
	// around looks at what lies around the grid (Detection.around), once:
	// gridError's evidence on a grid that does not check out, looked at
	// beside the other angles' glances when a photo gets them.
	around func() surroundings
}

// gridAt rectifies the grid of the photo turned upright by turns quarter
// turns clockwise. The photo is warped once; every angle turns that warp,
// which costs a copy instead of a warp of a 12-megapixel photo. It is safe
// for concurrent use.
func (p *photo) gridAt(turns int) Rectified {
	p.warpOnce.Do(func() { p.warped = Rectify(p.gray, p.corners, GridSize) })
	return finishGrid(p.dec.Image, turnQuad(p.corners, turns), turnSquare(p.warped, turns))
}

// stageClock times the stages of one reading.
type stageClock struct {
	// last is when the stage under way started.
	last   time.Time
	stages []Stage
}

// lap ends the stage under way, name, and starts the next.
func (c *stageClock) lap(name string) {
	now := time.Now()
	c.stages = append(c.stages, Stage{name, now.Sub(c.last)})
	c.last = now
}

// add appends the stages timed on others, in their order, and starts the
// next stage now: the others timed stages that ran beside this clock's.
func (c *stageClock) add(others ...stageClock) {
	for _, o := range others {
		c.stages = append(c.stages, o.stages...)
	}
	c.last = time.Now()
}

// result is the Result of the reading at angle a of the photo dec.
func (a *angleReading) result(dec *Decoded) *Result {
	b := dec.Image.Bounds()
	res := &Result{Width: b.Dx(), Height: b.Dy(), Orientation: dec.Orientation, Scale: max(dec.Scale, 1)}
	res.Turns, res.Corners, res.Inverted = a.turns, a.rect.grid.Corners, a.rect.grid.Inverted
	res.Cells, res.Grid, res.Entered = a.split.cells, a.split.givens, a.split.entered
	res.ColoursLost = a.split.coloursLost
	for i, c := range res.Cells {
		if c.Kind == KindMarks {
			res.Marks[i] = c.Marks
		}
	}
	res.Solutions, res.Solution, res.SolveErr = a.check.solutions, a.check.solution, a.check.solveErr
	res.Problem, res.Doubtful = a.check.problem, a.check.doubtful
	return res
}

// InFile returns the grid's corners and the photo's size in the file's own
// pixels: Corners, Width and Height times Scale.
func (r *Result) InFile() (Quad, int, int) {
	s := max(r.Scale, 1)
	q := r.Corners
	for i := range q {
		q[i].X, q[i].Y = q[i].X*float64(s), q[i].Y*float64(s)
	}
	return q, r.Width * s, r.Height * s
}

// GridCells rectifies the grid whose corners are q (in reading order: the
// puzzle's top-left first) in the picture img, whose gray levels are g
// (ToGray(img)), and cuts its cells: the rectify and cut stages
// ([RectifyGrid], [Cut]). It reports whether the grid is light print on a
// dark board, read from its negative.
func GridCells(img image.Image, g *image.Gray, q Quad) (Cells, bool) {
	r := RectifyGrid(img, g, q)
	return Cut(r), r.Inverted
}
