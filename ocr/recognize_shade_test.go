package ocr

import (
	"fmt"
	"testing"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
	"github.com/sudokubot/sudokubot/solver"
)

// TestShade: a cell as light as the grid's typical one or lighter is in
// full light, a darker one in a shadow as deep as its paper is dark, down
// to minShade.
func TestShade(t *testing.T) {
	for _, tc := range []struct {
		paper, lit, want float32
	}{
		{200, 200, 1},
		{240, 200, 1},
		{100, 200, 0.5},
		{30, 200, minShade},
		{0, 200, minShade},
		{120, 0, 1}, // no light measured: full light
	} {
		if got := shade(tc.paper, tc.lit); got != tc.want {
			t.Errorf("shade(%v, %v) = %v, want %v", tc.paper, tc.lit, got, tc.want)
		}
	}
}

// TestBlankFollowsTheLight: a faint stroke (darkness 0.15 of the grid's
// contrast) is nothing in full light, but ink in a cell whose paper gets
// half the grid's light, where a digit stands out half as much.
func TestBlankFollowsTheLight(t *testing.T) {
	in := make([]float32, digitnet.InputLen)
	for y := 10; y < 22; y++ {
		in[y*digitnet.Side+16] = 0.15
	}
	if !blank(in, emptyBelow*shade(200, 200)) {
		t.Error("a stroke of 0.15 in full light is not blank")
	}
	if blank(in, emptyBelow*shade(100, 200)) {
		t.Error("a stroke of 0.15 in half the light is blank")
	}
}

// TestReadDigitsInAShadow reads puzzle-book photos, underexposed, part
// of whose page lies in a shadow: the pen digits there stand out from
// their paper by a fraction of what the grid's clear digits do, and were
// read as empty without the network being asked. One is read in gray
// levels, the other (a colour picture) by colour distance, where the
// paper's light is measured on the gray levels all the same. Every digit
// is read right.
func TestReadDigitsInAShadow(t *testing.T) {
	for _, tc := range []struct{ look, digits string }{
		{"book-pen-in-shadow-gray.jpg", "308046192500010700004780503400190270021030450007020301769051800000060907840970615"},
		{"book-pen-in-shadow-colour.jpg", "560800002290005800000004050600008310000000000047300008080700000002980035300006087"},
	} {
		t.Run(tc.look, func(t *testing.T) {
			res := ReadTestLook(t, tc.look)
			want := solver.MustGrid(tc.digits)
			var wrong []string
			for i := range 81 {
				if got := max(res.Grid.Cell(i), res.Entered.Cell(i)); got != want.Cell(i) {
					c := res.Cells[i]
					wrong = append(wrong, fmt.Sprintf("%s %d read as %v %d (%.4f)", solver.CellName(i/9, i%9), want.Cell(i), c.Kind, c.Digit, c.Confidence))
				}
			}
			if len(wrong) > 0 {
				t.Errorf("%d digits read wrong: %v", len(wrong), wrong)
			}
		})
	}
}

// TestCellsLight: the cells cut from a paper photo carry its light, those
// of a dark board read from its negative (a screen, evenly lit) none, so
// that no cell of a screen is taken to lie in a shadow.
func TestCellsLight(t *testing.T) {
	for _, tc := range []struct {
		look  string
		light bool
	}{
		{"app-dark-numpad.png", false},
		{"book-pen-in-shadow-colour.jpg", true},
	} {
		dec := decodeTestLook(t, tc.look)
		gray := ToGray(dec.Image)
		det, err := Detect(gray)
		if err != nil {
			t.Fatal(err)
		}
		cells, inverted := GridCells(dec.Image, gray, det.Corners)
		if got := cells.Light != nil; got != tc.light || inverted == tc.light {
			t.Errorf("%s: light %v, inverted %v; want light %v", tc.look, got, inverted, tc.light)
			continue
		}
		if tc.light && cells.Light.Bounds() != cells.Img.Bounds() {
			t.Errorf("%s: light %v, cells %v", tc.look, cells.Light.Bounds(), cells.Img.Bounds())
		}
	}
}
