package ocr

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"sort"
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
	// (before any EXIF rotation), in reading order: the puzzle's top-left,
	// top-right, bottom-right and bottom-left.
	Corners Quad
	// Width and Height are the stored pixel size of the photo.
	Width, Height int
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
// limits, no grid found, recognizer failure); a grid that was read but is
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
// start of the first stage ("decode").
func readDecoded(ctx context.Context, dec *Decoded, opt Options, t time.Time) (*Result, error) {
	res := &Result{}
	stage := func(name string) {
		now := time.Now()
		res.Stages = append(res.Stages, Stage{name, now.Sub(t)})
		t = now
	}
	b := dec.Image.Bounds()
	res.Width, res.Height, res.Orientation = b.Dx(), b.Dy(), dec.Orientation
	gray := ToGray(dec.Image)
	stage("decode")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	det, err := Detect(gray)
	if err != nil {
		return nil, err
	}
	res.DetectScore = det.Score
	stage("detect")

	// The stored pixels' own orientation first, then the EXIF tag's when
	// the first reading is not convincing: the tag is tested, not trusted
	// (some phones tag photos whose pixels are already upright).
	turnsList := []int{0}
	if tt := ExifTurns(dec.Orientation); tt != 0 {
		turnsList = append(turnsList, tt)
	}
	type try struct {
		turns    int
		q        Quad
		cells    [81]CellReading
		grid     solver.Grid
		entered  solver.Grid
		inverted bool
		nsol     int
		solution solver.Grid
		solveErr error
		meanConf float64
	}
	// readAt reads the grid turned upright by turns quarter turns, with
	// read (the recognizer's Recognize, or a cheaper glance).
	readAt := func(turns int, read func(context.Context, Cells) ([81]CellReading, error)) (*try, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		q := turnQuad(det.Corners, turns)
		cells, inverted := GridCells(dec.Image, gray, q)
		stage("rectify")
		readings, err := read(ctx, cells)
		if err != nil {
			return nil, fmt.Errorf("recognize cells: %w", err)
		}
		stage("recognize")
		outsideDoubt(&readings, q, gray.Rect)
		readings = splitAndCorrect(readings, dec.Image, q, cells)
		conf := 0.0
		g, _ := solver.NewGrid(9)
		e, _ := solver.NewGrid(9)
		for i, c := range readings {
			conf += c.Confidence / 81
			switch c.Kind {
			case KindGiven:
				g.SetCell(i, c.Digit)
			case KindEntry:
				e.SetCell(i, c.Digit)
			}
		}
		stage("split")
		t := &try{turns: turns, q: q, cells: readings, grid: g, entered: e, inverted: inverted, meanConf: conf}
		t.solution, t.solveErr = solveReading(g)
		switch {
		case t.solveErr == nil:
			t.nsol = 1
			weighEmpties(&t.cells, &t.entered)
			dropNoiseEntries(&t.cells, &t.entered, t.solution)
			weighEntries(&t.cells, &t.entered, t.solution)
		case errors.Is(t.solveErr, solver.ErrMultipleSolutions):
			t.nsol = 2
		}
		stage("check")
		return t, nil
	}
	var best *try
	for _, turns := range turnsList {
		cur, err := readAt(turns, opt.Recognizer.Recognize)
		if err != nil {
			return nil, err
		}
		if best == nil || betterTry(cur.nsol, cur.meanConf, best.nsol, best.meanConf) {
			best = cur
		}
		if best.nsol == 1 && best.meanConf > 0.9 {
			break // no need to try the other orientation
		}
	}
	if best.nsol != 1 {
		// Not a proper puzzle either way: the photo may be stored on its
		// side or upside down with no EXIF tag saying so (a screenshot,
		// an app that strips the tag). The solver check picks the angle,
		// as confidence alone does not (digits upside down read as
		// confidently as upright ones). The other angles get a glance
		// first, when the recognizer has one, and a full reading only
		// when the glance gives a proper puzzle: photos that are just
		// hard to read pay little for it.
		glance, quick := opt.Recognizer.Recognize, false
		if g, ok := opt.Recognizer.(glancer); ok {
			glance, quick = g.glance, true
		}
		for turns := range 4 {
			if slices.Contains(turnsList, turns) {
				continue
			}
			cur, err := readAt(turns, glance)
			if err != nil {
				return nil, err
			}
			if cur.nsol != 1 {
				continue
			}
			if quick {
				if cur, err = readAt(turns, opt.Recognizer.Recognize); err != nil {
					return nil, err
				}
			}
			if betterTry(cur.nsol, cur.meanConf, best.nsol, best.meanConf) {
				best = cur
			}
			if best.nsol == 1 {
				break
			}
		}
	}
	res.Turns, res.Corners, res.Cells, res.Grid, res.Solutions = best.turns, best.q, best.cells, best.grid, best.nsol
	res.Solution, res.SolveErr, res.Entered, res.Inverted = best.solution, best.solveErr, best.entered, best.inverted
	for i, c := range res.Cells {
		if c.Kind == KindMarks {
			res.Marks[i] = c.Marks
		}
	}
	if res.Solutions != 1 {
		res.Problem, res.Doubtful = diagnose(res.Grid, res.Cells, res.Solutions)
	} else {
		res.Doubtful = toCheck(res)
	}
	return res, nil
}

