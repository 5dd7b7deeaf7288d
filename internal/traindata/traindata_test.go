package traindata

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/solver"
)

// TestRecordRoundTrip writes records to a data file and reads them back:
// labels exactly, inputs within the file's resolution.
func TestRecordRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.bin")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	var recs []Record
	for k := range 5 {
		r := Record{Kind: int8(k%5) - 1, Digit: int8(k), Marks: uint16(k * 37), MarksKnown: k%2 == 0, Source: Source(k)}
		for i := range r.Input {
			r.Input[i] = float32((i*7+k)%250) / 200
		}
		recs = append(recs, r)
		if err := w.Write(&r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(recs) {
		t.Fatalf("read %d records, wrote %d", len(got), len(recs))
	}
	for k := range recs {
		a, b := recs[k], got[k]
		if a.Kind != b.Kind || a.Digit != b.Digit || a.Marks != b.Marks || a.MarksKnown != b.MarksKnown || a.Source != b.Source {
			t.Errorf("record %d: labels %+v, want %+v", k, b, a)
		}
		for i := range a.Input {
			if d := a.Input[i] - b.Input[i]; d > 0.003 || d < -0.003 {
				t.Fatalf("record %d input %d: %v, want %v", k, i, b.Input[i], a.Input[i])
			}
		}
	}
}

// TestSplitFontsByFamily: no family has fonts on both sides of the split.
func TestSplitFontsByFamily(t *testing.T) {
	var fonts []Font
	for _, fam := range []string{"dejavu", "noto", "lato", "cabin", "firacode", "go", "urw-base35", "league-spartan"} {
		for k := range 3 {
			fonts = append(fonts, Font{Family: fam, Name: fam + string(rune('a'+k))})
		}
	}
	train, val := SplitFonts(fonts)
	if len(train)+len(val) != len(fonts) || len(val) == 0 || len(train) == 0 {
		t.Fatalf("split %d fonts into %d and %d", len(fonts), len(train), len(val))
	}
	for _, v := range val {
		if slices.ContainsFunc(train, func(f Font) bool { return f.Family == v.Family }) {
			t.Errorf("family %s on both sides", v.Family)
		}
	}
}

// TestSynthCells draws cells of each kind in the Go fonts: digit cells
// hold ink in the middle (most of them: pencil is faint), empty cells
// none as dark as a digit, and every input value is in the range
// digitnet.Prepare gives.
func TestSynthCells(t *testing.T) {
	s := NewSynth(3, FindFonts(), nil)
	for kind := int8(0); kind < 4; kind++ {
		inked := 0
		for range 20 {
			var rec Record
			s.Cell(kind, &rec)
			if rec.Kind != kind {
				t.Fatalf("asked for kind %d, labelled %d", kind, rec.Kind)
			}
			for _, v := range rec.Input {
				if v < 0 || v > 1.25 {
					t.Fatalf("kind %d: input value %v out of range", kind, v)
				}
			}
			if (kind == KindPrinted || kind == KindHand) && (rec.Digit < 1 || rec.Digit > 9) {
				t.Fatalf("kind %d: digit %d", kind, rec.Digit)
			}
			if hasInk(rec.Input[:]) {
				inked++
			}
		}
		switch kind {
		case KindPrinted:
			if inked < 17 {
				t.Errorf("printed digits: only %d of 20 cells hold ink", inked)
			}
		case KindHand:
			// A quarter are in pencil, faint by design.
			if inked < 12 {
				t.Errorf("handwritten digits: only %d of 20 cells hold ink", inked)
			}
		case KindEmpty:
			if inked > 2 {
				t.Errorf("empty cells: %d of 20 hold ink", inked)
			}
		}
	}
}

// TestPictureTruth: every look's picture comes with a truth that makes
// sense: givens with one solution, entries only where there is no given
// and agreeing with the solution, corners inside the picture.
func TestPictureTruth(t *testing.T) {
	s := NewSynth(5, FindFonts(), nil)
	for _, look := range append(slices.Clone(TestLooks), HeldApartLooks...) {
		img, tr := s.Picture(look)
		sol, err := solver.SolveUnique(tr.Givens)
		if err != nil {
			t.Fatalf("%s: givens: %v", look, err)
		}
		for i := range 81 {
			if e := tr.Entered.Cell(i); e != 0 && (tr.Givens.Cell(i) != 0 || e != sol.Cell(i)) {
				t.Errorf("%s: entry %d at cell %d (given %d, solution %d)", look, e, i, tr.Givens.Cell(i), sol.Cell(i))
			}
		}
		b := img.Bounds()
		for _, c := range tr.Corners {
			if c[0] < 0 || c[1] < 0 || c[0] > float64(b.Dx()) || c[1] > float64(b.Dy()) {
				t.Errorf("%s: corner %v outside the %v picture", look, c, b)
			}
		}
	}
}

// TestAppSmallLook: the small app's board is bright where its page is
// dark or the other way round, and a look that does not exist is refused
// by name before anything is drawn.
func TestAppSmallLook(t *testing.T) {
	s := NewSynth(9, FindFonts(), nil)
	for range 4 {
		img, tr := s.Picture(LookAppSmall)
		lum := func(x, y float64) float64 {
			r, g, b, _ := img.At(int(x), int(y)).RGBA()
			return float64(r+g+b) / 3 / 257
		}
		c := tr.Corners
		board := lum(c[0][0]+3, c[0][1]+3)
		page := lum(c[0][0]-10, c[0][1]+(c[3][1]-c[0][1])/2)
		if math.Abs(board-page) < 100 {
			t.Errorf("board %.0f and page %.0f are not a light board on a dark page or the reverse", board, page)
		}
	}
	err := WriteSet(SetConfig{Out: t.TempDir(), N: 1, Looks: []string{"app-tiny"}, Seed: 1})
	if err == nil || !strings.Contains(err.Error(), `"app-tiny"`) {
		t.Errorf("WriteSet of an unknown look: %v", err)
	}
}

// TestAppBandLook: the band look is a screenshot cropped to its board
// (less than half a cell of page on any side), the board light, and the
// band's colour beside the
// board's top on a side with a margin and none beside its bottom: the
// board's edge crosses the band's.
func TestAppBandLook(t *testing.T) {
	s := NewSynth(13, FindFonts(), nil)
	crossed := 0
	for range 12 {
		img, tr := s.Picture(LookAppBand)
		c, b := tr.Corners, img.Bounds()
		side := c[1][0] - c[0][0]
		if m := max(c[0][0], c[0][1], float64(b.Dx())-c[2][0], float64(b.Dy())-c[2][1]); m > side/18+1 {
			t.Errorf("%v picture of a board %.0f wide: a margin of %.0f, not cropped to the board", b, side, m)
		}
		rgb := func(x, y float64) color.RGBA {
			r, g, bl, _ := img.At(int(x), int(y)).RGBA()
			return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}
		}
		if p := rgb(c[0][0]+3, c[3][1]-3); p.R < 200 || p.G < 200 || p.B < 200 {
			t.Errorf("board %v at its bottom-left corner, want light", p)
		}
		if c[0][0] >= 2 {
			top, bottom := rgb(c[0][0]/2, c[0][1]+1), rgb(c[0][0]/2, c[3][1]-1)
			if top != bottom {
				crossed++
			}
			if bottom.R < 230 || bottom.G < 230 || bottom.B < 230 {
				t.Errorf("page %v beside the board's bottom, want the light page", bottom)
			}
		}
	}
	if crossed < 3 {
		t.Errorf("the band crosses the board's edge in %d of 12 pictures, want most with a side margin", crossed)
	}
}

func readFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f)
}

// TestWriteSetWithoutTypefaces: with no font packages installed, the test
// split has no typeface (the Go fonts fall in the training split) and
// WriteSet says what to install instead of failing halfway.
func TestWriteSetWithoutTypefaces(t *testing.T) {
	err := WriteSet(SetConfig{Out: t.TempDir(), N: 1, Test: true, Fonts: filepath.Join(t.TempDir(), "no-fonts"), Seed: 1})
	if err == nil || !strings.Contains(err.Error(), "train/deps") {
		t.Fatalf("WriteSet without fonts: %v, want an error that says to run train/deps", err)
	}
}

// TestHeldOut checks the validation split of the book photos: every val_*
// photo is held out, and the photos of one puzzle go the same way.
func TestHeldOut(t *testing.T) {
	var book Folder
	for _, f := range DevFolders("shared") {
		if f.Source == Book {
			book = f
		}
	}
	var truth ocreval.Truth
	for _, name := range []string{"val_01_02_honor_view_10_0.jpg", "val_07_11_iphone_14_1.jpg", "val_99_99_x_0.jpg"} {
		if !book.HeldOut(name, truth) {
			t.Errorf("%s is trained on: the source's validation photos must be held out", name)
		}
	}
	held := 0
	for p := range 40 {
		puzzle := fmt.Sprintf("train_%02d_%02d_", p/7, p%7)
		a := book.HeldOut(puzzle+"honor_view_10_0.jpg", truth)
		if b := book.HeldOut(puzzle+"iphone_14_1.jpg", truth); a != b {
			t.Errorf("%s: the puzzle's photos are split between training (%v) and validation (%v)", puzzle, a, b)
		}
		if a {
			held++
		}
	}
	if held == 0 || held == 40 {
		t.Errorf("%d of 40 train_ puzzles held out, want about one in five", held)
	}
}

