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

// New returns the product's real engines: the photo reader of package ocr,
// the hint engine and rater of package solver/human, and the pictures of
// package render.
func New(o Options) Engines {
	opt := render.Options{Theme: o.Theme, Size: o.PictureSize}
	hintOpt := opt
	hintOpt.Labels = true
	solutions := newGridMemo[[]byte](solutionCacheSize)
	explained := newGridMemo[[]human.Step](explainCacheSize)
	return Engines{
		ReadPhoto: photoReader(ocr.NewRecognizer(o.Digits), o.Theme),
		Step: func(_ context.Context, g solver.Grid, n int) (StepAt, error) {
			steps, err := explained.get(g, human.Explain)
			if err != nil {
				return StepAt{}, fmt.Errorf("explain: %w", err)
			}
			return stepAt(g, steps, n)
		},
		StepFrom: func(_ context.Context, puzzle, current solver.Grid, marks []solver.DigitSet) (StepAt, error) {
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
		},
		Rate: func(_ context.Context, g solver.Grid) (Rating, error) {
			steps, err := explained.get(g, human.Explain)
			if err != nil {
				return Rating{}, fmt.Errorf("rate: %w", err)
			}
			return rating(human.RateSteps(steps)), nil
		},
		DrawGrid: func(g solver.Grid, doubtful []int) ([]byte, error) {
			if len(doubtful) > 0 {
				// The doubtful cells shaded as a checked grid marks
				// mistakes, every digit drawn as read.
				return encodePNG(render.Wrong(solver.Grid{}, g, doubtful, opt))
			}
			return encodePNG(render.Grid(g, opt))
		},
		DrawSolution: func(puzzle, sol solver.Grid) ([]byte, error) {
			// A puzzle has one solution: the puzzle names the picture.
			return solutions.get(puzzle, func(puzzle solver.Grid) ([]byte, error) {
				return encodePNG(render.Solution(puzzle, sol, opt))
			})
		},
		DrawHint: func(puzzle, before solver.Grid, cands []solver.DigitSet, s human.Step, level int) ([]byte, error) {
			return encodePNG(render.Hint(puzzle, before, cands, s, level, hintOpt))
		},
		DrawWrong: func(puzzle, current solver.Grid, wrong []int) ([]byte, error) {
			return encodePNG(render.Wrong(puzzle, current, wrong, opt))
		},
	}
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

// photoReader returns the ReadPhoto engine: rec reads the photo, and the
// reading can draw a solution onto it in the theme's colour for filled
// digits.
func photoReader(rec ocr.Recognizer, theme render.Theme) func(context.Context, *ocr.Decoded) (Reading, error) {
	style := ocr.OverlayStyle{Color: theme.Palette().Filled, DigitMask: render.DigitMask}
	return func(ctx context.Context, dec *ocr.Decoded) (Reading, error) {
		res, err := ocr.ReadDecoded(ctx, dec, ocr.Options{Recognizer: rec})
		if err != nil {
			return Reading{}, err
		}
		r := Reading{
			Grid: res.Grid, Entered: res.Entered, Solution: res.Solution, SolveErr: res.SolveErr,
			Doubtful: res.Doubtful, Marks: res.Marks, Cells: res.Cells,
			DrawOnPhoto: func(sol solver.Grid) ([]byte, error) {
				img, err := ocr.DrawOverlay(dec.Image, res, sol, style)
				if err != nil {
					return nil, fmt.Errorf("draw on photo: %w", err)
				}
				return encodeJPEG(shrink(img, maxPhotoSide))
			},
			RingOnPhoto: func(cells []int) ([]byte, error) {
				img, err := ocr.DrawRings(dec.Image, res, cells, mistakeRed)
				if err != nil {
					return nil, fmt.Errorf("draw on photo: %w", err)
				}
				return encodeJPEG(shrink(img, maxPhotoSide))
			},
		}
		if p, err := res.Progress(); err == nil {
			r.Progress = p
		}
		return r, nil
	}
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
