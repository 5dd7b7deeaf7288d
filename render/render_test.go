package render

import (
	"image"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

func TestErrors(t *testing.T) {
	sol := solver.MustGrid("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	badSol := sol
	badSol.SetCell(0, 1)
	p16, _ := pattern16(t)
	for _, c := range []struct {
		name string
		draw func() (*image.Paletted, error)
		want string
	}{
		{"zero grid", func() (*image.Paletted, error) { return Grid(solver.Grid{}, Options{}) }, "grid is empty"},
		{"too small", func() (*image.Paletted, error) { return Grid(classic, Options{Size: 100}) }, "picture size 100 px is out of range: it must be from 160 to 4096"},
		{"too big", func() (*image.Paletted, error) { return Grid(classic, Options{Size: 5000}) }, "picture size 5000 px"},
		{"negative size", func() (*image.Paletted, error) { return Grid(classic, Options{Size: -1}) }, "picture size -1 px"},
		{"solution disagrees", func() (*image.Paletted, error) { return Solution(classic, badSol, Options{}) }, "the solution has 1 at r1c1 where the puzzle has 5"},
		{"solution of another size", func() (*image.Paletted, error) { return Solution(p16, sol, Options{}) }, "the puzzle is 16x16 but the solution is 9x9"},
		{"wrong cell out of range", func() (*image.Paletted, error) { return Wrong(classic, classic, []int{81}, Options{}) }, "wrong cell 81 is outside the 9x9 grid (cells 0 to 80)"},
		{"hint level 0", func() (*image.Paletted, error) {
			return Hint(classic, classic, nil, hiddenSingle, 0, Options{})
		}, "hint level 0 is out of range: it must be 1, 2 or 3"},
		{"hint level 4", func() (*image.Paletted, error) {
			return Hint(classic, classic, nil, hiddenSingle, 4, Options{})
		}, "hint level 4"},
		{"hint cell out of range", func() (*image.Paletted, error) {
			return Hint(classic, classic, nil, human.Step{Placements: []human.Candidate{{Cell: 81, Digit: 1}}}, 3, Options{})
		}, "hint step placement: cell 81 is outside the 9x9 grid"},
		{"hint digit out of range", func() (*image.Paletted, error) {
			return Hint(classic, classic, nil, human.Step{Eliminations: []human.Candidate{{Cell: 2, Digit: 10}}}, 3, Options{})
		}, "hint step elimination at r1c3: digit 10 is not 1 to 9"},
		{"hint link out of range", func() (*image.Paletted, error) {
			return Hint(classic, classic, nil, human.Step{Links: []human.Link{{From: cand(1, 3, 1), To: human.Candidate{Cell: -1, Digit: 1}}}}, 3, Options{})
		}, "hint step link: cell -1"},
		{"hint proving cell out of range", func() (*image.Paletted, error) {
			return Hint(classic, classic, nil, human.Step{Cells: []int{500}}, 3, Options{})
		}, "hint step cell 500 is outside the 9x9 grid"},
		{"hint unit out of range", func() (*image.Paletted, error) {
			return Hint(classic, classic, nil, human.Step{Units: []solver.Unit{{Kind: solver.Row, Index: 9}}}, 3, Options{})
		}, "hint step unit row 10 is not in the 9x9 grid"},
		{"candidates of the wrong length", func() (*image.Paletted, error) {
			return Hint(hard, hardNow, make([]solver.DigitSet, 16), pointing, 3, Options{})
		}, "16 cells of candidates for a 9x9 grid of 81 cells"},
	} {
		t.Run(c.name, func(t *testing.T) {
			img, err := c.draw()
			if err == nil {
				t.Fatalf("got a picture, want an error containing %q", c.want)
			}
			if img != nil {
				t.Errorf("got a picture and an error, want only the error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not contain %q", err, c.want)
			}
		})
	}
}

func TestParseTheme(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Theme
		err  string
	}{
		{"light", Light, ""},
		{"Dark", Dark, ""},
		{" dark\n", Dark, ""},
		{"", 0, `unknown theme "": the themes are light and dark`},
		{"blue", 0, `unknown theme "blue"`},
	} {
		got, err := ParseTheme(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseTheme(%q) error = %v, want %q", c.in, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseTheme(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

// FuzzParseTheme states ParseTheme's contract: a theme or an error, and a
// theme found prints back as a name that parses to itself.
func FuzzParseTheme(f *testing.F) {
	for _, s := range []string{"light", "dark", "DARK ", "", "solarized"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		th, err := ParseTheme(s)
		if err != nil {
			if th != 0 {
				t.Fatalf("ParseTheme(%q) returned theme %v with error %v", s, th, err)
			}
			return
		}
		again, err := ParseTheme(th.String())
		if err != nil || again != th {
			t.Fatalf("ParseTheme(%q) = %v, but its name %q parses to %v, %v", s, th, th.String(), again, err)
		}
	})
}

func TestDigitMask(t *testing.T) {
	for _, size := range []int{12, 40, 96} {
		for d := 1; d <= 16; d++ {
			m := DigitMask(d, size)
			if m == nil || m.Rect != image.Rect(0, 0, size, size) {
				t.Fatalf("DigitMask(%d, %d) bounds = %v, want %dx%d", d, size, m, size, size)
			}
			var sum, sx, sy float64
			var ink image.Rectangle
			for y := range size {
				for x := range size {
					a := float64(m.AlphaAt(x, y).A)
					if a > 0 {
						ink = ink.Union(image.Rect(x, y, x+1, y+1))
					}
					sum += a
					sx += a * float64(x)
					sy += a * float64(y)
				}
			}
			if sum == 0 {
				t.Fatalf("DigitMask(%d, %d) is empty", d, size)
			}
			// The ink box is centred to a pixel, and about half the
			// cell high.
			cx, cy := float64(ink.Min.X+ink.Max.X)/2, float64(ink.Min.Y+ink.Max.Y)/2
			if dx, dy := cx-float64(size)/2, cy-float64(size)/2; dx*dx > 1 || dy*dy > 1 {
				t.Errorf("DigitMask(%d, %d): ink %v is not centred", d, size, ink)
			}
			if h := float64(ink.Dy()) / float64(size); h < 0.35 || h > 0.65 {
				t.Errorf("DigitMask(%d, %d): ink is %.0f%% of the cell high, want 35%% to 65%%", d, size, h*100)
			}
		}
	}
	for _, c := range [][2]int{{0, 40}, {17, 40}, {5, 3}, {-1, 40}} {
		if m := DigitMask(c[0], c[1]); m != nil {
			t.Errorf("DigitMask(%d, %d) = %v, want nil", c[0], c[1], m.Rect)
		}
	}
}

func TestOptionsSizes(t *testing.T) {
	p16, _ := pattern16(t)
	for _, g := range []solver.Grid{small, classic, p16} {
		for _, size := range []int{MinSize, 333, DefaultSize, 1200, MaxSize} {
			img, err := Grid(g, Options{Size: size, Labels: true, Candidates: true})
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
				t.Errorf("%dx%d grid, Size %d: the picture is %v", g.Side(), g.Side(), size, b)
			}
			// The grid fills the picture but for a margin.
			l := newLayout(g.Side(), g.BoxSide(), size, true)
			if used := l.cell * g.Side(); used < size*8/10 || l.x0+used > size {
				t.Errorf("%dx%d grid, Size %d: grid of %d px from %d", g.Side(), g.Side(), size, used, l.x0)
			}
		}
	}
}

// FuzzHint feeds Hint arbitrary steps and texts: it must return a picture
// or an error, never both, and never panic, whatever the step refers to.
func FuzzHint(f *testing.F) {
	f.Add([]byte{2, 8, 60, 3, 10, 1}, "Look at box 2 for an 8.", 1, true)
	f.Add([]byte{0, 9, 80, 1, 255, 17}, "There is a naked single in r5c5 and row 10, column 0, r0c3.", 2, false)
	f.Add([]byte{30, 9, 33, 9, 48, 9, 21, 9}, "", 3, true)
	f.Fuzz(func(t *testing.T, data []byte, text string, level int, candidates bool) {
		var step human.Step
		c := func(i int) human.Candidate {
			return human.Candidate{Cell: int(int8(data[i])), Digit: int(data[i+1]) % 12}
		}
		for i := 0; i+1 < len(data); i += 2 {
			switch i / 2 % 5 {
			case 0:
				step.Placements = append(step.Placements, c(i))
			case 1:
				step.Eliminations = append(step.Eliminations, c(i))
			case 2:
				step.Highlights = append(step.Highlights, human.Highlight{Candidate: c(i), Group: int(data[i+1]) % 5})
			case 3:
				step.Cells = append(step.Cells, int(int8(data[i])))
				step.Units = append(step.Units, solver.Unit{Kind: solver.UnitKind(data[i+1] % 4), Index: int(data[i+1]) / 4 % 11})
			case 4:
				if i >= 2 {
					step.Links = append(step.Links, human.Link{From: c(i - 2), To: c(i), Strong: data[i]%2 == 0})
				}
			}
		}
		step.Nudge, step.Area = text, text
		img, err := Hint(hard, hardNow, nil, step, level, Options{Size: MinSize, Candidates: candidates, Labels: true})
		if (img == nil) == (err == nil) {
			t.Fatalf("Hint returned picture %v and error %v: want exactly one", img != nil, err)
		}
	})
}
