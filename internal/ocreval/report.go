package ocreval

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// ParseTruth parses an imageN.dat truth file of the newspaper photo set:
// line 1 the phone, line 2 a size note, then 9 lines of 9 space-separated
// digits with 0 for an empty cell.
func ParseTruth(data []byte) (solver.Grid, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if len(lines) < 11 {
		return solver.Grid{}, fmt.Errorf("truth file has %d lines, want 11 (phone, size, 9 rows)", len(lines))
	}
	g, _ := solver.NewGrid(9)
	for r := range 9 {
		f := strings.Fields(lines[2+r])
		if len(f) != 9 {
			return solver.Grid{}, fmt.Errorf("truth line %d has %d fields, want 9", 3+r, len(f))
		}
		for c, s := range f {
			d, err := strconv.Atoi(s)
			if err != nil || d < 0 || d > 9 {
				return solver.Grid{}, fmt.Errorf("truth line %d field %d is %q, want a digit 0-9", 3+r, c+1, s)
			}
			g.Set(r, c, d)
		}
	}
	return g, nil
}

// ReadCornersCSV parses a corners.csv file (filepath, then x,y of the
// top-left, top-right, bottom-right and bottom-left corners) into a map from
// file name to corners.
func ReadCornersCSV(r io.Reader) (map[string]ocr.Quad, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("read corners: %w", err)
	}
	out := make(map[string]ocr.Quad)
	for i, row := range rows {
		if i == 0 && len(row) > 0 && row[0] == "filepath" {
			continue
		}
		if len(row) != 9 {
			return nil, fmt.Errorf("corners line %d has %d fields, want 9", i+1, len(row))
		}
		var q ocr.Quad
		for k := range 4 {
			x, err1 := strconv.ParseFloat(row[1+2*k], 64)
			y, err2 := strconv.ParseFloat(row[2+2*k], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("corners line %d: corner %d is not a number pair", i+1, k+1)
			}
			q[k] = ocr.Point{X: x, Y: y}
		}
		out[filepath.Base(row[0])] = q
	}
	return out, nil
}

// CornerError returns the mean distance in pixels between found corners
// (in stored pixels) and true ones. The true corners may be given in the
// stored pixels or, for a photo with EXIF orientation tag o, in the upright
// frame the tag describes; and in any corner order. The smallest error
// over these readings is returned.
func CornerError(found, truth ocr.Quad, width, height, o int) float64 {
	frames := []ocr.Quad{truth}
	if t := ocr.ExifTurns(o); t != 0 {
		var s ocr.Quad
		for i, p := range truth {
			switch t {
			case 1:
				s[i] = ocr.Point{X: p.Y, Y: float64(height) - p.X}
			case 2:
				s[i] = ocr.Point{X: float64(width) - p.X, Y: float64(height) - p.Y}
			case 3:
				s[i] = ocr.Point{X: float64(width) - p.Y, Y: p.X}
			}
		}
		frames = append(frames, s)
	}
	best := math.Inf(1)
	for _, f := range frames {
		for sh := range 4 {
			e := 0.0
			for i := range 4 {
				p, q := found[i], f[(i+sh)%4]
				e += math.Hypot(p.X-q.X, p.Y-q.Y) / 4
			}
			best = math.Min(best, e)
		}
	}
	return best
}

// PhotoReport is the outcome for one photo of a report run.
type PhotoReport struct {
	Name     string
	Err      error // reading failed (no grid, bad image, ...)
	Checked  bool  // the grid read has exactly one solution
	Right    bool  // the grid read equals the truth
	Misread  int   // a digit read as another digit
	Missed   int   // a digit read as empty
	Invented int   // an empty cell read as a digit
	// SolutionRight: the grid read passed the check and its solution is
	// the truth's (an invented digit that agrees with the solution does
	// not change it).
	SolutionRight bool
	Duration      time.Duration
	// CPU is the processor time the photo took on its worker's thread
	// (decoding, detection, Tesseract: all run there), or 0 when unknown.
	CPU time.Duration
	// CornerErr is the mean corner error in pixels (NaN without truth
	// corners or without a grid).
	CornerErr float64
}

// Report sums up a run over a folder of photos with truth.
type Report struct {
	Photos []PhotoReport
	// Workers is how many photos were read in parallel.
	Workers int
	// CPU is the processor time (user and system) the whole process used
	// during the run; on a busy machine CPU per photo shows the cost better
	// than wall-clock time.
	CPU time.Duration
	// MaxRSS is the process's peak resident memory in bytes, and BaseRSS
	// its peak before the workers started.
	MaxRSS, BaseRSS int64
}

