package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// decoder returns a function that encodes a picture and decodes the PNG
// again, so that the checks below look at what a viewer sees.
func decoder(t *testing.T) func(*image.Paletted, error) image.Image {
	return func(img *image.Paletted, err error) image.Image {
		t.Helper()
		return decode(t, img, err)
	}
}

func decode(t *testing.T, img *image.Paletted, err error) image.Image {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	out, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("decode our own PNG: %v", err)
	}
	if b := out.Bounds(); b.Dx() != DefaultSize || b.Dy() != DefaultSize {
		t.Fatalf("picture is %v, want %dx%d", b, DefaultSize, DefaultSize)
	}
	return out
}

func same(a color.Color, b color.RGBA) bool {
	r, g, bl, al := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r == r2 && g == g2 && bl == b2 && al == a2
}

// count returns how many pixels of r in img have colour c.
func count(img image.Image, r image.Rectangle, c color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if same(img.At(x, y), c) {
				n++
			}
		}
	}
	return n
}

// cornerOf returns a point just inside the top-left corner of a cell's
// interior, where no digit or mark is drawn: its colour is the cell's
// background.
func cornerOf(l layout, i int) image.Point {
	in := l.interior(i/l.n, i%l.n)
	return in.Min.Add(image.Pt(2, 2))
}

func TestPixelsGridAndSolution(t *testing.T) {
	sol := solver.MustGrid("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	for _, theme := range []Theme{Light, Dark} {
		t.Run(theme.String(), func(t *testing.T) {
			pal := theme.Palette()
			img := decoder(t)(Solution(classic, sol, Options{Theme: theme}))
			l := newLayout(9, 3, DefaultSize, false)
			for _, p := range []image.Point{{0, 0}, {DefaultSize - 1, DefaultSize - 1}, {DefaultSize / 2, 3}} {
				if c := img.At(p.X, p.Y); !same(c, pal.Background) {
					t.Errorf("background at %v is %v, want %v", p, c, pal.Background)
				}
			}
			// r1c1 is the given 5, r1c3 the solver's 4.
			given, filled := l.interior(0, 0), l.interior(0, 2)
			if n := count(img, given, pal.Given); n < 100 {
				t.Errorf("given r1c1 has %d pixels of the given colour, want a solid glyph (100+)", n)
			}
			if n := count(img, given, pal.Filled); n != 0 {
				t.Errorf("given r1c1 has %d pixels of the filled colour, want 0", n)
			}
			if n := count(img, filled, pal.Filled); n < 100 {
				t.Errorf("filled r1c3 has %d pixels of the filled colour, want 100+", n)
			}
			if n := count(img, filled, pal.Given); n != 0 {
				t.Errorf("filled r1c3 has %d pixels of the given colour, want 0", n)
			}
			// The box line between c3 and c4 is thick, the cell line
			// between c1 and c2 thin; both run the grid's height.
			y := l.y0 + l.cell/2
			thick := l.lineRect(3, true)
			if w := count(img, image.Rect(thick.Min.X-1, y, thick.Max.X+1, y+1), pal.ThickLine); w != l.thick || l.thick < 4 {
				t.Errorf("box line is %d px of the thick colour, want %d (at least 4)", w, l.thick)
			}
			thin := l.lineRect(1, true)
			if w := count(img, image.Rect(thin.Min.X-1, y, thin.Max.X+1, y+1), pal.ThinLine); w != l.thin || l.thin >= l.thick {
				t.Errorf("cell line is %d px of the thin colour, want %d (thinner than %d)", w, l.thin, l.thick)
			}
		})
	}
}

