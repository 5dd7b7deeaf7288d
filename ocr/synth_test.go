package ocr

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/solver"
)

// synthPuzzles are proper puzzles (one solution each) for synthetic photos.
var synthPuzzles = []string{
	"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
	"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
	"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
	"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
}

// synthFonts are the typefaces digits are printed in.
var synthFonts = [][]byte{goregular.TTF, gobold.TTF, gomono.TTF, gomedium.TTF, goitalic.TTF}

// synthOptions describe one synthetic photo.
type synthOptions struct {
	Seed      uint64
	W, H      int     // photo size
	Rotate    float64 // degrees, the grid's rotation in the photo
	Persp     float64 // perspective strength, 0 none, 0.15 strong
	Fill      float64 // grid side as a fraction of the photo's shorter side
	Shadow    float64 // darkest shading factor, 1 none, 0.5 strong
	Noise     float64 // noise amplitude in grey levels
	Blur      int     // box blur radius, 0 none
	Quality   int     // JPEG quality
	Neighbour bool    // a smaller solution grid and text beside the puzzle
	Touch     bool    // the grid touches the frame edge (cut by a few pixels)
	Curve     float64 // curved paper: rows bow by this fraction of the side
}

// synthPhoto renders a puzzle in a photo as a phone would see it and
// returns the JPEG, the puzzle and the true corners (the centre of the outer
// border line, top-left first).
func synthPhoto(t testing.TB, o synthOptions) ([]byte, solver.Grid, Quad) {
	t.Helper()
	rng := rand.New(rand.NewPCG(o.Seed, 0x5d))
	puzzle := solver.MustGrid(synthPuzzles[rng.IntN(len(synthPuzzles))])
	const cell = 64
	const side = 9 * cell
	const margin = 400
	page := image.NewGray(image.Rect(0, 0, side+2*margin, side+2*margin))
	paper := uint8(225 + rng.IntN(25))
	draw.Draw(page, page.Bounds(), image.NewUniform(color.Gray{paper}), image.Point{}, draw.Src)
	face := synthFace(t, synthFonts[rng.IntN(len(synthFonts))], cell*0.62)
	ink := uint8(rng.IntN(40))
	drawSynthGrid(page, margin, margin, cell, ink, func(i int) int { return puzzle.Cell(i) }, face)
	if o.Neighbour {
		// Yesterday's solution: a smaller full grid, and a block of text.
		sol, _ := solver.Solve(puzzle)
		small := cell * 2 / 5
		sface := synthFace(t, goregular.TTF, float64(small)*0.6)
		drawSynthGrid(page, margin+side+30, margin+40, small, ink, func(i int) int { return sol.Cell(i) }, sface)
		tface := synthFace(t, goregular.TTF, 22)
		for l := range 8 {
			d := font.Drawer{Dst: page, Src: image.NewUniform(color.Gray{ink}), Face: tface,
				Dot: fixed.P(margin-380, margin+40+l*34)}
			d.DrawString("Sudoku 1234 fill every row 5678")
		}
	}
	// Where the grid lands in the photo.
	short := float64(min(o.W, o.H))
	s := short * o.Fill
	cx, cy := float64(o.W)/2+(rng.Float64()-0.5)*(short-s)*0.6, float64(o.H)/2+(rng.Float64()-0.5)*(short-s)*0.6
	if o.Touch {
		cy = s/2 - 4 // top border just outside the frame
	}
	a := o.Rotate * math.Pi / 180
	var dst Quad
	for i, c := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := c[0]*s/2, c[1]*s/2
		// Perspective: the far (top) edge shrinks.
		k := 1 - o.Persp*(1-c[1])/2
		x *= k
		x, y = x*math.Cos(a)-y*math.Sin(a), x*math.Sin(a)+y*math.Cos(a)
		dst[i] = Point{cx + x, cy + y}
	}
	h, _ := squareToQuad(dst)
	inv, _ := h.inverse()
	photo := image.NewGray(image.Rect(0, 0, o.W, o.H))
	sdx, sdy := math.Cos(rng.Float64()*2*math.Pi), math.Sin(rng.Float64()*2*math.Pi)
	for y := range o.H {
		for x := range o.W {
			u, v := inv.apply(float64(x)+0.5, float64(y)+0.5)
			// Curved paper: the page bows, rows sag most in the middle.
			v -= o.Curve * math.Sin(math.Pi*math.Max(0, math.Min(1, u)))
			px, py := margin+u*side, margin+v*side
			val := 70.0 // the table under the paper
			if px >= 0 && py >= 0 && px < float64(page.Rect.Dx()-1) && py < float64(page.Rect.Dy()-1) {
				val = float64(bilinear(page, px-0.5, py-0.5, page.Rect.Dx(), page.Rect.Dy()))
			}
			// Shading falls off across the photo in one direction.
			tt := ((float64(x)/float64(o.W)-0.5)*sdx + (float64(y)/float64(o.H)-0.5)*sdy + 0.7) / 1.4
			val *= 1 - (1-o.Shadow)*math.Max(0, math.Min(1, tt))
			val += (rng.Float64()*2 - 1) * o.Noise
			photo.Pix[y*photo.Stride+x] = uint8(math.Max(0, math.Min(255, val)))
		}
	}
	if o.Blur > 0 {
		photo = boxBlur(photo, o.Blur)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, photo, &jpeg.Options{Quality: o.Quality}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), puzzle, dst
}

