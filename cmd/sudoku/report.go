package main

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/ocr"
)

const ocrReportHelp = `
Usage: sudoku ocr-report [--detect-only] [-j N] [--givens DIR] FOLDER...

Measures picture reading on folders of pictures with truth files beside
them, and prints a report per folder. A picture NAME.jpg (or .png, .webp,
.gif) is measured when NAME.dat (two header lines, then 9 lines of 9
digits, 0 for empty) or NAME.json (a screenshot's truth: "givens" and
"entered" as 81 characters with '.' for empty, and its pencil marks) is
beside it; corners.csv (the true grid corners) and pencil-mark-cells.txt
are used when present. Every folder of ../shared/ocr has this form.

For each folder: the pictures that went wrong (silent misreads first: a
wrong reading presented as sure), then grids fully right, silent misreads,
wrong readings reported as doubtful, no grid found, cells wrong (misread,
missed, invented), the grid corner error, the time and CPU per picture
(median, p95; recognizers warm, each worker starts its own first), the
peak memory and the digit confusion matrix.

--detect-only skips recognition and measures grid detection alone.
--givens DIR takes the givens of each NAME.dat from DIR/NAME.dat, the other
digits being the player's entries (the filled-in newspaper folder:
--givens ../shared/ocr/newspaper-dev ../shared/ocr/mixed-dev).

Examples:
  sudoku ocr-report ../shared/ocr/newspaper-dev ../shared/ocr/screens-dev
  sudoku ocr-report --detect-only -j 1 ../shared/ocr/newspaper-dev
`

func runOCRReport(ctx context.Context, args []string, s *stdio) error {
	fs := newFlags("ocr-report", ocrReportHelp, s)
	detectOnly := fs.Bool("detect-only", false, "measure grid detection only, without reading digits")
	workers := fs.Int("j", 2, "number of pictures read in parallel (one recognizer each)")
	givens := fs.String("givens", "", "a folder whose NAME.dat files hold the givens of the folders' pictures")
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageErrorf(fs, "want at least one folder")
	}
	if *workers < 1 || *workers > maxPhotoWorkers {
		return usageErrorf(fs, "-j must be from 1 to %d (each worker starts a Tesseract helper of about 40 MB), got %d", maxPhotoWorkers, *workers)
	}
	o := ocreval.Options{Recognizers: s.warmRecognizers, Workers: *workers, Limits: ocr.DefaultDecodeLimits, GivensDir: *givens}
	if *detectOnly {
		o.Recognizers = nil
	}
	for i, dir := range fs.Args() {
		rep, err := ocreval.Run(ctx, dir, o)
		if err != nil {
			return fmt.Errorf("report on %s: %w", dir, err)
		}
		if i > 0 {
			fmt.Fprintln(s.out)
		}
		rep.Write(s.out)
	}
	return nil
}
