package ocr

import (
	"math"
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
	entries := splitByStyle(styles, &digits, &[81]bool{}, &[81]float64{}).entries
	if len(entries) == 0 {
		t.Fatal("no split to try")
	}
	for i := range 47 {
		if entries[0][i] != (i >= 26) {
			t.Errorf("cell %d: entry %v in the likeliest split, want %v", i, entries[0][i], i >= 26)
		}
	}
}

// TestOnePopulation: a printed puzzle whose print the recognizer reads in
// part as handwriting (a light typeface) is one population, and all its
// digits are givens; the entries stand when they are a population of
// their own: another ink, another height from digit to digit, digits
// unlike the page's others of their value; and they stand when the
// digits would not make a proper puzzle as givens (a player's mistake),
// but their kind is doubted when they look like the print.
func TestOnePopulation(t *testing.T) {
	puzzle, sol := synthSolved(t)
	printed := glyphStyle{ok: true, l: 20, a: 0, b: 1, height: 0.58, typeface: 3}
	for _, tc := range []struct {
		name string
		// entry is the look of the digits read as handwriting, the k-th
		// of them.
		entry     func(k int) glyphStyle
		wrong     bool // the player's first entry is a mistake
		wantGiven bool // the digits read as handwriting become givens
		// wantDoubt: the digits read as handwriting are not surely
		// told a given or an entry.
		wantDoubt bool
	}{
		{"the print's look", func(int) glyphStyle { return printed }, false, true, false},
		{"the print's ink and height, typefaces a little less alike", func(k int) glyphStyle {
			s := printed
			s.typeface = []float64{3, 2, 1.2, 0.5}[k%4]
			return s
		}, false, true, false},
		{"a blue pen", func(k int) glyphStyle {
			return glyphStyle{ok: true, l: 35, a: 15, b: -35, height: 0.58, typeface: 3}
		}, false, false, false},
		{"a black pen, heights and shapes of a hand", func(k int) glyphStyle {
			return glyphStyle{ok: true, l: 20, a: 0, b: 1, height: 0.5 + 0.04*float64(k%5), typeface: []float64{-3, -2.2, -1}[k%3]}
		}, false, false, false},
		{"the print's look, a mistake among them", func(int) glyphStyle { return printed }, true, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rs [81]CellReading
			var styles [81]glyphStyle
			k := 0
			first := -1
			for i := range 81 {
				switch {
				case puzzle.Cell(i) != 0:
					rs[i] = CellReading{Kind: KindGiven, Digit: sol.Cell(i), Confidence: 1, Hand: 0.05}
					styles[i] = printed
				case k < 12 && i%3 == 0:
					rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1, Hand: 0.95}
					styles[i] = tc.entry(k)
					if first < 0 {
						first = i
					}
					k++
				}
			}
			if tc.wrong {
				rs[first].Digit = sol.Cell(first)%9 + 1
			}
			changed := onePopulation(&rs, &styles, givensChecks{})
			if changed != tc.wantGiven {
				gain, _ := handPopulationGain(&rs, &styles)
				t.Fatalf("changed %v, want %v (gain %.1f)", changed, tc.wantGiven, gain)
			}
			for i, r := range rs {
				if r.Digit != 0 && puzzle.Cell(i) == 0 && (r.Kind == KindGiven) != tc.wantGiven {
					t.Errorf("r%dc%d is a %v", i/9+1, i%9+1, r.Kind)
				}
				if r.Digit != 0 && puzzle.Cell(i) == 0 && r.KindSure() == tc.wantDoubt {
					t.Errorf("r%dc%d: kind doubted at %.3g, want doubt %v", i/9+1, i%9+1, r.KindDoubt, tc.wantDoubt)
				}
			}
		})
	}
}

// TestUntint: a magazine's page printed in one ink, every other box
// shaded in a light violet. A thin stroke is part paper in every pixel, so
// the digits on the shaded boxes measure violet and those on the white
// ones near black: two inks, until the share of its paper that shows
// through each digit is taken out. An app's entries typed in blue on a
// white board and on a highlighted one stay another ink than its black
// givens.
func TestUntint(t *testing.T) {
	white := [3]float64{92, 0, 3}
	violet := [3]float64{75, 30, -28}
	for _, tc := range []struct {
		name string
		ink  func(i int) glyphStyle
		inks int
	}{
		{"one ink on two papers", func(i int) glyphStyle {
			p := white
			if i%3 == 0 {
				p = violet
			}
			// Half the paper shows through.
			return glyphStyle{l: 20 + 0.5*(p[0]-92) + float64(i%5)/2, a: 0.5 * p[1], b: 0.5 * (p[2] - 3), height: 0.58, paper: p}
		}, 1},
		{"black givens and blue entries on two papers", func(i int) glyphStyle {
			p := white
			if i%3 == 0 { // a highlighted row, column or box: givens and entries
				p = violet
			}
			s := glyphStyle{l: 15, a: 0, b: 0, height: 0.4, paper: p}
			if i%2 == 1 {
				s = glyphStyle{l: 45, a: 20, b: -50, height: 0.4, paper: p}
			}
			s.l += 0.3 * (p[0] - 92)
			s.a += 0.3 * p[1]
			s.b += 0.3 * (p[2] - 3)
			return s
		}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			styles, idx := inkPage(40, tc.ink)
			untint(styles)
			ways := inkPopulations(styles, idx)
			got := 1
			if len(ways) > 0 {
				got = len(ways[0])
			}
			if got != tc.inks {
				t.Errorf("the digits fall likeliest into %d inks, want %d", got, tc.inks)
			}
		})
	}
}

