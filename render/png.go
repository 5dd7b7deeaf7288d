package render

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"sync"
)

// compression is the zlib level EncodePNG uses, chosen by measurement
// (BenchmarkEncode in bench_test.go) on a 900-pixel 9x9 solution picture,
// 2-core machine shared with other work, go1.26:
//
//	                   paletted (drawn)       true colour (RGBA)
//	BestSpeed          10 ms   42 KB          74 ms   66 KB
//	Default            39 ms   32 KB         105 ms   62 KB
//	BestCompression   367 ms   27 KB         571 ms   60 KB
//
// A paletted picture is half the size of the same pixels in true colour at
// every level and many times faster to write, because PNG stores one byte
// a pixel and Go's encoder skips the per-row filter search for palettes.
// Drawing straight into the palette costs about 2.4 ms a picture, where
// drawing true colour and converting it afterwards cost about 19 ms more.
// Among levels, BestSpeed is 4 times faster than Default for 10 KB more,
// which Discord uploads in no time; BestCompression saves 15 KB more for
// 35 times the time.
const compression = png.BestSpeed

// encoder reuses its compression buffers between calls.
var encoder = png.Encoder{CompressionLevel: compression, BufferPool: &bufferPool{}}

// bufferPool is a png.EncoderBufferPool on a sync.Pool.
type bufferPool struct{ p sync.Pool }

// Get returns a buffer from the pool, or nil for the encoder to make one.
func (b *bufferPool) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

// Put returns a buffer to the pool.
func (b *bufferPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// EncodePNG writes img as a PNG file, with the compression level chosen by
// measurement (see BenchmarkEncode). The pictures of this package are
// paletted images, which PNG stores in one byte per pixel.
func EncodePNG(w io.Writer, img image.Image) error {
	if err := encoder.Encode(w, img); err != nil {
		return fmt.Errorf("render: encode PNG: %w", err)
	}
	return nil
}
