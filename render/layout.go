package render

import (
	"image"
	"math"
)

// layout is the geometry of a picture: where the grid, its lines and its
// cells are. Cell boundaries fall on whole pixels, so lines are crisp.
type layout struct {
	n, box      int // cells and box cells per side
	size        int // picture side in pixels
	x0, y0      int // top-left corner of the grid (outer boundary line's centre)
	cell        int // distance between cell boundaries
	thin, thick int // line widths
	label       int // width of the label margin, 0 without labels
}

func newLayout(n, box, size int, labels bool) layout {
	l := layout{n: n, box: box, size: size}
	f := float64(size)
	l.thick = max(2, int(math.Round(f*0.0065)))
	l.thin = max(1, int(math.Round(f*0.0022)))
	pad := max(l.thick, int(math.Round(f*0.022)))
	if labels {
		l.label = int(math.Round(f * 0.045))
	}
	avail := size - 2*pad - l.label
	l.cell = avail / n
	extra := avail - l.cell*n
	l.x0 = pad + l.label + extra/2
	l.y0 = l.x0
	return l
}

// bound returns the position of boundary line i (0 to n) along an axis
// starting at o.
func (l layout) bound(o, i int) int { return o + i*l.cell }

// width returns the width of boundary line i.
func (l layout) width(i int) int {
	if i%l.box == 0 {
		return l.thick
	}
	return l.thin
}

// cellRect returns the whole area of cell (r, c), lines included.
func (l layout) cellRect(r, c int) image.Rectangle {
	return image.Rect(l.bound(l.x0, c), l.bound(l.y0, r), l.bound(l.x0, c+1), l.bound(l.y0, r+1))
}

// interior returns the visible part of cell (r, c) between its lines.
func (l layout) interior(r, c int) image.Rectangle {
	return image.Rect(
		l.bound(l.x0, c)+l.width(c)-l.width(c)/2,
		l.bound(l.y0, r)+l.width(r)-l.width(r)/2,
		l.bound(l.x0, c+1)-l.width(c+1)/2,
		l.bound(l.y0, r+1)-l.width(r+1)/2,
	)
}

// lineRect returns the rectangle of boundary line i, vertical when vert is
// true. Thick lines reach over the corners so that the border closes.
func (l layout) lineRect(i int, vert bool) image.Rectangle {
	w := l.width(i)
	a := l.bound(l.x0, i) - w/2
	lo, hi := l.y0, l.bound(l.y0, l.n)
	if w == l.thick {
		lo, hi = lo-l.thick/2, hi+l.thick-l.thick/2
	}
	if vert {
		return image.Rect(a, lo, a+w, hi)
	}
	return image.Rect(lo, a, hi, a+w)
}

// markCentre returns the centre of the pencil mark of digit d in cell
// (r, c): the digits sit in a box x box layout, 1 at the top left.
func (l layout) markCentre(r, c, d int) pt {
	in := l.interior(r, c)
	inset := float64(l.cell) * 0.03
	subX := (float64(in.Dx()) - 2*inset) / float64(l.box)
	subY := (float64(in.Dy()) - 2*inset) / float64(l.box)
	i := d - 1
	return pt{
		float64(in.Min.X) + inset + (float64(i%l.box)+0.5)*subX,
		float64(in.Min.Y) + inset + (float64(i/l.box)+0.5)*subY,
	}
}

// markPitch returns the smallest distance between two pencil marks.
func (l layout) markPitch() float64 {
	inner := float64(l.cell-l.thick) - 2*float64(l.cell)*0.03
	return inner / float64(l.box)
}
