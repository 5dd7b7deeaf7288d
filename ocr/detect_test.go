package ocr

import (
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDetectSynthetic checks that grid detection finds the true corners of
// synthetic photos to within 1.5% of the grid's side.
func TestDetectSynthetic(t *testing.T) {
	for _, tc := range synthCases {
		t.Run(tc.name, func(t *testing.T) {
			data, _, truth := synthPhoto(t, tc.o)
			d, err := Decode(data, DefaultDecodeLimits)
			if err != nil {
				t.Fatal(err)
			}
			det, err := Detect(ToGray(d.Image))
			if err != nil {
				t.Fatalf("Detect: %v", err)
			}
			side := math.Hypot(truth[1].X-truth[0].X, truth[1].Y-truth[0].Y)
			for i := range 4 {
				e := math.Hypot(det.Corners[i].X-truth[i].X, det.Corners[i].Y-truth[i].Y)
				if e > 0.015*side {
					t.Errorf("corner %d at (%.1f,%.1f), want (%.1f,%.1f): %.1f px off (grid side %.0f px)",
						i, det.Corners[i].X, det.Corners[i].Y, truth[i].X, truth[i].Y, e, side)
				}
			}
		})
	}
}

// TestCutCellsSynthetic checks the cells cut from detected grids: every
// digit's ink lies near the centre of its box, and empty boxes hold no ink
// in their middle.
func TestCutCellsSynthetic(t *testing.T) {
	for _, tc := range synthCases {
		t.Run(tc.name, func(t *testing.T) {
			data, puzzle, _ := synthPhoto(t, tc.o)
			d, err := Decode(data, DefaultDecodeLimits)
			if err != nil {
				t.Fatal(err)
			}
			g := ToGray(d.Image)
			det, err := Detect(g)
			if err != nil {
				t.Fatalf("Detect: %v", err)
			}
			cells := CutCells(Rectify(g, det.Corners, GridSize))
			for i := range 81 {
				r := cells.Rects[i]
				if r.Dx() < GridSize/9*3/4 || r.Dy() < GridSize/9*3/4 {
					t.Errorf("cell %d box %v is too small", i, r)
					continue
				}
				ink, cx, cy := centralInk(cells.Img, r)
				if puzzle.Cell(i) == 0 {
					if ink > 0.02 {
						t.Errorf("empty cell %d (%v): %.1f%% ink in its middle", i, r, 100*ink)
					}
					continue
				}
				if ink < 0.03 {
					t.Errorf("cell %d with a %d: only %.1f%% ink in its middle", i, puzzle.Cell(i), 100*ink)
					continue
				}
				if math.Abs(cx) > 0.15 || math.Abs(cy) > 0.15 {
					t.Errorf("cell %d with a %d: ink centred at (%.2f,%.2f) of the box, want near 0", i, puzzle.Cell(i), cx, cy)
				}
			}
		})
	}
}

// centralInk returns the share of dark pixels in the middle 70% of r
// (darker than halfway between the box's darkest and lightest), and their
// centre relative to r's centre in box sides.
func centralInk(g *image.Gray, r image.Rectangle) (float64, float64, float64) {
	lo, hi := 255, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			v := int(g.GrayAt(x, y).Y)
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if hi-lo < 60 {
		return 0, 0, 0
	}
	th := (lo + hi) / 2
	in := image.Rect(r.Min.X+r.Dx()*15/100, r.Min.Y+r.Dy()*15/100, r.Max.X-r.Dx()*15/100, r.Max.Y-r.Dy()*15/100)
	n, sx, sy := 0, 0.0, 0.0
	for y := in.Min.Y; y < in.Max.Y; y++ {
		for x := in.Min.X; x < in.Max.X; x++ {
			if int(g.GrayAt(x, y).Y) < th {
				n++
				sx += float64(x)
				sy += float64(y)
			}
		}
	}
	if n == 0 {
		return 0, 0, 0
	}
	mx, my := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
	return float64(n) / float64(in.Dx()*in.Dy()), (sx/float64(n) - mx) / float64(r.Dx()), (sy/float64(n) - my) / float64(r.Dy())
}

// TestQuarterInkIsProfile: the profiles fit makes from quarterInk's counts
// are profile's, to the bit, for the whole square, its halves and its
// quarters, across and along, on squares whose side is not a multiple of
// four too.
func TestQuarterInkIsProfile(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{8, 37, 90, 101} {
		sq := &latticeSquare{n: n, r: make([]uint8, n*n)}
		for i := range sq.r {
			if rng.IntN(3) == 0 {
				sq.r[i] = 1
			}
		}
		for _, vertical := range []bool{true, false} {
			ink := sq.quarterInk(vertical)
			for _, tc := range []struct {
				lo, hi int
				ks     []int
			}{
				{0, n, []int{0, 1, 2, 3}},
				{0, n / 2, []int{0, 1}},
				{n / 2, n, []int{2, 3}},
				{0, n / 4, []int{0}},
				{n / 4, 2 * n / 4, []int{1}},
				{2 * n / 4, 3 * n / 4, []int{2}},
				{3 * n / 4, n, []int{3}},
			} {
				want := sq.profile(vertical, tc.lo, tc.hi)
				got := inkShare(&ink, tc.hi-tc.lo, tc.ks...)
				if !slices.Equal(got, want) {
					t.Errorf("n=%d vertical=%v rows %d-%d: %v, want %v", n, vertical, tc.lo, tc.hi, got, want)
				}
			}
		}
	}
}

// TestLabelComponents checks label's components against a flood fill of
// every pixel's eight neighbours, on random maps of every density from
// specks to a map nearly all ink: the same labels (numbered in the order
// of their first pixels), sizes and boxes, and each component's hull made
// of its pixels row by row.
func TestLabelComponents(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 23))
	for i := range 60 {
		w, h := 1+rng.IntN(40), 1+rng.IntN(40)
		b := &binImg{w: w, h: h, pix: make([]uint8, w*h)}
		density := float64(i%10) / 10
		for p := range b.pix {
			if rng.Float64() < density {
				b.pix[p] = 1
			}
		}
		want, wantComps := floodLabel(b)
		runs, comps := label(b)
		if !slices.Equal(comps, wantComps) {
			t.Fatalf("map %d (%dx%d): components\n%v, want\n%v", i, w, h, comps, wantComps)
		}
		for _, c := range comps {
			var pts []Point
			for y := c.minY; y <= c.maxY; y++ {
				l, r := -1, -1
				for x := c.minX; x <= c.maxX; x++ {
					if want[y*w+x] == c.label {
						if l < 0 {
							l = x
						}
						r = x
					}
				}
				if l >= 0 {
					pts = append(pts, Point{float64(l), float64(y)}, Point{float64(r) + 1, float64(y)},
						Point{float64(l), float64(y) + 1}, Point{float64(r) + 1, float64(y) + 1})
				}
			}
			if got, want := componentHull(runs, c), convexHull(pts); !slices.Equal(got, want) {
				t.Fatalf("map %d, component %d: hull %v, want %v", i, c.label, got, want)
			}
		}
	}
}