// TestSheetLook: the printed sheet is a 12 MP photo of givens only, in a
// bold sans-serif face of the renderer's fonts.
func TestSheetLook(t *testing.T) {
	s := NewSynth(13, FindFonts("/usr/share/fonts"), nil)
	img, tr := s.Picture(LookSheet)
	if b := img.Bounds(); b.Dx()*b.Dy() != 4032*3024 {
		t.Errorf("picture %v, want 4032x3024 either way round", b)
	}
	if tr.Entered.Givens() != 0 || len(tr.Marks) != 0 {
		t.Errorf("entries %v and marks %v on a printed sheet", tr.Entered, tr.Marks)
	}
	if tr.Givens.Givens() < 20 {
		t.Errorf("only %d givens", tr.Givens.Givens())
	}
	family, name, _ := strings.Cut(tr.Font, "/")
	if !isBoldSans(family, name) {
		t.Errorf("font %s is not a bold sans-serif face", tr.Font)
	}
}

// TestBookBlackLook: the black-pen book has the player's entries, in an
// ink as dark as the print's.
func TestBookBlackLook(t *testing.T) {
	s := NewSynth(17, FindFonts(), nil)
	for range 3 {
		_, tr := s.Picture(LookBookBlack)
		if tr.Entered.Givens() == 0 {
			t.Errorf("no entries in a %s picture", LookBookBlack)
		}
	}
}

// TestPenSmallLook: the small-pen picture is completed, every cell
// without a given holding the player's entry.
func TestPenSmallLook(t *testing.T) {
	s := NewSynth(19, FindFonts(), nil)
	for range 3 {
		_, tr := s.Picture(LookPenSmall)
		if n := tr.Givens.Givens() + tr.Entered.Givens(); n != 81 {
			t.Errorf("%d cells filled in a %s picture, want 81", n, LookPenSmall)
		}
		if len(tr.Marks) != 0 {
			t.Errorf("pencil marks %v in a %s picture", tr.Marks, LookPenSmall)
		}
	}
}

func TestIsBoldSans(t *testing.T) {
	for _, c := range []struct {
		family, name string
		want         bool
	}{
		{"dejavu", "DejaVuSans-Bold.ttf", true},
		{"dejavu", "DejaVuSans.ttf", false},
		{"dejavu", "DejaVuSerif-Bold.ttf", false},
		{"dejavu", "DejaVuSansMono-Bold.ttf", false},
		{"cabin", "Cabin-SemiBold.otf", true},
		{"cabin", "Cabin-BoldItalic.otf", false},
		{"urw-base35", "NimbusRoman-Bold.otf", false},
		{"go", "gobold", true},
		{"firacode", "FiraCode-Bold.ttf", false},
	} {
		if got := isBoldSans(c.family, c.name); got != c.want {
			t.Errorf("isBoldSans(%q, %q) = %v, want %v", c.family, c.name, got, c.want)
		}
	}
}
