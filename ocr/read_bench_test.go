package ocr

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func benchPhoto(b *testing.B) []byte {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "photos", "image2.jpg"))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkDecode measures decoding a 640x480 JPEG to grey.
func BenchmarkDecode(b *testing.B) {
	data := benchPhoto(b)
	for b.Loop() {
		d, err := Decode(data, DefaultDecodeLimits)
		if err != nil {
			b.Fatal(err)
		}
		ToGray(d.Image)
	}
}

// BenchmarkDetect measures grid detection on a 640x480 photo.
func BenchmarkDetect(b *testing.B) {
	d, err := Decode(benchPhoto(b), DefaultDecodeLimits)
	if err != nil {
		b.Fatal(err)
	}
	g := ToGray(d.Image)
	for b.Loop() {
		if _, err := Detect(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRectifyCut measures the perspective warp and the cell cutting.
func BenchmarkRectifyCut(b *testing.B) {
	d, err := Decode(benchPhoto(b), DefaultDecodeLimits)
	if err != nil {
		b.Fatal(err)
	}
	g := ToGray(d.Image)
	det, err := Detect(g)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		CutCells(Rectify(g, det.Corners, GridSize))
	}
}

// BenchmarkRead measures the whole pipeline on a 640x480 photo with a warm
// Tesseract client (run with OMP_THREAD_LIMIT=1 in the environment, as the
// commands do).
func BenchmarkRead(b *testing.B) {
	data := benchPhoto(b)
	rec := NewRecognizer(nil)
	for b.Loop() {
		if _, err := Read(context.Background(), data, Options{Recognizer: rec}); err != nil {
			b.Fatal(err)
		}
	}
}
