package ocreval

import (
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// RecognizerFactory makes one recognizer per report worker and a function
// that releases it.
type RecognizerFactory func() (ocr.Recognizer, func(), error)

// Options configure [Run].
type Options struct {
	// Recognizers makes each worker's recognizer; nil measures grid
	// detection alone.
	Recognizers RecognizerFactory
	// Workers is the number of pictures read in parallel (at least 1).
	Workers int
	// Limits bound the pictures decoded.
	Limits ocr.DecodeLimits
	// GivensDir, when set, holds the givens of a folder whose truth has
	// every digit (see [LoadFolder]).
	GivensDir string
}

// PictureReport is the outcome for one picture.
type PictureReport struct {
	Name  string
	Truth Truth
	// Err is set when no grid was read at all (no grid found, a bad
	// image, a failure).
	Err error
	// Result is the reading, when there is one.
	Result *ocr.Result
	// Sure reports whether the reading was presented as sure: checked by
	// the solver, with no doubtful cell.
	Sure bool
	// DigitsRight: every digit read where the truth has one (printed or
	// written), and none elsewhere.
	DigitsRight bool
	// SplitRight: the givens and the entries read are the truth's (when
	// the truth tells them apart).
	SplitRight bool
	// MarkCells counts the cells holding pencil marks; MarksAsMarks those
	// read as marks, MarksAsDigit those read as a digit (a pencil mark
	// taken for an entry). MarksKnown counts the cells whose mark digits
	// the truth gives, MarksRight those read with exactly these digits.
	// MarksInvented counts the cells the truth has empty, with no digit
	// and no mark, read as pencil marks, MarksInventedSilent those of
	// them not named as cells to check.
	MarkCells, MarksAsMarks, MarksAsDigit, MarksKnown, MarksRight, MarksInvented, MarksInventedSilent int
	// Misread, Missed and Invented count the cells whose digit is another
	// digit, read as empty, or read where the truth has none.
	Misread, Missed, Invented int
	// Confusion counts the cells by true digit (row) and digit read
	// (column), 0 for empty.
	Confusion [10][10]int
	// Reliability counts the cells by the confidence they were read with,
	// and how many of them were read right (see ReliabilityBins).
	Reliability [len(ReliabilityBins)]Bin
	// KindReliability is Reliability for the cells of each true kind
	// (see CellKinds).
	KindReliability [len(CellKinds)][len(ReliabilityBins)]Bin
	// Duration is the wall-clock time of the picture, decoding included,
	// and CPU the processor time of its worker's thread (0 when unknown).
	Duration, CPU time.Duration
	// CornerErr is the mean corner error in pixels (NaN without true
	// corners or without a grid).
	CornerErr float64
	// GridSide is the true grid's mean side in pixels (0 without true
	// corners).
	GridSide float64
}

// Right reports whether the picture was read fully right.
func (p *PictureReport) Right() bool { return p.Err == nil && p.Result != nil && p.DigitsRight }

// Silent reports whether the picture was read wrong and presented as a
// puzzle without naming every wrong cell as one to check: the worst
// outcome the product has.
func (p *PictureReport) Silent() bool {
	if p.Err != nil || p.Result == nil || p.DigitsRight || !p.Result.Checked() {
		return false
	}
	truth, read := p.Truth.Digits(), readDigits(p.Result)
	for i := range 81 {
		if truth.Cell(i) != read.Cell(i) && !slices.Contains(p.Result.Doubtful, i) {
			return true
		}
	}
	return false
}

// SplitSilent reports whether the picture's digits were all read right
// but one was told a given or an entry wrongly, and the reading was
// presented as a puzzle without naming that cell as one to check: check
// would then judge the player by a printed digit, or take their entry for
// the puzzle's. It is false when the truth does not tell givens from
// entries.
func (p *PictureReport) SplitSilent() bool {
	if p.Err != nil || p.Result == nil || !p.DigitsRight || p.SplitRight || !p.Truth.KindsKnown || !p.Result.Checked() {
		return false
	}
	for _, i := range p.splitWrong() {
		if !slices.Contains(p.Result.Doubtful, i) {
			return true
		}
	}
	return false
}

// splitWrong lists the cells whose digit was read right but as a given
// instead of an entry, or the other way round.
func (p *PictureReport) splitWrong() []int {
	var out []int
	for i := range 81 {
		tg, te := p.Truth.Givens.Cell(i), p.Truth.Entered.Cell(i)
		rg, re := p.Result.Grid.Cell(i), p.Result.Entered.Cell(i)
		if (tg != 0 && re != 0) || (te != 0 && rg != 0) {
			out = append(out, i)
		}
	}
	return out
}

// FolderReport sums up a run over a folder of pictures with truth.
type FolderReport struct {
	Dir      string
	Pictures []PictureReport
	// Workers is how many pictures were read in parallel.
	Workers int
	// Recognition is false when only detection was measured.
	Recognition bool
	// CPU is the processor time (user and system) the whole process used
	// during the run.
	CPU time.Duration
	// PeakRSS is the process's peak resident memory in bytes during the
	// run (since the start of the process where the system cannot reset
	// the peak), and BaseRSS the resident memory before the workers
	// started.
	PeakRSS, BaseRSS int64
}

// Run reads every picture of dir that has a truth file with o.Workers
// recognizers in parallel and compares the readings with the truth.
func Run(ctx context.Context, dir string, o Options) (*FolderReport, error) {
	items, err := LoadFolder(dir, o.GivensDir)
	if err != nil {
		return nil, err
	}
	workers := max(1, min(o.Workers, runtime.NumCPU()*4, len(items)))
	rep := &FolderReport{Dir: dir, Pictures: make([]PictureReport, len(items)), Workers: workers, Recognition: o.Recognizers != nil}
	resetPeakRSS()
	cpu0, _ := processUsage()
	rep.BaseRSS = currentRSS()
	next := make(chan int)
	errc := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var rec ocr.Recognizer
			if o.Recognizers != nil {
				r, release, err := o.Recognizers()
				if err != nil {
					errc <- fmt.Errorf("start recognizer: %w", err)
					for range next {
					}
					return
				}
				defer release()
				rec = r
			}
			// Each picture runs on this goroutine's thread (Tesseract
			// included when it runs in this process, single-threaded with
			// OMP_THREAD_LIMIT=1; not when the recognizer asks a helper
			// process), so the thread's CPU time is the picture's cost
			// without the waiting other processes on a busy machine add.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for i := range next {
				c0, ok0 := threadCPU()
				rep.Pictures[i] = readOne(ctx, items[i], rec, o.Limits)
				if c1, ok1 := threadCPU(); ok0 && ok1 {
					rep.Pictures[i].CPU = c1 - c0
				}
			}
		}()
	}
	for i := range items {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errc:
		return nil, err
	default:
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cpu1, peak := processUsage()
	rep.CPU, rep.PeakRSS = cpu1-cpu0, peakRSS(peak)
	return rep, nil
}

