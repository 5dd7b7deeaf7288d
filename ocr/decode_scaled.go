package ocr

import (
	"image"
	"image/color"
)

// maxScaledFactor bounds the JPEG photos decoded at a reduced scale: up to
// this many times the pixel limit (DecodeLimits.MaxPixels), 120 megapixels
// at the default limit of 40, above the 108 of today's largest phone
// cameras. A larger image is refused as before.
const maxScaledFactor = 3

// scaleFor returns the factor by which a JPEG of w x h pixels over the
// pixel limit is decoded: the smallest whole factor that brings it within
// maxPixels, or 0 when the image is too large to decode even so.
func scaleFor(format string, w, h, maxPixels int) int {
	if format != "jpeg" || int64(w)*int64(h) > int64(maxPixels)*maxScaledFactor {
		return 0
	}
	for s := 2; ; s++ {
		if int64(w/s)*int64(h/s) <= int64(maxPixels) {
			return s
		}
	}
}

// reduce returns img shrunk by the whole factor s, each pixel the mean of
// an s x s block (the last row and column of blocks may be cut short).
// A JPEG's YCbCr image is shrunk plane by plane and stays YCbCr; any other
// image becomes RGBA.
func reduce(img image.Image, s int) image.Image {
	if s <= 1 {
		return img
	}
	if y, ok := img.(*image.YCbCr); ok {
		return reduceYCbCr(y, s)
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/s, b.Dy()/s))
	for oy := range out.Rect.Dy() {
		for ox := range out.Rect.Dx() {
			var r, g, bl, a uint32
			for y := b.Min.Y + oy*s; y < b.Min.Y+oy*s+s; y++ {
				for x := b.Min.X + ox*s; x < b.Min.X+ox*s+s; x++ {
					cr, cg, cb, ca := img.At(x, y).RGBA()
					r, g, bl, a = r+cr, g+cg, bl+cb, a+ca
				}
			}
			n := uint32(s * s * 257)
			out.SetRGBA(ox, oy, color.RGBA{uint8(r / n), uint8(g / n), uint8(bl / n), uint8(a / n)})
		}
	}
	return out
}

// reduceYCbCr shrinks each plane of y by the factor s.
func reduceYCbCr(y *image.YCbCr, s int) *image.YCbCr {
	w, h := y.Rect.Dx()/s, y.Rect.Dy()/s
	out := image.NewYCbCr(image.Rect(0, 0, w, h), y.SubsampleRatio)
	shrinkPlane(out.Y, out.YStride, w, h, y.Y[y.YOffset(y.Rect.Min.X, y.Rect.Min.Y):], y.YStride, s)
	cw, ch := chromaSize(out)
	ci := y.COffset(y.Rect.Min.X, y.Rect.Min.Y)
	shrinkPlane(out.Cb, out.CStride, cw, ch, y.Cb[ci:], y.CStride, s)
	shrinkPlane(out.Cr, out.CStride, cw, ch, y.Cr[ci:], y.CStride, s)
	return out
}

// chromaSize returns the size of the chroma planes of y.
func chromaSize(y *image.YCbCr) (int, int) {
	if y.CStride == 0 {
		return 0, 0
	}
	return y.CStride, len(y.Cb) / y.CStride
}

// shrinkPlane writes into dst (w x h bytes, rows stride dstStride apart)
// the means of the s x s blocks of src, whose rows are srcStride apart.
// Blocks that would read past src are cut short.
func shrinkPlane(dst []byte, dstStride, w, h int, src []byte, srcStride, s int) {
	for oy := range h {
		for ox := range w {
			sum, n := 0, 0
			for y := oy * s; y < oy*s+s; y++ {
				row := y * srcStride
				for x := ox * s; x < ox*s+s && x < srcStride; x++ {
					if i := row + x; i < len(src) {
						sum += int(src[i])
						n++
					}
				}
			}
			if n > 0 {
				dst[oy*dstStride+ox] = byte((sum + n/2) / n)
			}
		}
	}
}
