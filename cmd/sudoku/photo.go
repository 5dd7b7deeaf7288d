package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// photoReader reads the photos a command is given in place of a puzzle.
// Its recognizer starts on first use and reads one photo at a time: a
// recognizer serves one goroutine.
type photoReader struct {
	start ocreval.RecognizerFactory
	// limit bounds the time spent reading one photo (SUDOKU_PHOTO_TIMEOUT).
	limit   time.Duration
	once    sync.Once
	mu      sync.Mutex
	rec     ocr.Recognizer
	release func()
	err     error
	// last is the last photo read, and lastSum the SHA-256 of its bytes:
	// a photo read again (by the commands of one test) is not read twice.
	last    *ocr.Result
	lastSum [sha256.Size]byte
	// accept takes puzzles read from photos as read, even when some of
	// their digits were not read surely (the --accept flag).
	accept bool
	// solutionOnly is set by the commands that answer with the puzzle's
	// solution alone (solve): they need not ask about digits whose doubts
	// cannot change it (see ocr.Puzzle.Settled).
	solutionOnly bool
	// notes, when set, is where the commands other than read say which
	// grid of a picture of several they read.
	notes   io.Writer
	notesMu sync.Mutex
}

// noteGrids writes to r.notes, when the picture of file name holds
// several grids, which one res is.
func (r *photoReader) noteGrids(name string, res *ocr.Result) {
	g := res.GridsNote()
	if r.notes == nil || g == "" {
		return
	}
	r.notesMu.Lock()
	defer r.notesMu.Unlock()
	fmt.Fprintf(r.notes, "sudoku: %s: %s\n", name, g)
}

// newPhotoReader returns a photo reader whose recognizer start makes,
// spending at most limit on each photo (the default limit when it is zero).
func newPhotoReader(start ocreval.RecognizerFactory, limit time.Duration) *photoReader {
	return &photoReader{start: start, limit: limit}
}

// read reads one photo within the reader's limit.
func (r *photoReader) read(ctx context.Context, data []byte) (*ocr.Result, error) {
	r.once.Do(func() {
		preferHugePages()
		r.rec, r.release, r.err = r.start()
	})
	if r.err != nil {
		return nil, r.err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	sum := sha256.Sum256(data)
	if r.last != nil && sum == r.lastSum {
		return r.last, nil
	}
	res, err := readPhoto(ctx, data, r.rec, r.limit)
	if err == nil {
		r.last, r.lastSum = res, sum
	}
	return res, err
}

// grid reads the puzzle in the photo data of file name
// ([ocr.Result.Puzzle]). A grid that does not read as a proper puzzle
// (clash, no or several solutions) is an error naming the doubtful cells,
// never a guess; so is one that rests on digits not read surely, unless
// the command was given --accept.
func (r *photoReader) grid(name string, data []byte) (solver.Grid, error) {
	res, err := r.read(context.Background(), data)
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", name, err)
	}
	r.noteGrids(name, res)
	pz, err := puzzleOf(name, res, r.accept, r.solutionOnly)
	return pz.Grid, err
}

// close releases the recognizer if it started; r reads no photo after.
func (r *photoReader) close() {
	r.once.Do(func() { r.err = errors.New("the photo reader is closed") })
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.release != nil {
		r.release()
		r.release = nil
	}
}

// runSolveOverlay is sudoku solve --overlay OUT PHOTO: it prints the
// solution and writes the photo with the solution drawn in.
func runSolveOverlay(ctx context.Context, fs *flag.FlagSet, out string, s *stdio) error {
	if fs.NArg() != 1 {
		return usageErrorf(fs, "--overlay takes exactly one photo, got %d arguments", fs.NArg())
	}
	if overlayFormat(out) == "" {
		return usageErrorf(fs, "--overlay writes a JPEG (.jpg, .jpeg) or a PNG (.png): name the file so, not %q", out)
	}
	arg := fs.Arg(0)
	data, err := readFile(arg)
	_, statErr := os.Lstat(arg)
	switch {
	case err != nil && statErr != nil && solver.LooksLikePuzzle(arg):
		return usageErrorf(fs, "--overlay needs a photo of the puzzle, not the puzzle written as text")
	case err != nil:
		fmt.Fprintln(s.out, "error: "+err.Error())
		return errFailed
	case !isImage(data):
		return usageErrorf(fs, "--overlay needs a photo of the puzzle (JPEG, PNG, GIF or WebP): %s is not one", arg)
	}
	sol, err := writeOverlay(ctx, s.photos, out, fs.Arg(0))
	if err != nil {
		fmt.Fprintln(s.out, "error: "+err.Error())
		return errFailed
	}
	fmt.Fprintln(s.out, sol.String())
	return nil
}

// writeOverlay reads the photo in file photo with photos, solves it and
// writes the photo with the solution drawn into its empty cells to out, as
// PNG or JPEG after its name (see overlayFormat). It returns the solution.
func writeOverlay(ctx context.Context, photos *photoReader, out, photo string) (solver.Grid, error) {
	data, err := readFile(photo)
	if err != nil {
		return solver.Grid{}, err
	}
	if !isImage(data) {
		return solver.Grid{}, fmt.Errorf("%s is not a JPEG, PNG, GIF or WebP image", photo)
	}
	res, err := photos.read(ctx, data)
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %w", photo, err)
	}
	pz, err := puzzleOf(photo, res, photos.accept, true)
	if err != nil {
		return solver.Grid{}, err
	}
	sol := pz.Solution
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
	if overlayFormat(out) == "png" {
		err = png.Encode(f, img)
	} else {
		err = jpeg.Encode(f, img, &jpeg.Options{Quality: 90})
	}
	if err != nil {
		f.Close()
		return solver.Grid{}, fmt.Errorf("write %s: %w", out, err)
	}
	if err := f.Close(); err != nil {
		return solver.Grid{}, fmt.Errorf("write %s: %w", out, err)
	}
	return sol, nil
}

// overlayFormat returns the format a picture file's name asks for: "png"
// for .png, "jpeg" for .jpg and .jpeg, "" for any other name.
func overlayFormat(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".png":
		return "png"
	case ".jpg", ".jpeg":
		return "jpeg"
	}
	return ""
}

// acceptFlag adds --accept to the flags of a command that may read a
// puzzle from a picture.
func acceptFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("accept", false, "take a puzzle read from a picture as read, even when some of its digits were not read surely")
}
