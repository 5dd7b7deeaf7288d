package ocr

import (
	"image"
	"math"
	"testing"
)

// lookCase is a picture drawn in a look that the plain threshold of dark
// ink does not handle, with where its grid is.
type lookCase struct {
	name  string
	img   *image.Gray
	truth Quad
}

// paintGrid draws a 9x9 grid of side n at (x0, y0) on img: box lines of
// width box, cell lines of width cell, in shade ink (cell lines in shade
// cellInk), on a board of shade board.
func paintGrid(img *image.Gray, x0, y0, n, box, cell int, ink, cellInk, board uint8) Quad {
	fill := func(x, y, w, h int, v uint8) {
		for yy := max(y, 0); yy < min(y+h, img.Rect.Dy()); yy++ {
			for xx := max(x, 0); xx < min(x+w, img.Rect.Dx()); xx++ {
				img.Pix[yy*img.Stride+xx] = v
			}
		}
	}
	fill(x0, y0, n, n, board)
	for k := range 10 {
		p := k * n / 9
		w, v := cell, cellInk
		if k%3 == 0 {
			w, v = box, ink
		}
		fill(x0+p-w/2, y0, w, n, v)
		fill(x0, y0+p-w/2, n, w, v)
	}
	f := func(v int) float64 { return float64(v) }
	return Quad{{f(x0), f(y0)}, {f(x0 + n), f(y0)}, {f(x0 + n), f(y0 + n)}, {f(x0), f(y0 + n)}}
}

func page(w, h int, v uint8) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = v
	}
	return img
}

func lookCases() []lookCase {
	var cs []lookCase
	// A dark board with light lines on a white page, dark bars of an app
	// above and below (the page's threshold merges them with the board).
	img := page(700, 600, 250)
	for y := range 60 {
		for x := range 700 {
			img.Pix[y*img.Stride+x] = 45
			img.Pix[(599-y)*img.Stride+x] = 45
		}
	}
	cs = append(cs, lookCase{"dark board on a white page", img, paintGrid(img, 150, 80, 440, 4, 2, 200, 120, 40)})
	// Thin light-gray cell lines and slightly darker box lines on white,
	// inside a coloured (mid-gray) page with a number pad of boxes beside.
	img = page(800, 500, 150)
	q := paintGrid(img, 40, 40, 420, 3, 1, 150, 215, 255)
	for k := range 9 {
		paintGrid(img, 520+(k%3)*80, 60+(k/3)*80, 60, 3, 3, 60, 60, 235)
	}
	cs = append(cs, lookCase{"light lines and a number pad", img, q})
	// A grid touching the frame on two sides, a larger dark rectangle
	// (an advert) beside it.
	img = page(640, 480, 235)
	for y := 20; y < 470; y++ {
		for x := 480; x < 635; x++ {
			img.Pix[y*img.Stride+x] = 30
		}
	}
	cs = append(cs, lookCase{"grid at the frame, advert beside", img, paintGrid(img, 0, 0, 470, 5, 2, 20, 20, 235)})
	return cs
}

// TestDetectLooks finds grids drawn in looks the plain threshold of dark
// ink misses or confuses: light lines on a dark board, faint lines on a
// coloured page with a number pad beside, a grid at the frame's edge.
func TestDetectLooks(t *testing.T) {
	for _, tc := range lookCases() {
		t.Run(tc.name, func(t *testing.T) {
			det, err := Detect(tc.img)
			if err != nil {
				t.Fatal(err)
			}
			side := tc.truth[1].X - tc.truth[0].X
			for i := range 4 {
				if e := math.Hypot(det.Corners[i].X-tc.truth[i].X, det.Corners[i].Y-tc.truth[i].Y); e > 0.02*side {
					t.Errorf("corner %d at %.1f, want %.1f (%.1f px off)", i, det.Corners[i], tc.truth[i], e)
				}
			}
		})
	}
}

