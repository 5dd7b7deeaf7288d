package ocr_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// TestReadTellsEntriesFromGivens reads pictures drawn like a Sudoku app's
// screen (the bot's own pictures: the givens in the theme's ink, the other
// digits in its colour for filled digits), light and dark, full and half
// filled: the givens come back as the puzzle, the other digits as the
// player's entries.
func TestReadTellsEntriesFromGivens(t *testing.T) {
	puzzle := solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	sol, err := solver.SolveUnique(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	half := puzzle
	for i := range 40 {
		half.SetCell(i, sol.Cell(i))
	}
	rec := ocr.NewRecognizer(nil)
	for _, tc := range []struct {
		name    string
		current solver.Grid
		theme   render.Theme
	}{
		{"solved, light", sol, render.Light},
		{"solved, dark", sol, render.Dark},
		{"half filled, light", half, render.Light},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, err := render.Wrong(puzzle, tc.current, nil, render.Options{Size: 600, Theme: tc.theme})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := render.EncodePNG(&buf, img); err != nil {
				t.Fatal(err)
			}
			res, err := ocr.Read(context.Background(), buf.Bytes(), ocr.Options{Recognizer: rec})
			if err != nil {
				t.Fatal(err)
			}
			wantEntered, _ := solver.NewGrid(9)
			for i := range 81 {
				if puzzle.Cell(i) == 0 {
					wantEntered.SetCell(i, tc.current.Cell(i))
				}
			}
			if res.Grid != puzzle || res.Entered != wantEntered {
				t.Fatalf("read givens %s and entries %s, want %s and %s", res.Grid, res.Entered, puzzle, wantEntered)
			}
			if !res.Checked() || res.Solution != sol {
				t.Errorf("the givens did not check out: %v", res.Err())
			}
			for i, c := range res.Cells {
				want := ocr.KindEmpty
				switch {
				case puzzle.Cell(i) != 0:
					want = ocr.KindGiven
				case wantEntered.Cell(i) != 0:
					want = ocr.KindEntry
				}
				if c.Kind != want {
					t.Errorf("cell %d is %v, want %v", i, c.Kind, want)
				}
			}
		})
	}
}

// TestReadSplitsByInk reads app screenshots whose givens and entries differ
// only in ink:
//   - a dark board whose digits are drawn small, the givens light gray and
//     the player's entries pink: the thin ones (1s, 7s) are as pink as the
//     others, though most of their pixels are part board, so the entries
//     come back whole;
//   - grey givens and blue entries in a thin typewriter face: the
//     recognizer takes three of the grey 1s and 9s for handwriting,
//     surely, but each is drawn like the page's other digits of its
//     value, so the split by ink stands and the grey digits are the
//     puzzle;
//   - black givens and dark red entries in a bold geometric face: the
//     recognizer takes three of the black 5s and 6s for handwriting at
//     0.9999, more than the typeface's evidence can outweigh, but the
//     typeface says each is print, so the split by ink stands (the
//     picture is read surely);
//   - white givens, some under a green highlight, and pink entries the
//     recognizer reads as a hand half the time: the white and the pink
//     are two clear colours it does not read as print and a hand, so a
//     way of three inks that parts the digits read as print from the
//     rest does not make the page a pen's (read surely);
//   - dark grey givens and blue entries in a thin face, whose blue 1s
//     have no pixel of solid ink: measured as they are, they lie nearer
//     the grey than the other blue entries and were read as givens,
//     surely; taken to the page's typical strength (fullStrength), they
//     are entries (read surely).
//
// The pictures with sure set must also be read surely, no cell named as
// doubtful: an app that draws its digits a third of a cell high beside
// smaller pencil marks (the mark 5 in the middle of its cell, where a
// digit stands), on a dark board and on a light one, whose page's own
// heights tell its digits from its marks (digitChance in
// recognize_marks.go).
func TestReadSplitsByInk(t *testing.T) {
	for _, tc := range []struct {
		look, givens, entered string
		sure                  bool
	}{
		{"app-small-thin-entries.png",
			"3..5..7..567.428....4........5..16...3.....4..7...4.1.2..91.37.7..4.625995.......",
			".91..8.............2..79.65....9..3.1...5.9....9...5............1..........72....", false},
		{"app-band-thin-font.jpg",
			".4.27...117.......8.9..6.....3..26.........5....98517.46....2.....5.9........7.1.",
			".....8.3...2..45...3.1..7.........89....63...62......3...............8..29.......", false},
		{"app-small-fives.png",
			".......1.89..14...1.793..8......784.......3..6.54..7.1.568...29.1.....5.4726....8",
			".2478.9....3...57......52...391....5...59...2.8.....9.3..............6.7.........", true},
		{"app-small-light.png",
			".1..6.3.4.94.....6.....3....7.13......94..5..4.........6..75.1....3...7.1.....62.",
			"7.............125...2....975.6...8.2............65......32..........69.5....9....", true},
		{"app-small-highlit-pink.jpg",
			"5..93..6..7......8.......97..97....38.1.5..49.5738...61.6.2.9.5.9.8..4...4.1..6..",
			"..8..........64.1...42185...2........3.6.................4...7.2.5...........5..2", true},
		{"app-light-thin-ones.png",
			"..7....41.8......5.4287................2391...3..86...6....7....295.....5..9.1.2.",
			".5.69....9..4..2.................3.27.......42..1...97.1.3..45.....6.71.....4.6..", true},
		{"app-small-hand-font.jpg",
			"..9.6....57.8...3...1..2...82....64...7.368..6......2........12...745..9...9..4..",
			".8.3.45....6.......4.5........197...41.2........4..1....4..3.....................", true},
	} {
		res := ocr.ReadTestLook(t, tc.look)
		givens, entered := solver.MustGrid(tc.givens), solver.MustGrid(tc.entered)
		if res.Grid != givens || res.Entered != entered {
			t.Errorf("%s: read givens %s and entries %s, want %s and %s", tc.look, res.Grid, res.Entered, givens, entered)
		}
		for _, i := range res.Doubtful {
			if c := res.Cells[i]; tc.sure {
				t.Errorf("%s: %s is doubtful: %v %d at %.3f, alternatives %v", tc.look, solver.CellName(i/9, i%9), c.Kind, c.Digit, c.Confidence, c.Alternatives)
			}
		}
	}
}

