package traindata

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/solver"
)

// The looks of a whole synthetic picture ([Synth.Picture]).
const (
	// LookNewspaper is a photo of a printed puzzle.
	LookNewspaper = "newspaper"
	// LookBook is a photo of a printed puzzle a player has filled in part
	// of with a pen, with pencil marks.
	LookBook = "book"
	// LookAppLight and LookAppDark are screenshots of a Sudoku app: typed
	// entries in another colour, pencil marks, the app around the board.
	LookAppLight = "app-light"
	LookAppDark  = "app-dark"
)

// LookMagazine is a photo of a printed puzzle whose boxes are shaded in
// turn, in a colour. It is never trained on: the synthetic test set
// (train/synthset) has it as a look held apart.
const LookMagazine = "magazine"

// LookAppSmall is a screenshot of a web app that draws its digits small in
// their cells (a third of the cell's height or a little more) and its
// pencil marks smaller still, so that size alone does not tell a digit
// from a mark: a light board on a dark page or a dark board on a light
// one, a 3x3 number pad beside the board. It is never trained on, and
// drawn only when asked for ([SetConfig].Looks, synthset -looks).
const LookAppSmall = "app-small"

// LookAppBand is a screenshot of a web app cropped to its board: grey
// givens, blue entries and pencil marks, light-blue highlights, a little
// of the page around the board, and the page's coloured band (the app's
// header) behind the board's top, its edge crossing the board's. It is
// never trained on, and drawn only when asked for, like LookAppSmall.
const LookAppBand = "app-band"

// HeldApartLooks are the looks drawn only when asked for by name.
var HeldApartLooks = []string{LookAppSmall, LookAppBand, LookSheet, LookBookBlack, LookPenSmall, LookStained}

// Looks are the looks the classifier is trained on, in order; TestLooks
// are those of the synthetic test set, one more among them.
var (
	Looks     = []string{LookNewspaper, LookBook, LookAppLight, LookAppDark}
	TestLooks = []string{LookNewspaper, LookBook, LookAppLight, LookAppDark, LookMagazine}
)

// PictureTruth is what a synthetic picture shows.
type PictureTruth struct {
	Givens, Entered solver.Grid
	// Marks maps a cell to its pencil marks' digits.
	Marks map[int]string
	// Corners are the grid's outer corners in the picture, top-left
	// first, clockwise.
	Corners [4][2]float64
	// Look is the picture's look, Font the typeface of its print.
	Look, Font string
	// JPEG reports whether the picture is to be saved as JPEG (else PNG).
	JPEG    bool
	Quality int
}