// floodLabel labels the 8-connected components of b's ink by a flood
// fill from each pixel not yet labelled, row by row: what label computes.
func floodLabel(b *binImg) ([]int32, []component) {
	labels := make([]int32, b.w*b.h)
	var comps []component
	for start, v := range b.pix {
		if v == 0 || labels[start] != 0 {
			continue
		}
		id := int32(len(comps) + 1)
		c := component{label: id, minX: b.w, minY: b.h, maxX: -1, maxY: -1}
		labels[start] = id
		stack := []int{start}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%b.w, p/b.w
			c.n++
			c.minX, c.maxX = min(c.minX, x), max(c.maxX, x)
			c.minY, c.maxY = min(c.minY, y), max(c.maxY, y)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= b.w || yy >= b.h {
						continue
					}
					if q := yy*b.w + xx; b.pix[q] != 0 && labels[q] == 0 {
						labels[q] = id
						stack = append(stack, q)
					}
				}
			}
		}
		comps = append(comps, c)
	}
	return labels, comps
}

// TestRowProductsAreApply checks the samplings that make h's products once
// a column and once a row (newLatticeView, latticeSquare.sample) against
// h.apply of every point, bit for bit: a newspaper photo's views and maps
// of ink of every byte value, through quads inside the picture, over its
// edges and nearly flat.
func TestRowProductsAreApply(t *testing.T) {
	g := benchGray(t)
	rng := rand.New(rand.NewPCG(5, 9))
	bw, bh := g.Rect.Dx(), g.Rect.Dy()
	b := &binImg{w: bw, h: bh, pix: make([]uint8, bw*bh)}
	for i := range b.pix {
		if rng.IntN(4) == 0 {
			b.pix[i] = uint8(1 + rng.IntN(255))
		}
	}
	quads := []Quad{{{60, 40}, {560, 30}, {580, 450}, {50, 460}}, {{-200, -100}, {900, 20}, {700, 800}, {-50, 600}}, {{0, 0}, {300, 1}, {600, 2.5}, {10, 400}}}
	for range 20 {
		var q Quad
		for i := range q {
			q[i] = Point{rng.Float64()*900 - 150, rng.Float64()*700 - 120}
		}
		quads = append(quads, q)
	}
	for i, q := range quads {
		h, ok := squareToQuad(q)
		if !ok {
			continue
		}
		v, _ := newLatticeView(g, q)
		for y := range qSide {
			for x := range qSide {
				px, py := h.apply(centre(x-qMargin)/(9*qCell), centre(y-qMargin)/(9*qCell))
				if want := float64(grayAt(g, px, py)); v.pix[y*qSide+x] != want {
					t.Fatalf("quad %d: view pixel (%d, %d) %v, want %v", i, x, y, v.pix[y*qSide+x], want)
				}
			}
		}
		for _, rad := range []int{0, 1, 2} {
			sq := latticeSquare{n: 101, m: 0.15}
			sq.sample(b, &h, rad)
			for y := range sq.n {
				for x := range sq.n {
					var want uint8
					px, py := h.apply(sq.toUV(centre(x)), sq.toUV(centre(y)))
					if !math.IsNaN(px) && b.near(int(math.Floor(px)), int(math.Floor(py)), rad) {
						want = 1
					}
					if got := sq.r[y*sq.n+x]; got != want {
						t.Fatalf("quad %d, radius %d: sample (%d, %d) %d, want %d", i, rad, x, y, got, want)
					}
				}
			}
		}
	}
}