// TestInkPopulationsPaleTint: an app's white givens and its typed entries
// in cream on a dark board (synthetic app-small_156 of seed 1501): the two
// inks are as light, 12 units of b apart, each within 2, and the givens'
// lightness varies from digit to digit more than the colours do (thin
// strokes). Two populations, the white one first; measured in units of
// minInkSpread alike, the entries gained less than populationCost and
// every digit was a given, surely.
func TestInkPopulationsPaleTint(t *testing.T) {
	styles, idx := inkPage(47, func(i int) glyphStyle {
		if i >= 29 {
			return glyphStyle{l: 85.5 + float64(i%3)/2, a: -3.5 + float64(i%4)*0.7, b: 7.5 + float64(i%6)}
		}
		return glyphStyle{l: 82 + float64(i%8), a: -1.5 + float64(i%3)/2, b: -4 + float64(i%5)}
	})
	ways := inkPopulations(styles, idx)
	if len(ways) == 0 || len(ways[0]) != 2 {
		t.Fatalf("the digits fall likeliest into inks %v, want 2", ways)
	}
	if want := idx[:29]; !slices.Equal(ways[0][0], want) {
		t.Errorf("the givens' population is %v, want %v", ways[0][0], want)
	}
}

// TestInkSplitDoubt: a split by ink doubts its entries as much as one ink
// is likely, and a digit whose ink was not measured as much as the other
// kind is common; a pen told by the recognizer (odds +Inf) leaves the
// recognizer's view of such a digit alone. In a file that kept its colours
// too coarsely (lost), every given of the split is doubted as a digit
// whose ink was not measured is: an entry whose colour was lost looks like
// one.
func TestInkSplitDoubt(t *testing.T) {
	var rs [81]CellReading
	var styles [81]glyphStyle
	var entry [81]bool
	for i := range 10 {
		rs[i] = CellReading{Kind: KindGiven, Digit: 1 + i%9, Confidence: 1}
		styles[i].ok = i != 9 // cell 9's ink unmeasured, read as a given
		entry[i] = i < 3
	}
	for _, tc := range []struct {
		odds                float64
		lost                bool
		entry, given, faint float64
	}{
		{odds: 2, entry: 1 / (1 + math.Exp(2)), given: 0, faint: 3.0 / 9},
		{odds: 40, entry: 1 / (1 + math.Exp(40)), given: 0, faint: 3.0 / 9},
		{odds: math.Inf(1), entry: 0, given: 0, faint: 0},
		{odds: 40, lost: true, entry: 1 / (1 + math.Exp(40)), given: 3.0 / 9, faint: 3.0 / 9},
		{odds: math.Inf(1), lost: true, entry: 0, given: 0, faint: 0},
	} {
		out := rs
		inkSplitDoubt(&out, &styles, entry, tc.odds, tc.lost)
		if got := [3]float64{out[0].KindDoubt, out[5].KindDoubt, out[9].KindDoubt}; math.Abs(got[0]-tc.entry) > 1e-12 || math.Abs(got[1]-tc.given) > 1e-12 || math.Abs(got[2]-tc.faint) > 1e-12 {
			t.Errorf("odds %v, colour lost %v: doubts of an entry, a given, an unmeasured digit %v, want %v %v %v", tc.odds, tc.lost, got, tc.entry, tc.given, tc.faint)
		}
	}
}

// inkPopulations returns the ways of inkWays that count, their groups
// alone: the ways the cells idx fall into groups by the ink of their
// digits, one group per ink, the likelier first, and in each the least
// coloured ink first, that explain the colours better than one ink by
// populationCost for each ink more. A page of one ink gets none.
func inkPopulations(styles *[81]glyphStyle, idx []int) [][][]int {
	var out [][][]int
	for _, w := range inkWays(styles, idx) {
		if w.odds > 0 {
			out = append(out, w.groups)
		}
	}
	return out
}