// Puzzle returns a random puzzle with one solution and its solution: a
// solved grid shuffled (digits relabelled, rows and columns moved within
// their bands and stacks, bands and stacks moved, maybe transposed), then
// givens taken away while the puzzle keeps one solution, down to about
// givens of them.
func (s *Synth) Puzzle(givens int) (puzzle, solution solver.Grid) {
	r := s.rng
	base := solver.MustGrid("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	perm := r.Perm(9)
	order := func() [9]int {
		var o [9]int
		bands := r.Perm(3)
		for b, bb := range bands {
			in := r.Perm(3)
			for k := range 3 {
				o[b*3+k] = bb*3 + in[k]
			}
		}
		return o
	}
	rows, cols := order(), order()
	tr := r.IntN(2) == 0
	solution, _ = solver.NewGrid(9)
	for y := range 9 {
		for x := range 9 {
			sy, sx := rows[y], cols[x]
			if tr {
				sy, sx = sx, sy
			}
			solution.Set(y, x, perm[base.At(sy, sx)-1]+1)
		}
	}
	puzzle = solution
	for _, i := range r.Perm(81) {
		if puzzle.Givens() <= givens {
			break
		}
		d := puzzle.Cell(i)
		puzzle.SetCell(i, 0)
		if solver.Count(puzzle, 2) != 1 {
			puzzle.SetCell(i, d)
		}
	}
	return puzzle, solution
}

// Picture renders a whole synthetic picture in a look: a puzzle (with the
// player's entries and pencil marks in the book and app looks) drawn on a
// board in one of the renderer's typefaces, around it a page or an app,
// then, for photos, seen in perspective, blurred, noisy and compressed.
func (s *Synth) Picture(look string) (image.Image, PictureTruth) {
	r := s.rng
	puzzle, sol := s.Puzzle(24 + r.IntN(10))
	t := PictureTruth{Givens: puzzle, Look: look, Marks: map[int]string{}}
	t.Entered, _ = solver.NewGrid(9)
	switch look {
	case LookAppLight, LookAppDark:
		return s.appPicture(look == LookAppDark, false, sol, &t), t
	case LookAppSmall:
		return s.appPicture(r.IntN(2) == 0, true, sol, &t), t
	case LookAppBand:
		return s.appBandPicture(sol, &t), t
	case LookSheet:
		return s.sheetPicture(&t), t
	}
	book := look == LookBook || look == LookBookBlack
	// The board, flat: side n, cells n/9.
	n := 9 * (40 + r.IntN(40))
	cell := float64(n) / 9
	paper := color.RGBA{uint8(235 + r.IntN(20)), uint8(232 + r.IntN(20)), uint8(220 + r.IntN(30)), 255}
	ink := color.RGBA{uint8(r.IntN(50)), uint8(r.IntN(50)), uint8(r.IntN(60)), 255}
	entryInk := color.RGBA{uint8(r.IntN(60)), uint8(40 + r.IntN(80)), uint8(150 + r.IntN(100)), 255}
	if look == LookBookBlack {
		// A black pen: the ink of the print, give or take.
		entryInk = color.RGBA{uint8(r.IntN(45)), uint8(r.IntN(45)), uint8(r.IntN(50)), 255}
	}
	if look == LookPenSmall && r.IntN(2) == 0 {
		// A red pen.
		entryInk = color.RGBA{uint8(170 + r.IntN(80)), uint8(r.IntN(50)), uint8(r.IntN(60)), 255}
	}
	board := image.NewRGBA(image.Rect(0, 0, n+1, n+1))
	draw.Draw(board, board.Rect, image.NewUniform(paper), image.Point{}, draw.Src)
	if look == LookMagazine {
		// Every other box shaded in a light colour.
		shade := color.RGBA{uint8(170 + r.IntN(70)), uint8(170 + r.IntN(70)), uint8(170 + r.IntN(70)), 255}
		for b := 0; b < 9; b += 2 {
			x0, y0 := int(float64(b%3*3)*cell), int(float64(b/3*3)*cell)
			draw.Draw(board, image.Rect(x0, y0, x0+int(3*cell), y0+int(3*cell)), image.NewUniform(shade), image.Point{}, draw.Src)
		}
	}
	printGrid(board, 0, n, 1, 2+r.IntN(3), ink)
	fi := s.typedFont()
	t.Font = s.fonts[fi].Family + "/" + s.fonts[fi].Name
	size := 0.5 + 0.2*r.Float64()
	for i := range 81 {
		cx, cy := (float64(i%9)+0.5)*cell, (float64(i/9)+0.5)*cell
		switch d := puzzle.Cell(i); {
		case d != 0:
			s.textRGBA(board, fi, d, size*cell, cx, cy, ink)
		case look == LookPenSmall:
			// Small, anywhere in the cell but its edge.
			h := (0.25 + 0.15*r.Float64()) * cell
			room := (cell - 1.5*h) / 2
			t.Entered.SetCell(i, sol.Cell(i))
			s.handRGBA(board, sol.Cell(i), h, cx+(r.Float64()*2-1)*room, cy+(r.Float64()*2-1)*room, entryInk)
		case book && r.IntN(3) == 0:
			t.Entered.SetCell(i, sol.Cell(i))
			s.handRGBA(board, sol.Cell(i), (0.5+0.3*r.Float64())*cell, cx+(r.Float64()*2-1)*cell*0.08, cy+(r.Float64()*2-1)*cell*0.08, entryInk)
		case book && r.IntN(3) == 0:
			marks := ""
			for d := 1; d <= 9; d++ {
				if d == sol.Cell(i) || r.IntN(4) == 0 {
					marks += string(rune('0' + d))
				}
			}
			t.Marks[i] = marks
			mc := color.RGBA{uint8(90 + r.IntN(60)), uint8(90 + r.IntN(60)), uint8(90 + r.IntN(60)), 255}
			for _, m := range marks {
				d := int(m - '0')
				mx := float64(i%9)*cell + (0.12+(float64((d-1)%3)+0.5)*0.76/3)*cell
				my := float64(i/9)*cell + (0.12+(float64((d-1)/3)+0.5)*0.76/3)*cell
				s.handRGBA(board, d, 0.22*cell, mx+(r.Float64()*2-1)*cell*0.03, my+(r.Float64()*2-1)*cell*0.03, mc)
			}
		}
	}
	if look == LookStained {
		s.stainBoard(board, n)
	}
	return s.photo(board, &t)
}

// printGrid prints the lines of a grid of side n whose top-left corner is
// at (at, at) on board, in ink: cell lines thin pixels wide, box lines and
// the outer frame box pixels wide.
func printGrid(board *image.RGBA, at, n, thin, box int, ink color.RGBA) {
	cell := float64(n) / 9
	for k := range 10 {
		w := thin
		if k%3 == 0 {
			w = box
		}
		p := at + int(float64(k)*cell+0.5) - w/2
		draw.Draw(board, image.Rect(p, at, p+w, at+n+1), image.NewUniform(ink), image.Point{}, draw.Src)
		draw.Draw(board, image.Rect(at, p, at+n+1, p+w), image.NewUniform(ink), image.Point{}, draw.Src)
	}
}

// photo puts the board on a page and photographs it: a random
// perspective, uneven light, blur, noise, a JPEG at a phone's quality.
func (s *Synth) photo(board *image.RGBA, t *PictureTruth) (image.Image, PictureTruth) {
	r := s.rng
	W := 640 + r.IntN(700)
	H := W * 3 / 4
	// A square of 55-85% of the height.
	out := s.shoot(board, t, W, H, float64(H)*(0.55+0.3*r.Float64()), true, 0)
	img := s.lens(out, 0.4+1.2*r.Float64(), 2+5*r.Float64())
	t.JPEG, t.Quality = true, 50+r.IntN(45)
	return img, *t
}

// lens blurs a photo with a Gaussian of the given sigma and adds noise of
// the given spread to every channel of every pixel.
func (s *Synth) lens(img *image.RGBA, sigma, noise float64) *image.RGBA {
	img = blurRGBA(img, sigma)
	for i := range img.Pix {
		if i%4 != 3 {
			img.Pix[i] = clamp8(float64(img.Pix[i]) + s.rng.NormFloat64()*noise)
		}
	}
	return img
}

// shoot draws board, seen in perspective, on a W x H page: its corners
// land on a square of the given side near the middle, each moved by up to
// 7% of the side; the page around it has uneven light and, with text, a
// newspaper's columns of words beyond the puzzle's margin. It records in t
// the corners of the grid, which lies inset (a share of the board's side)
// from the board's edges.
func (s *Synth) shoot(board *image.RGBA, t *PictureTruth, W, H int, side float64, text bool, inset float64) *image.RGBA {
	r := s.rng
	n := float64(board.Rect.Dx())
	cx := float64(W)/2 + (r.Float64()*2-1)*(float64(W)-side)*0.3
	cy := float64(H)/2 + (r.Float64()*2-1)*(float64(H)-side)*0.3
	var dst [4][2]float64
	for i, c := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		dst[i] = [2]float64{cx + c[0]*side/2 + (r.Float64()*2-1)*side*0.07, cy + c[1]*side/2 + (r.Float64()*2-1)*side*0.07}
	}
	h := homographyTo(dst)
	t.Corners = dst
	for i, c := range [4][2]float64{{inset, inset}, {1 - inset, inset}, {1 - inset, 1 - inset}, {inset, 1 - inset}} {
		if inset != 0 {
			x, y := apply3(h, c[0], c[1])
			t.Corners[i] = [2]float64{x, y}
		}
	}
	inv, ok := invert3(h)
	out := image.NewRGBA(image.Rect(0, 0, W, H))
	pageC := [3]float64{float64(200 + r.IntN(40)), float64(195 + r.IntN(40)), float64(180 + r.IntN(45))}
	light := [2]float64{(r.Float64()*2 - 1) * 0.25, (r.Float64()*2 - 1) * 0.25}
	var words []bool
	if text {
		words = s.pageText(W, H)
	}
	// The puzzle's margin of bare paper, as a share of its side: none
	// one time in eight.
	margin := 0.02 + 0.1*r.Float64()
	if r.IntN(8) == 0 {
		margin = 0
	}
	for y := range H {
		for x := range W {
			shade := 1 + light[0]*(float64(x)/float64(W)-0.5) + light[1]*(float64(y)/float64(H)-0.5)
			var c [3]float64
			u, v := math.NaN(), math.NaN()
			if ok {
				u, v = apply3(inv, float64(x)+0.5, float64(y)+0.5)
			}
			if u >= 0 && v >= 0 && u < 1 && v < 1 {
				// Four samples a pixel, as a lens averages: thin lines
				// seen from afar stay whole, only fainter.
				for _, d := range [4][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
					su, sv := apply3(inv, float64(x)+d[0], float64(y)+d[1])
					px := board.RGBAAt(int(su*n), int(sv*n))
					c[0] += float64(px.R) / 4
					c[1] += float64(px.G) / 4
					c[2] += float64(px.B) / 4
				}
			} else {
				c = pageC
				// Text on the page around the board, but for the
				// margin the puzzle is printed with.
				if words != nil && words[y*W+x] && !(u >= -margin && v >= -margin && u < 1+margin && v < 1+margin) {
					c = [3]float64{c[0] * 0.55, c[1] * 0.55, c[2] * 0.55}
				}
			}
			out.SetRGBA(x, y, color.RGBA{clamp8(c[0] * shade), clamp8(c[1] * shade), clamp8(c[2] * shade), 255})
		}
	}
	return out
}

