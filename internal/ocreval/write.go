package ocreval

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// Write prints the report of one folder: the pictures that went wrong
// (silent misreads first), then the totals, the time and memory, and the
// digit confusion matrix.
// offCell is the corner error, as a share of a cell, from which a
// picture's grid is listed as found off.
const offCell = 0.25

func (r *FolderReport) Write(w io.Writer) {
	n := len(r.Pictures)
	fmt.Fprintf(w, "== %s: %d pictures\n", r.Dir, n)
	var notFound, failed, right, rightSure, rightDoubtful, wrongDoubtful, silent int
	var misread, missed, invented, cells int
	var kinds, splitRight, splitSilent, allRight int
	var markCells, marksAsMarks, marksAsDigit, marksKnown, marksRight, marksInvented, marksInventedSilent, marksPictures int
	var conf [10][10]int
	var times, cpus, cerrs []float64
	var lines []string
	for _, p := range r.Pictures {
		if p.Duration > 0 {
			times = append(times, ms(p.Duration))
		}
		if p.CPU > 0 {
			cpus = append(cpus, ms(p.CPU))
		}
		if !math.IsNaN(p.CornerErr) {
			cerrs = append(cerrs, p.CornerErr)
			if p.CornerErr > offCell*p.GridSide/9 {
				lines = append(lines, fmt.Sprintf("%s: grid corners off by %.1f px on average (%.0f%% of a cell)", p.Name, p.CornerErr, 100*p.CornerErr*9/p.GridSide))
			}
		}
		switch {
		case errors.Is(p.Err, ocr.ErrNoGrid):
			notFound++
			lines = append(lines, p.Name+": no grid found")
			continue
		case p.Err != nil:
			failed++
			lines = append(lines, fmt.Sprintf("%s: error: %v", p.Name, p.Err))
			continue
		case p.Result == nil:
			continue
		}
		cells += 81
		if p.Truth.KindsKnown {
			kinds++
			if p.SplitRight {
				splitRight++
			} else if p.SplitSilent() {
				splitSilent++
				lines = append(lines, fmt.Sprintf("%s: givens and entries split wrong, a cell NOT NAMED as doubtful: %s", p.Name, splitText(p)))
			} else if p.DigitsRight {
				lines = append(lines, fmt.Sprintf("%s: givens and entries split wrong: %s", p.Name, splitText(p)))
			}
		}
		markCells += p.MarkCells
		marksAsMarks += p.MarksAsMarks
		marksAsDigit += p.MarksAsDigit
		marksKnown += p.MarksKnown
		marksRight += p.MarksRight
		marksInvented += p.MarksInvented
		marksInventedSilent += p.MarksInventedSilent
		if p.MarkCells > 0 {
			marksPictures++
		}
		if p.Right() && p.SplitRight && p.MarksRight == p.MarksKnown && p.MarksAsDigit == 0 && p.MarksInvented == 0 {
			allRight++
		}
		if p.MarksAsDigit > 0 {
			lines = append(lines, fmt.Sprintf("%s: %d pencil-mark cells read as a digit", p.Name, p.MarksAsDigit))
		}
		if p.MarksInvented > 0 {
			lines = append(lines, fmt.Sprintf("%s: %d empty cells read as pencil marks (%d not named as doubtful)", p.Name, p.MarksInvented, p.MarksInventedSilent))
		}
		misread += p.Misread
		missed += p.Missed
		invented += p.Invented
		for t := range conf {
			for g := range conf[t] {
				conf[t][g] += p.Confusion[t][g]
			}
		}
		switch {
		case p.Right() && p.Sure:
			right++
			rightSure++
		case p.Right():
			right++
			rightDoubtful++
			lines = append(lines, fmt.Sprintf("%s: right but doubtful: %s", p.Name, doubtText(p.Result)))
		case p.Silent():
			silent++
			lines = append([]string{fmt.Sprintf("%s: SILENT MISREAD (a wrong cell not named as doubtful): %s; %s", p.Name, diffText(p), doubtText(p.Result))}, lines...)
		default:
			wrongDoubtful++
			lines = append(lines, fmt.Sprintf("%s: wrong, doubtful: %s; %s", p.Name, diffText(p), doubtText(p.Result)))
		}
	}
	for _, l := range lines {
		fmt.Fprintln(w, "  "+l)
	}
	pct := func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
	}
	fmt.Fprintf(w, "pictures:                %d\n", n)
	fmt.Fprintf(w, "no grid found:           %d\n", notFound)
	if failed > 0 {
		fmt.Fprintf(w, "failed otherwise:        %d\n", failed)
	}
	if r.Recognition {
		fmt.Fprintf(w, "grids fully right:       %d (%s): %d sure, %d doubtful\n", right, pct(right, n), rightSure, rightDoubtful)
		fmt.Fprintf(w, "silent misreads:         %d (wrong, and a wrong cell not named as one to check)\n", silent)
		fmt.Fprintf(w, "wrong, doubtful:         %d (the cells to check are named)\n", wrongDoubtful)
		wrong := misread + missed + invented
		fmt.Fprintf(w, "cells wrong:             %d of %d read (%s): %d misread, %d missed, %d invented\n",
			wrong, cells, pct(wrong, cells), misread, missed, invented)
		if kinds > 0 {
			fmt.Fprintf(w, "givens/entries split:    %d of %d right (%s; grids whose truth tells them apart); %d wrong with a cell not named as doubtful\n", splitRight, kinds, pct(splitRight, kinds), splitSilent)
		}
		if markCells > 0 {
			fmt.Fprintf(w, "pencil marks:            %d cells in %d pictures: %d read as marks, %d read as a digit", markCells, marksPictures, marksAsMarks, marksAsDigit)
			if marksKnown > 0 {
				fmt.Fprintf(w, "; digits right in %d of %d cells (%s)", marksRight, marksKnown, pct(marksRight, marksKnown))
			}
			fmt.Fprintln(w)
		}
		if markCells > 0 || marksInvented > 0 {
			fmt.Fprintf(w, "marks invented:          %d empty cells read as pencil marks (%d not named as doubtful)\n", marksInvented, marksInventedSilent)
		}
		if kinds > 0 || markCells > 0 || marksInvented > 0 {
			fmt.Fprintf(w, "everything right:        %d of %d (digits, givens/entries split and marks)\n", allRight, n)
		}
	}
	if len(cerrs) > 0 {
		fmt.Fprintf(w, "corner error:            mean %.1f px, median %.1f px, p90 %.1f px over %d pictures with true corners\n",
			mean(cerrs), quantile(cerrs, 0.5), quantile(cerrs, 0.9), len(cerrs))
	}
	if len(times) > 0 {
		fmt.Fprintf(w, "time per picture:        median %.0f ms, p95 %.0f ms, max %.0f ms (wall clock, decoding included, %d in parallel)\n",
			quantile(times, 0.5), quantile(times, 0.95), quantile(times, 1), r.Workers)
	}
	if len(cpus) > 0 {
		fmt.Fprintf(w, "CPU per picture:         median %.0f ms, p95 %.0f ms, max %.0f ms (the worker thread's own time, without the goroutines a reading starts beside it or a Tesseract helper process's)\n",
			quantile(cpus, 0.5), quantile(cpus, 0.95), quantile(cpus, 1))
	}
	if r.PeakRSS > 0 {
		fmt.Fprintf(w, "memory:                  peak RSS %.0f MB (%.0f MB before the %d workers started)\n",
			float64(r.PeakRSS)/1e6, float64(r.BaseRSS)/1e6, r.Workers)
	}
	if r.Recognition && cells > 0 {
		writeConfusion(w, &conf)
		writeReliability(w, r.Pictures)
		writeKindReliability(w, r.Pictures)
	}
}

