package traindata

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/sudokubot/sudokubot/solver"
)

// appStyle is how one app draws its board: the colours of the board, its
// lines and digits, and of the highlights an app shows around the
// selected cell.
type appStyle struct {
	board, page, bar    color.RGBA
	thin, box           color.RGBA // cell lines and box lines
	thinW, boxW         int        // their widths in pixels; thinW 0: no cell lines
	given, entry, mark  color.RGBA
	zone, same, current color.RGBA // the selected cell's row, column and box; cells of its digit; the cell itself
	outer               int        // the width of the board's border
}

// randomAppStyle returns the look of a random app, light or dark: thin
// light-grey or coloured lines or none between cells, box lines dark,
// coloured or barely darker than the cell lines, entries in a colour of
// their own or the givens' colour, and highlights.
func (s *Synth) randomAppStyle(dark bool) appStyle {
	r := s.rng
	rgb := func(lo, hi int) color.RGBA {
		return color.RGBA{uint8(lo + r.IntN(hi-lo+1)), uint8(lo + r.IntN(hi-lo+1)), uint8(lo + r.IntN(hi-lo+1)), 255}
	}
	grey := func(lo, hi int) color.RGBA {
		v := uint8(lo + r.IntN(hi-lo+1))
		b := uint8(min(255, int(v)+r.IntN(16)))
		return color.RGBA{v, v, b, 255}
	}
	hue := func(sat, light float64) color.RGBA {
		h := r.Float64() * 6
		c := sat * (1 - math.Abs(2*light-1))
		x := c * (1 - math.Abs(math.Mod(h, 2)-1))
		var rr, gg, bb float64
		switch int(h) {
		case 0:
			rr, gg = c, x
		case 1:
			rr, gg = x, c
		case 2:
			gg, bb = c, x
		case 3:
			gg, bb = x, c
		case 4:
			rr, bb = x, c
		default:
			rr, bb = c, x
		}
		m := light - c/2
		return color.RGBA{clamp8((rr + m) * 255), clamp8((gg + m) * 255), clamp8((bb + m) * 255), 255}
	}
	var st appStyle
	st.thinW, st.boxW, st.outer = 1, 1+r.IntN(3), 1+r.IntN(3)
	if r.IntN(8) == 0 {
		st.thinW = 0 // box lines only: cells told apart by space alone
	}
	if r.IntN(5) == 0 {
		st.thinW = 2
	}
	if !dark {
		st.board = grey(245, 255)
		st.page = []color.RGBA{grey(225, 255), hue(0.3+0.5*r.Float64(), 0.55+0.35*r.Float64()), grey(240, 250)}[r.IntN(3)]
		st.bar = hue(0.2+0.6*r.Float64(), 0.3+0.4*r.Float64())
		st.thin = []color.RGBA{grey(170, 225), hue(0.2+0.4*r.Float64(), 0.75+0.15*r.Float64())}[r.IntN(2)]
		st.box = []color.RGBA{grey(0, 80), hue(0.3+0.4*r.Float64(), 0.2+0.25*r.Float64()), grey(120, 175)}[r.IntN(3)]
		st.given = grey(0, 70)
		st.entry = hue(0.5+0.5*r.Float64(), 0.35+0.2*r.Float64())
		st.mark = grey(70, 150)
		tint := hue(0.4+0.5*r.Float64(), 0.75+0.15*r.Float64())
		st.zone = blend(st.board, tint, 0.25+0.25*r.Float64())
		st.same = blend(st.board, tint, 0.55+0.3*r.Float64())
		st.current = blend(st.board, tint, 0.7+0.3*r.Float64())
	} else {
		st.board = grey(15, 50)
		st.page = []color.RGBA{grey(0, 30), hue(0.2+0.3*r.Float64(), 0.1+0.12*r.Float64())}[r.IntN(2)]
		st.bar = rgb(30, 70)
		st.thin = grey(60, 110)
		st.box = []color.RGBA{grey(150, 240), hue(0.3+0.4*r.Float64(), 0.5+0.2*r.Float64()), grey(90, 140)}[r.IntN(3)]
		st.given = grey(200, 255)
		st.entry = hue(0.5+0.5*r.Float64(), 0.55+0.2*r.Float64())
		st.mark = grey(120, 190)
		tint := hue(0.3+0.5*r.Float64(), 0.25+0.15*r.Float64())
		st.zone = blend(st.board, tint, 0.3+0.3*r.Float64())
		st.same = blend(st.board, tint, 0.6+0.3*r.Float64())
		st.current = blend(st.board, tint, 0.8+0.2*r.Float64())
	}
	if r.IntN(4) == 0 { // no highlights shown
		st.zone, st.same, st.current = st.board, st.board, st.board
	}
	// Apps keep their digits legible: an entry colour or a highlight that
	// leaves too little contrast is drawn again (WCAG's contrast ratio,
	// at least 3:1 for the digits, 2:1 for the small pencil marks).
	for range 20 {
		ok := true
		for _, bg := range []color.RGBA{st.board, st.zone, st.same, st.current} {
			ok = ok && contrastRatio(st.entry, bg) >= 3 && contrastRatio(st.given, bg) >= 3 && contrastRatio(st.mark, bg) >= 2
		}
		if ok {
			break
		}
		if dark {
			st.entry = hue(0.5+0.5*r.Float64(), 0.55+0.25*r.Float64())
		} else {
			st.entry = hue(0.5+0.5*r.Float64(), 0.25+0.25*r.Float64())
		}
		st.same = blend(st.board, st.same, 0.7)
		st.current = blend(st.board, st.current, 0.7)
		st.zone = blend(st.board, st.zone, 0.7)
	}
	return st
}