// TestSplitByStyleTypedHighlit: an app's white givens, some under a
// coloured highlight that tints them, and pink typed entries in a face
// the recognizer reads as a hand half the time (app-small_099 of seed
// 3503). The white and the pink are two clear colours that the
// recognizer does not read as print and a hand, so the entries are typed:
// a third ink (the tinted givens, with some of them read as a hand)
// parting the digits read as print from the rest does not make the page
// a pen's. The likeliest split makes the pink digits the entries.
func TestSplitByStyleTypedHighlit(t *testing.T) {
	var printed [81]bool
	styles, idx := inkPage(50, func(i int) glyphStyle {
		switch {
		case i < 23: // white givens, read as print
			printed[i] = true
			return glyphStyle{l: 84 + float64(i%3), a: 1, b: -2}
		case i < 32: // white givens under the highlight, some read as a hand
			printed[i] = i%2 == 0
			return glyphStyle{l: 84 + float64(i%2), a: 5 + float64(i%3)/2, b: -5 - float64(i%3)/2}
		}
		printed[i] = i%2 == 0 // pink entries, half read as a hand
		return glyphStyle{l: 61 + float64(i%2), a: 61 + float64(i%3), b: -5 - float64(i%4)/2}
	})
	var digits [81]int
	for _, i := range idx {
		digits[i] = 1 + i%9
	}
	ways := splitByStyle(styles, &digits, &printed, &[81]float64{})
	if len(ways.entries) == 0 {
		t.Fatal("no split to try")
	}
	for _, i := range idx {
		if ways.entries[0][i] != (i >= 32) {
			t.Errorf("cell %d: entry %v in the likeliest split, want %v", i, ways.entries[0][i], i >= 32)
		}
	}
}

// TestFullStrength: an app's dark grey givens and blue entries on a white
// board, their 1s thin strokes with no pixel of solid ink: part paper,
// their lightness nearer the paper's and their colour nearer the paper's
// too. Taken to the page's typical strength, a thin digit's colour (a and
// b) is its ink's again, within minInkSpread, and its lightness stays as
// measured; a digit as strong as the page's others, or whose paper was
// not measured, is left as it is. On a dark board (light grey givens,
// pink entries), where inks differ in lightness by their own colour, no
// digit is changed.
func TestFullStrength(t *testing.T) {
	type ink struct{ l, a, b float64 }
	for _, tc := range []struct {
		name            string
		paper           [3]float64
		givens, entries ink
		thinShare       float64 // the share of the thin 1s' pixels that is ink
		taken           bool    // whether the thin digits are taken to full strength
	}{
		{"light board", [3]float64{97, 1, -3}, ink{32, 3, -8}, ink{38, 16, -47}, 0.6, true},
		{"dark board", [3]float64{18, 0, -2}, ink{85, 0, 2}, ink{70, 45, 5}, 0.55, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mix := func(k ink, share float64) glyphStyle {
				p := tc.paper
				return glyphStyle{ok: true, height: 0.48, paper: p,
					l: p[0] + (k.l-p[0])*share, a: p[1] + (k.a-p[1])*share, b: p[2] + (k.b-p[2])*share}
			}
			var styles [81]glyphStyle
			solid := map[int]ink{}
			for i := range 40 {
				k := tc.givens
				if i%2 == 1 {
					k = tc.entries
				}
				share := 1 - float64(i%3)*0.03
				if i%10 < 2 { // the thin 1s: a given and an entry of every ten
					share = tc.thinShare
				}
				styles[i] = mix(k, share)
				solid[i] = k
			}
			styles[40] = glyphStyle{ok: true, height: 0.48, l: 60, a: 10, b: -20, paper: [3]float64{math.NaN(), 0, 0}}
			before := styles
			fullStrength(&styles)
			for i := range 40 {
				s, k := styles[i], solid[i]
				if !tc.taken {
					if s.a != before[i].a || s.b != before[i].b || s.l != before[i].l {
						t.Errorf("digit %d: (%.1f, %.1f, %.1f) became (%.1f, %.1f, %.1f)", i, before[i].l, before[i].a, before[i].b, s.l, s.a, s.b)
					}
					continue
				}
				if s.l != before[i].l {
					t.Errorf("digit %d: lightness %.1f became %.1f", i, before[i].l, s.l)
				}
				if d := math.Hypot(s.a-k.a, s.b-k.b); d > minInkSpread {
					t.Errorf("digit %d: colour (%.1f, %.1f), %.1f from its ink's (%.1f, %.1f)", i, s.a, s.b, d, k.a, k.b)
				}
				if i%10 >= 2 && math.Abs(s.a-before[i].a) > 0.25*math.Abs(k.a-tc.paper[1])+1e-9 {
					t.Errorf("digit %d, as strong as most: a %.1f became %.1f", i, before[i].a, s.a)
				}
			}
			if s, b := styles[40], before[40]; s.l != b.l || s.a != b.a || s.b != b.b {
				t.Errorf("a digit whose paper was not measured: %+v became %+v", before[40], styles[40])
			}
		})
	}
}