// TestWindowSums checks windowSums against the sums of every window
// counted pixel by pixel, on random pictures with a stride wider than the
// picture, for radii from 0 to beyond the picture's size.
func TestWindowSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, size := range [][2]int{{1, 1}, {7, 3}, {3, 9}, {23, 17}} {
		w, h := size[0], size[1]
		g := &image.Gray{Pix: make([]uint8, (w+3)*h), Stride: w + 3, Rect: image.Rect(0, 0, w, h)}
		for i := range g.Pix {
			g.Pix[i] = uint8(rng.IntN(256))
		}
		for _, r := range []int{0, 1, 2, 5, 30} {
			rows := 0
			windowSums(g, r, func(y, y0, y1 int, sums []int64) {
				if y != rows || y0 != max(0, y-r) || y1 != min(h, y+r+1) {
					t.Fatalf("%dx%d r=%d: row %d (rows %d-%d) after %d rows", w, h, r, y, y0, y1, rows)
				}
				rows++
				for x := range w {
					var want int64
					for yy := y0; yy < y1; yy++ {
						for xx := max(0, x-r); xx < min(w, x+r+1); xx++ {
							want += int64(g.Pix[yy*g.Stride+xx])
						}
					}
					if sums[x] != want {
						t.Fatalf("%dx%d r=%d: sum at (%d,%d) %d, want %d", w, h, r, x, y, sums[x], want)
					}
				}
			})
			if rows != h {
				t.Fatalf("%dx%d r=%d: %d rows, want %d", w, h, r, rows, h)
			}
		}
	}
}