// TestDetectPictures finds the grid of pictures whose look once misled
// detection, each corner within a third of a cell of where it is:
//   - phone-hairlines.jpg (train/synthset, 1080x1920): cell lines one
//     pixel wide in light gray on a white board, a coloured page, a number
//     pad under the board; detection works on a copy shrunk 2.4 times,
//     where the cell lines are one faint pixel wide, and must not step
//     over them when it checks a candidate's lines.
//   - sheet-shadow-above.jpg (a photo of a printed sheet): the sheet's
//     shadow along the grid's top edge pulled the lattice a row up, the
//     shadow's edge taken for the grid's top line.
//   - sheet-curved.jpg (a photo of a curved sheet with a shadow beside
//     it): the grid's outline merges with the shadow and only single 3x3
//     boxes stood out as grids.
//   - app-faint-lines.png (train/synthset): cell lines nearly white on
//     highlighted cells; the lattice looked for around the grid's outline
//     strayed to a narrower lattice of digit columns.
//   - app-dark-faint.png (train/synthset): a dark board whose faint
//     lines gave no lattice when looked for around any outline.
//   - app-dark-numpad.png (train/synthset -seed 11, 360x640): faint lines
//     on a dark board and a number pad under it, its nine keys under the
//     nine columns: the only lattice found took in the pad, a grid and a
//     half high.
//   - app-dark-numpad-faint.png (the same, seed 11): the same, with a
//     border too faint to tell the grid's lattice framed; all its lines
//     are there, and far fewer of the long lattice's.
//   - app-box-lines-only.jpg (the same, 1366x768): box lines and no cell
//     lines, a 3x3 number pad beside: the ten-line search strayed to a
//     lattice two boxes wide, between columns of digits.
//   - app-dark-no-lines-pad.jpg (the same, 1440x900): a dark board with
//     no lines at all beside a 3x3 number pad whose keys make a grid of
//     box lines; the lattice of the board is found in the whole picture
//     all the same.
//   - app-dark-askew-framed.png (train/synthset -seed 23, 1284x2425): a
//     lattice with one corner pulled in a third of a cell, framed but with
//     a third of its lines missing, replaced the right lattice, which was
//     not framed: five cells read as empty, surely.
//   - app-small-dark-board-pad.png (the same, -looks app-small -seed
//     4242, 1600x1000): a dark board on a light page, its edge a step
//     from the page rather than a line, light box lines and no cell
//     lines, a 3x3 number pad of light keys beside it: no map held the
//     board's outline and its box lines together, and no grid was found.
//   - app-dark-board-edge-only.png (the same, -seed 9901, 390x866): a
//     dark board on a page of another dark shade, faint cell lines and
//     light box lines, a row of number keys under it: no grid was found.
//   - newspaper-among-text.jpg and magazine-among-text.jpg (the same,
//     -seed 6101 and -seed 9202): a puzzle printed among columns of
//     text; a lattice a cell out, its outer line on a line of text, was
//     framed, and the grid's own lattice, text right outside its border,
//     was not.
//   - app-light-highlit-border.jpg (the same, -seed 9901): cells
//     highlighted along the board's border, whose lines they hide; with
//     every lattice asked to have its lines cross its outer rows and
//     columns, a lattice with a corner pulled in most of a cell won.
//   - app-dark-digit-columns.png and app-dark-digit-columns-sans.jpg
//     (the same, -seed 7711 -n 200): dark boards with faint cell lines,
//     big italic and upright digits; a narrower lattice whose vertical
//     lines ran down columns of digits won, its lines standing out
//     across the middle of the cells, where the digits are (see
//     lineAlong).
//   - book-touching-text.jpg (the same, -seed 9201), book-keystone.jpg
//     and newspaper-blurred-shadow.jpg (the same, -seed 9202 and -seed
//     9201): a grid whose outline takes in the columns of text or the
//     shadow it touches, or is seen steeply from below; one look for the
//     lattice around the distorted outline found too few of its lines,
//     and no grid was found or one half a cell off won.
//   - magazine-panel-edge.jpg and magazine-panel-keystone.jpg (the same,
//     -seed 2201 and -seed 2301): a puzzle with thin outer lines on a
//     light panel among columns of text; the panel's edge held a lattice
//     a cell out, found in every map, framed, with every line in the
//     map, and the grid's own was never looked at: every cell read
//     surely, a cell off.
//   - newspaper-dashed-border.jpg (the same, -seed 2601): a puzzle with
//     a dashed border among columns of text; a lattice a cell out,
//     framed by a line of text, won over the grid's own, not framed.
//   - app-dark-askew.jpg and app-light-corner-pulled-in.png (the same,
//     -seed 6101 and -seed 2201): boards of faint lines and big digits; a
//     lattice with a corner pulled in half a cell or more, its lines
//     standing out more across the middle of the cells, where the digits
//     are, but less along them, replaced the board's own (see
//     sameGridMargin).
//   - app-dark-hairline-board-pad.png (the same, -seed 3001, 1600x900):
//     a dark board of light one-pixel lines, a highlighted row, column
//     and box, a 3x3 number pad of keys beside it; the board's outline
//     was found, but its lines, one pixel wide in a map sampled every two
//     pixels, fell between the samples (see sampleRadius), the outline
//     was not taken for a grid, and the pad was read as the grid.
//   - app-light-framed-corner-in.jpg (the same, -seed 3201, 1280x800): a
//     light board of faint lines; a lattice framed by the board's edge,
//     its top-right corner pulled in half a cell, found more of its lines
//     in its map and outweighed the board's own, whose lines stand out a
//     third more along the cells.
//   - app-small-dark-highlit-box-lines.png (the same, -looks
//     app-small,app-band,app-dark -seed 3503, 1920x1200): a dark board on
//     a light page, a 3x3 number pad beside it, cells highlighted in
//     green on both sides of its box lines; where a box line runs between
//     a dark cell and a green one it is a step from one shade to the
//     other rather than a line lighter than both, it was in the line map
//     along less than 80% of its length, and no grid was found.
//   - app-band-box-lines-in-band.png and app-band-border-on-frame.png
//     (the same, seed 3503, 793x753 and 463x491): light boards on a light
//     page, the page's band, darker than the board's border line, behind
//     the board's top; the first has thin box lines and no cell lines,
//     the second's right border is the picture's last column. Where the
//     border meets the band or the frame it is a step, not a line; the
//     band's edge joined the board's outline in the edge map, and a
//     narrower lattice, its vertical lines down columns of digits, won,
//     a cell and more narrow (see boardCandidates).
//   - app-band-corner-cut-at-frame.png and app-band-small-corner-cut.jpg
//     (the same, -looks app-small,app-band,app-light,app-dark,book-black,sheet
//     -seed 4608 -n 120, 606x631 and 386x384): light boards whose right
//     border runs two pixels from the picture's edge; the only outline
//     found cut across the bottom-right cell, and the lattice fitted to it
//     kept that corner, half a cell in (see parallelCorner).
func TestDetectPictures(t *testing.T) {
	for _, tc := range []struct {
		file  string
		truth Quad
	}{
		{"phone-hairlines.jpg", Quad{{45, 230}, {1035, 230}, {1035, 1220}, {45, 1220}}},
		{"sheet-shadow-above.jpg", Quad{{80, 226}, {632, 235}, {631, 789}, {75, 787}}},
		{"sheet-curved.jpg", Quad{{149, 266}, {797, 218}, {823, 968}, {46, 908}}},
		{"app-faint-lines.png", Quad{{417, 182}, {975, 182}, {975, 740}, {417, 740}}},
		{"app-dark-faint.png", Quad{{464, 73}, {1220, 73}, {1220, 829}, {464, 829}}},
		{"app-dark-numpad.png", Quad{{18, 134}, {342, 134}, {342, 458}, {18, 458}}},
		{"app-dark-numpad-faint.png", Quad{{18, 115}, {342, 115}, {342, 439}, {18, 439}}},
		{"app-box-lines-only.jpg", Quad{{136, 169}, {604, 169}, {604, 637}, {136, 637}}},
		{"app-dark-no-lines-pad.jpg", Quad{{331, 152}, {934, 152}, {934, 755}, {331, 755}}},
		{"app-dark-askew-framed.png", Quad{{25, 388}, {1258, 388}, {1258, 1621}, {25, 1621}}},
		{"app-small-dark-board-pad.png", Quad{{240, 182}, {888, 182}, {888, 830}, {240, 830}}},
		{"app-dark-board-edge-only.png", Quad{{10, 181}, {379, 181}, {379, 550}, {10, 550}}},
		{"newspaper-among-text.jpg", Quad{{83, 46}, {392, 52}, {373, 378}, {91, 387}}},
		{"magazine-among-text.jpg", Quad{{293, 140}, {641, 142}, {641, 499}, {287, 502}}},
		{"app-light-highlit-border.jpg", Quad{{22, 384}, {1057, 384}, {1057, 1419}, {22, 1419}}},
		{"app-dark-digit-columns.png", Quad{{81, 145}, {603, 145}, {603, 667}, {81, 667}}},
		{"app-dark-digit-columns-sans.jpg", Quad{{422, 217}, {863, 217}, {863, 658}, {422, 658}}},
		{"book-touching-text.jpg", Quad{{107, 6}, {580, 22}, {602, 499}, {149, 488}}},
		{"book-keystone.jpg", Quad{{83, 84}, {442, 95}, {483, 496}, {69, 459}}},
		{"newspaper-blurred-shadow.jpg", Quad{{143, 172}, {576, 186}, {573, 635}, {103, 652}}},
		{"magazine-panel-edge.jpg", Quad{{230, 79}, {719, 108}, {712, 587}, {204, 549}}},
		{"magazine-panel-keystone.jpg", Quad{{87, 96}, {428, 124}, {474, 463}, {65, 463}}},
		{"newspaper-dashed-border.jpg", Quad{{288, 58}, {555, 67}, {563, 351}, {275, 361}}},
		{"app-dark-askew.jpg", Quad{{39, 542}, {1245, 542}, {1245, 1748}, {39, 1748}}},
		{"app-light-corner-pulled-in.png", Quad{{384, 252}, {1122, 252}, {1122, 990}, {384, 990}}},
		{"app-dark-hairline-board-pad.png", Quad{{320, 103}, {1022, 103}, {1022, 805}, {320, 805}}},
		{"app-light-framed-corner-in.jpg", Quad{{422, 108}, {1034, 108}, {1034, 720}, {422, 720}}},
		{"app-small-dark-highlit-box-lines.png", Quad{{556, 281}, {1258, 281}, {1258, 983}, {556, 983}}},
		{"app-band-box-lines-in-band.png", Quad{{40, 11}, {778, 11}, {778, 749}, {40, 749}}},
		{"app-band-border-on-frame.png", Quad{{3, 13}, {462, 13}, {462, 472}, {3, 472}}},
		{"app-band-corner-cut-at-frame.png", Quad{{10, 28}, {604, 28}, {604, 622}, {10, 622}}},
		{"app-band-small-corner-cut.jpg", Quad{{13, 0}, {382, 0}, {382, 369}, {13, 369}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			dec := decodeTestLook(t, tc.file)
			det, err := Detect(ToGray(dec.Image))
			if err != nil {
				t.Fatal(err)
			}
			cell := math.Sqrt(quadArea(tc.truth)) / 9
			for i := range 4 {
				if e := math.Hypot(det.Corners[i].X-tc.truth[i].X, det.Corners[i].Y-tc.truth[i].Y); e > cell/3 {
					t.Errorf("corner %d at %.0f, want %.0f (%.1f cells off)", i, det.Corners[i], tc.truth[i], e/cell)
				}
			}
		})
	}
}

