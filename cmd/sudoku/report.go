package main

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/ocr"
)

const ocrReportHelp = `
Usage: sudoku ocr-report [--detect-only] [-j N] DIR

Measures photo reading on a folder of imageN.jpg photos with imageN.dat
truth files (the newspaper photo set's format: phone, size note, then 9
lines of 9 digits with 0 for empty) and, when present, corners.csv with the
true grid corners. Prints the photos that went wrong, then: grids read fully
right, cells wrong (digit misread, digit missed, digit invented), grids with
no grid found, the grid corner error in pixels, and the median and p95
time per photo (recognizers warm: each worker starts its own first).

--detect-only skips digit recognition and measures grid detection alone.

Examples:
  sudoku ocr-report ../shared/ocr/newspaper-dev
  sudoku ocr-report --detect-only -j 1 ../shared/ocr/newspaper-dev
`

func runOCRReport(ctx context.Context, args []string, s *stdio) error {
	fs := newFlags("ocr-report", ocrReportHelp, s)
	detectOnly := fs.Bool("detect-only", false, "measure grid detection only, without reading digits")
	workers := fs.Int("j", 2, "number of photos read in parallel (one recognizer each)")
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageErrorf(fs, "want exactly one folder, got %d arguments", fs.NArg())
	}
	if *workers < 1 || *workers > maxPhotoWorkers {
		return usageErrorf(fs, "-j must be from 1 to %d (each worker holds a Tesseract client of about 40 MB), got %d", maxPhotoWorkers, *workers)
	}
	factory := newRecognizer
	if *detectOnly {
		factory = nil
	} else {
		limitOMPThreads(s)
	}
	rep, err := ocreval.RunReport(ctx, fs.Arg(0), factory, *workers, ocr.DefaultDecodeLimits)
	if err != nil {
		return fmt.Errorf("report on %s: %w", fs.Arg(0), err)
	}
	rep.Write(s.out, !*detectOnly)
	return nil
}
