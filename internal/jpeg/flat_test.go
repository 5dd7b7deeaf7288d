package jpeg

import (
	"bytes"
	"image"
	"testing"
)

// reconstructFlat returns the k x k pixels reconstructBlock stores for a
// block whose only coefficient is the DC term dc, quantized by q, with or
// without the flat block's shortcut.
func reconstructFlat(t *testing.T, k int, dc, q int32, shortcut bool) []byte {
	t.Helper()
	d := &decoder{scale: 8 / k, nComp: 1, noFlatShortcut: !shortcut}
	d.img1 = image.NewGray(image.Rect(0, 0, k, k))
	d.quant[0][0] = q
	b := block{0: dc}
	if err := d.reconstructBlock(&b, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	return d.img1.Pix
}

// TestFlatBlocksMatchIDCT checks, at every scale, that a flat block's
// pixels are the inverse DCT's bit for bit: every DC term an 8-bit JPEG
// allows and a sweep of larger ones, by quantizers from 1 to 16 bits, the int32
// products that overflow included.
func TestFlatBlocksMatchIDCT(t *testing.T) {
	for _, k := range []int{1, 2, 4, 8} {
		for _, q := range []int32{1, 2, 3, 5, 8, 16, 99, 255, 4097, 65535} {
			// Every DC term of an 8-bit JPEG (11 bits and its sign),
			// then a sparse sweep up to 2^20.
			var dcs []int32
			for dc := int32(-1 << 12); dc <= 1<<12; dc++ {
				dcs = append(dcs, dc)
			}
			for dc := int32(1 << 12); dc <= 1<<20; dc += 97 {
				dcs = append(dcs, dc, -dc)
			}
			for _, dc := range dcs {
				want := reconstructFlat(t, k, dc, q, false)
				got := reconstructFlat(t, k, dc, q, true)
				if !bytes.Equal(got, want) {
					t.Fatalf("%dx%d, DC %d quantized by %d: pixels %v, the inverse DCT's %v", k, k, dc, q, got, want)
				}
			}
		}
	}
}

// TestFlatShortcutSamePixels decodes each sample at every scale with and
// without the flat blocks' shortcut and compares every plane byte for
// byte.
func TestFlatShortcutSamePixels(t *testing.T) {
	for name, data := range samples(t) {
		for _, s := range []int{1, 2, 4, 8} {
			var planes [2][][]byte
			for i, shortcut := range []bool{false, true} {
				d := decoder{scale: s, noFlatShortcut: !shortcut}
				img, err := d.decode(bytes.NewReader(data), false)
				if err != nil {
					t.Fatalf("%s at scale %d: %v", name, s, err)
				}
				switch m := img.(type) {
				case *image.Gray:
					planes[i] = [][]byte{m.Pix}
				case *image.YCbCr:
					planes[i] = [][]byte{m.Y, m.Cb, m.Cr}
				default:
					t.Fatalf("%s: decoded a %T", name, img)
				}
			}
			for p := range planes[0] {
				if !bytes.Equal(planes[0][p], planes[1][p]) {
					t.Errorf("%s at scale %d: plane %d differs with the flat blocks' shortcut", name, s, p)
				}
			}
		}
	}
}