// TestRidgesIgnoreAreas: a thin line is marked, in either polarity; the
// inside of a large dark area and its edges are not.
func TestRidgesIgnoreAreas(t *testing.T) {
	img := page(60, 60, 240)
	for y := range 60 {
		img.Pix[y*img.Stride+10] = 30 // a dark line at x=10
		img.Pix[y*img.Stride+20] = 250
		for x := 30; x < 60; x++ {
			img.Pix[y*img.Stride+x] = 20 // a dark area from x=30
		}
	}
	img.Pix[30*img.Stride+45] = 200 // a light dot in the dark area
	dark, light := ridges(img, 3, ridgeContrast, false), ridges(img, 3, ridgeContrast, true)
	if !dark.at(10, 30) {
		t.Error("the dark line is not marked")
	}
	for _, x := range []int{29, 30, 31, 40, 45} {
		if dark.at(x, 30) {
			t.Errorf("x=%d of the dark area is marked as a dark line", x)
		}
	}
	if !light.at(45, 30) || light.at(40, 30) || light.at(10, 30) {
		t.Errorf("light lines: dot %v, area %v, dark line %v; want only the dot", light.at(45, 30), light.at(40, 30), light.at(10, 30))
	}
}

// TestJudgeMovesALatticeACellBack: a lattice fitted one cell to the left
// of the grid (its left line on the edge of a dark panel beside it) is
// moved back onto the grid, and the grid's own lattice stays put.
func TestJudgeMovesALatticeACellBack(t *testing.T) {
	img := page(600, 500, 235)
	for y := range 500 {
		for x := range 80 {
			img.Pix[y*img.Stride+x] = 60
		}
	}
	truth := paintGrid(img, 125, 40, 405, 5, 2, 20, 60, 235)
	cell := 405.0 / 9
	off := truth
	for i := range off {
		off[i].X -= cell
	}
	for _, tc := range []struct {
		name string
		q    Quad
	}{{"a cell to the left", off}, {"on the grid", truth}} {
		c := candidate{quad: tc.q, area: quadArea(tc.q), score: 1}
		judge(img, &c)
		for i := range 4 {
			if e := math.Hypot(c.quad[i].X-truth[i].X, c.quad[i].Y-truth[i].Y); e > 2 {
				t.Errorf("%s: corner %d judged at %.1f, want %.1f", tc.name, i, c.quad[i], truth[i])
			}
		}
	}
}

