package render

import (
	"cmp"
	"image"
	"image/color"
	"slices"
)

// This file keeps the conversion from true colour that the package used
// before drawing straight into a palette, for BenchmarkEncode's
// comparison.

// toPaletted returns img as a paletted image. Pictures are drawn with few
// colours (see quantize), so this is normally exact; should a picture have
// more than 256, the rarest colours, which are anti-aliasing blends, are
// replaced by the nearest of the 256 most frequent. The palette lists the
// colours by decreasing pixel count (ties by value), so the output is
// deterministic.
func toPaletted(img *image.RGBA) *image.Paletted {
	type entry struct {
		c     uint32
		count int
	}
	counts := make(map[uint32]int, 256)
	r := img.Rect
	w := r.Dx()
	var last uint32
	run := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):]
		for x := range w {
			c := pixel(row[4*x:])
			if c == last && run > 0 {
				run++
				continue
			}
			if run > 0 {
				counts[last] += run
			}
			last, run = c, 1
		}
	}
	if run > 0 {
		counts[last] += run
	}
	entries := make([]entry, 0, len(counts))
	for c, n := range counts {
		entries = append(entries, entry{c, n})
	}
	slices.SortFunc(entries, func(a, b entry) int {
		if a.count != b.count {
			return cmp.Compare(b.count, a.count)
		}
		return cmp.Compare(a.c, b.c)
	})
	kept := entries[:min(len(entries), 256)]
	pal := make(color.Palette, len(kept))
	index := make(map[uint32]uint8, len(entries))
	for i, e := range kept {
		pal[i] = color.RGBA{uint8(e.c >> 24), uint8(e.c >> 16), uint8(e.c >> 8), uint8(e.c)}
		index[e.c] = uint8(i)
	}
	for _, e := range entries[len(kept):] {
		index[e.c] = uint8(pal.Index(color.RGBA{uint8(e.c >> 24), uint8(e.c >> 16), uint8(e.c >> 8), uint8(e.c)}))
	}
	out := image.NewPaletted(image.Rect(0, 0, w, r.Dy()), pal)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):]
		dst := out.Pix[(y-r.Min.Y)*out.Stride:]
		var lastC uint32
		var lastI uint8
		have := false
		for x := range w {
			c := pixel(row[4*x:])
			if !have || c != lastC {
				lastC, lastI, have = c, index[c], true
			}
			dst[x] = lastI
		}
	}
	return out
}

// pixel packs the RGBA bytes at the start of p into one value.
func pixel(p []uint8) uint32 {
	return uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
}
