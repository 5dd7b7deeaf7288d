package engines

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"

	xdraw "golang.org/x/image/draw"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// Options configure [New].
type Options struct {
	// PictureSize is the side of the pictures in pixels (0 for render's
	// default).
	PictureSize int
	// Theme is the pictures' colour scheme.
	Theme render.Theme
	// Digits reads the digits the photo reader finds in a photo's cells:
	// the mains pass Tesseract's reader (package ocr/tesseract). Nil reads
	// them by their likeness to digits drawn in the Go fonts alone.
	Digits ocr.DigitReader
}

// Real are the product's engines: the photo reader of package ocr, the
// hint engine and rater of package solver/human, and the pictures of
// package render. They offer every feature. They are safe for concurrent
// use.
type Real struct {
	// pictures and hintPictures are the options of the pictures drawn:
	// hints also label rows and columns.
	pictures, hintPictures render.Options
	// recognizer reads the cells of a photo; overlay is the style of the
	// digits written onto it.
	recognizer ocr.Recognizer
	overlay    ocr.OverlayStyle
	// solutions remembers the latest solution pictures, explained the
	// latest logical solutions, by puzzle.
	solutions *gridMemo[[]byte]
	explained *gridMemo[[]human.Step]
}

// Real is one of the [Engines].
var _ Engines = (*Real)(nil)

// New returns the product's real engines.
func New(o Options) *Real {
	opt := render.Options{Theme: o.Theme, Size: o.PictureSize}
	hintOpt := opt
	hintOpt.Labels = true
	return &Real{
		pictures: opt, hintPictures: hintOpt,
		recognizer: ocr.NewRecognizer(o.Digits),
		overlay:    ocr.OverlayStyle{Color: o.Theme.Palette().Filled, DigitMask: render.DigitMask},
		solutions:  newGridMemo[[]byte](solutionCacheSize),
		explained:  newGridMemo[[]human.Step](explainCacheSize),
	}
}

// Offers reports true: the real engines offer every feature.
func (*Real) Offers(Feature) bool { return true }

// Step returns step n of g's logical solution, explaining g once for all
// its steps (see [Engines.Step]).
func (e *Real) Step(_ context.Context, g solver.Grid, n int) (StepAt, error) {
	steps, err := e.explained.get(g, human.Explain)
	if err != nil {
		return StepAt{}, fmt.Errorf("explain: %w", err)
	}
	return stepAt(g, steps, n)
}

// StepFrom returns the next step from a player's grid (see
// [Engines.StepFrom]): the basic pencil marks of current, narrowed by the
// player's marks, are the candidates it was found with.
func (e *Real) StepFrom(_ context.Context, puzzle, current solver.Grid, marks []solver.DigitSet) (StepAt, error) {
	st, err := human.NextStep(puzzle, current, marks)
	if err != nil {
		return StepAt{}, err
	}
	cands := current.Candidates()
	for i, m := range marks {
		if m != 0 && i < len(cands) {
			cands[i] &= m
		}
	}
	return StepAt{Before: current, Candidates: cands, Step: st}, nil
}

// Rate rates g from its logical solution, shared with [Real.Step].
func (e *Real) Rate(_ context.Context, g solver.Grid) (Rating, error) {
	steps, err := e.explained.get(g, human.Explain)
	if err != nil {
		return Rating{}, fmt.Errorf("rate: %w", err)
	}
	return rating(human.RateSteps(steps)), nil
}

// DrawGrid draws g as PNG; the doubtful cells are shaded as a checked grid
// marks mistakes, every digit drawn as read.
func (e *Real) DrawGrid(g solver.Grid, doubtful []int) ([]byte, error) {
	if len(doubtful) > 0 {
		return encodePNG(render.Wrong(solver.Grid{}, g, doubtful, e.pictures))
	}
	return encodePNG(render.Grid(g, e.pictures))
}

// DrawSolution draws a solution as PNG, remembering the latest pictures:
// a puzzle has one solution, so the puzzle names the picture.
func (e *Real) DrawSolution(puzzle, sol solver.Grid) ([]byte, error) {
	return e.solutions.get(puzzle, func(puzzle solver.Grid) ([]byte, error) {
		return encodePNG(render.Solution(puzzle, sol, e.pictures))
	})
}