// TestJudgeFaintHairlinesStably: a board of faint lines one pixel wide in
// cells of about 55 pixels (an app's screenshot), a view pixel nearly
// three of the picture's, stands out about as clearly whatever its size to
// the pixel: its lines do not fall between the view's pixels.
func TestJudgeFaintHairlinesStably(t *testing.T) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for n := 495; n < 504; n++ {
		img := page(600, 600, 235)
		q := paintGrid(img, 40, 40, n, 1, 1, 200, 200, 235)
		c := candidate{quad: q, area: quadArea(q), score: 1}
		judge(img, &c)
		if c.quad != q {
			t.Errorf("%d pixels wide: lattice moved to %.1f, want %.1f", n, c.quad, q)
		}
		lo, hi = min(lo, c.quality), max(hi, c.quality)
	}
	if lo < 20 || hi > 1.1*lo {
		t.Errorf("quality from %.1f to %.1f as the grid grows by a pixel; want at least 20, within 10%%", lo, hi)
	}
}

// TestChooseTheLargerGrid: of a puzzle and its smaller solution grid, both
// clear, the puzzle wins; a larger lattice whose lines hardly stand out
// does not.
func TestChooseTheLargerGrid(t *testing.T) {
	big := candidate{quad: Quad{{0, 0}, {400, 0}, {400, 400}, {0, 400}}, score: 0.95, lines: lines{quality: 80}}
	small := candidate{quad: Quad{{450, 450}, {600, 450}, {600, 600}, {450, 600}}, score: 1, lines: lines{quality: 95}}
	faint := candidate{quad: Quad{{0, 0}, {500, 0}, {500, 500}, {0, 500}}, score: 0.9, lines: lines{quality: 30}}
	for _, c := range []*candidate{&big, &small, &faint} {
		c.area = quadArea(c.quad)
	}
	if got := choose([]candidate{small, big}, 640, 640); got.quad != big.quad {
		t.Errorf("chose %v, want the puzzle %v", got.quad, big.quad)
	}
	if got := choose([]candidate{small, faint}, 640, 640); got.quad != small.quad {
		t.Errorf("chose the faint lattice %v over a clear grid", got.quad)
	}
}