func synthFace(t testing.TB, ttf []byte, size float64) font.Face {
	t.Helper()
	f, err := opentype.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	return face
}

// drawSynthGrid draws a 9x9 grid whose outer line centres are at x0, y0 and
// x0+9*cell, y0+9*cell, with digit(i) in cell i (0 for none).
func drawSynthGrid(dst *image.Gray, x0, y0, cell int, ink uint8, digit func(int) int, face font.Face) {
	thin, thick := max(1, cell/30), max(2, cell/12)
	col := image.NewUniform(color.Gray{ink})
	for k := range 10 {
		w := thin
		if k%3 == 0 {
			w = thick
		}
		p := k * cell
		draw.Draw(dst, image.Rect(x0+p-w/2, y0-thick/2, x0+p-w/2+w, y0+9*cell+thick-thick/2), col, image.Point{}, draw.Src)
		draw.Draw(dst, image.Rect(x0-thick/2, y0+p-w/2, x0+9*cell+thick-thick/2, y0+p-w/2+w), col, image.Point{}, draw.Src)
	}
	for i := range 81 {
		d := digit(i)
		if d == 0 {
			continue
		}
		s := string(rune('0' + d))
		b, _ := font.BoundString(face, s)
		gw, gh := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
		cx, cy := x0+(i%9)*cell+cell/2, y0+(i/9)*cell+cell/2
		dr := font.Drawer{Dst: dst, Src: col, Face: face,
			Dot: fixed.P(cx-gw/2-b.Min.X.Floor(), cy-gh/2-b.Min.Y.Floor())}
		dr.DrawString(s)
	}
}

// boxBlur averages every pixel over a (2r+1)^2 box.
func boxBlur(g *image.Gray, r int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	tmp := image.NewGray(g.Rect)
	out := image.NewGray(g.Rect)
	for y := range h {
		for x := range w {
			s, n := 0, 0
			for d := -r; d <= r; d++ {
				if xx := x + d; xx >= 0 && xx < w {
					s += int(g.Pix[y*g.Stride+xx])
					n++
				}
			}
			tmp.Pix[y*w+x] = uint8(s / n)
		}
	}
	for y := range h {
		for x := range w {
			s, n := 0, 0
			for d := -r; d <= r; d++ {
				if yy := y + d; yy >= 0 && yy < h {
					s += int(tmp.Pix[yy*w+x])
					n++
				}
			}
			out.Pix[y*w+x] = uint8(s / n)
		}
	}
	return out
}

// synthCases are the synthetic photos the tests use: each a hard thing
// photos do, on its own or combined.
var synthCases = []struct {
	name string
	o    synthOptions
}{
	{"clean", synthOptions{Seed: 1, W: 800, H: 600, Fill: 0.8, Shadow: 1, Quality: 90}},
	{"rotated", synthOptions{Seed: 2, W: 800, H: 600, Rotate: 12, Fill: 0.7, Shadow: 1, Quality: 85}},
	{"rotated-left", synthOptions{Seed: 3, W: 600, H: 800, Rotate: -25, Fill: 0.6, Shadow: 1, Quality: 85}},
	{"perspective", synthOptions{Seed: 4, W: 800, H: 600, Rotate: 4, Persp: 0.18, Fill: 0.8, Shadow: 1, Quality: 85}},
	{"shadow", synthOptions{Seed: 5, W: 800, H: 600, Rotate: -3, Fill: 0.75, Shadow: 0.45, Quality: 85}},
	{"noisy-blurred", synthOptions{Seed: 6, W: 640, H: 480, Rotate: 2, Fill: 0.85, Shadow: 0.8, Noise: 14, Blur: 2, Quality: 60}},
	{"neighbours", synthOptions{Seed: 7, W: 1000, H: 750, Rotate: 5, Fill: 0.55, Shadow: 0.9, Neighbour: true, Quality: 80}},
	{"touching-edge", synthOptions{Seed: 8, W: 800, H: 600, Fill: 0.9, Shadow: 1, Touch: true, Quality: 85}},
	{"touching-edge-tilted", synthOptions{Seed: 12, W: 800, H: 600, Rotate: 7, Fill: 0.9, Shadow: 1, Touch: true, Quality: 85}},
	{"small-jpeg", synthOptions{Seed: 9, W: 480, H: 360, Rotate: -6, Persp: 0.08, Fill: 0.8, Shadow: 0.85, Noise: 6, Blur: 1, Quality: 45}},
	{"curved", synthOptions{Seed: 11, W: 800, H: 600, Rotate: 3, Fill: 0.8, Shadow: 0.8, Curve: 0.02, Quality: 85}},
	{"everything", synthOptions{Seed: 10, W: 1000, H: 750, Rotate: 9, Persp: 0.12, Fill: 0.6, Shadow: 0.6, Noise: 8, Blur: 1, Neighbour: true, Quality: 70}},
}
