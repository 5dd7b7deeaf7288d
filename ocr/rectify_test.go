package ocr

import (
	"bytes"
	"image"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestRectifyIdentity(t *testing.T) {
	src := drawGrid(90, 2)
	out := Rectify(src, Quad{{0, 0}, {90, 0}, {90, 90}, {0, 90}}, 90)
	diff := 0
	for i := range src.Pix {
		if d := int(src.Pix[i]) - int(out.Pix[i]); d > 2 || d < -2 {
			diff++
		}
	}
	if diff != 0 {
		t.Fatalf("identity rectification changed %d pixels", diff)
	}
}

func TestHomographyMapsCorners(t *testing.T) {
	q := Quad{{10, 20}, {300, 5}, {320, 280}, {-5, 260}}
	h, ok := squareToQuad(q)
	if !ok {
		t.Fatal("squareToQuad failed")
	}
	for i, uv := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		x, y := h.apply(uv[0], uv[1])
		if math.Abs(x-q[i].X) > 1e-9 || math.Abs(y-q[i].Y) > 1e-9 {
			t.Errorf("corner %d: got (%g,%g), want %v", i, x, y, q[i])
		}
	}
	inv, ok := h.inverse()
	if !ok {
		t.Fatal("inverse failed")
	}
	u, v := inv.apply(q[2].X, q[2].Y)
	if math.Abs(u-1) > 1e-9 || math.Abs(v-1) > 1e-9 {
		t.Errorf("inverse of corner 2: got (%g,%g), want (1,1)", u, v)
	}
	if _, ok := squareToQuad(Quad{{0, 0}, {1, 1}, {2, 2}, {3, 3}}); ok {
		t.Error("degenerate quad accepted")
	}
}

// TestRectifyGridThenCut runs the rectify and cut stages on real pictures
// (dark print, a dark board, colour) and checks that they give what the
// reader's GridCells gives: the same cells, the same polarity.
func TestRectifyGridThenCut(t *testing.T) {
	for _, name := range []string{"looks/app-dark-faint.png", "looks/app-faint-lines.png", "looks/sheet-curved.jpg"} {
		pic := detected(t, name)
		dec, gray, det := pic.dec, pic.gray, Detection{Corners: pic.corners}
		r := RectifyGrid(dec.Image, gray, det.Corners)
		if r.Corners != det.Corners || r.Img.Rect != image.Rect(0, 0, GridSize, GridSize) {
			t.Fatalf("%s: RectifyGrid corners %v, size %v; want %v, %d", name, r.Corners, r.Img.Rect, det.Corners, GridSize)
		}
		cells := Cut(r)
		want, inverted := GridCells(dec.Image, gray, det.Corners)
		if r.Inverted != inverted || cells.Rects != want.Rects || !bytes.Equal(cells.Img.Pix, want.Img.Pix) {
			t.Errorf("%s: RectifyGrid then Cut differ from GridCells (inverted %v, want %v)", name, r.Inverted, inverted)
		}
	}
}

// TestGridAtTurnsTheWarp checks that turning the photo's one warp gives
// the grid a warp of the turned corners gives: the same polarity and the
// same gray levels but for rounding (a level apart at most), at every
// angle, on a photo, a dark-mode screen and a screen in colour.
func TestGridAtTurnsTheWarp(t *testing.T) {
	for _, name := range []string{"photos/image2.jpg", "looks/app-dark-faint.png", "looks/app-band-thin-font.jpg"} {
		pic := detected(t, name)
		for _, turns := range []int{1, 0, 3, 2} {
			got := pic.gridAt(turns)
			q := turnQuad(pic.corners, turns)
			want := RectifyGrid(pic.dec.Image, pic.gray, q)
			if got.Corners != q || got.Inverted != want.Inverted || got.Img.Rect != want.Img.Rect {
				t.Fatalf("%s, %d turns: corners %v, inverted %v, size %v; want %v, %v, %v",
					name, turns, got.Corners, got.Inverted, got.Img.Rect, q, want.Inverted, want.Img.Rect)
			}
			off := 0
			for i, v := range got.Img.Pix {
				if d := int(v) - int(want.Img.Pix[i]); d > 1 || d < -1 {
					off++
				}
			}
			if off > 0 {
				t.Errorf("%s, %d turns: %d of %d pixels more than a level from the warp of the turned corners", name, turns, off, len(got.Img.Pix))
			}
		}
	}
}

// detected decodes the fixture testdata/name and detects its grid.
func detected(t *testing.T, name string) *photo {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	dec, err := Decode(data, DefaultDecodeLimits)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	pic := &photo{dec: dec, gray: ToGray(dec.Image)}
	det, err := Detect(pic.gray)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	pic.corners = det.Corners
	return pic
}

// TestToGrayYCbCr checks that ToGray gives a YCbCr picture's luma, pixel
// for pixel, whether it shares the luma plane (bounds at the origin, rows
// wider than the picture as a JPEG decoder leaves them) or copies it (a
// sub-image elsewhere).
func TestToGrayYCbCr(t *testing.T) {
	m := image.NewYCbCr(image.Rect(0, 0, 24, 16), image.YCbCrSubsampleRatio420)
	for i := range m.Y {
		m.Y[i] = uint8(i * 7)
	}
	for _, r := range []image.Rectangle{image.Rect(0, 0, 21, 13), image.Rect(3, 2, 20, 15), image.Rect(0, 0, 24, 16)} {
		src := m.SubImage(r).(*image.YCbCr)
		g := ToGray(src)
		if g.Rect != r {
			t.Fatalf("%v: bounds %v", r, g.Rect)
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if got, want := g.GrayAt(x, y).Y, src.YCbCrAt(x, y).Y; got != want {
					t.Fatalf("%v: (%d,%d) is %d, luma %d", r, x, y, got, want)
				}
			}
		}
	}
}

// TestRectifyBandsOnAnyCores checks that Rectify's warp is the same pixel
// for pixel on one core as on several (its bands of rows side by side), at
// the grid's size and smaller (several samples a pixel).
func TestRectifyBandsOnAnyCores(t *testing.T) {
	g := benchGray(t)
	det, err := Detect(g)
	if err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, size := range []int{GridSize, 101, 5} {
		var warps [2]*image.Gray
		for i, procs := range []int{1, 4} {
			runtime.GOMAXPROCS(procs)
			warps[i] = Rectify(g, det.Corners, size)
		}
		if !bytes.Equal(warps[0].Pix, warps[1].Pix) {
			t.Fatalf("size %d: the warp on 4 cores differs from the warp on one", size)
		}
	}
}