// pageText marks where a newspaper page's text lies in a W x H picture:
// columns of lines of words, each word a dark bar of random length, lines
// of a random height and spacing, a gutter between columns, some lines
// short (ends of paragraphs).
func (s *Synth) pageText(W, H int) []bool {
	r := s.rng
	text := make([]bool, W*H)
	lineH := 3 + r.IntN(5)
	lead := lineH + 2 + r.IntN(lineH)
	colW := 120 + r.IntN(200)
	gutter := 8 + r.IntN(16)
	for x0 := -r.IntN(colW); x0 < W; x0 += colW + gutter {
		for y := r.IntN(lead); y+lineH < H; y += lead {
			end := x0 + colW
			if r.IntN(6) == 0 {
				end = x0 + r.IntN(colW)
			}
			for x := x0; x < end; {
				word := 6 + r.IntN(36)
				for yy := y; yy < y+lineH; yy++ {
					for xx := max(x, 0); xx < min(x+word, end, W); xx++ {
						text[yy*W+xx] = true
					}
				}
				x += word + 3 + r.IntN(5)
			}
		}
	}
	return text
}

// Encode writes a picture as the truth says: JPEG at its quality, or PNG.
func Encode(w io.Writer, img image.Image, t PictureTruth) error {
	if t.JPEG {
		return jpeg.Encode(w, img, &jpeg.Options{Quality: t.Quality})
	}
	return png.Encode(w, img)
}