// TestFramedAndChoose: a grid with a shadow along its top edge (a sheet
// lifted off the table). The grid's own lattice is framed; the lattice a
// row up, its top line on the shadow's edge, is not, and choose prefers
// the grid's own lattice even where the other one is larger.
func TestFramedAndChoose(t *testing.T) {
	img := page(600, 560, 235)
	truth := paintGrid(img, 100, 100, 405, 4, 3, 30, 30, 235)
	cell := 405.0 / 9
	for y := int(100 - cell); y < 100; y++ {
		for x := 100; x < 505; x++ {
			img.Pix[y*img.Stride+x] = 150 // the shadow, a cell high
		}
	}
	up := truth
	for i := range up {
		up[i].Y -= cell
	}
	up[2].Y, up[3].Y = up[2].Y+2, up[3].Y+2 // a little larger
	own := candidate{quad: truth, area: quadArea(truth), score: 1}
	pulled := candidate{quad: up, area: quadArea(up), score: 1}
	judge(img, &own)
	judge(img, &pulled)
	if !own.framed {
		t.Error("the grid's own lattice is not framed")
	}
	if pulled.framed {
		t.Error("the lattice a row up, on the shadow's edge, is framed")
	}
	if pulled.quad != up {
		// The shadow's edge looks like half a line, so judge keeps the
		// lattice where it is; the choice below is what must move it.
		t.Fatalf("judge moved the lattice a row up to %.0f itself", pulled.quad)
	}
	if got := choose([]candidate{pulled, own}, 600, 560); got.quad != own.quad {
		t.Errorf("chose %.0f, want the grid's own lattice %.0f", got.quad, own.quad)
	}
}

