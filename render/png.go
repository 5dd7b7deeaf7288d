package render

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"sync"
)

// compression is the zlib level EncodePNG uses. See the measurements in
// png_test.go (BenchmarkEncode): on these pictures BestSpeed costs a few
// percent of size and saves most of the time.
const compression = png.BestSpeed

// encoder reuses its compression buffers between calls.
var encoder = png.Encoder{CompressionLevel: compression, BufferPool: &bufferPool{}}

type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

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