// RecognizerFactory makes one recognizer per report worker and a function
// that releases it.
type RecognizerFactory func() (ocr.Recognizer, func(), error)

// RunReport reads every imageN.jpg of dir that has an imageN.dat beside it
// with workers recognizers in parallel and compares with the truth (and with
// corners.csv when present). With a nil factory only grid detection runs
// (the corner errors and no-grid counts are still reported).
func RunReport(ctx context.Context, dir string, factory RecognizerFactory, workers int, lim ocr.DecodeLimits) (*Report, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.dat"))
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s holds no .dat truth files", dir)
	}
	sort.Strings(names)
	corners := map[string]ocr.Quad{}
	if f, err := os.Open(filepath.Join(dir, "corners.csv")); err == nil {
		corners, err = ReadCornersCSV(bufio.NewReader(f))
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "corners.csv"), err)
		}
	}
	workers = max(1, min(workers, runtime.NumCPU()*4))
	rep := &Report{Photos: make([]PhotoReport, len(names)), Workers: workers}
	cpu0, rss0 := processUsage()
	rep.BaseRSS = rss0
	next := make(chan int)
	errc := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var rec ocr.Recognizer
			if factory != nil {
				r, release, err := factory()
				if err != nil {
					errc <- fmt.Errorf("start recognizer: %w", err)
					for range next {
					}
					return
				}
				defer release()
				rec = r
			}
			// Each photo runs on this goroutine's thread, Tesseract
			// included (single-threaded with OMP_THREAD_LIMIT=1), so the
			// thread's CPU time is the photo's cost without the waiting
			// that other processes on a busy machine add.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for i := range next {
				c0, ok0 := threadCPU()
				rep.Photos[i] = reportOne(ctx, names[i], rec, corners, lim)
				if c1, ok1 := threadCPU(); ok0 && ok1 {
					rep.Photos[i].CPU = c1 - c0
				}
			}
		}()
	}
	for i := range names {
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
	cpu1, rss1 := processUsage()
	rep.CPU, rep.MaxRSS = cpu1-cpu0, rss1
	return rep, nil
}

// processUsage returns the processor time used by the process so far and
// its peak resident memory in bytes (zero where the system does not say).
func processUsage() (time.Duration, int64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return cpu, ru.Maxrss * 1024 // Linux reports kilobytes
}

// reportOne reads one photo and compares it with its truth.
func reportOne(ctx context.Context, datName string, rec ocr.Recognizer, corners map[string]ocr.Quad, lim ocr.DecodeLimits) PhotoReport {
	img := strings.TrimSuffix(datName, ".dat") + ".jpg"
	pr := PhotoReport{Name: filepath.Base(img), CornerErr: math.NaN()}
	truthData, err := os.ReadFile(datName)
	if err != nil {
		pr.Err = err
		return pr
	}
	truth, err := ParseTruth(truthData)
	if err != nil {
		pr.Err = fmt.Errorf("%s: %w", datName, err)
		return pr
	}
	data, err := os.ReadFile(img)
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
		found, w, h, o = det.Corners, b.Dx(), b.Dy(), dec.Orientation
	} else {
		res, err := ocr.Read(ctx, data, ocr.Options{Limits: lim, Recognizer: rec})
		pr.Duration = time.Since(start)
		if err != nil {
			pr.Err = err
			return pr
		}
		found, w, h, o = res.Corners, res.Width, res.Height, res.Orientation
		pr.Checked = res.Checked()
		for i := range 81 {
			t, g := truth.Cell(i), res.Grid.Cell(i)
			switch {
			case t == g:
			case g == 0:
				pr.Missed++
			case t == 0:
				pr.Invented++
			default:
				pr.Misread++
			}
		}
		pr.Right = pr.Misread+pr.Missed+pr.Invented == 0
		if pr.Checked {
			a, errA := solver.SolveUnique(res.Grid)
			b, errB := solver.SolveUnique(truth)
			pr.SolutionRight = errA == nil && errB == nil && a == b
		}
	}
	if q, ok := corners[pr.Name]; ok {
		pr.CornerErr = CornerError(found, q, w, h, o)
	}
	return pr
}