func clamp8(v float64) uint8 { return uint8(min(max(v, 0), 255)) }

// textRGBA draws digit d of font fi, its ink h pixels high, centred at
// (cx, cy), in colour c.
func (s *Synth) textRGBA(dst *image.RGBA, fi, d int, h, cx, cy float64, c color.RGBA) {
	f, err := opentype.NewFace(s.fonts[fi].font, &opentype.FaceOptions{Size: max(4, h/0.72), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return
	}
	defer f.Close()
	str := string(rune('0' + d))
	b, _ := font.BoundString(f, str)
	w, ht := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	dr := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: f,
		Dot: fixed.P(int(cx)-w/2-b.Min.X.Floor(), int(cy)-ht/2-b.Min.Y.Floor())}
	dr.DrawString(str)
}

// handRGBA writes digit d by hand (an MNIST writer), h pixels high, centred
// at (cx, cy), in colour c.
func (s *Synth) handRGBA(dst *image.RGBA, d int, h, cx, cy float64, c color.RGBA) {
	r := s.rng
	if s.hand == nil || len(s.hand.byLab[d]) == 0 {
		s.textRGBA(dst, s.typedFont(), d, h, cx, cy, c)
		return
	}
	img := s.hand.images[s.hand.byLab[d][r.IntN(len(s.hand.byLab[d]))]]
	scale := h / 20
	angle := (r.Float64()*2 - 1) * 0.2
	cos, sin := math.Cos(angle), math.Sin(angle)
	half := h * 0.75
	for y := int(cy - half); y <= int(cy+half); y++ {
		for x := int(cx - half); x <= int(cx+half); x++ {
			if !(image.Point{x, y}.In(dst.Rect)) {
				continue
			}
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			a := mnistAt(img, (cos*dx+sin*dy)/scale+14, (-sin*dx+cos*dy)/scale+14)
			if a <= 0 {
				continue
			}
			p := dst.RGBAAt(x, y)
			mix := func(bg, fg uint8) uint8 { return uint8(float64(bg)*(1-a) + float64(fg)*a) }
			dst.SetRGBA(x, y, color.RGBA{mix(p.R, c.R), mix(p.G, c.G), mix(p.B, c.B), 255})
		}
	}
}

