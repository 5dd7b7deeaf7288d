package ocr

import "image"

// findCellLines returns the 10 vertical (xs) and 10 horizontal (ys) grid
// line positions of a rectified grid. The outer lines are the image edges;
// each inner line is the darkest column (row) of the projection profile
// within a window around where an even split puts it, kept only when it
// stands out from its surroundings.
func findCellLines(g *image.Gray) (xs, ys [10]int) {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	colInk := make([]float64, w)
	rowInk := make([]float64, h)
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, p := range row {
			d := float64(255 - p)
			colInk[x] += d
			rowInk[y] += d
		}
	}
	return pickLines(colInk), pickLines(rowInk)
}

// pickLines chooses 10 line positions in a darkness profile of length n.
func pickLines(ink []float64) [10]int {
	n := len(ink)
	var pos [10]int
	for i := range pos {
		pos[i] = i * n / 9
	}
	if n < 36 {
		return pos
	}
	cell := float64(n) / 9
	win := int(cell * 0.22)
	for i := 1; i < 9; i++ {
		want := pos[i]
		best, bestV := want, -1.0
		for x := max(1, want-win); x <= min(n-2, want+win); x++ {
			// Favour lines near the expected place a little.
			v := ink[x] * (1 - 0.3*float64(abs(x-want))/float64(win+1))
			if v > bestV {
				best, bestV = x, v
			}
		}
		// The line must be clearly darker than the cell interiors around it.
		lo := max(0, want-int(cell*0.5))
		hi := min(n-1, want+int(cell*0.5))
		mean := 0.0
		for x := lo; x <= hi; x++ {
			mean += ink[x]
		}
		mean /= float64(hi - lo + 1)
		if ink[best] > 1.3*mean {
			pos[i] = best
		}
	}
	return pos
}

// cellBox returns the box between lines x0..x1 and y0..y1, inset to leave
// the grid lines out, clipped to the grid.
func cellBox(x0, x1, y0, y1, size int) image.Rectangle {
	iw := max(1, (x1-x0)*8/100)
	ih := max(1, (y1-y0)*8/100)
	r := image.Rect(x0+iw, y0+ih, x1-iw+1, y1-ih+1)
	r = r.Intersect(image.Rect(0, 0, size, size))
	if r.Empty() {
		return image.Rect(x0, y0, max(x0+1, x1), max(y0+1, y1)).Intersect(image.Rect(0, 0, size, size))
	}
	return r
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
