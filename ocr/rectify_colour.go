package ocr

import (
	"image"
	"image/color"
	"math"
	"slices"
)

// A picture's gray levels lose the difference between colours of one
// brightness: a light green digit on a lilac highlight, dark blue on a
// dark board. A person reads those by their colour, so for a picture in
// colour the rectified grid is measured as each pixel's distance in colour
// from its cell's own background instead (colourContrast): ink of any
// colour comes out dark on white, whatever the highlight behind it. Gray
// pictures (most photos of newspapers) keep their gray levels.

// colourfulShare is the share of a grid's pixels that must be clearly
// coloured (chroma above colourfulChroma) for the grid to be read by
// colour distance.
const (
	colourfulShare  = 0.005
	colourfulChroma = 48
)

// maxColourSamples is the most samples each way colourContrast averages
// per pixel: colour needs less detail than the gray levels the cells are
// cut from.
const maxColourSamples = 2

// colourContrast returns the grid of img whose corners are q, rectified to
// size x size, as the distance in colour of each pixel from its cell's
// background (the median colour of the cell's middle): 255 for the
// background, darker the further a pixel's colour is from it. For a grid
// of dark print (inverted false) a pixel brighter than its background
// counts by its difference in hue alone, and the other way round for
// light print on a dark board, so that a glare or a shadow is not read as
// ink. Each pixel's colour is first divided by the share of the light
// that falls on it (light, as lightField returns it for the square; nil
// for even light), so that a shadow is not read as ink either. It returns
// nil for a picture without colour, which is read from its gray levels.
func colourContrast(img image.Image, q Quad, size int, inverted bool, light []float32) *image.Gray {
	h, ok := squareToQuad(q)
	if !ok || size <= 0 {
		return nil
	}
	at := colourAt(img)
	if at == nil || !colourful(h, at) {
		return nil
	}
	// The grid in colour: ss x ss samples a pixel when it is larger in
	// the picture than the square (at most 2: colour needs less detail
	// than the gray levels the cells are cut from).
	side := q.longestSide()
	ss := int(max(1, min(maxColourSamples, math.Round(side/float64(size)))))
	rgb := make([][3]float32, size*size)
	inv := 1 / float64(size*ss)
	// The rows are sampled, and the cells measured, side by side on the
	// machine's cores: each pixel comes out the same whichever row band or
	// cell it is in.
	eachRow(size, func(y int) {
		for x := range size {
			var sum [3]float32
			for sy := range ss {
				v := centre(y*ss+sy) * inv
				for sx := range ss {
					px, py := h.apply(centre(x*ss+sx)*inv, v)
					c := at(px, py)
					sum[0], sum[1], sum[2] = sum[0]+c[0], sum[1]+c[1], sum[2]+c[2]
				}
			}
			n := float32(ss * ss)
			if light != nil {
				n *= light[y*size+x]
			}
			rgb[y*size+x] = [3]float32{sum[0] / n, sum[1] / n, sum[2] / n}
		}
	})
	out := image.NewGray(image.Rect(0, 0, size, size))
	eachAtOnce(81, func(cell int) {
		cx, cy := cell%9, cell/9
		x0, x1 := cx*size/9, (cx+1)*size/9
		y0, y1 := cy*size/9, (cy+1)*size/9
		paper := medianColour(rgb, size, x0, y0, x1, y1)
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				out.Pix[y*out.Stride+x] = uint8(255 - min(255, colourDistance(rgb[y*size+x], paper, inverted)))
			}
		}
	})
	return out
}

// colourful reports whether the grid mapped by h holds clearly coloured
// pixels: a sample of 64 x 64 points.
func colourful(h homography, at func(x, y float64) [3]float32) bool {
	const n = 64
	coloured := 0
	for y := range n {
		for x := range n {
			c := at(h.apply(centre(x)/n, centre(y)/n))
			if max(c[0], c[1], c[2])-min(c[0], c[1], c[2]) > colourfulChroma {
				coloured++
			}
		}
	}
	return float64(coloured) > colourfulShare*n*n
}

// medianColour is the per-channel median colour of the box x0, y0, x1,
// y1 of rgb (a plane of side size) but for its edges, where grid lines
// run: the cell's background, as even a bold digit covers less than half
// of a cell.
func medianColour(rgb [][3]float32, size, x0, y0, x1, y1 int) [3]float32 {
	mx, my := (x1-x0)/12, (y1-y0)/12
	n := max(0, x1-x0-2*mx) * max(0, y1-y0-2*my)
	if n == 0 {
		return [3]float32{}
	}
	vals := make([]float32, n)
	var out [3]float32
	for k := range 3 {
		i := 0
		for y := y0 + my; y < y1-my; y++ {
			for x := x0 + mx; x < x1-mx; x++ {
				vals[i] = rgb[y*size+x][k]
				i++
			}
		}
		out[k] = middle(vals)
	}
	return out
}