// toCheck lists the cells of a reading that checks out to be checked by
// eye: those read with less than SureConfidence, and the entries that
// would be mistakes but are not read surely enough to say so
// (AccuseConfidence).
func toCheck(res *Result) []int {
	out := unsure(res.Cells)
	for i, c := range res.Cells {
		e := res.Entered.Cell(i)
		if e != 0 && e != res.Solution.Cell(i) && c.Confidence >= SureConfidence && c.Confidence < AccuseConfidence {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// outsideDoubt marks the readings of cells that lie partly outside the
// picture (a grid cut by the frame) as unsure: what is missing may be a
// digit's part or a whole digit. Their confidence is at most cutConfidence,
// so they are named as cells to check, never read as sure.
func outsideDoubt(rs *[81]CellReading, q Quad, frame image.Rectangle) {
	h, ok := squareToQuad(q)
	if !ok {
		return
	}
	inside := func(u, v float64) bool {
		x, y := h.apply(u, v)
		return x >= float64(frame.Min.X)-1 && y >= float64(frame.Min.Y)-1 && x <= float64(frame.Max.X)+1 && y <= float64(frame.Max.Y)+1
	}
	for i := range rs {
		r, c := float64(i/9), float64(i%9)
		// The middle 80% of the cell, where digits are written.
		in := true
		for _, p := range [4][2]float64{{0.1, 0.1}, {0.9, 0.1}, {0.9, 0.9}, {0.1, 0.9}} {
			in = in && inside((c+p[0])/9, (r+p[1])/9)
		}
		if !in && rs[i].Confidence > cutConfidence {
			rs[i].Confidence = cutConfidence
		}
	}
}

// cutConfidence is the most a cell partly outside the picture is trusted.
const cutConfidence = 0.5

// splitAndCorrect settles what each digit read is and corrects the
// givens. Entries typed into an app differ from the givens by colour or
// weight, and all are typed alike (see splitByStyle): when the digits
// split so, and the givens of the split make a proper puzzle once their
// least sure digits are corrected (properGivens), that split is taken; a
// digit whose style could not be measured keeps the recognizer's view.
// Otherwise the recognizer's word stands
// (the trained classifier tells handwriting from print); a recognizer
// that does not say whether a digit is printed or written makes it a
// given. Then the givens alone are checked with the solver and corrected
// from their alternatives ([Correct]); the entries are the player's and
// are never corrected.
func splitAndCorrect(rs [81]CellReading, img image.Image, q Quad, cells Cells) [81]CellReading {
	var digits [81]int
	for i := range rs {
		if rs[i].Digit == 0 {
			if rs[i].Kind != KindMarks {
				rs[i].Kind = KindEmpty
			}
			continue
		}
		if rs[i].Kind != KindEntry {
			rs[i].Kind = KindGiven
		}
		digits[i] = rs[i].Digit
	}
	styles := glyphStyles(img, q, cells, &digits)
	return splitDigits(rs, &styles)
}

// splitDigits is [splitAndCorrect] once the style of every digit is
// measured: rs holds the recognizer's readings, every digit a given or an
// entry.
func splitDigits(rs [81]CellReading, styles *[81]glyphStyle) [81]CellReading {
	var digits [81]int
	var printed [81]bool
	for i := range rs {
		digits[i] = rs[i].Digit
		printed[i] = rs[i].Kind == KindGiven
	}
	split := false
	for _, entry := range splitByStyle(styles, &digits, &printed) {
		out := rs
		for i := range out {
			switch {
			case digits[i] == 0 || !styles[i].ok:
				// No digit, or its style unmeasured: the recognizer's view.
			case entry[i]:
				out[i].Kind = KindEntry
			default:
				out[i].Kind = KindGiven
			}
		}
		if handGivens(&out) <= maxHandGivens && properGivens(&out) {
			rs, split = out, true
			break
		}
	}
	if !split {
		lookSplit(&rs, styles)
	}
	symmetricSplit(&rs)
	// Correct the givens: the other cells count as empty, for sure.
	c := Correct(givensOf(&rs))
	for _, i := range c.Changed {
		rs[i] = c.Readings[i]
		rs[i].Kind = KindGiven
		if rs[i].Digit == 0 {
			rs[i].Kind = KindEmpty
		}
	}
	return rs
}

// maxHandGivens is how many digits the recognizer reads surely as
// handwriting (sureHand) a split of the digits by style may make givens:
// two groups of inks that happen to make a puzzle either way (a red
// puzzle filled in with a red pen) are not split so that the player's
// digits are the puzzle.
const maxHandGivens = 2

// handGivens counts the givens of rs the recognizer reads surely as
// handwriting.
func handGivens(rs *[81]CellReading) int {
	n := 0
	for _, r := range rs {
		if r.Kind == KindGiven && r.Hand > sureHand {
			n++
		}
	}
	return n
}

// solveReading solves a grid as read: its one solution, or the clash, the
// lack of a solution or the several solutions that make it doubtful.
func solveReading(g solver.Grid) (solver.Grid, error) {
	if err := g.Validate(); err != nil {
		return solver.Grid{}, err
	}
	return solver.SolveUnique(g)
}

// GridCells rectifies the grid whose corners are q (in reading order: the
// puzzle's top-left first) in the picture img, whose gray levels are g
// (ToGray(img)), and cuts its cells. A grid of light print on a dark board
// (a dark-mode screen) is read from its negative, and a picture in colour
// by each pixel's distance in colour from its cell's background (see
// colourContrast). It reports whether the grid is light print on a dark
// board.
func GridCells(img image.Image, g *image.Gray, q Quad) (Cells, bool) {
	rect := Rectify(g, q, GridSize)
	inverted := lightOnDark(rect)
	switch c := colourContrast(img, q, GridSize, inverted); {
	case c != nil:
		rect = c
	case inverted:
		rect = invert(rect)
	}
	return CutCells(rect), inverted
}

// TurnQuad returns corners q found in a picture's stored pixels in the
// reading order of the picture turned clockwise by turns quarter turns.
func TurnQuad(q Quad, turns int) Quad { return turnQuad(q, turns) }

// betterTry orders readings of one grid at different angles. Digits read
// on their side come out much less confident, so a clearly more confident
// reading wins; between close ones a unique solution decides, then
// confidence.
func betterTry(nsolA int, confA float64, nsolB int, confB float64) bool {
	if math.Abs(confA-confB) > 0.08 {
		return confA > confB
	}
	if (nsolA == 1) != (nsolB == 1) {
		return nsolA == 1
	}
	return confA > confB
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

// SureConfidence is the calibrated confidence from which a cell counts
// as read surely: a grid that checks out is sure only when every cell is
// read with at least this confidence, and the others are named as
// doubtful.
const SureConfidence = 0.97

// AccuseConfidence is the confidence from which a player's entry or pencil
// marks that contradict the solution are called wrong; read less surely,
// they are asked about. Telling someone a right digit is wrong is worse
// than asking, and handwriting is read less reliably than print: on the
// photos of books solved in pen (handwritten-dev), cells read at 0.99 to
// 0.999 are right 98.5% of the time, those at 0.999 or more 99.4%.
const AccuseConfidence = 0.999

// unsure lists the cells read with a confidence below SureConfidence: a
// digit that may be another, or a cell read as empty that may hold one.
func unsure(cells [81]CellReading) []int {
	var out []int
	for i, c := range cells {
		if c.Confidence < SureConfidence {
			out = append(out, i)
		}
	}
	return out
}

// diagnose says what is wrong with a grid that has not exactly one solution
// and lists its least confident cells (at most six) as doubtful.
func diagnose(g solver.Grid, cells [81]CellReading, nsol int) (string, []int) {
	var problem string
	switch {
	case nsol >= 2:
		problem = "it has several solutions (a digit may have been missed)"
	default:
		if err := g.Validate(); err != nil {
			problem = "it breaks the rules: " + err.Error()
		} else {
			problem = "it has no solution"
		}
	}
	idx := make([]int, 0, 81)
	for i := range cells {
		idx = append(idx, i)
	}
	sort.SliceStable(idx, func(a, b int) bool { return cells[idx[a]].Confidence < cells[idx[b]].Confidence })
	var doubt []int
	for _, i := range idx {
		if len(doubt) == 6 || cells[i].Confidence > 0.95 {
			break
		}
		doubt = append(doubt, i)
	}
	// Cells in a clash are doubtful whatever their confidence.
	for _, c := range g.Clashes() {
		for _, i := range []int{c.First, c.Second} {
			if !containsInt(doubt, i) {
				doubt = append(doubt, i)
			}
		}
	}
	sort.Ints(doubt)
	return problem, doubt
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// lightOnDark reports whether g looks like light print on a dark ground:
// more of its pixels stand out above the brightness of the ground around
// them (the median of their cell) than below it. Ink on paper, even in
// dim light or with a shadow across the grid, is the other way round.
func lightOnDark(g *image.Gray) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	step := max(1, min(w, h)/200) // a sample is plenty
	const margin = 48
	bright, dark, n := 0, 0, 0
	for cy := range 9 {
		for cx := range 9 {
			x0, x1, y0, y1 := cx*w/9, (cx+1)*w/9, cy*h/9, (cy+1)*h/9
			var hist [256]int
			m := 0
			for y := y0; y < y1; y += step {
				for x := x0; x < x1; x += step {
					hist[g.Pix[y*g.Stride+x]]++
					m++
				}
			}
			ground := int(percentile(&hist, m, 0.5))
			for v, c := range hist {
				switch {
				case v > ground+margin:
					bright += c
				case v < ground-margin:
					dark += c
				}
			}
			n += m
		}
	}
	return bright > 2*dark && bright > n/50
}
