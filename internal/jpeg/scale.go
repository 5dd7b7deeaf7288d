package jpeg

import (
	"image"
	"io"
	"math"
)

// DecodeScaled reads a JPEG image from r and returns it shrunk by the
// factor scale, which is 1, 2, 4 or 8, in the DCT domain: each 8x8 block
// is transformed back by an inverse DCT of its lowest 8/scale x 8/scale
// coefficients, as libjpeg's scaled decoding does, which costs a fraction
// of a full decode and gives each pixel the mean of the block's area it
// stands for (the basis functions sampled at the area's centre). The
// result is ceil(width/scale) x ceil(height/scale) pixels. Any other scale
// is an error.
func DecodeScaled(r io.Reader, scale int) (image.Image, error) {
	var d decoder
	switch scale {
	case 1, 2, 4, 8:
		d.scale = scale
	default:
		return nil, UnsupportedError("scale must be 1, 2, 4 or 8")
	}
	return d.decode(r, false)
}

// side returns the side in pixels of one decoded block: 8 divided by the
// scale (8 when no scale was asked for).
func (d *decoder) side() int {
	if d.scale <= 1 {
		return 8
	}
	return 8 / d.scale
}

// scaledBounds returns the bounds of the decoded image: the picture's size
// divided by the scale, rounded up.
func (d *decoder) scaledBounds() image.Rectangle {
	s := max(d.scale, 1)
	return image.Rect(0, 0, (d.width+s-1)/s, (d.height+s-1)/s)
}

// zigOf maps the natural ordering of a block to the zig-zag ordering: the
// inverse of unzig.
var zigOf = func() (z [blockSize]int) {
	for zig, nat := range unzig {
		z[nat] = zig
	}
	return z
}()

// The constants of the 4-point inverse DCT with the 8-point transform's
// normalisation, in units of 1/4096: C(u)/2 * cos(uπ/8) for the terms the
// transform needs (C(0) = 1/√2, else 1).
var (
	idct4a  = fix12(1 / (2 * math.Sqrt2))      // the DC term
	idct4e  = fix12(math.Sqrt2 / 4)            // cos(2π/8)/2
	idct4c1 = fix12(math.Cos(math.Pi/8) / 2)   // cos(π/8)/2
	idct4c3 = fix12(math.Cos(3*math.Pi/8) / 2) // cos(3π/8)/2
)

// fix12 returns f in units of 1/4096, rounded.
func fix12(f float64) int { return int(math.Round(f * 4096)) }

// reducedIDCT writes into dst (rows stride apart) the k x k pixels (k = 1,
// 2 or 4) of the quantized block b, from its lowest k x k coefficients
// dequantized by qt: the inverse DCT of those coefficients, which samples
// the block's 8-point basis functions at the centres of k x k equal parts.
func reducedIDCT(b, qt *block, k int, dst []byte, stride int) {
	dq := func(v, u int) int { return int(b[v*8+u]) * int(qt[zigOf[v*8+u]]) }
	switch k {
	case 1:
		dst[0] = level(int32(roundShift(dq(0, 0), 3)))
	case 2:
		f00, f01, f10, f11 := dq(0, 0), dq(0, 1), dq(1, 0), dq(1, 1)
		dst[0] = level(int32(roundShift(f00+f01+f10+f11, 3)))
		dst[1] = level(int32(roundShift(f00-f01+f10-f11, 3)))
		dst[stride] = level(int32(roundShift(f00+f01-f10-f11, 3)))
		dst[stride+1] = level(int32(roundShift(f00-f01-f10+f11, 3)))
	case 4:
		var rows [16]int // rows[v*4+x], in units of 1/4096
		for v := range 4 {
			idct4(&rows, v*4, 1, dq(v, 0), dq(v, 1), dq(v, 2), dq(v, 3))
		}
		var out [16]int // out[y*4+x], in units of 1/4096²
		for x := range 4 {
			idct4(&out, x, 4, rows[x], rows[4+x], rows[8+x], rows[12+x])
		}
		for y := range 4 {
			for x := range 4 {
				dst[y*stride+x] = level(int32(roundShift(out[y*4+x], 24)))
			}
		}
	}
}

// idct4 writes the 4-point inverse DCT of f0..f3, times 4096, to
// out[at], out[at+step], out[at+2*step] and out[at+3*step].
func idct4(out *[16]int, at, step, f0, f1, f2, f3 int) {
	e0, e1 := idct4a*f0+idct4e*f2, idct4a*f0-idct4e*f2
	o0, o1 := idct4c1*f1+idct4c3*f3, idct4c3*f1-idct4c1*f3
	out[at] = e0 + o0
	out[at+step] = e1 + o1
	out[at+2*step] = e1 - o1
	out[at+3*step] = e0 - o0
}

// roundShift returns a / 2^n rounded to the nearest integer.
func roundShift(a int, n uint) int {
	return (a + 1<<(n-1)) >> n
}

// onlyDC reports whether, of the lowest k x k coefficients of the block b
// (the ones a block decoded to k x k pixels reads), all but the DC term
// are zero: a flat block, whose pixels are all the same.
func onlyDC(b *block, k int) bool {
	for _, c := range b[1:k] {
		if c != 0 {
			return false
		}
	}
	for v := 1; v < k; v++ {
		for _, c := range b[v*8 : v*8+k] {
			if c != 0 {
				return false
			}
		}
	}
	return true
}

// flatLevel returns the pixel of a flat block b, dequantized by qt and
// decoded to k x k pixels: what the inverse DCT (idct for k = 8, else
// reducedIDCT) gives each of its pixels, by the same operations on the
// same integer types, so the same value bit for bit, overflow included.
func flatLevel(b, qt *block, k int) uint8 {
	if k < 8 {
		dc := int(b[0]) * int(qt[0])
		if k == 4 {
			// idct4 of each row leaves idct4a*dc in row 0 and zeros
			// below; idct4 of each column then gives idct4a*idct4a*dc
			// everywhere.
			return level(int32(roundShift(idct4a*(idct4a*dc), 24)))
		}
		// reducedIDCT's sums with the other terms zero.
		return level(int32(roundShift(dc, 3)))
	}
	// reconstructBlock dequantizes in int32; idctRows turns row 0 into
	// eight copies of dc<<17 (every butterfly adds or subtracts zero) and
	// leaves the zero rows zero; idctCols then adds the rounding half to
	// each column's first value, and its butterflies and shifts give each
	// pixel that value >>2 >>18.
	x := (b[0] * qt[0]) << 17
	x += 1 << 19
	x >>= 2
	x >>= 18
	return level(x)
}

// fillFlat writes the k x k pixels of a flat block, all p, into dst (rows
// stride apart).
func fillFlat(dst []byte, stride, k int, p uint8) {
	for y := range k {
		row := dst[y*stride : y*stride+k]
		for x := range row {
			row[x] = p
		}
	}
}