// homographyTo maps the unit square's corners to q.
func homographyTo(q [4][2]float64) [9]float64 {
	x0, y0, x1, y1 := q[0][0], q[0][1], q[1][0], q[1][1]
	x2, y2, x3, y3 := q[2][0], q[2][1], q[3][0], q[3][1]
	dx1, dy1 := x1-x2, y1-y2
	dx2, dy2 := x3-x2, y3-y2
	dx3, dy3 := x0-x1+x2-x3, y0-y1+y2-y3
	den := dx1*dy2 - dx2*dy1
	g := (dx3*dy2 - dx2*dy3) / den
	hh := (dx1*dy3 - dx3*dy1) / den
	return [9]float64{x1 - x0 + g*x1, x3 - x0 + hh*x3, x0, y1 - y0 + g*y1, y3 - y0 + hh*y3, y0, g, hh, 1}
}

func apply3(h [9]float64, u, v float64) (float64, float64) {
	w := h[6]*u + h[7]*v + h[8]
	return (h[0]*u + h[1]*v + h[2]) / w, (h[3]*u + h[4]*v + h[5]) / w
}

func invert3(h [9]float64) ([9]float64, bool) {
	d := h[0]*(h[4]*h[8]-h[5]*h[7]) - h[1]*(h[3]*h[8]-h[5]*h[6]) + h[2]*(h[3]*h[7]-h[4]*h[6])
	if d == 0 || math.IsNaN(d) {
		return h, false
	}
	m := [9]float64{
		h[4]*h[8] - h[5]*h[7], h[2]*h[7] - h[1]*h[8], h[1]*h[5] - h[2]*h[4],
		h[5]*h[6] - h[3]*h[8], h[0]*h[8] - h[2]*h[6], h[2]*h[3] - h[0]*h[5],
		h[3]*h[7] - h[4]*h[6], h[1]*h[6] - h[0]*h[7], h[0]*h[4] - h[1]*h[3],
	}
	for i := range m {
		m[i] /= d
	}
	return m, true
}

// blurRGBA blurs an RGBA picture with a Gaussian of the given sigma.
func blurRGBA(img *image.RGBA, sigma float64) *image.RGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	out := image.NewRGBA(img.Rect)
	for ch := range 3 {
		p := make([]float32, w*h)
		for i := range p {
			p[i] = float32(img.Pix[4*i+ch])
		}
		q := blurRect(p, w, h, sigma)
		for i, v := range q {
			out.Pix[4*i+ch] = clamp8(float64(v))
		}
	}
	for i := 3; i < len(out.Pix); i += 4 {
		out.Pix[i] = 255
	}
	return out
}

// blurRect is blur for a w x h plane.
func blurRect(p []float32, w, h int, sigma float64) []float32 {
	rad := int(math.Ceil(2.5 * sigma))
	k := make([]float32, 2*rad+1)
	var sum float32
	for i := range k {
		x := float64(i - rad)
		k[i] = float32(math.Exp(-x * x / (2 * sigma * sigma)))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	tmp := make([]float32, len(p))
	out := make([]float32, len(p))
	for y := range h {
		for x := range w {
			var v float32
			for i, kv := range k {
				v += kv * p[y*w+min(max(x+i-rad, 0), w-1)]
			}
			tmp[y*w+x] = v
		}
	}
	for y := range h {
		for x := range w {
			var v float32
			for i, kv := range k {
				v += kv * tmp[min(max(y+i-rad, 0), h-1)*w+x]
			}
			out[y*w+x] = v
		}
	}
	return out
}

// PNG encodes img as PNG bytes (for tests).
func PNG(img image.Image) []byte {
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}