func TestPixelsHint(t *testing.T) {
	target := hiddenSingle.Placements[0].Cell
	proof := hiddenSingle.Cells[0]
	unitCell := cell(2, 4) // in box 2, neither proof nor target
	other := cell(9, 9)
	for _, theme := range []Theme{Light, Dark} {
		pal := theme.Palette()
		l := newLayout(9, 3, DefaultSize, true)
		at := func(img image.Image, i int) color.Color { p := cornerOf(l, i); return img.At(p.X, p.Y) }
		opt := Options{Theme: theme, Labels: true}
		t.Run(theme.String()+"/full", func(t *testing.T) {
			img := decoder(t)(Hint(classic, classic, nil, hiddenSingle, LevelFull, opt))
			for _, c := range []struct {
				name string
				cell int
				want color.RGBA
			}{
				{"target", target, pal.TargetShade},
				{"proving cell", proof, pal.CellShade},
				{"unit cell", unitCell, pal.UnitShade},
				{"other cell", other, pal.Background},
			} {
				if got := at(img, c.cell); !same(got, c.want) {
					t.Errorf("%s %s background is %v, want %v", c.name, solver.CellName(c.cell/9, c.cell%9), got, c.want)
				}
			}
			if n := count(img, l.interior(0, 5), pal.Target); n < 300 {
				t.Errorf("target r1c6 has %d pixels of the target colour, want a ring and a digit (300+)", n)
			}
			// The ring passes left of the digit, at the middle height.
			in := l.interior(0, 5)
			ctr := rectCenter(in)
			ring := image.Pt(int(ctr.x-float64(in.Dx())*0.40), int(ctr.y))
			if got := img.At(ring.X, ring.Y); !same(got, pal.Target) {
				t.Errorf("target ring at %v is %v, want %v", ring, got, pal.Target)
			}
			if n := count(img, l.interior(0, 6), pal.Target); n != 0 {
				t.Errorf("r1c7 has %d pixels of the target colour, want 0", n)
			}
		})
		for _, level := range []int{LevelNudge, LevelArea} {
			t.Run(theme.String()+"/no answer", func(t *testing.T) {
				img := decoder(t)(Hint(classic, classic, nil, hiddenSingle, level, opt))
				if n := count(img, image.Rect(0, 0, DefaultSize, DefaultSize), pal.Target); n != 0 {
					t.Errorf("level %d shows the target colour in %d pixels, want none", level, n)
				}
				// Both texts name box 2 only: its cells are shaded,
				// the proving cells outside it are not.
				if got := at(img, target); !same(got, pal.UnitShade) {
					t.Errorf("level %d: target cell background is %v, want the unit shade %v", level, got, pal.UnitShade)
				}
				if got := at(img, proof); !same(got, pal.Background) {
					t.Errorf("level %d: proving cell background is %v, want %v", level, got, pal.Background)
				}
			})
		}
		// A naked single's units cross at its cell; its nudge names the
		// box only, its area the cell.
		t.Run(theme.String()+"/naked single", func(t *testing.T) {
			for _, c := range []struct {
				level int
				cell  int
				want  color.RGBA
			}{
				{LevelNudge, cell(4, 4), pal.UnitShade},
				{LevelNudge, cell(5, 1), pal.Background},
				{LevelNudge, cell(1, 5), pal.Background},
				{LevelArea, cell(5, 5), pal.CellShade},
				{LevelArea, cell(4, 4), pal.Background},
				{LevelFull, cell(5, 1), pal.UnitShade},
				{LevelFull, cell(5, 5), pal.TargetShade},
			} {
				img := decoder(t)(Hint(classic, classic, nil, nakedSingle, c.level, opt))
				if got := at(img, c.cell); !same(got, c.want) {
					t.Errorf("level %d: %s background is %v, want %v", c.level, solver.CellName(c.cell/9, c.cell%9), got, c.want)
				}
			}
		})
	}
}

func TestPixelsEliminationsAndLinks(t *testing.T) {
	for _, theme := range []Theme{Light, Dark} {
		pal := theme.Palette()
		l := newLayout(9, 3, DefaultSize, true)
		opt := Options{Theme: theme, Labels: true}
		t.Run(theme.String(), func(t *testing.T) {
			img := decoder(t)(Hint(hard, hardNow, nil, chain, LevelFull, opt))
			// The struck-through 9 of r3c3: red ink around its
			// pencil mark position.
			e := chain.Eliminations[0]
			p := l.markCentre(e.Cell/9, e.Cell%9, e.Digit)
			pitch := int(l.markPitch())
			around := image.Rect(int(p.x)-pitch/2, int(p.y)-pitch/2, int(p.x)+pitch/2, int(p.y)+pitch/2)
			if n := count(img, around, pal.Eliminated); n < 30 {
				t.Errorf("eliminated 9 at r3c3 has %d red pixels, want 30+", n)
			}
			if n := count(img, image.Rect(0, 0, DefaultSize, DefaultSize), pal.Link); n < 500 {
				t.Errorf("chain picture has %d pixels of the link colour, want arrows (500+)", n)
			}
			// The pattern's candidates sit on discs of their group's
			// colour.
			h := chain.Highlights[1]
			q := l.markCentre(h.Cell/9, h.Cell%9, h.Digit)
			disc := image.Rect(int(q.x)-pitch/2, int(q.y)-pitch/2, int(q.x)+pitch/2, int(q.y)+pitch/2)
			if n := count(img, disc, pal.Group[1]); n < 50 {
				t.Errorf("highlight r4c6 9 has %d pixels of group 1's colour, want 50+", n)
			}

			img = decoder(t)(Hint(hard, hardNow, nil, pointing, LevelFull, opt))
			if n := count(img, image.Rect(0, 0, DefaultSize, DefaultSize), pal.Link); n != 0 {
				t.Errorf("pointing picture has %d pixels of the link colour, want none", n)
			}
			for _, e := range pointing.Eliminations {
				if got := img.At(cornerOf(l, e.Cell).X, cornerOf(l, e.Cell).Y); !same(got, pal.EliminatedShade) {
					t.Errorf("eliminated cell %d background is %v, want %v", e.Cell, got, pal.EliminatedShade)
				}
			}
		})
	}
}