// middle returns the value that sorting vals would put at len(vals)/2
// (the upper median), in linear time: the values, 0-255, are counted by
// their whole part, and only those of the whole part where the middle
// falls are sorted. It reorders vals.
func middle(vals []float32) float32 {
	var count [256]int
	level := func(v float32) int { return int(max(0, min(255, v))) }
	for _, v := range vals {
		count[level(v)]++
	}
	rank, l := len(vals)/2, 0
	for ; l < 255 && rank >= count[l]; l++ {
		rank -= count[l]
	}
	same := vals[:0]
	for _, v := range vals {
		if level(v) == l {
			same = append(same, v)
		}
	}
	slices.Sort(same)
	return same[rank]
}

// colourDistance is how far colour c is from the background paper, in
// gray levels: a neutral difference of d levels is d. A pixel brighter
// than the paper on a grid of dark print (darker on a grid of light
// print) counts by its difference in hue alone.
func colourDistance(c, paper [3]float32, inverted bool) float32 {
	d := [3]float32{c[0] - paper[0], c[1] - paper[1], c[2] - paper[2]}
	mean := (d[0] + d[1] + d[2]) / 3
	if (mean > 0) != inverted {
		d = [3]float32{d[0] - mean, d[1] - mean, d[2] - mean}
	}
	return float32(math.Sqrt(float64(d[0]*d[0]+d[1]*d[1]+d[2]*d[2]) / 3))
}

// colourAt returns a function sampling img's colour (0-255 a channel)
// at a point in its pixels (bilinear, clamped at the edges), or nil for a
// gray image.
func colourAt(img image.Image) func(x, y float64) [3]float32 {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w == 0 || h == 0 {
		return nil
	}
	// The four pixels around a point and its weights.
	corners := func(x, y float64) (x0, y0, x1, y1 int, fx, fy float32) {
		if math.IsNaN(x) || math.IsNaN(y) {
			return 0, 0, 0, 0, 0, 0
		}
		x = max(0, min(pixelPos(x, b.Min.X), float64(w-1)))
		y = max(0, min(pixelPos(y, b.Min.Y), float64(h-1)))
		x0, y0 = int(x), int(y)
		return x0, y0, min(x0+1, w-1), min(y0+1, h-1), float32(x - float64(x0)), float32(y - float64(y0))
	}
	mix := func(a, b, c, d [3]float32, fx, fy float32) [3]float32 {
		var out [3]float32
		for k := range 3 {
			out[k] = (a[k]*(1-fx)+b[k]*fx)*(1-fy) + (c[k]*(1-fx)+d[k]*fx)*fy
		}
		return out
	}
	switch m := img.(type) {
	case *image.Gray, *image.Gray16:
		return nil
	case *image.YCbCr:
		px := func(x, y int) [3]float32 {
			yy := m.Y[m.YOffset(b.Min.X+x, b.Min.Y+y)]
			ci := m.COffset(b.Min.X+x, b.Min.Y+y)
			r, g, bl := color.YCbCrToRGB(yy, m.Cb[ci], m.Cr[ci])
			return [3]float32{float32(r), float32(g), float32(bl)}
		}
		return func(x, y float64) [3]float32 {
			x0, y0, x1, y1, fx, fy := corners(x, y)
			return mix(px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1), fx, fy)
		}
	case *image.RGBA:
		px := func(x, y int) [3]float32 {
			p := m.Pix[m.PixOffset(b.Min.X+x, b.Min.Y+y):]
			return [3]float32{float32(p[0]), float32(p[1]), float32(p[2])}
		}
		return func(x, y float64) [3]float32 {
			x0, y0, x1, y1, fx, fy := corners(x, y)
			return mix(px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1), fx, fy)
		}
	default:
		// NRGBA (most PNGs), paletted GIFs and the rest: through the
		// colour model, over white as ToGray composites them.
		px := func(x, y int) [3]float32 {
			r, g, bl, a := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			white := float32(0xffff-a) / 257
			return [3]float32{float32(r)/257 + white, float32(g)/257 + white, float32(bl)/257 + white}
		}
		return func(x, y float64) [3]float32 {
			x0, y0, x1, y1, fx, fy := corners(x, y)
			return mix(px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1), fx, fy)
		}
	}
}
