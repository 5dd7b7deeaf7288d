package render

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"io"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

var classicSolution = solver.MustGrid("534678912672195348198342567859761423426853791713924856961537284287419635345286179")

// BenchmarkSolution9 is the budget of issue 4: a 9x9 solution picture,
// drawn and encoded as PNG, in under 20 ms.
//
//	go test -run '^$' -bench 'Solution9|Hint9' -benchmem ./render/
func BenchmarkSolution9(b *testing.B) {
	for _, theme := range []Theme{Light, Dark} {
		b.Run(theme.String(), func(b *testing.B) {
			var n int
			for b.Loop() {
				img, err := Solution(classic, classicSolution, Options{Theme: theme})
				if err != nil {
					b.Fatal(err)
				}
				var buf bytes.Buffer
				if err := EncodePNG(&buf, img); err != nil {
					b.Fatal(err)
				}
				n = buf.Len()
			}
			b.ReportMetric(float64(n), "png-bytes")
		})
	}
}

// BenchmarkHint9Chain draws and encodes the busiest picture: a chain with
// pencil marks, highlights, arrows and eliminations.
func BenchmarkHint9Chain(b *testing.B) {
	var n int
	for b.Loop() {
		img, err := Hint(hard, hardNow, nil, chain, LevelFull, Options{Labels: true})
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		if err := EncodePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
		n = buf.Len()
	}
	b.ReportMetric(float64(n), "png-bytes")
}

// BenchmarkEncode measures PNG size and time for the choices of issue 4:
// the three zlib levels, on the paletted picture the package draws and on
// the same pixels as true colour (RGBA), and the cost of turning RGBA into
// the palette.
//
//	go test -run '^$' -bench Encode -benchmem ./render/
func BenchmarkEncode(b *testing.B) {
	for _, c := range []struct {
		name string
		draw func() (*image.Paletted, error)
	}{
		{"solution9", func() (*image.Paletted, error) { return Solution(classic, classicSolution, Options{}) }},
		{"chain9", func() (*image.Paletted, error) {
			return Hint(hard, hardNow, nil, chain, LevelFull, Options{Labels: true})
		}},
	} {
		pal, err := c.draw()
		if err != nil {
			b.Fatal(err)
		}
		rgba := image.NewRGBA(pal.Bounds())
		draw.Draw(rgba, rgba.Rect, pal, image.Point{}, draw.Src)
		for _, level := range []struct {
			name string
			l    png.CompressionLevel
		}{{"Default", png.DefaultCompression}, {"BestSpeed", png.BestSpeed}, {"BestCompression", png.BestCompression}} {
			for _, img := range []struct {
				name string
				img  image.Image
			}{{"paletted", pal}, {"rgba", rgba}} {
				b.Run(c.name+"/"+img.name+"/"+level.name, func(b *testing.B) {
					enc := png.Encoder{CompressionLevel: level.l}
					var cw countWriter
					for b.Loop() {
						cw = 0
						if err := enc.Encode(&cw, img.img); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(cw), "png-bytes")
				})
			}
		}
		b.Run(c.name+"/toPaletted", func(b *testing.B) {
			for b.Loop() {
				toPaletted(rgba)
			}
		})
		b.Run(c.name+"/draw", func(b *testing.B) {
			for b.Loop() {
				if _, err := c.draw(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// countWriter counts the bytes written to it.
type countWriter int

func (w *countWriter) Write(p []byte) (int, error) { *w += countWriter(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)