func TestPixelsWrong(t *testing.T) {
	current := classic
	current.SetCell(cell(1, 3), 4) // right
	current.SetCell(cell(1, 4), 2) // wrong: the solution has 6
	for _, theme := range []Theme{Light, Dark} {
		pal := theme.Palette()
		l := newLayout(9, 3, DefaultSize, false)
		img := decoder(t)(Wrong(classic, current, []int{cell(1, 4)}, Options{Theme: theme}))
		bad, good := l.interior(0, 3), l.interior(0, 2)
		if n := count(img, bad, pal.Wrong); n < 200 {
			t.Errorf("%v: wrong r1c4 has %d pixels of the wrong colour, want a digit and a frame (200+)", theme, n)
		}
		// The frame runs along the top of the cell, just inside.
		top := image.Pt((bad.Min.X+bad.Max.X)/2, bad.Min.Y+max(1, l.thin)+1)
		if got := img.At(top.X, top.Y); !same(got, pal.Wrong) {
			t.Errorf("%v: frame of wrong r1c4 at %v is %v, want %v", theme, top, got, pal.Wrong)
		}
		if n := count(img, bad, pal.WrongShade); n < 1000 {
			t.Errorf("%v: wrong r1c4 has %d pixels of the wrong shade, want 1000+", theme, n)
		}
		if n := count(img, good, pal.Wrong); n != 0 {
			t.Errorf("%v: right r1c3 has %d pixels of the wrong colour, want 0", theme, n)
		}
		if n := count(img, good, pal.Filled); n < 100 {
			t.Errorf("%v: right r1c3 has %d pixels of the filled colour, want 100+", theme, n)
		}
	}
}

func TestPixelsSizes(t *testing.T) {
	p16, f16 := pattern16(t)
	smallSol, err := solver.Solve(small)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		puzzle, sol solver.Grid
	}{{small, smallSol}, {classic, solver.MustGrid("534678912672195348198342567859761423426853791713924856961537284287419635345286179")}, {p16, f16}} {
		n := c.puzzle.Side()
		pal := Light.Palette()
		img := decoder(t)(Solution(c.puzzle, c.sol, Options{}))
		l := newLayout(n, c.puzzle.BoxSide(), DefaultSize, false)
		if grid := l.cell * n; grid < DefaultSize*9/10 {
			t.Errorf("%dx%d: grid is %d px wide in a %d px picture, want at least 90%%", n, n, grid, DefaultSize)
		}
		for i := range n * n {
			want, wantN := pal.Given, 20
			if c.puzzle.Cell(i) == 0 {
				want = pal.Filled
			}
			if got := count(img, l.interior(i/n, i%n), want); got < wantN {
				t.Fatalf("%dx%d: cell %s has %d pixels of colour %v, want %d+", n, n, c.puzzle.CellName(i), got, want, wantN)
			}
		}
	}
}

// TestLongArrow draws a link across the whole grid of a large picture,
// which the rasterizer covers in several tiles: the arrow must be whole
// (its middle painted) and no bigger than its stroke (no tile leaks).
func TestLongArrow(t *testing.T) {
	const size = 1600
	step := human.Step{Links: []human.Link{{From: cand(1, 2, 1), To: cand(9, 8, 1), Strong: true}}}
	img, err := Hint(hard, hardNow, nil, step, LevelFull, Options{Size: size})
	if err != nil {
		t.Fatal(err)
	}
	pal := Light.Palette()
	l := newLayout(9, 3, size, false)
	a, b := l.markCentre(0, 1, 1), l.markCentre(8, 7, 1)
	v, err := newView(hardNow, Options{Size: size})
	if err != nil {
		t.Fatal(err)
	}
	curve := route(a, b, v.digitBoxes(l), l)
	m := curve[len(curve)/2]
	if got := img.At(int(m.x), int(m.y)); !same(got, pal.Link) {
		t.Errorf("middle of the arrow at (%.0f, %.0f) is %v, want %v", m.x, m.y, got, pal.Link)
	}
	w := math.Max(2, float64(l.cell)*0.028)
	length := 0.0
	for i := 1; i < len(curve); i++ {
		length += dist(curve[i-1], curve[i])
	}
	want := length * w
	n := float64(count(img, img.Rect, pal.Link))
	if n < want*0.8 || n > want*1.3 {
		t.Errorf("arrow has %.0f pixels of the link colour, want about %.0f", n, want)
	}
}