// writeKindReliability prints the reliability table for each true kind of
// cell found in the pictures: a row per kind, for each confidence bin the
// cells read with it and the share of them read right.
func writeKindReliability(w io.Writer, ps []PictureReport) {
	var bins [len(CellKinds)][len(ReliabilityBins)]Bin
	for _, p := range ps {
		for kind := range bins {
			for k, b := range p.KindReliability[kind] {
				bins[kind][k].Cells += b.Cells
				bins[kind][k].Right += b.Right
				bins[kind][k].Sum += b.Sum
			}
		}
	}
	fmt.Fprintln(w, "reliability by true kind (cells read with a confidence from each bin's lower end, share read right):")
	var head strings.Builder
	fmt.Fprintf(&head, "  %-13s", "")
	for _, lo := range ReliabilityBins {
		fmt.Fprintf(&head, " %13s", fmt.Sprintf(">=%.3f", lo))
	}
	fmt.Fprintln(w, head.String())
	for kind, row := range bins {
		total := 0
		for _, b := range row {
			total += b.Cells
		}
		if total == 0 {
			continue
		}
		var line strings.Builder
		fmt.Fprintf(&line, "  %-13s", CellKinds[kind])
		for _, b := range row {
			if b.Cells == 0 {
				fmt.Fprintf(&line, " %13s", "-")
				continue
			}
			fmt.Fprintf(&line, " %13s", fmt.Sprintf("%d %.3f", b.Cells, float64(b.Right)/float64(b.Cells)))
		}
		fmt.Fprintln(w, line.String())
	}
}

