package jpeg

import (
	"bytes"
	"fmt"
	"image"
	stdjpeg "image/jpeg"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func encode(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := stdjpeg.Encode(&buf, img, &stdjpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// samples are the test's JPEG files: the newspaper photos among package
// ocr's fixtures (baseline, 4:2:0), one of them re-encoded in grey, and
// the progressive photos of the shared newspaper set when it is beside the
// repository.
func samples(t testing.TB) map[string][]byte {
	t.Helper()
	s := map[string][]byte{}
	for _, name := range []string{"image2.jpg", "image70.jpg"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "ocr", "testdata", "photos", name))
		if err != nil {
			t.Fatal(err)
		}
		s[name] = b
	}
	col, err := stdjpeg.Decode(bytes.NewReader(s["image2.jpg"]))
	if err != nil {
		t.Fatal(err)
	}
	gray := image.NewGray(col.Bounds())
	for y := range gray.Rect.Dy() {
		for x := range gray.Rect.Dx() {
			gray.Set(x, y, col.At(x, y))
		}
	}
	s["grey image2"] = encode(t, gray)
	dir := sharedNewspapers()
	for _, name := range []string{"image1009.jpg", "image1014.jpg"} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil {
			s["progressive "+name] = b
		}
	}
	return s
}

// sharedNewspapers returns the shared newspaper set's folder: the first
// shared/ocr/newspaper-dev found in the folders above the test's (beside
// the repository, or beside the folder of its work trees).
func sharedNewspapers() string {
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for {
		d := filepath.Join(dir, "shared", "ocr", "newspaper-dev")
		if _, err := os.Stat(d); err == nil {
			return d
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// plane is one plane of samples of a decoded image.
type plane struct {
	pix    []byte
	stride int
}

// luma returns the grey of a Gray image or the Y of a YCbCr one.
func luma(t testing.TB, img image.Image) plane {
	t.Helper()
	switch m := img.(type) {
	case *image.Gray:
		return plane{m.Pix, m.Stride}
	case *image.YCbCr:
		return plane{m.Y, m.YStride}
	}
	t.Fatalf("decoded a %T", img)
	return plane{}
}

// maxMeanDiff bounds the mean difference, in grey levels, between a pixel
// decoded at a reduced scale and the mean of the full decode's block it
// stands for.
const maxMeanDiff = 2.0

// TestDecodeScaledMatchesMeans decodes each sample at every scale and
// compares each luma (or grey) pixel with the mean of the block of the
// full decode it stands for: they differ only by what the high
// frequencies add to a block's mean and by rounding.
func TestDecodeScaledMatchesMeans(t *testing.T) {
	for name, data := range samples(t) {
		full, err := stdjpeg.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		one, err := DecodeScaled(bytes.NewReader(data), 1)
		if err != nil {
			t.Fatalf("%s at scale 1: %v", name, err)
		}
		if f, o := luma(t, full), luma(t, one); !bytes.Equal(f.pix, o.pix) {
			t.Errorf("%s at scale 1 differs from image/jpeg", name)
		}
		if f, ok := full.(*image.YCbCr); ok {
			if o, ok := one.(*image.YCbCr); !ok || !bytes.Equal(f.Cb, o.Cb) || !bytes.Equal(f.Cr, o.Cr) {
				t.Errorf("%s at scale 1: chroma differs from image/jpeg", name)
			}
		}
		for _, s := range []int{2, 4, 8} {
			img, err := DecodeScaled(bytes.NewReader(data), s)
			if err != nil {
				t.Fatalf("%s at scale %d: %v", name, s, err)
			}
			b := full.Bounds()
			if want := image.Rect(0, 0, (b.Dx()+s-1)/s, (b.Dy()+s-1)/s); img.Bounds() != want {
				t.Fatalf("%s at scale %d: bounds %v, want %v", name, s, img.Bounds(), want)
			}
			f, g := luma(t, full), luma(t, img)
			var sum, worst float64
			n := 0
			for y := range b.Dy() / s {
				for x := range b.Dx() / s {
					m := 0
					for yy := y * s; yy < y*s+s; yy++ {
						for xx := x * s; xx < x*s+s; xx++ {
							m += int(f.pix[yy*f.stride+xx])
						}
					}
					d := math.Abs(float64(m)/float64(s*s) - float64(g.pix[y*g.stride+x]))
					sum += d
					worst = max(worst, d)
					n++
				}
			}
			mean := sum / float64(n)
			t.Logf("%s at 1/%d: mean |difference| %.2f, worst %.0f", name, s, mean, worst)
			if mean > maxMeanDiff {
				t.Errorf("%s at 1/%d: pixels differ from the block means by %.2f levels on average, more than %v", name, s, mean, maxMeanDiff)
			}
		}
	}
}

// phonePhoto returns a 12-megapixel JPEG: package ocr's newspaper fixture
// enlarged to 4000x3000 and encoded at quality 90, the size of a phone
// camera's photo.
func phonePhoto(b *testing.B) []byte {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "ocr", "testdata", "photos", "image2.jpg"))
	if err != nil {
		b.Fatal(err)
	}
	small, err := stdjpeg.Decode(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	sb := small.Bounds()
	for y := range 3000 {
		for x := range 4000 {
			big.Set(x, y, small.At(x*sb.Dx()/4000, y*sb.Dy()/3000))
		}
	}
	return encode(b, big)
}

// BenchmarkDecodeScaled decodes a 12-megapixel photo at each scale; scale
// 1 is image/jpeg's own decoding.
func BenchmarkDecodeScaled(b *testing.B) {
	data := phonePhoto(b)
	for _, s := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("1of%d", s), func(b *testing.B) {
			for b.Loop() {
				if _, err := DecodeScaled(bytes.NewReader(data), s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecodeSamples decodes each sample whole (scale 1): package ocr's
// 640x480 newspaper photo (baseline), its grey copy, and the progressive
// newspaper photos (960x1280) when the shared set is beside the
// repository.
func BenchmarkDecodeSamples(b *testing.B) {
	for name, data := range samples(b) {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				if _, err := DecodeScaled(bytes.NewReader(data), 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzDecodeScaled checks that any data image/jpeg decodes is decoded at
// every scale without a panic, to the size that scale promises, and at
// scale 1 to the same pixels.
func FuzzDecodeScaled(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "..", "ocr", "testdata", "photos", "image2.jpg"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	small, err := stdjpeg.Decode(bytes.NewReader(data))
	if err != nil {
		f.Fatal(err)
	}
	crop := image.NewGray(image.Rect(0, 0, 37, 21))
	for y := range 21 {
		for x := range 37 {
			crop.Set(x, y, small.At(x+300, y+200))
		}
	}
	f.Add(encode(f, crop))
	if d := sharedNewspapers(); d != "" {
		if b, err := os.ReadFile(filepath.Join(d, "image1009.jpg")); err == nil {
			f.Add(shrunkFrame(b, 64, 48, 2000))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		cfg, err := stdjpeg.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width*cfg.Height > 1<<20 {
			return
		}
		want, err := stdjpeg.Decode(bytes.NewReader(b))
		for _, s := range []int{1, 2, 4, 8} {
			img, serr := DecodeScaled(bytes.NewReader(b), s)
			if (err == nil) != (serr == nil) {
				t.Fatalf("scale %d: error %v where image/jpeg's is %v", s, serr, err)
			}
			if err != nil {
				continue
			}
			if got, w := img.Bounds(), image.Rect(0, 0, (cfg.Width+s-1)/s, (cfg.Height+s-1)/s); got != w {
				t.Fatalf("scale %d: bounds %v, want %v", s, got, w)
			}
			if s == 1 && !sameLuma(img, want) {
				t.Fatalf("scale 1 differs from image/jpeg")
			}
		}
	})
}

// shrunkFrame returns a copy of the JPEG data whose frame header (SOF0-2)
// says w x h pixels and whose scans keep only their first keep bytes of
// coded data: a progressive photo cut to a size the fuzz target decodes
// quickly, every scan of it still there.
func shrunkFrame(data []byte, w, h, keep int) []byte {
	var out []byte
	i := 2
	out = append(out, data[:i]...)
	for i+4 <= len(data) && data[i] == 0xff {
		m, n := data[i+1], int(data[i+2])<<8|int(data[i+3])
		if i+2+n > len(data) {
			break
		}
		seg := bytes.Clone(data[i : i+2+n])
		if m >= 0xc0 && m <= 0xc2 && n >= 8 {
			seg[5], seg[6], seg[7], seg[8] = byte(h>>8), byte(h), byte(w>>8), byte(w)
		}
		out = append(out, seg...)
		i += 2 + n
		if m != 0xda {
			continue
		}
		// The scan's coded data runs to the next marker that is neither a
		// stuffed 0xff00 nor a restart marker.
		j := i
		for j+1 < len(data) && (data[j] != 0xff || data[j+1] == 0 || data[j+1] >= 0xd0 && data[j+1] <= 0xd7) {
			j++
		}
		out = append(out, data[i:min(j, i+keep)]...)
		i = j
	}
	return append(out, 0xff, 0xd9)
}

// sameLuma reports whether two decoded images have the same grey or Y
// samples.
func sameLuma(a, b image.Image) bool {
	switch a := a.(type) {
	case *image.Gray:
		b, ok := b.(*image.Gray)
		return ok && bytes.Equal(a.Pix, b.Pix)
	case *image.YCbCr:
		b, ok := b.(*image.YCbCr)
		return ok && bytes.Equal(a.Y, b.Y)
	}
	return true
}