// TestPixelsGivensLeftOut checks that a player's grid written without the
// givens still shows them, in the given colour, beside the player's digits.
func TestPixelsGivensLeftOut(t *testing.T) {
	player, err := solver.NewGrid(9)
	if err != nil {
		t.Fatal(err)
	}
	player.SetCell(cell(1, 3), 4)
	pal := Light.Palette()
	l := newLayout(9, 3, DefaultSize, false)
	img := decoder(t)(Wrong(classic, player, nil, Options{}))
	if n := count(img, l.interior(0, 0), pal.Given); n < 100 {
		t.Errorf("given r1c1 left out by the player has %d pixels of the given colour, want 100+", n)
	}
	if n := count(img, l.interior(0, 2), pal.Filled); n < 100 {
		t.Errorf("player's r1c3 has %d pixels of the filled colour, want 100+", n)
	}
}

// TestArrowsGoAroundDigits draws links whose straight or gently bent
// arrows would strike through digits written in the grid (aroundDigits)
// and checks that no arrow covers a pixel of a digit.
func TestArrowsGoAroundDigits(t *testing.T) {
	links := aroundDigits.Links
	l := newLayout(9, 3, DefaultSize, true)
	v, err := newView(hardNow, Options{Labels: true})
	if err != nil {
		t.Fatal(err)
	}
	digits := v.digitBoxes(l)
	for _, k := range links {
		a, b := l.markCentre(k.From.Cell/9, k.From.Cell%9, k.From.Digit), l.markCentre(k.To.Cell/9, k.To.Cell%9, k.To.Digit)
		if crossing(quadCurve(a, mid(a, b).add(b.sub(a).perp().mul(bends[0])), b, 32), digits, l) == 0 {
			t.Fatalf("the link %v would not cross a digit anyway: pick another", k)
		}
	}
	// Every pixel of the digits' ink without the arrows must be the same
	// with them.
	without := decoder(t)(Hint(hard, hardNow, nil, human.Step{}, LevelFull, Options{Labels: true}))
	with := decoder(t)(Hint(hard, hardNow, nil, human.Step{Links: links}, LevelFull, Options{Labels: true}))
	pal := Light.Palette()
	for i := range 81 {
		if hardNow.Cell(i) == 0 {
			continue
		}
		in := l.interior(i/9, i%9)
		touched := 0
		for y := in.Min.Y; y < in.Max.Y; y++ {
			for x := in.Min.X; x < in.Max.X; x++ {
				if ink := without.At(x, y); !same(ink, pal.Background) && with.At(x, y) != ink {
					touched++
				}
			}
		}
		if touched > 0 {
			t.Errorf("an arrow covers %d pixels of the digit of %s", touched, hardNow.CellName(i))
		}
	}
}

// TestMarks16Larger checks that a 16x16 grid with pencil marks is drawn
// larger by default, so that its marks are nearly as large as a 9x9
// grid's, and at the size asked for otherwise.
func TestMarks16Larger(t *testing.T) {
	p16, _ := pattern16(t)
	for _, tt := range []struct {
		name string
		opt  Options
		want int
	}{
		{"marks", Options{Candidates: true}, MarksSize16},
		{"no marks", Options{}, DefaultSize},
		{"marks at a size asked for", Options{Candidates: true, Size: 600}, 600},
	} {
		img, err := Grid(p16, tt.opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Dx(); got != tt.want {
			t.Errorf("%s: picture of %d px, want %d", tt.name, got, tt.want)
		}
	}
	markPx := func(n, size int) float64 {
		l := newLayout(n, int(math.Sqrt(float64(n))), size, false)
		return math.Min(l.markPitch()*0.9, float64(l.cell)*0.3)
	}
	if m16, m9 := markPx(16, MarksSize16), markPx(9, DefaultSize); m16 < 0.75*m9 {
		t.Errorf("16x16 marks are %.0f px high, 9x9 marks %.0f px: want at least three quarters", m16, m9)
	}
}