// writeReliability prints the cells by the confidence they were read with,
// against the share of them read right.
func writeReliability(w io.Writer, ps []PictureReport) {
	var bins [len(ReliabilityBins)]Bin
	for _, p := range ps {
		for k, b := range p.Reliability {
			bins[k].Cells += b.Cells
			bins[k].Right += b.Right
			bins[k].Sum += b.Sum
		}
	}
	fmt.Fprintln(w, "reliability (cells by the confidence read with: mean confidence, share read right):")
	for k, b := range bins {
		if b.Cells == 0 {
			continue
		}
		hi := 1.0
		if k+1 < len(ReliabilityBins) {
			hi = ReliabilityBins[k+1]
		}
		fmt.Fprintf(w, "  %.3f-%.3f  %6d cells  mean %.4f  right %.4f\n", ReliabilityBins[k], hi, b.Cells, b.Sum/float64(b.Cells), float64(b.Right)/float64(b.Cells))
	}
}

// writeConfusion prints the digit confusion matrix: rows the true digit,
// columns the digit read, '.' for empty.
func writeConfusion(w io.Writer, c *[10][10]int) {
	fmt.Fprintln(w, "digit confusion (rows: truth, columns: read, . = empty):")
	var b strings.Builder
	b.WriteString("     ")
	for g := range 10 {
		fmt.Fprintf(&b, "%6s", digitName(g))
	}
	fmt.Fprintln(w, b.String())
	for t := range 10 {
		b.Reset()
		fmt.Fprintf(&b, "  %s  ", digitName(t))
		for g := range 10 {
			if c[t][g] == 0 {
				fmt.Fprintf(&b, "%6s", "-")
			} else {
				fmt.Fprintf(&b, "%6d", c[t][g])
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

func digitName(d int) string {
	if d == 0 {
		return "."
	}
	return fmt.Sprint(d)
}

// diffText names the cells read wrong: "r6c5 5 read as 8 (0.96)".
func diffText(p PictureReport) string {
	truth, read := p.Truth.Digits(), readDigits(p.Result)
	var out []string
	for i := range 81 {
		if t, g := truth.Cell(i), read.Cell(i); t != g {
			out = append(out, fmt.Sprintf("%s %s read as %s (%.2f)", solver.CellName(i/9, i%9), digitName(t), digitName(g), p.Result.Cells[i].Confidence))
		}
	}
	if len(out) > 8 {
		out = append(out[:8], fmt.Sprintf("and %d more", len(out)-8))
	}
	return strings.Join(out, ", ")
}

// splitText names the cells whose digit was read right but as a given
// instead of an entry, or the other way round.
func splitText(p PictureReport) string {
	var out []string
	for _, i := range p.splitWrong() {
		what := " entry read as a given"
		if p.Truth.Givens.Cell(i) != 0 {
			what = " given read as an entry"
		}
		out = append(out, solver.CellName(i/9, i%9)+what)
	}
	if len(out) > 6 {
		out = append(out[:6], fmt.Sprintf("and %d more", len(out)-6))
	}
	return strings.Join(out, ", ")
}

// doubtText says why a reading was doubtful.
func doubtText(res *ocr.Result) string {
	var names []string
	for _, c := range res.Doubtful {
		names = append(names, solver.CellName(c/9, c%9))
	}
	var parts []string
	if res.Problem != "" {
		parts = append(parts, res.Problem)
	}
	if len(names) > 0 {
		parts = append(parts, "cells to check: "+strings.Join(names, " "))
	}
	return strings.Join(parts, "; ")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

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