// contrastRatio is WCAG's contrast ratio of two colours: from 1 (the
// same luminance) to 21 (black on white).
func contrastRatio(a, b color.RGBA) float64 {
	lum := func(c color.RGBA) float64 {
		lin := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// blend mixes colour b into a by the share t.
func blend(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return clamp8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}

// appPicture renders a screenshot of a Sudoku app, light or dark, of a
// phone (portrait, the board across the screen, a number pad and buttons
// under it) or of a desktop browser (landscape, the board beside a panel
// of buttons): the givens, the player's typed entries and pencil marks,
// the selected cell with its row, column and box highlighted. A small app
// (LookAppSmall) is a desktop browser's, its board's brightness opposite
// to the page's, its digits a third of a cell high and its marks smaller.
func (s *Synth) appPicture(dark, small bool, sol solver.Grid, t *PictureTruth) image.Image {
	r := s.rng
	st := s.randomAppStyle(dark)
	phone := !small && r.IntN(2) == 0
	if small && dark {
		st.page = color.RGBA{uint8(225 + r.IntN(31)), uint8(225 + r.IntN(31)), uint8(225 + r.IntN(31)), 255}
	} else if small {
		st.page = color.RGBA{uint8(r.IntN(41)), uint8(r.IntN(41)), uint8(r.IntN(51)), 255}
	}
	var w, h, n, bx, by int
	if phone {
		w = []int{360, 390, 412, 720, 750, 828, 1080, 1170, 1284}[r.IntN(9)]
		h = w * (16 + r.IntN(6)) / 9
		m := w * (1 + r.IntN(5)) / 100
		n = (w - 2*m) / 9 * 9
		bx, by = (w-n)/2, h*(12+r.IntN(10))/100
	} else {
		w = []int{1024, 1280, 1366, 1440, 1600, 1920}[r.IntN(6)]
		h = w * (9 + r.IntN(2)) / 16
		n = h * (55 + r.IntN(30)) / 100 / 9 * 9
		bx, by = w*(5+r.IntN(30))/100, (h-n)/2+r.IntN(max(1, h/20))
	}
	cell := float64(n) / 9
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill := func(rc image.Rectangle, c color.RGBA) {
		draw.Draw(img, rc, image.NewUniform(c), image.Point{}, draw.Src)
	}
	fill(img.Rect, st.page)
	fill(image.Rect(0, 0, w, max(24, h/20)), st.bar)
	fi := s.typedFont()
	t.Font = s.fonts[fi].Family + "/" + s.fonts[fi].Name
	// Chatter above the board: a title, the level, a timer.
	for k := range 3 + r.IntN(5) {
		d := 1 + r.IntN(9)
		x := float64(bx) + float64(k)*cell*0.7
		s.textRGBA(img, fi, d, cell*0.3, x+cell*0.3, float64(by)-cell*0.6, st.given)
	}
	s.appBoard(img, st, fi, small, image.Rect(bx, by, bx+n, by+n), sol, t)
	// The number pad and buttons: a row under the board on a phone, a
	// 3x3 block beside it on a desktop.
	padFont := s.typedFont()
	button := st.bar
	if r.IntN(2) == 0 {
		button = blend(st.page, st.bar, 0.3)
	}
	for d := 1; d <= 9; d++ {
		var rc image.Rectangle
		if phone {
			k := float64(n) / 9
			x0 := bx + int(float64(d-1)*k)
			y0 := by + n + int(k*(0.8+r.Float64()*0.1))
			rc = image.Rect(x0+2, y0, x0+int(k)-2, y0+int(k*1.2))
		} else {
			k := float64(n) / 4.5
			x0 := bx + n + int(k*0.5) + int(float64((d-1)%3)*k)
			y0 := by + int(float64((d-1)/3)*k) + int(k*0.5)
			rc = image.Rect(x0+3, y0+3, x0+int(k)-3, y0+int(k)-3)
		}
		if rc.Max.X > w || rc.Max.Y > h {
			continue
		}
		fill(rc, button)
		s.textRGBA(img, padFont, d, float64(rc.Dy())*0.5, float64(rc.Min.X+rc.Max.X)/2, float64(rc.Min.Y+rc.Max.Y)/2, st.given)
	}
	if r.IntN(3) == 0 {
		t.JPEG, t.Quality = true, 60+r.IntN(35)
	}
	return img
}

// appBoard draws an app's board in the square rc of img in the style st,
// its digits in the typeface fi (a third of a cell high when small): the
// givens of t, entries and pencil marks of the solution sol chosen at
// random and recorded in t, the selected cell with its row, column, box
// and digit highlighted, the lines. It sets t.Corners to rc's corners.
func (s *Synth) appBoard(img *image.RGBA, st appStyle, fi int, small bool, rc image.Rectangle, sol solver.Grid, t *PictureTruth) {
	r := s.rng
	puzzle := t.Givens
	bx, by, n := rc.Min.X, rc.Min.Y, rc.Dx()
	cell := float64(n) / 9
	fill := func(rc image.Rectangle, c color.RGBA) {
		draw.Draw(img, rc, image.NewUniform(c), image.Point{}, draw.Src)
	}
	fill(image.Rect(bx, by, bx+n, by+n), st.board)
	sel := -1
	if r.IntN(5) != 0 {
		sel = r.IntN(81)
	}
	at := func(i int) image.Rectangle {
		x0, y0 := bx+int(float64(i%9)*cell), by+int(float64(i/9)*cell)
		return image.Rect(x0, y0, bx+int(float64(i%9+1)*cell), by+int(float64(i/9+1)*cell))
	}
	// Entries and marks first, so that the highlight of the selected
	// digit knows them.
	for i := range 81 {
		if puzzle.Cell(i) != 0 {
			continue
		}
		switch r.IntN(3) {
		case 0:
			t.Entered.SetCell(i, sol.Cell(i))
		case 1:
			marks := ""
			for d := 1; d <= 9; d++ {
				if d == sol.Cell(i) || r.IntN(4) == 0 {
					marks += string(rune('0' + d))
				}
			}
			t.Marks[i] = marks
		}
	}
	if sel >= 0 {
		selDigit := max(puzzle.Cell(sel), t.Entered.Cell(sel))
		for i := range 81 {
			c := st.board
			switch {
			case i == sel:
				c = st.current
			case selDigit != 0 && max(puzzle.Cell(i), t.Entered.Cell(i)) == selDigit:
				c = st.same
			case i/9 == sel/9 || i%9 == sel%9 || (i/27 == sel/27 && i%9/3 == sel%9/3):
				c = st.zone
			}
			fill(at(i), c)
		}
	}
	for k := range 10 {
		lw, c := st.thinW, st.thin
		if k%3 == 0 {
			lw, c = st.boxW, st.box
		}
		if k == 0 || k == 9 {
			lw = max(lw, st.outer)
		}
		if lw == 0 {
			continue
		}
		p := int(float64(k)*cell+0.5) - lw/2
		fill(image.Rect(bx+p, by, bx+p+lw, by+n+1), c)
		fill(image.Rect(bx, by+p, bx+n+1, by+p+lw), c)
	}
	size := 0.5 + 0.25*r.Float64()
	markSize := 0.17 + 0.08*r.Float64()
	if small {
		size = 0.32 + 0.08*r.Float64()
		markSize = size * (0.45 + 0.15*r.Float64())
	}
	for i := range 81 {
		cx, cy := float64(bx)+(float64(i%9)+0.5)*cell, float64(by)+(float64(i/9)+0.5)*cell
		switch {
		case puzzle.Cell(i) != 0:
			s.textRGBA(img, fi, puzzle.Cell(i), size*cell, cx, cy, st.given)
		case t.Entered.Cell(i) != 0:
			s.textRGBA(img, fi, t.Entered.Cell(i), size*cell, cx, cy, st.entry)
		case t.Marks[i] != "":
			for _, m := range t.Marks[i] {
				d := int(m - '0')
				mx := float64(bx) + float64(i%9)*cell + (0.1+(float64((d-1)%3)+0.5)*0.8/3)*cell
				my := float64(by) + float64(i/9)*cell + (0.1+(float64((d-1)/3)+0.5)*0.8/3)*cell
				s.textRGBA(img, fi, d, markSize*cell, mx, my, st.mark)
			}
		}
	}
	t.Corners = [4][2]float64{{float64(bx), float64(by)}, {float64(bx + n), float64(by)}, {float64(bx + n), float64(by + n)}, {float64(bx), float64(by + n)}}
}

// appBandPicture renders a screenshot of a web app cropped to its board
// (LookAppBand): a light board with grey givens, blue entries and pencil
// marks and light-blue highlights, a margin of the page around it (none
// on some sides), and the page's coloured band (the app's header) behind
// the top of the board, so that the board's edge crosses the band's
// edge part way down.
func (s *Synth) appBandPicture(sol solver.Grid, t *PictureTruth) image.Image {
	r := s.rng
	st := s.randomAppStyle(false)
	grey := func(lo, hi int) color.RGBA {
		v := uint8(lo + r.IntN(hi-lo+1))
		return color.RGBA{v, v, v, 255}
	}
	blue := func(light int) color.RGBA {
		return color.RGBA{uint8(light + r.IntN(40)), uint8(light + 60 + r.IntN(50)), uint8(190 + r.IntN(60)), 255}
	}
	st.board = grey(248, 255)
	st.page = grey(235, 255)
	st.thin = grey(180, 225)
	st.box = []color.RGBA{grey(40, 110), blue(20)}[r.IntN(2)]
	st.given = grey(70, 110)
	st.entry = blue(20)
	st.mark = blue(50)
	tint := color.RGBA{uint8(185 + r.IntN(30)), uint8(215 + r.IntN(20)), uint8(245 + r.IntN(11)), 255}
	st.zone = blend(st.board, tint, 0.3+0.3*r.Float64())
	st.same = blend(st.board, tint, 0.6+0.3*r.Float64())
	st.current = blend(st.board, tint, 0.8+0.2*r.Float64())
	n := 9 * (30 + r.IntN(90))
	cell := n / 9
	margin := func() int {
		if r.IntN(4) == 0 {
			return 0
		}
		return 1 + r.IntN(cell/2)
	}
	ml, mt, mr, mb := margin(), margin(), margin(), margin()
	w, h := n+1+ml+mr, n+1+mt+mb
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, image.NewUniform(st.page), image.Point{}, draw.Src)
	// The band: the header's colour, from the top down to between a
	// tenth and three quarters of the board.
	hue := [][3]int{{40, 90, 200}, {90, 50, 170}, {20, 140, 120}, {200, 70, 60}, {230, 150, 30}, {60, 60, 70}}[r.IntN(6)]
	jit := func(v int) uint8 { return clamp8(float64(v + r.IntN(41) - 20)) }
	band := color.RGBA{jit(hue[0]), jit(hue[1]), jit(hue[2]), 255}
	bandEnd := mt + n*(10+r.IntN(66))/100
	draw.Draw(img, image.Rect(0, 0, w, bandEnd), image.NewUniform(band), image.Point{}, draw.Src)
	fi := s.typedFont()
	t.Font = s.fonts[fi].Family + "/" + s.fonts[fi].Name
	s.appBoard(img, st, fi, false, image.Rect(ml, mt, ml+n, mt+n), sol, t)
	if r.IntN(3) == 0 {
		t.JPEG, t.Quality = true, 60+r.IntN(35)
	}
	return img
}
