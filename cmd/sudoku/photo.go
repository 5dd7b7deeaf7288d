package main

import (
	"context"
	"flag"
	"fmt"
	"image/jpeg"
	"os"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/ocr/tesseract"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// newRecognizer makes the digit recognizer for one worker (a warm
// Tesseract client) and the function that releases it.
var newRecognizer ocreval.RecognizerFactory = tesseract.NewRecognizer

// limitOMPThreads makes Tesseract run single-threaded per call (about three
// times faster on small images, and no fight for the cores between
// workers). It re-executes the program with OMP_THREAD_LIMIT=1 when the
// variable is missing, so it must run before any output or any read of
// standard input.
func limitOMPThreads(s *stdio) {
	if testing.Testing() {
		return // never re-execute a test binary; tests set the variable themselves
	}
	if err := tesseract.EnsureOMPThreadLimit(); err != nil {
		fmt.Fprintf(s.err, "sudoku: warning: %v (photo reading will be slower)\n", err)
	}
}

// photoReader is the recognizer the solve and hint commands share for the
// photos they are given, started on first use. Photos are read one at a
// time: a recognizer serves one goroutine.
var photoReader struct {
	once sync.Once
	mu   sync.Mutex
	rec  ocr.Recognizer
	err  error
}

// readPhoto reads one photo with the shared recognizer.
func readPhoto(ctx context.Context, data []byte) (*ocr.Result, error) {
	photoReader.once.Do(func() {
		limitOMPThreads(&stdio{err: os.Stderr})
		photoReader.rec, _, photoReader.err = newRecognizer()
	})
	if photoReader.err != nil {
		return nil, photoReader.err
	}
	photoReader.mu.Lock()
	defer photoReader.mu.Unlock()
	return ocr.Read(ctx, data, ocr.Options{Recognizer: photoReader.rec})
}

// readPhotoGrid reads the puzzle in a photo. A grid that does not read as
// a proper puzzle (clash, no or several solutions) is an error naming the
// doubtful cells, never a guess.
func readPhotoGrid(name string, data []byte) (solver.Grid, error) {
	res, err := readPhoto(context.Background(), data)
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", name, err)
	}
	if err := res.Err(); err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", name, err)
	}
	return res.Grid, nil
}

// runSolveOverlay is sudoku solve --overlay OUT PHOTO: it prints the
// solution and writes the photo with the solution drawn in.
func runSolveOverlay(ctx context.Context, fs *flag.FlagSet, out string, s *stdio) error {
	if fs.NArg() != 1 {
		return usageErrorf(fs, "--overlay takes exactly one photo, got %d arguments", fs.NArg())
	}
	sol, err := writeOverlay(ctx, out, fs.Arg(0))
	if err != nil {
		fmt.Fprintln(s.out, "error: "+err.Error())
		return errFailed
	}
	fmt.Fprintln(s.out, sol.String())
	return nil
}

// writeOverlay reads the photo in file photo, solves it and writes the
// photo with the solution drawn into its empty cells to out as JPEG. It
// returns the solution.
func writeOverlay(ctx context.Context, out, photo string) (solver.Grid, error) {
	data, err := readFile(photo)
	if err != nil {
		return solver.Grid{}, err
	}
	if !isImage(data) {
		return solver.Grid{}, fmt.Errorf("%s is not a JPEG, PNG, GIF or WebP image", photo)
	}
	res, err := readPhoto(ctx, data)
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", photo, err)
	}
	if err := res.Err(); err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", photo, err)
	}
	sol, err := solver.SolveUnique(res.Grid)
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", photo, err)
	}
	dec, err := ocr.Decode(data, ocr.DefaultDecodeLimits)
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", photo, err)
	}
	img, err := ocr.DrawOverlay(dec.Image, res, sol, ocr.OverlayStyle{
		Color:     render.Light.Palette().Filled,
		DigitMask: render.DigitMask,
	})
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", photo, err)
	}
	f, err := os.Create(out)
	if err != nil {
		return solver.Grid{}, err
	}
	if err := jpeg.Encode(f, img, &jpeg.Options{Quality: 90}); err != nil {
		f.Close()
		return solver.Grid{}, fmt.Errorf("write %s: %w", out, err)
	}
	if err := f.Close(); err != nil {
		return solver.Grid{}, fmt.Errorf("write %s: %w", out, err)
	}
	return sol, nil
}