// TestReadPenBetweenInks reads photos of printed puzzles filled in with a
// blue pen in which one pen digit's ink lies between the print's black and
// the pen's blue, nearer the pen: a thin stroke whose pixels are part
// paper, or a digit the recognizer takes for print. Its look, and the
// typeface (it matches none of the page's printed digits of its value),
// make it the player's: the givens are the puzzle, every pen digit an
// entry.
func TestReadPenBetweenInks(t *testing.T) {
	for _, tc := range []struct {
		look, givens, entered string
	}{
		{"book-pen-pale-entry.jpg",
			".42..1..3..7...2....6.....51...57....2.9...7.7.9.6.....3..9.12..5.6...3....31....",
			"...5...6..9..3..1.3..........32..4.94...8...1.......5......5.....1..2....7....596"},
		{"book-pen-between-inks.jpg",
			"6...89...529.......135...693.......2......87..57......96..4...3738.1.24...5..7..8",
			"...3.........6.3..8.....4......9.15.2...53......1....6..........................."},
	} {
		t.Run(tc.look, func(t *testing.T) {
			res := ocr.ReadTestLook(t, tc.look)
			givens, entered := solver.MustGrid(tc.givens), solver.MustGrid(tc.entered)
			if res.Grid != givens || res.Entered != entered {
				t.Errorf("read givens %s and entries %s, want %s and %s", res.Grid, res.Entered, givens, entered)
			}
		})
	}
}