// readOne reads one picture and compares it with its truth.
func readOne(ctx context.Context, it Item, rec ocr.Recognizer, lim ocr.DecodeLimits) PictureReport {
	pr := PictureReport{Name: it.Name, Truth: it.Truth, CornerErr: math.NaN()}
	data, err := os.ReadFile(it.Path)
	if err != nil {
		pr.Err = err
		return pr
	}
	start := time.Now()
	var found ocr.Quad
	var w, h, o int
	if rec == nil {
		dec, err := ocr.Decode(data, lim)
		if err != nil {
			pr.Err = err
			return pr
		}
		det, err := ocr.Detect(ocr.ToGray(dec.Image))
		pr.Duration = time.Since(start)
		if err != nil {
			pr.Err = err
			return pr
		}
		b := dec.Image.Bounds()
		res := &ocr.Result{Corners: det.Corners, Width: b.Dx(), Height: b.Dy(), Scale: dec.Scale}
		found, w, h = res.InFile()
		o = dec.Orientation
	} else {
		res, err := ocr.Read(ctx, data, ocr.Options{Limits: lim, Recognizer: rec})
		pr.Duration = time.Since(start)
		if err != nil {
			pr.Err = err
			return pr
		}
		pr.Result = res
		found, w, h = res.InFile()
		o = res.Orientation
		pr.compare()
	}
	if it.Corners != nil {
		pr.CornerErr = CornerError(found, *it.Corners, w, h, o)
		q := *it.Corners
		pr.GridSide = (math.Hypot(q[1].X-q[0].X, q[1].Y-q[0].Y) + math.Hypot(q[3].X-q[0].X, q[3].Y-q[0].Y)) / 2
	}
	return pr
}

