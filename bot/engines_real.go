package bot

import (
	"bytes"
	"context"
	"fmt"
	"image"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// EngineOptions configure [DefaultEngines].
type EngineOptions struct {
	// PictureSize is the side of the pictures in pixels (0 for render's
	// default).
	PictureSize int
	// Theme is the pictures' colour scheme.
	Theme render.Theme
	// MaxPixels bounds the photos the reader decodes.
	MaxPixels int64
}

// DefaultEngines returns the product's real engines: the photo reader of
// package ocr, the hint engine and rater of package solver/human, and the
// pictures of package render. A part that is not built in yet is left nil,
// which the bot reports as unavailable.
func DefaultEngines(o EngineOptions) Engines {
	opt := render.Options{Theme: o.Theme, Size: o.PictureSize}
	hintOpt := opt
	hintOpt.Labels = true
	e := Engines{
		DrawGrid: func(g solver.Grid, doubtful []int) ([]byte, error) {
			if len(doubtful) > 0 {
				// The doubtful cells shaded as a checked grid marks
				// mistakes, every digit drawn as read.
				return encode(render.Wrong(solver.Grid{}, g, doubtful, opt))
			}
			return encode(render.Grid(g, opt))
		},
		DrawSolution: func(puzzle, sol solver.Grid) ([]byte, error) {
			return encode(render.Solution(puzzle, sol, opt))
		},
		DrawHint: func(puzzle, before solver.Grid, cands []uint32, s human.Step, level int) ([]byte, error) {
			return encode(render.Hint(puzzle, before, render.Candidates(cands), s, level, hintOpt))
		},
		DrawWrong: func(puzzle, current solver.Grid, wrong []int) ([]byte, error) {
			return encode(render.Wrong(puzzle, current, wrong, opt))
		},
	}
	wireHuman(&e)
	wireOCR(&e, o)
	return e
}

// encode writes a rendered picture as PNG.
func encode(img image.Image, err error) ([]byte, error) {
	if err != nil {
		return nil, fmt.Errorf("draw: %w", err)
	}
	var buf bytes.Buffer
	if err := render.EncodePNG(&buf, img); err != nil {
		return nil, fmt.Errorf("encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// wireHuman connects the hint engine and the rater of package
// solver/human.
func wireHuman(e *Engines) {
	e.Step = humanStep
	e.Rate = func(_ context.Context, g solver.Grid) (Rating, error) {
		r, err := human.Rate(g)
		if err != nil {
			return Rating{}, fmt.Errorf("rate: %w", err)
		}
		out := Rating{Level: r.Level.String(), Score: float64(r.Score)}
		if n := len(r.Techniques); n > 0 {
			// Techniques come in ladder order: the last is the hardest.
			out.Hardest = r.Techniques[n-1].Technique
		}
		return out, nil
	}
}

// humanStep returns step n of the logical solution of g that
// human.Explain finds, with the grid and the pencil marks it applies to:
// the placements of the earlier steps filled in, their eliminations
// removed from the basic pencil marks. The whole solution is explained
// again each time, so a button needs to remember only g and n.
func humanStep(_ context.Context, g solver.Grid, n int) (StepAt, error) {
	steps, err := human.Explain(g)
	if err != nil {
		return StepAt{}, fmt.Errorf("explain: %w", err)
	}
	if n >= len(steps) {
		return StepAt{}, ErrNoMoreSteps
	}
	before := g
	for _, st := range steps[:n] {
		for _, p := range st.Placements {
			before.SetCell(p.Cell, p.Digit)
		}
	}
	cands := render.BasicCandidates(before)
	for _, st := range steps[:n] {
		for _, e := range st.Eliminations {
			if e.Cell < len(cands) {
				cands[e.Cell] &^= 1 << e.Digit
			}
		}
	}
	return StepAt{Before: before, Candidates: cands, Step: steps[n]}, nil
}

// wireOCR connects the photo reader once package ocr provides Read.
func wireOCR(*Engines, EngineOptions) {}