// TestReadNamesWhatItDoubts reads pictures of filled-in puzzles in which
// a digit or its kind is read wrong, and must be named as a cell to check,
// as must every cell read wrong:
//   - the recognizer reads one of the player's entries as another digit
//     all but surely (a pen 7 as a 1, an italic typed 6 as a 5), the right
//     digit's probability under the 0.005 from which alternatives are
//     listed; most of what players write in is right, so such an entry is
//     a cell to check, not a mistake to tell the player of;
//   - book pages filled in with a near-black pen: on the first the
//     recognizer and the typeface make one pen digit (r3c8) likelier the
//     player's than print, but its look (ink and height) does not point
//     there, so it stays a given; on the second all the evidence leaves a
//     pen 3 (r8c7) near even.
func TestReadNamesWhatItDoubts(t *testing.T) {
	for _, tc := range []struct {
		look, givens, entered string
	}{
		{"book-pen-seven-like-one.jpg",
			".....4..8..48.2713...9....46.37..4...9..13..2.12......13...8..9..7.9.....49.6...5",
			"2............5.....................1.......5......5.9...6....7..2....84.8..2....."},
		{"app-small-italic-six.png",
			"5.8..........3..58...6...4.24....7.67.........5...9....7541.....3.9......2..753.9",
			"...2.4637...1.......7...........1.9.......1.....7...83.......62....6.57.........."},
		{"book-black-pen-held-as-print.jpg",
			".......9...2..47351.....4....37...1....51.....4.9...6.3...7..4...9.2...78.....9.2",
			".3.2....8...1............2.......8..9.8...2..7.1.8.5.....8..6.1.1.6...8..7.4....."},
		{"book-black-pen-even-odds.jpg",
			".3.....46..1.......628...1..9.2....7....4....7...6.52....32....42..97....8......5",
			"...1.2...........2.....4.........1.......1....1...3...175....69...5..3813.9.1...."},
	} {
		t.Run(tc.look, func(t *testing.T) {
			res := ocr.ReadTestLook(t, tc.look)
			givens, entered := solver.MustGrid(tc.givens), solver.MustGrid(tc.entered)
			for i := range 81 {
				wrong := res.Grid.Cell(i) != givens.Cell(i) || res.Entered.Cell(i) != entered.Cell(i)
				if c := res.Cells[i]; wrong && !slices.Contains(res.Doubtful, i) {
					t.Errorf("%s: read as a %v %d at %.4f (alternatives %v, kind doubted at %.3f), want a given %d or an entry %d; not named",
						solver.CellName(i/9, i%9), c.Kind, c.Digit, c.Confidence, c.Alternatives, c.KindDoubt, givens.Cell(i), entered.Cell(i))
				}
			}
		})
	}
}

// TestReadPrintIsOnePopulation reads photos of printed puzzles with no pen
// and no typed entries, in light typefaces that the recognizer reads in
// part as handwriting, some of it surely: one ink, one height, digits
// drawn like the page's others of their value. All their digits are the
// puzzle's, and none is an entry.
func TestReadPrintIsOnePopulation(t *testing.T) {
	for _, tc := range []struct{ look, givens string }{
		{"magazine-light-face.jpg", "8.65432......9..5..9...24...5..819..91......46.7.....8.8....7.....3...2..329...41"},
	} {
		t.Run(tc.look, func(t *testing.T) {
			res := ocr.ReadTestLook(t, tc.look)
			if want := solver.MustGrid(tc.givens); res.Grid != want || res.Entered.Givens() != 0 {
				t.Errorf("read givens %s and entries %s, want %s and none", res.Grid, res.Entered, want)
			}
		})
	}
}

// TestReadNamesEntriesWhoseColourWasLost reads an app's screenshot, 480
// pixels wide and saved at JPEG quality 5 (synthetic app-light_027 of seed
// 4503): black givens and blue entries, but the file kept its colours so
// coarsely that nine of the entries measure no colour at all, as black as
// the givens. They are read as givens; the file's colour step says a digit
// of no colour may be an entry whose colour was lost, so each of them must
// be named as a cell to check.
func TestReadNamesEntriesWhoseColourWasLost(t *testing.T) {
	res := ocr.ReadTestLook(t, "app-light-colour-lost-q5.jpg")
	givens := solver.MustGrid("...7..513..6.4..9....9......5.3.....429.8..5....65..49..74...6.8..52.....9....4..")
	entered := solver.MustGrid("............2..7..57..3...4..1.9..8....1..3.6.........................711..8.6...")
	misread := 0
	for i := range 81 {
		if res.Grid.Cell(i) != givens.Cell(i) || res.Entered.Cell(i) != entered.Cell(i) {
			misread++
			if !slices.Contains(res.Doubtful, i) {
				t.Errorf("%s: read as given %d, entry %d, not named", solver.CellName(i/9, i%9), res.Grid.Cell(i), res.Entered.Cell(i))
			}
		}
	}
	if misread == 0 {
		t.Error("every kind read right: the test needs an entry whose colour was lost")
	}
}
