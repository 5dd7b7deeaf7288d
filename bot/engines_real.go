package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"sync"

	xdraw "golang.org/x/image/draw"

	"github.com/sudokubot/sudokubot/ocr"

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
	// MaxPixels and MaxBytes bound the photos the reader decodes (0 for
	// package ocr's defaults).
	MaxPixels, MaxBytes int64
	// OCRWorkers is the number of Tesseract clients (at least 1).
	OCRWorkers int
}

// DefaultEngines returns the product's real engines: the photo reader of
// package ocr, the hint engine and rater of package solver/human, and the
// pictures of package render. A part that is not built in yet is left nil,
// which the bot reports as unavailable. The returned function frees the
// photo reader's Tesseract clients.
func DefaultEngines(o EngineOptions) (Engines, func()) {
	opt := render.Options{Theme: o.Theme, Size: o.PictureSize}
	hintOpt := opt
	hintOpt.Labels = true
	solutions := newGridMemo[[]byte](solutionCacheSize)
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
			// A puzzle has one solution: the puzzle names the picture.
			return solutions.get(puzzle, func(puzzle solver.Grid) ([]byte, error) {
				return encode(render.Solution(puzzle, sol, opt))
			})
		},
		DrawHint: func(puzzle, before solver.Grid, cands []uint32, s human.Step, level int) ([]byte, error) {
			return encode(render.Hint(puzzle, before, render.Candidates(cands), s, level, hintOpt))
		},
		DrawWrong: func(puzzle, current solver.Grid, wrong []int) ([]byte, error) {
			return encode(render.Wrong(puzzle, current, wrong, opt))
		},
	}
	wireHuman(&e)
	closeOCR := wireOCR(&e, o)
	return e, closeOCR
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
	cache := newExplainCache(explainCacheSize)
	e.Step = func(ctx context.Context, g solver.Grid, n int) (StepAt, error) {
		return humanStep(ctx, cache, g, n)
	}
	e.Rate = func(_ context.Context, g solver.Grid) (Rating, error) {
		steps, err := cache.explain(g)
		if err != nil {
			return Rating{}, fmt.Errorf("rate: %w", err)
		}
		r := human.RateSteps(steps)
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
// removed from the basic pencil marks. A button needs to remember only g
// and n: the explanation is recomputed when it is not in the cache.
func humanStep(_ context.Context, cache *explainCache, g solver.Grid, n int) (StepAt, error) {
	steps, err := cache.explain(g)
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

// wireOCR connects the photo reader of package ocr, with a pool of
// o.OCRWorkers Tesseract clients, and returns the function that frees them.
func wireOCR(e *Engines, o EngineOptions) func() {
	pool := ocr.NewTessPool(max(o.OCRWorkers, 1))
	rec := ocr.NewTessRecognizer(pool)
	limits := ocr.DefaultDecodeLimits
	if o.MaxPixels > 0 {
		limits.MaxPixels = int(o.MaxPixels)
	}
	if o.MaxBytes > 0 {
		limits.MaxBytes = int(o.MaxBytes)
	}
	e.ReadPhoto = func(ctx context.Context, data []byte) (Reading, error) {
		dec, err := ocr.Decode(data, limits)
		var res *ocr.Result
		if err == nil {
			res, err = ocr.ReadDecoded(ctx, dec, ocr.Options{Limits: limits, Recognizer: rec})
		}
		switch {
		case errors.Is(err, ocr.ErrNoGrid):
			return Reading{}, fmt.Errorf("%w: %w", ErrNoGrid, err)
		case errors.Is(err, ocr.ErrNotImage):
			return Reading{}, fmt.Errorf("%w: %w", ErrNotImage, err)
		case err != nil:
			return Reading{}, fmt.Errorf("read photo: %w", err)
		}
		return Reading{Grid: res.Grid, Doubtful: doubtfulCells(res), Engine: photoReading{res, dec}}, nil
	}
	pal := o.Theme.Palette()
	e.DrawOnPhoto = func(_ []byte, r Reading, sol solver.Grid) ([]byte, error) {
		pr, ok := r.Engine.(photoReading)
		if !ok {
			return nil, errors.New("draw on photo: the reading holds no OCR result")
		}
		img, err := ocr.DrawOverlay(pr.dec.Image, pr.res, sol, ocr.OverlayStyle{Color: pal.Filled, DigitMask: render.DigitMask})
		if err != nil {
			return nil, fmt.Errorf("draw on photo: %w", err)
		}
		return encodeJPEG(shrink(img, maxPhotoSide))
	}
	return func() { _ = pool.Close() }
}

// photoReading is what the photo reader keeps in [Reading.Engine]: the
// OCR result and the decoded photo, which drawing the solution on the photo
// uses again instead of decoding the file a second time (a progressive
// JPEG from a phone takes about 50 ms to decode).
type photoReading struct {
	res *ocr.Result
	dec *ocr.Decoded
}

// doubtfulCells returns the cells to check by eye: those the reader names
// when the grid is not a proper puzzle, else the digits read with a
// confidence below one half.
func doubtfulCells(res *ocr.Result) []int {
	if len(res.Doubtful) > 0 {
		return res.Doubtful
	}
	var out []int
	for i, c := range res.Cells {
		if c.Digit != 0 && c.Confidence < 0.5 {
			out = append(out, i)
		}
	}
	return out
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

// explainCacheSize is the number of explained puzzles kept: pressing "Next
// step" on a hard puzzle then costs nothing, instead of the second or two
// that explaining the hardest puzzles takes.
const explainCacheSize = 256

// explainCache keeps the logical solutions of recently seen puzzles.
type explainCache struct{ memo *gridMemo[[]human.Step] }

func newExplainCache(size int) *explainCache {
	return &explainCache{memo: newGridMemo[[]human.Step](size)}
}

// explain returns human.Explain(g), from the cache when it is there. The
// returned steps are shared: callers must not change them.
func (c *explainCache) explain(g solver.Grid) ([]human.Step, error) {
	return c.memo.get(g, human.Explain)
}

// solutionCacheSize is the number of solution pictures kept (about 40 KB
// each): the day's newspaper puzzle, asked by many people in a server, is
// drawn once.
const solutionCacheSize = 128

// gridMemo remembers the results of a function of a grid for the last size
// grids, the oldest going first. It is safe for concurrent use.
type gridMemo[V any] struct {
	mu    sync.Mutex
	size  int
	vals  map[solver.Grid]V
	order []solver.Grid
}

func newGridMemo[V any](size int) *gridMemo[V] {
	return &gridMemo[V]{size: size, vals: map[solver.Grid]V{}}
}

// get returns f(g), from memory when g was seen lately. Errors are not
// remembered.
func (m *gridMemo[V]) get(g solver.Grid, f func(solver.Grid) (V, error)) (V, error) {
	m.mu.Lock()
	v, ok := m.vals[g]
	m.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := f(g)
	if err != nil {
		return v, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.vals[g]; !ok {
		if len(m.order) >= m.size {
			delete(m.vals, m.order[0])
			m.order = m.order[1:]
		}
		m.vals[g] = v
		m.order = append(m.order, g)
	}
	return v, nil
}