// Write prints the report: per-photo problems first, then the totals.
func (r *Report) Write(w io.Writer, recognition bool) {
	var noGrid, right, solRight, checkedWrong, unchecked, cells, misread, missed, invented int
	var times, cpus, cerrs []float64
	for _, p := range r.Photos {
		switch {
		case errors.Is(p.Err, ocr.ErrNoGrid):
			noGrid++
			fmt.Fprintf(w, "%s: no grid found\n", p.Name)
		case p.Err != nil:
			fmt.Fprintf(w, "%s: error: %v\n", p.Name, p.Err)
		}
		if p.Duration > 0 {
			times = append(times, float64(p.Duration)/float64(time.Millisecond))
		}
		if p.CPU > 0 {
			cpus = append(cpus, float64(p.CPU)/float64(time.Millisecond))
		}
		if !math.IsNaN(p.CornerErr) {
			cerrs = append(cerrs, p.CornerErr)
			if p.CornerErr > 15 {
				fmt.Fprintf(w, "%s: corners off by %.1f px on average\n", p.Name, p.CornerErr)
			}
		}
		if p.Err != nil || !recognition {
			continue
		}
		cells += 81
		misread += p.Misread
		missed += p.Missed
		invented += p.Invented
		if p.SolutionRight {
			solRight++
		}
		if p.Right {
			right++
		} else {
			fmt.Fprintf(w, "%s: %d misread, %d missed, %d invented (solver check %s)\n", p.Name, p.Misread, p.Missed, p.Invented, map[bool]string{true: "passed", false: "failed"}[p.Checked])
		}
		if !p.Checked {
			unchecked++
		} else if !p.Right {
			checkedWrong++
		}
	}
	n := len(r.Photos)
	pct := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	fmt.Fprintf(w, "\nphotos:                 %d\n", n)
	fmt.Fprintf(w, "no grid found:          %d (%.1f%%)\n", noGrid, pct(noGrid, n))
	if recognition {
		wrong := misread + missed + invented
		allCells := 81 * n
		fmt.Fprintf(w, "grids fully right:      %d (%.1f%%)\n", right, pct(right, n))
		fmt.Fprintf(w, "cells wrong:            %d of %d read (%.2f%%; %.2f%% of all %d cells, unread grids excluded)\n", wrong, cells, pct(wrong, cells), pct(wrong, allCells), allCells)
		fmt.Fprintf(w, "  digit misread:        %d\n", misread)
		fmt.Fprintf(w, "  digit missed:         %d\n", missed)
		fmt.Fprintf(w, "  digit invented:       %d\n", invented)
		fmt.Fprintf(w, "failed solver check:    %d (reported as doubtful, not as read)\n", unchecked)
		fmt.Fprintf(w, "wrong but passed check: %d (silent wrong readings)\n", checkedWrong)
		fmt.Fprintf(w, "solution right:         %d (%.1f%%; the grid read passed the check and solves to the truth's solution)\n", solRight, pct(solRight, n))
	}
	if len(cerrs) > 0 {
		fmt.Fprintf(w, "corner error:           mean %.1f px, median %.1f px, p90 %.1f px over %d photos with true corners\n",
			mean(cerrs), quantile(cerrs, 0.5), quantile(cerrs, 0.9), len(cerrs))
	}
	if len(times) > 0 {
		fmt.Fprintf(w, "time per photo:         median %.0f ms, p95 %.0f ms, max %.0f ms (wall clock, %d in parallel)\n", quantile(times, 0.5), quantile(times, 0.95), quantile(times, 1), r.Workers)
	}
	if len(cpus) > 0 {
		fmt.Fprintf(w, "CPU time per photo:     median %.0f ms, p95 %.0f ms, max %.0f ms (the worker thread's own time: wall clock on an idle core)\n", quantile(cpus, 0.5), quantile(cpus, 0.95), quantile(cpus, 1))
	}
	if r.CPU > 0 && n > 0 {
		fmt.Fprintf(w, "process CPU per photo:  %.0f ms on average (all threads, garbage collector included)\n", float64(r.CPU)/float64(time.Millisecond)/float64(n))
	}
	if r.MaxRSS > 0 {
		fmt.Fprintf(w, "memory:                 peak RSS %.0f MB, %.0f MB before the workers started (%d workers)\n", float64(r.MaxRSS)/1e6, float64(r.BaseRSS)/1e6, r.Workers)
	}
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// quantile returns the q-quantile of v (nearest rank), sorting v.
func quantile(v []float64, q float64) float64 {
	sort.Float64s(v)
	i := int(math.Ceil(q*float64(len(v)))) - 1
	return v[max(0, min(len(v)-1, i))]
}
