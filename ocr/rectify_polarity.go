package ocr

import "image"

// Part of stage "rectify" (see rectify.go): the polarity of a rectified
// grid, dark ink on light paper or light print on a dark board. Tested in
// polarity_test.go.

// The rule of lightOnDark. A pixel stands out from its cell's ground (the
// median of its gray levels) when it is polarityMargin gray levels
// brighter or darker (its origin records no measurement). A grid is light
// on dark when its bright pixels outnumber its dark ones more than
// brightOverDark times, and are more than brightShare of its pixels: a
// blank dark picture's specks of noise are not print. Measured on the 1038
// dev and synthetic pictures whose grid is found (all dev folders, eight
// synthetic sets' app screens): ink on paper had at most 0.23 bright
// pixels per dark one, dark boards at least 47, and their fewest bright
// pixels were 1.4% of the grid (small, thin digits on an app's dark
// board), which a share of 2% had read as ink on paper.
const (
	median         = 0.5
	polarityMargin = 48
	brightOverDark = 2
	brightShare    = 0.005
)

// lightOnDark reports whether g looks like light print on a dark ground:
// many more of its pixels stand out above the brightness of the ground
// around them (the median of their cell) than below it. Ink on paper,
// even in dim light or with a shadow across the grid, is the other way
// round.
func lightOnDark(g *image.Gray) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	step := max(1, min(w, h)/200) // a sample is plenty
	const margin = polarityMargin
	bright, dark, n := 0, 0, 0
	for cy := range 9 {
		for cx := range 9 {
			x0, x1, y0, y1 := cx*w/9, (cx+1)*w/9, cy*h/9, (cy+1)*h/9
			var hist [256]int
			m := 0
			for y := y0; y < y1; y += step {
				for x := x0; x < x1; x += step {
					hist[g.Pix[y*g.Stride+x]]++
					m++
				}
			}
			ground := int(percentile(&hist, m, median))
			for v, c := range hist {
				switch {
				case v > ground+margin:
					bright += c
				case v < ground-margin:
					dark += c
				}
			}
			n += m
		}
	}
	return bright > brightOverDark*dark && float64(bright) > brightShare*float64(n)
}