// TestChooseSameGrid: of two framed lattices of one grid a row apart,
// the smaller one wins when its lines stand out clearly better (the
// larger one is pulled onto print above the grid), not when they stand
// out about as well (lattices a few pixels apart).
func TestChooseSameGrid(t *testing.T) {
	own := candidate{quad: Quad{{100, 100}, {505, 100}, {505, 505}, {100, 505}}, score: 1}
	up := candidate{quad: Quad{{100, 55}, {505, 55}, {507, 462}, {98, 462}}, score: 1}
	for _, c := range []*candidate{&own, &up} {
		c.area = quadArea(c.quad)
		c.framed = true
	}
	for _, tc := range []struct {
		ownQuality, upQuality float64
		want                  Quad
	}{
		{60, 48, own.quad}, // 25% better: the grid's own lattice
		{50, 48, up.quad},  // 4% better: size decides
	} {
		own.quality, up.quality = tc.ownQuality, tc.upQuality
		if got := choose([]candidate{up, own}, 600, 500); got.quad != tc.want {
			t.Errorf("qualities %v (own) and %v (a row up): chose %.0f, want %.0f", tc.ownQuality, tc.upQuality, got.quad, tc.want)
		}
	}
}

// TestChooseFramedAlong: a framed lattice of the grid replaces the
// unframed one chosen when its lines stand out along most of each cell
// nearly as well, not when far less (an app's board cropped over a
// coloured band: the framed lattice with its bottom-right corner pulled
// in by 26 pixels measured 42.3 there, the board's own 55.7).
func TestChooseFramedAlong(t *testing.T) {
	own := candidate{quad: Quad{{10, 10}, {450, 10}, {450, 450}, {10, 450}}, score: 1}
	pulled := candidate{quad: Quad{{10, 10}, {450, 10}, {424, 424}, {10, 450}}, score: 1}
	for _, c := range []*candidate{&own, &pulled} {
		c.area = quadArea(c.quad)
		c.quality = 50
	}
	pulled.framed = true
	own.along = 55.7
	for _, tc := range []struct {
		along float64
		want  Quad
	}{
		{42.3, own.quad},  // far weaker along the cells: askew
		{52, pulled.quad}, // nearly as strong: the framed lattice
		{60, pulled.quad}, // stronger
	} {
		pulled.along = tc.along
		if got := choose([]candidate{own, pulled}, 460, 500); got.quad != tc.want {
			t.Errorf("the framed lattice %.1f along the cells, the chosen one %.1f: chose %.0f, want %.0f", tc.along, own.along, got.quad, tc.want)
		}
	}
}

// TestSettleLattice: from the outline of a grid whose top-right corner
// is pulled out two cells (by a column of text touching it, say), one
// look for the lattice (oneLook) finds too few of its lines, and
// settleLattice, from where the wide look got, settles on the grid's own
// lattice, every corner within a sixth of a cell. From an outline of
// blank page neither finds a lattice.
func TestSettleLattice(t *testing.T) {
	img := page(640, 560, 235)
	truth := paintGrid(img, 120, 80, 405, 4, 2, 30, 60, 235)
	bin := lineMaps[0].make(img)
	cell := 405.0 / 9
	pulled := func(dx, dy float64) Quad {
		q := truth
		q[1].X += dx * cell
		q[1].Y += dy * cell
		return q
	}
	on := func(c candidate, ok bool) bool { return ok && sameQuad(c.quad, truth, cell/6) }
	for _, tc := range []struct {
		name          string
		outline       Quad
		look, settled bool
	}{
		{"the grid's own outline", truth, true, true},
		{"corner pulled out two cells and up one", pulled(2, -1), false, true},
		{"corner pulled out two cells and up half", pulled(2, -0.5), false, true},
		{"blank page", Quad{{530, 10}, {630, 10}, {630, 110}, {530, 110}}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, wq, ok := oneLook(bin, tc.outline)
			if got := on(c, ok); got != tc.look {
				t.Errorf("one look on the grid: %v, want %v (found %v at %.0f)", got, tc.look, ok, c.quad)
			}
			s, ok := settleLattice(bin, wq)
			if got := on(s, ok); got != tc.settled {
				t.Errorf("settled on the grid: %v, want %v (found %v at %.0f)", got, tc.settled, ok, s.quad)
			}
		})
	}
}
