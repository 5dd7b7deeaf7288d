package ocr

import (
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestMiddle checks the linear-time median against sorting: the value at
// len/2 of the sorted values, exactly, on values spread over 0-255, bunched
// in one level, repeated, and on the edges of the range.
func TestMiddle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := map[string][]float32{
		"one":        {17.25},
		"two":        {200, 3.5},
		"edges":      {0, 255, 0, 255, 255},
		"repeated":   {9, 9, 9, 9, 8.5, 9, 9.75},
		"one level":  {100.9, 100.1, 100.5, 100.25, 100.75, 100.3},
		"past edges": {-0.001, 255.002, 254.99, 0.0001},
	}
	for _, n := range []int{3, 100, 1444, 1445} {
		spread, bunched := make([]float32, n), make([]float32, n)
		for i := range n {
			spread[i] = rng.Float32() * 255
			bunched[i] = 120 + rng.Float32()*3
		}
		cases[fmt.Sprint("spread ", n)] = spread
		cases[fmt.Sprint("bunched ", n)] = bunched
	}
	for name, vals := range cases {
		sorted := slices.Sorted(slices.Values(vals))
		want := sorted[len(sorted)/2]
		if got := middle(slices.Clone(vals)); got != want {
			t.Errorf("%s: middle = %v, sorting gives %v", name, got, want)
		}
	}
}

// TestColourContrastOnAnyCores checks that the grid in colour comes out
// the same on one core as on several (its bands of rows and its cells side
// by side), for dark print and light.
func TestColourContrastOnAnyCores(t *testing.T) {
	img, q := colourPhoto(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, inverted := range []bool{false, true} {
		var grids [2]*image.Gray
		for i, procs := range []int{1, 4} {
			runtime.GOMAXPROCS(procs)
			grids[i] = colourContrast(img.Image, q, GridSize, inverted, nil)
		}
		if !slices.Equal(grids[0].Pix, grids[1].Pix) {
			t.Errorf("inverted %v: the grid in colour on 4 cores differs from the grid on one", inverted)
		}
	}
}

// BenchmarkColourContrast measures the grid of a pen-completed page
// (a colour photo, 1200x1600) measured by colour.
func BenchmarkColourContrast(b *testing.B) {
	img, q := colourPhoto(b)
	for b.Loop() {
		colourContrast(img.Image, q, GridSize, false, nil)
	}
}

// colourPhoto returns a photo in colour and its grid's corners.
func colourPhoto(t testing.TB) (*Decoded, Quad) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "looks", "book-pen-in-shadow-colour.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(data, DefaultDecodeLimits)
	if err != nil {
		t.Fatal(err)
	}
	det, err := Detect(ToGray(d.Image))
	if err != nil {
		t.Fatal(err)
	}
	if colourContrast(d.Image, det.Corners, GridSize, false, nil) == nil {
		t.Fatal("the photo is not read by colour")
	}
	return d, det.Corners
}
