package engines

import (
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver/human"
)

// This file names the terms of packages ocr and solver/human that the
// conversation needs to understand its engines' answers, so that it
// reaches those packages through its engines alone.

// The errors of the engines that the conversation puts in its users' words.
var (
	// ErrNoGrid is matched by the error of [Engines.ReadPhoto] when the
	// photo shows no grid.
	ErrNoGrid = ocr.ErrNoGrid
	// ErrNotImage is matched by the errors of [CheckPhoto] and
	// [Photo.Decode] for data that is not a picture of a known format.
	ErrNotImage = ocr.ErrNotImage
	// ErrDamaged is matched by the errors of [CheckPhoto] and
	// [Photo.Decode] for a picture that is damaged or cut short.
	ErrDamaged = ocr.ErrDamaged
	// ErrNot9x9 is matched by the errors of the hints and the ratings for
	// a grid of another size: the techniques are written for 9x9 Sudoku.
	ErrNot9x9 = human.ErrNot9x9
	// ErrSolved is matched by the error of [Engines.StepFrom] for a grid
	// that is already complete and right.
	ErrSolved = human.ErrSolved
)

// GridError is the error of [Engines.ReadPhoto] for a picture whose grid
// is not a whole 9x9 Sudoku with digits in it (a grid of another size, a
// grid the picture cuts, an empty grid): its message says which, in the
// user's words.
type GridError = ocr.GridError

// LimitError is the error of [CheckPhoto] for a photo over a limit: its
// pixels when Width is not 0, else its bytes.
type LimitError = ocr.LimitError

// CellReading is what was read in one cell of a photo, with its
// confidence ([Reading.Cells]).
type CellReading = ocr.CellReading

// Doubt is a digit of a photo an answer would rest on that was not read
// surely: the conversation asks about it ([ocr.Puzzle.Doubts]).
type Doubt = ocr.Doubt

// Progress is what a photo of a puzzle in progress says of the player's
// work, with its words ([ocr.Result.ProgressFrom]).
type Progress = ocr.Progress

// SureConfidence is the confidence from which a cell's reading (its digit,
// or its pencil marks) is sure.
const SureConfidence = ocr.SureConfidence

// Photo is a photo whose header was checked against the limits; its
// pixels are not decoded yet.
type Photo struct {
	header *ocr.Header
}

// CheckPhoto checks data, a photo of at most maxBytes bytes and maxPixels
// pixels, from its header alone: no pixel is decoded. Its errors match
// [ErrNotImage] or [ErrDamaged], or are a [*LimitError].
func CheckPhoto(data []byte, maxBytes, maxPixels int64) (Photo, error) {
	h, err := ocr.CheckHeader(data, ocr.DecodeLimits{MaxBytes: int(maxBytes), MaxPixels: int(maxPixels)})
	if err != nil {
		return Photo{}, err
	}
	return Photo{header: h}, nil
}

// Decode decodes the photo's pixels, for [Engines.ReadPhoto]. Its errors
// match [ErrNotImage] or [ErrDamaged].
func (p Photo) Decode() (*ocr.Decoded, error) {
	return p.header.Decode()
}