// ReliabilityBins are the lower ends of the confidence bins of the
// reliability table: a reader whose confidences are calibrated reads right
// about as many cells of a bin as their mean confidence says.
var ReliabilityBins = [...]float64{0, 0.5, 0.8, 0.9, 0.97, 0.99, 0.999}

// The true kinds of cell the reliability table is also given for: a
// given (printed), an entry (written or typed by the player), a digit of
// a truth that does not tell givens from entries, pencil marks (read
// right when no digit is read there) and an empty cell.
const (
	KindGiven = iota
	KindEntry
	KindDigit
	KindMarks
	KindEmpty
)

// CellKinds name the true kinds of cell, in the order of KindGiven to
// KindEmpty.
var CellKinds = [...]string{"given", "entry", "digit", "pencil marks", "empty"}

// kindOf is the true kind of cell i.
func (t Truth) kindOf(i int) int {
	switch {
	case t.Entered.Cell(i) != 0:
		return KindEntry
	case t.Givens.Cell(i) != 0 && t.KindsKnown:
		return KindGiven
	case t.Givens.Cell(i) != 0:
		return KindDigit
	case t.HasMarks(i):
		return KindMarks
	}
	return KindEmpty
}

// Bin is one bin of the reliability table.
type Bin struct {
	// Cells counts the cells read with a confidence in the bin, Right
	// those read right; Sum adds up their confidences.
	Cells, Right int
	Sum          float64
}

func (b *Bin) add(conf float64, right bool) {
	b.Cells++
	b.Sum += conf
	if right {
		b.Right++
	}
}

// binOf is the reliability bin of a confidence.
func binOf(conf float64) int {
	k := 0
	for i, lo := range ReliabilityBins {
		if conf >= lo {
			k = i
		}
	}
	return k
}

// compare counts how the reading differs from the truth.
func (p *PictureReport) compare() {
	res, truth := p.Result, p.Truth.Digits()
	read := readDigits(res)
	for i := range 81 {
		t, g := truth.Cell(i), read.Cell(i)
		p.Confusion[t][g]++
		c, bin := res.Cells[i].Confidence, binOf(res.Cells[i].Confidence)
		p.Reliability[bin].add(c, t == g)
		p.KindReliability[p.Truth.kindOf(i)][bin].add(c, t == g)
		switch {
		case t == g:
		case g == 0:
			p.Missed++
		case t == 0:
			p.Invented++
		default:
			p.Misread++
		}
	}
	p.DigitsRight = p.Misread+p.Missed+p.Invented == 0
	p.SplitRight = p.Truth.KindsKnown && res.Grid == p.Truth.Givens && res.Entered == p.Truth.Entered
	for i := range 81 {
		if !p.Truth.HasMarks(i) {
			if truth.Cell(i) == 0 && res.Cells[i].Kind == ocr.KindMarks {
				p.MarksInvented++
				if !slices.Contains(res.Doubtful, i) {
					p.MarksInventedSilent++
				}
			}
			continue
		}
		p.MarkCells++
		switch {
		case res.Cells[i].Kind == ocr.KindMarks:
			p.MarksAsMarks++
		case res.Cells[i].Digit != 0:
			p.MarksAsDigit++
		}
		if want, ok := p.Truth.Marks[i]; ok {
			p.MarksKnown++
			if res.Marks[i].String() == want {
				p.MarksRight++
			}
		}
	}
	p.Sure = res.Checked() && len(res.Doubtful) == 0
}

// readDigits is every digit a reading found in the grid: givens and
// entries.
func readDigits(res *ocr.Result) solver.Grid {
	g := res.Grid
	for i := range 81 {
		if d := res.Entered.Cell(i); d != 0 {
			g.SetCell(i, d)
		}
	}
	return g
}
