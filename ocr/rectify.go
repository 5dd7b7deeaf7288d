package ocr

import "math"

// homography is a 3x3 projective transform, row-major, mapping (u, v) to
// ((m0 u + m1 v + m2) / w, (m3 u + m4 v + m5) / w) with w = m6 u + m7 v + m8.
type homography [9]float64

// apply maps (u, v) through h.
func (h *homography) apply(u, v float64) (float64, float64) {
	w := h[6]*u + h[7]*v + h[8]
	if w == 0 {
		return math.NaN(), math.NaN()
	}
	return (h[0]*u + h[1]*v + h[2]) / w, (h[3]*u + h[4]*v + h[5]) / w
}

// squareToQuad returns the homography taking the unit square's corners
// (0,0), (1,0), (1,1), (0,1) to q's corners in order. It reports false for a
// degenerate quadrilateral.
func squareToQuad(q Quad) (homography, bool) {
	x0, y0 := q[0].X, q[0].Y
	x1, y1 := q[1].X, q[1].Y
	x2, y2 := q[2].X, q[2].Y
	x3, y3 := q[3].X, q[3].Y
	dx1, dy1 := x1-x2, y1-y2
	dx2, dy2 := x3-x2, y3-y2
	dx3, dy3 := x0-x1+x2-x3, y0-y1+y2-y3
	den := dx1*dy2 - dx2*dy1
	if den == 0 || math.IsNaN(den) || math.IsInf(den, 0) {
		return homography{}, false
	}
	g := (dx3*dy2 - dx2*dy3) / den
	hh := (dx1*dy3 - dx3*dy1) / den
	m := homography{
		x1 - x0 + g*x1, x3 - x0 + hh*x3, x0,
		y1 - y0 + g*y1, y3 - y0 + hh*y3, y0,
		g, hh, 1,
	}
	det := m.det()
	if math.Abs(det) < 1e-12 || math.IsNaN(det) {
		return homography{}, false
	}
	return m, true
}

func (h *homography) det() float64 {
	return h[0]*(h[4]*h[8]-h[5]*h[7]) - h[1]*(h[3]*h[8]-h[5]*h[6]) + h[2]*(h[3]*h[7]-h[4]*h[6])
}

// inverse returns the inverse transform of h.
func (h *homography) inverse() (homography, bool) {
	d := h.det()
	if d == 0 || math.IsNaN(d) {
		return homography{}, false
	}
	m := homography{
		h[4]*h[8] - h[5]*h[7], h[2]*h[7] - h[1]*h[8], h[1]*h[5] - h[2]*h[4],
		h[5]*h[6] - h[3]*h[8], h[0]*h[8] - h[2]*h[6], h[2]*h[3] - h[0]*h[5],
		h[3]*h[7] - h[4]*h[6], h[1]*h[6] - h[0]*h[7], h[0]*h[4] - h[1]*h[3],
	}
	for i := range m {
		m[i] /= d
	}
	return m, true
}