// DrawHint draws a step as PNG, with row and column labels.
func (e *Real) DrawHint(puzzle, before solver.Grid, cands []solver.DigitSet, s human.Step, level int) ([]byte, error) {
	return encodePNG(render.Hint(puzzle, before, cands, s, level, e.hintPictures))
}

// DrawWrong draws a player's grid with its wrong cells marked, as PNG.
func (e *Real) DrawWrong(puzzle, current solver.Grid, wrong []int) ([]byte, error) {
	return encodePNG(render.Wrong(puzzle, current, wrong, e.pictures))
}

// rating is r in the words of [Rating].
func rating(r human.Rating) Rating {
	out := Rating{Level: r.Level.String(), Score: float64(r.Score)}
	if n := len(r.Techniques); n > 0 {
		// Techniques come in ladder order: the last is the hardest.
		out.Hardest = r.Techniques[n-1].Technique
	}
	return out
}

// stepAt returns step n of the logical solution steps of g, with the grid
// and the pencil marks it applies to: the placements of the earlier steps
// filled in, their eliminations removed from the basic pencil marks. A
// button needs to remember only g and n: the explanation is found again
// when it is not remembered.
func stepAt(g solver.Grid, steps []human.Step, n int) (StepAt, error) {
	if n >= len(steps) {
		return StepAt{}, ErrNoMoreSteps
	}
	before := g
	for _, st := range steps[:n] {
		for _, p := range st.Placements {
			before.SetCell(p.Cell, p.Digit)
		}
	}
	cands := before.Candidates()
	for _, st := range steps[:n] {
		for _, e := range st.Eliminations {
			if e.Cell < len(cands) {
				cands[e.Cell] = cands[e.Cell].Without(e.Digit)
			}
		}
	}
	return StepAt{Before: before, Candidates: cands, Step: steps[n]}, nil
}

// ReadPhoto reads the photo with package ocr's reader; the reading can
// draw a solution onto the photo in the theme's colour for filled digits,
// and ring cells on it.
func (e *Real) ReadPhoto(ctx context.Context, dec *ocr.Decoded) (Reading, error) {
	res, err := ocr.ReadDecoded(ctx, dec, ocr.Options{Recognizer: e.recognizer})
	if err != nil {
		return Reading{}, err
	}
	r := ReadingOf(res)
	r.DrawOnPhoto = func(sol solver.Grid) ([]byte, error) {
		img, err := ocr.DrawOverlay(dec.Image, res, sol, e.overlay)
		if err != nil {
			return nil, fmt.Errorf("draw on photo: %w", err)
		}
		return encodeJPEG(shrink(img, maxPhotoSide))
	}
	r.RingOnPhoto = func(cells []int) ([]byte, error) {
		img, err := ocr.DrawRings(dec.Image, res, cells, mistakeRed)
		if err != nil {
			return nil, fmt.Errorf("draw on photo: %w", err)
		}
		return encodeJPEG(shrink(img, maxPhotoSide))
	}
	return r, nil
}

// mistakeRed is the colour of the rings around mistakes on a photo.
var mistakeRed = color.RGBA{225, 30, 45, 255}

// encodePNG writes a rendered picture as PNG.
func encodePNG(img image.Image, err error) ([]byte, error) {
	if err != nil {
		return nil, fmt.Errorf("draw: %w", err)
	}
	var buf bytes.Buffer
	if err := render.EncodePNG(&buf, img); err != nil {
		return nil, fmt.Errorf("encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// maxPhotoSide is the longest side of a photo the bot sends back.
const maxPhotoSide = 1600

// shrink scales img down so that its longest side is at most side pixels.
func shrink(img image.Image, side int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= side && h <= side {
		return img
	}
	if w >= h {
		w, h = side, h*side/w
	} else {
		w, h = w*side/h, side
	}
	out := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	xdraw.CatmullRom.Scale(out, out.Rect, img, b, xdraw.Src, nil)
	return out
}

func encodeJPEG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		return nil, fmt.Errorf("encode JPEG: %w", err)
	}
	return buf.Bytes(), nil
}
