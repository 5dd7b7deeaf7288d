package traindata

import (
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStainWeight: a stain lies wholly at its middle, not at all beyond
// its edge, fading in between; a ring's rim is darker than its inside.
func TestStainWeight(t *testing.T) {
	st := stain{blobs: [][3]float64{{50, 50, 20}}, edge: 0.3, opacity: 0.3, tint: [3]float64{1, 1, 1}}
	if w := st.weight(50, 50); w != 1 {
		t.Errorf("weight at the middle = %v, want 1", w)
	}
	if w := st.weight(50, 80); w != 0 {
		t.Errorf("weight beyond the edge = %v, want 0", w)
	}
	prev := 1.0
	for x := 50.0; x <= 75; x++ {
		w := st.weight(x, 50)
		if w > prev {
			t.Fatalf("weight rises from %v to %v at x=%v, going out", prev, w, x)
		}
		prev = w
	}
	st.rim = 0.8
	if mid, rim := st.weight(50, 50), st.weight(50+20*(1-0.15), 50); rim <= mid {
		t.Errorf("ring: rim %v not darker than the middle %v", rim, mid)
	}
}

// TestStainBoard: stains only darken, and only where they lie.
func TestStainBoard(t *testing.T) {
	s := NewSynth(23, nil, nil)
	n := 9 * 40
	paper := color.RGBA{240, 236, 225, 255}
	board := image.NewRGBA(image.Rect(0, 0, n+1, n+1))
	draw.Draw(board, board.Rect, image.NewUniform(paper), image.Point{}, draw.Src)
	s.stainBoard(board, n)
	darker := 0
	for i := 0; i < len(board.Pix); i += 4 {
		p := board.Pix[i : i+3]
		if p[0] > paper.R || p[1] > paper.G || p[2] > paper.B {
			t.Fatalf("a stain made a pixel lighter: %v", p)
		}
		if p[0] < paper.R || p[1] < paper.G || p[2] < paper.B {
			darker++
		}
	}
	if darker == 0 || darker > len(board.Pix)/4/2 {
		t.Errorf("%d of %d pixels stained, want some but under half", darker, len(board.Pix)/4)
	}
}

// TestStainedLook: a stained newspaper holds givens only, and is never
// trained on.
func TestStainedLook(t *testing.T) {
	if slices.Contains(Looks, LookStained) || !slices.Contains(HeldApartLooks, LookStained) {
		t.Errorf("%s must be held apart from training", LookStained)
	}
	s := NewSynth(29, FindFonts(), nil)
	for range 2 {
		_, tr := s.Picture(LookStained)
		if tr.Entered.Givens() != 0 || len(tr.Marks) != 0 {
			t.Errorf("entries or marks in a %s picture", LookStained)
		}
		if tr.Givens.Givens() < 17 {
			t.Errorf("%d givens in a %s picture", tr.Givens.Givens(), LookStained)
		}
	}
}

// TestStainedCells: about one synthetic cell in eight carries a stain,
// drawn from a stream of its own, so the cells' truth is the same with
// or without stains, and a stain is lighter than the print.
func TestStainedCells(t *testing.T) {
	a, b := NewSynth(31, FindFonts(), nil), NewSynth(31, FindFonts(), nil)
	b.stains = rand.New(rand.NewPCG(1, 2)) // other stains, the same cells
	var ra, rb Record
	stained := 0
	const n = 800
	for i := range n {
		a.Cell(int8(i%4), &ra)
		b.Cell(int8(i%4), &rb)
		if ra.Kind != rb.Kind || ra.Digit != rb.Digit || ra.Marks != rb.Marks {
			t.Fatalf("cell %d: stains changed its truth: %+v, %+v", i, ra.Kind, rb.Kind)
		}
		if a.stained {
			stained++
		}
	}
	if stained < n/14 || stained > n/5 {
		t.Errorf("%d of %d cells stained, want about an eighth", stained, n)
	}
}
