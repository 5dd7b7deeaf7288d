package ocr

// maxScaledFactor bounds the JPEG photos decoded at a reduced scale: up to
// this many times the pixel limit (DecodeLimits.MaxPixels), 120 megapixels
// at the default limit of 40, above the 108 of today's largest phone
// cameras. A larger image is refused as before.
const maxScaledFactor = 3

// minShortSide is the short side, in pixels, that a JPEG photo keeps when
// it is decoded at a reduced scale to save time: a phone's 12-16 megapixel
// photo is decoded at half its size, a 48-108 megapixel one at a quarter.
// A grid a quarter of the short side across (the grids of the phone photos
// in ../shared/ocr/handwritten-dev span 42-80% of it) is then at least 350
// pixels wide, the size of the smallest grids the 640x480 photos of
// newspaper-dev are read from (349 px).
const minShortSide = 1400

// maxDCTScale is the largest reduction JPEG's DCT scaling gives: a block of
// 8x8 pixels decoded as one.
const maxDCTScale = 8

// scaleFor returns the factor by which an image of w x h pixels is decoded:
// for a JPEG, the largest power of two (at most 8) that keeps its short
// side at minShortSide pixels or more, raised until it brings the image
// within maxPixels; for any other format, 1. It returns 0 for an image too
// large to decode: a JPEG over maxScaledFactor times maxPixels, or another
// format over maxPixels.
func scaleFor(format string, w, h, maxPixels int) int {
	pixels, limit := int64(w)*int64(h), int64(maxPixels)
	switch {
	case format != "jpeg" && pixels <= limit:
		return 1
	case format != "jpeg" || pixels > limit*maxScaledFactor:
		return 0
	}
	s := 1
	for s < maxDCTScale && min(w, h)/(2*s) >= minShortSide {
		s *= 2
	}
	for s < maxDCTScale && pixels/int64(s*s) > limit {
		s *= 2
	}
	return s
}
