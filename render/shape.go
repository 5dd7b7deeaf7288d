package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point in picture coordinates, in pixels.
type pt struct{ x, y float64 }

func (p pt) add(q pt) pt         { return pt{p.x + q.x, p.y + q.y} }
func (p pt) sub(q pt) pt         { return pt{p.x - q.x, p.y - q.y} }
func (p pt) mul(k float64) pt    { return pt{p.x * k, p.y * k} }
func (p pt) len() float64        { return math.Hypot(p.x, p.y) }
func (p pt) perp() pt            { return pt{-p.y, p.x} }
func (p pt) unit() pt            { return p.mul(1 / max(p.len(), 1e-9)) }
func lerp(p, q pt, t float64) pt { return p.add(q.sub(p).mul(t)) }
func dist(p, q pt) float64       { return q.sub(p).len() }
func mid(p, q pt) pt             { return lerp(p, q, 0.5) }
func rectCenter(r image.Rectangle) pt {
	return pt{float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2}
}

// shape is a set of polygons filled together with anti-aliasing: where
// polygons of the same orientation overlap the paint does not double, and a
// polygon of the opposite orientation cuts a hole.
type shape struct {
	polys [][]pt
}

// poly adds a polygon, turned counter-clockwise (on screen) when hole is
// false and clockwise when it is true, so that overlaps never cancel.
func (s *shape) poly(p []pt, hole bool) {
	if len(p) < 3 {
		return
	}
	if (area(p) < 0) != hole {
		q := make([]pt, len(p))
		for i := range p {
			q[i] = p[len(p)-1-i]
		}
		p = q
	}
	s.polys = append(s.polys, p)
}

// area returns twice the signed area of p, positive for the orientation
// poly uses for filled polygons.
func area(p []pt) float64 {
	a := 0.0
	for i := range p {
		q, r := p[i], p[(i+1)%len(p)]
		a += q.x*r.y - r.x*q.y
	}
	return a
}

// circle returns a polygon approximating the circle of centre c, radius r.
func circle(c pt, r float64) []pt {
	n := max(24, int(r*1.5))
	p := make([]pt, n)
	for i := range p {
		a := 2 * math.Pi * float64(i) / float64(n)
		p[i] = pt{c.x + r*math.Cos(a), c.y + r*math.Sin(a)}
	}
	return p
}

// disc adds a filled circle.
func (s *shape) disc(c pt, r float64) { s.poly(circle(c, r), false) }

// ring adds a circular ring whose stroke of width w is centred on radius r.
func (s *shape) ring(c pt, r, w float64) {
	s.poly(circle(c, r+w/2), false)
	s.poly(circle(c, r-w/2), true)
}

// segment adds a straight stroke of width w from a to b, with flat ends.
func (s *shape) segment(a, b pt, w float64) {
	d := b.sub(a)
	if d.len() < 1e-6 {
		return
	}
	n := d.unit().perp().mul(w / 2)
	s.poly([]pt{a.add(n), b.add(n), b.sub(n), a.sub(n)}, false)
}

// polyline adds a stroke of width w along pts, with round joins.
func (s *shape) polyline(pts []pt, w float64) {
	for i := 1; i < len(pts); i++ {
		s.segment(pts[i-1], pts[i], w)
		if i < len(pts)-1 {
			s.disc(pts[i], w/2)
		}
	}
}

// dashed adds a dashed stroke along pts: dashes of length on, gaps of
// length off, starting and ending with a dash.
func (s *shape) dashed(pts []pt, w, on, off float64) {
	total := 0.0
	for i := 1; i < len(pts); i++ {
		total += dist(pts[i-1], pts[i])
	}
	if total <= on {
		s.polyline(pts, w)
		return
	}
	// Stretch the gaps so that the stroke ends on a whole dash.
	n := math.Max(1, math.Round((total-on)/(on+off)))
	period := (total - on) / n
	on = math.Min(on, period*0.6)
	for start := 0.0; start < total-1e-6; start += period {
		s.polyline(subpath(pts, start, math.Min(start+on, total)), w)
	}
}

// subpath returns the part of the polyline pts between arc lengths from
// and to.
func subpath(pts []pt, from, to float64) []pt {
	var out []pt
	pos := 0.0
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		l := dist(a, b)
		if l == 0 {
			continue
		}
		s0, s1 := math.Max(from, pos), math.Min(to, pos+l)
		if s0 < s1 {
			p0 := lerp(a, b, (s0-pos)/l)
			if len(out) == 0 {
				out = append(out, p0)
			}
			out = append(out, lerp(a, b, (s1-pos)/l))
		}
		pos += l
	}
	return out
}

// quadCurve returns n+1 points along the quadratic Bézier curve a, c, b.
func quadCurve(a, c, b pt, n int) []pt {
	out := make([]pt, n+1)
	for i := range out {
		t := float64(i) / float64(n)
		out[i] = lerp(lerp(a, c, t), lerp(c, b, t), t)
	}
	return out
}

// fill paints the shape onto dst in colour c, clipped to dst's bounds.
func (s *shape) fill(dst *canvas, c color.RGBA) {
	if len(s.polys) == 0 {
		return
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range s.polys {
		for _, q := range p {
			minX, minY = math.Min(minX, q.x), math.Min(minY, q.y)
			maxX, maxY = math.Max(maxX, q.x), math.Max(maxY, q.y)
		}
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1)
	box = box.Intersect(dst.img.Rect)
	if box.Empty() {
		return
	}
	// The rasterizer works in integers up to 512 pixels a side and in
	// floating point, with CPU-specific code, beyond: tiles keep every
	// shape on the integer path, so pictures are the same bytes on every
	// machine.
	mask := image.NewAlpha(box)
	var z vector.Rasterizer
	for ty := box.Min.Y; ty < box.Max.Y; ty += maxTile {
		for tx := box.Min.X; tx < box.Max.X; tx += maxTile {
			tile := image.Rect(tx, ty, min(tx+maxTile, box.Max.X), min(ty+maxTile, box.Max.Y))
			z.Reset(tile.Dx(), tile.Dy())
			ox, oy := float64(tile.Min.X), float64(tile.Min.Y)
			for _, p := range s.polys {
				z.MoveTo(float32(p[0].x-ox), float32(p[0].y-oy))
				for _, q := range p[1:] {
					z.LineTo(float32(q.x-ox), float32(q.y-oy))
				}
				z.ClosePath()
			}
			z.DrawOp = draw.Src
			z.Draw(mask, tile, image.Opaque, image.Point{})
		}
	}
	quantize(mask.Pix, shapeLevels)
	dst.paint(mask, image.Point{}, c)
}

// maxTile is the largest side the rasterizer handles in integer
// arithmetic (golang.org/x/image/vector's floatingPointMathThreshold).
const maxTile = 512

// The number of steps of anti-aliasing, from transparent to opaque, of
// glyphs and of shapes. Rounding coverage to a few levels instead of 256 is
// invisible at these sizes and bounds the number of colours in a picture,
// so that it fits the 256 colours of a paletted PNG: each pair of colours
// that touch adds at most levels-2 blends. Shapes (arrows, rings, discs)
// get fewer levels because they lie over more different colours.
const (
	glyphLevels = 17
	shapeLevels = 9
)

// quantize rounds coverage values to the given number of evenly spaced
// levels, 0 and 255 included.
func quantize(pix []uint8, levels int) {
	k := levels - 1
	for i, a := range pix {
		q := (int(a)*k + 127) / 255
		pix[i] = uint8((q*255 + k/2) / k)
	}
}
