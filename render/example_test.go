package render_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// A solution picture for a chat message: draw it, then encode it.
func ExampleSolution() {
	puzzle := solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	solution, err := solver.SolveUnique(puzzle)
	if err != nil {
		fmt.Println(err)
		return
	}
	img, err := render.Solution(puzzle, solution, render.Options{Theme: render.Dark})
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	if err := render.EncodePNG(&buf, img); err != nil {
		fmt.Println(err)
		return
	}
	cfg, err := png.DecodeConfig(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%dx%d PNG, dark paper: %v\n", cfg.Width, cfg.Height, img.At(0, 0) == render.Dark.Palette().Background)
	// Output: 900x900 PNG, dark paper: true
}

// DigitMask gives the glyph of a digit for drawing onto a photo: the
// caller warps it into a cell of the photo and paints a colour through it.
func ExampleDigitMask() {
	mask := render.DigitMask(7, 64)
	fmt.Println(mask.Bounds())
	// Output: (0,0)-(64,64)
}
