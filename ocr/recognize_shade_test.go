package ocr

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
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

// TestReadDigitsInAShadow reads a puzzle-book photo, underexposed, whose
// lower left lies in the shadow of the phone: the pen digits there stand
// out from their paper by a third of what the grid's clear digits do, and
// were read as empty without the network being asked. Every digit is read
// right.
func TestReadDigitsInAShadow(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "looks", "book-pen-in-shadow-dark.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Read(context.Background(), data, Options{Recognizer: testRec(t)})
	if err != nil {
		t.Fatal(err)
	}
	want := solver.MustGrid("342185769768493512951726438187359624295647183436812975513274896824961357679538241")
	var wrong []string
	for i := range 81 {
		got := res.Grid.Cell(i)
		if got == 0 {
			got = res.Entered.Cell(i)
		}
		if got != want.Cell(i) {
			c := res.Cells[i]
			wrong = append(wrong, fmt.Sprintf("%s %d read as %v %d (%.4f)", solver.CellName(i/9, i%9), want.Cell(i), c.Kind, c.Digit, c.Confidence))
		}
	}
	if len(wrong) > 0 {
		t.Errorf("%d digits read wrong: %v", len(wrong), wrong)
	}
}
