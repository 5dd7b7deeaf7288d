package ocr

import (
	"slices"
	"testing"
)

// inkPage returns styles for cells 0..n-1 drawn by ink(i), and their
// indexes.
func inkPage(n int, ink func(i int) glyphStyle) (*[81]glyphStyle, []int) {
	var styles [81]glyphStyle
	var idx []int
	for i := range n {
		styles[i] = ink(i)
		styles[i].ok = true
		idx = append(idx, i)
	}
	return &styles, idx
}

// TestInkPopulationsOneInk: a blurred printed page, its gray ink a little
// lighter or darker from digit to digit and lighter still where three
// digits' strokes came out thin (trouble/blur_1048.jpg), is one
// population.
func TestInkPopulationsOneInk(t *testing.T) {
	styles, idx := inkPage(34, func(i int) glyphStyle {
		s := glyphStyle{l: 42 + float64(i%7), a: 1 + float64(i%3)/2, b: -1 + float64(i%4)/2, height: 0.48}
		if i%11 == 3 {
			s.l = 53
		}
		return s
	})
	if ways := inkPopulations(styles, idx); len(ways) != 0 {
		t.Errorf("the digits fall into inks %v, want one ink", ways)
	}
}

// TestInkPopulationsDrainedEntries: an app's screenshot at JPEG quality
// 5 (trouble/scl_q5.jpg): black givens, gray-green typed entries, two of
// which lost their colour to the compression but not their lightness.
// The entries are one population, the givens (the least coloured) the
// other, first.
func TestInkPopulationsDrainedEntries(t *testing.T) {
	drained := []int{20, 25}
	styles, idx := inkPage(31, func(i int) glyphStyle {
		switch {
		case slices.Contains(drained, i):
			return glyphStyle{l: 39 + float64(i%2)}
		case i >= 20:
			return glyphStyle{l: 40 + float64(i%7), a: -9 - float64(i%10), b: 1 + float64(i%3)}
		}
		return glyphStyle{l: 5 + float64(i%20)}
	})
	ways := inkPopulations(styles, idx)
	if len(ways) == 0 || len(ways[0]) != 2 {
		t.Fatalf("the digits fall likeliest into inks %v, want 2", ways)
	}
	pops := ways[0]
	if want := idx[:20]; !slices.Equal(pops[0], want) {
		t.Errorf("the givens' population is %v, want %v", pops[0], want)
	}
}

// TestInkPopulationsWrongEntryMarked: an app draws the givens black, the
// player's entries blue and a wrong entry red (trouble/cur_wrong.png):
// three populations, the black one first.
func TestInkPopulationsWrongEntryMarked(t *testing.T) {
	const red = 30
	styles, idx := inkPage(47, func(i int) glyphStyle {
		switch {
		case i == red:
			return glyphStyle{l: 49, a: 64, b: 41}
		case i >= 26:
			return glyphStyle{l: 46 + float64(i%4), a: 18 + float64(i%3), b: -62 + float64(i%5)}
		}
		return glyphStyle{l: 11 + float64(i%12), a: 0.5, b: -2.7}
	})
	ways := inkPopulations(styles, idx)
	if len(ways) == 0 || len(ways[0]) != 3 {
		t.Fatalf("the digits fall likeliest into inks %v, want 3", ways)
	}
	pops := ways[0]
	if !slices.Equal(pops[0], idx[:26]) {
		t.Errorf("the first population is %v, want the black digits", pops[0])
	}
	var digits [81]int
	for _, i := range idx {
		digits[i] = 1 + i%9
	}
	entries := splitByStyle(styles, &digits, &[81]bool{}, &[81]float64{})
	if len(entries) == 0 {
		t.Fatal("no split to try")
	}
	for i := range 47 {
		if entries[0][i] != (i >= 26) {
			t.Errorf("cell %d: entry %v in the likeliest split, want %v", i, entries[0][i], i >= 26)
		}
	}
}
