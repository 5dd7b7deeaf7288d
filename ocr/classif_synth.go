package ocr

import (
	"image"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// fontShape is the shape of one rendered digit.
type fontShape struct {
	digit int
	s     shape
}

// fontShapes are the digits 1-9 rendered in the Go fonts (regular, medium,
// bold and their monospaced cousins) at two sizes and three blurs, reduced
// to shapes the way a photographed cell is. They are made once, on first
// use (a few milliseconds).
var fontShapes = sync.OnceValue(func() []fontShape {
	var out []fontShape
	for _, ttf := range [][]byte{goregular.TTF, gomedium.TTF, gobold.TTF, gomono.TTF, gomonobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			continue // the embedded fonts parse; nothing to learn from a failure
		}
		for _, size := range []float64{22, 30} {
			face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
			if err != nil {
				continue
			}
			for d := 1; d <= 9; d++ {
				for _, blur := range []int{0, 1, 2} {
					img := renderDigitCell(face, d, 50)
					for range blur {
						boxBlur3(img)
					}
					c := analyzeCell(img, binarizeInk(img, 50), 50, img.Bounds())
					if c.HasDigit {
						out = append(out, fontShape{d, shapeOf(&c)})
					}
				}
			}
			face.Close()
		}
	}
	return out
})

// renderDigitCell draws digit d in face, dark on light paper, centred in a
// size x size cell.
func renderDigitCell(face font.Face, d, size int) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, size, size))
	for i := range img.Pix {
		img.Pix[i] = 225
	}
	s := string(rune('0' + d))
	b, _ := font.BoundString(face, s)
	w := (b.Max.X - b.Min.X).Ceil()
	h := (b.Max.Y - b.Min.Y).Ceil()
	dr := &font.Drawer{Dst: img, Src: image.NewUniform(inkGray), Face: face}
	dr.Dot = fixed.P(size/2-w/2-b.Min.X.Floor(), size/2-h/2-b.Min.Y.Floor())
	dr.DrawString(s)
	return img
}

// inkGray is the colour of printed digits in the renders.
var inkGray = grayColor(40)

// grayColor is a gray level usable as a color.Color.
type grayColor uint8

// RGBA implements color.Color.
func (c grayColor) RGBA() (r, g, b, a uint32) {
	v := uint32(c) * 0x101
	return v, v, v, 0xffff
}

// boxBlur3 blurs img in place with a 3x3 box filter.
func boxBlur3(img *image.Gray) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	src := make([]uint8, len(img.Pix))
	copy(src, img.Pix)
	for y := range h {
		for x := range w {
			sum, n := 0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx >= 0 && ny >= 0 && nx < w && ny < h {
						sum += int(src[ny*img.Stride+nx])
						n++
					}
				}
			}
			img.Pix[y*img.Stride+x] = uint8(sum / n)
		}
	}
}

// fontSharpness turns the best similarity to each digit's renders into
// probabilities: p(d) is proportional to exp(fontSharpness * sim(d)).
const fontSharpness = 20

// fontProbs returns, for a digit's shape, probabilities for the digits 1-9
// (index 0 unused) from its similarity to the rendered Go-font digits.
func fontProbs(s *shape) [10]float64 {
	var best [10]float64
	for d := range best {
		best[d] = -1
	}
	for _, f := range fontShapes() {
		best[f.digit] = max(best[f.digit], similarity(s, &f.s))
	}
	var p [10]float64
	top := math.Inf(-1)
	for d := 1; d <= 9; d++ {
		top = max(top, best[d])
	}
	var z float64
	for d := 1; d <= 9; d++ {
		p[d] = math.Exp(fontSharpness * (best[d] - top))
		z += p[d]
	}
	for d := 1; d <= 9; d++ {
		p[d] /= z
	}
	return p
}
