package ocr

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func benchPhoto(b testing.TB) []byte {
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
func BenchmarkDetect(b *testing.B) { benchDetect(b, benchPhoto(b)) }

// benchDetect measures grid detection on the photo data.
func benchDetect(b *testing.B, data []byte) {
	d, err := Decode(data, DefaultDecodeLimits)
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

// BenchmarkDetectPhotos measures grid detection on each newspaper photo of
// testdata/recognize (640x480 and 960x1280): the pictures differ in how
// many candidate grids their lattice fit weighs.
func BenchmarkDetectPhotos(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("testdata", "recognize", "*.jpg"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no photos in testdata/recognize: %v", err)
	}
	for _, f := range files {
		b.Run(filepath.Base(f), func(b *testing.B) {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			benchDetect(b, data)
		})
	}
}

// benchWork returns the copy of the 640x480 photo detection works on.
func benchWork(b *testing.B) *image.Gray {
	work, _ := shrink(benchGray(b), detectMaxSide)
	return work
}

// benchDetected returns the 640x480 photo's gray levels and its grid.
func benchDetected(b *testing.B) (*image.Gray, Detection) {
	b.Helper()
	g := benchGray(b)
	det, err := Detect(g)
	if err != nil {
		b.Fatal(err)
	}
	return g, det
}

// benchGray returns the 640x480 photo's gray levels.
func benchGray(b testing.TB) *image.Gray {
	b.Helper()
	d, err := Decode(benchPhoto(b), DefaultDecodeLimits)
	if err != nil {
		b.Fatal(err)
	}
	return ToGray(d.Image)
}

// BenchmarkOutlines measures the outlines of the components of a 640x480
// photo's maps (label and the hulls of the large components), each map
// made once beforehand.
func BenchmarkOutlines(b *testing.B) {
	work := benchWork(b)
	maps := make([]*binImg, len(lineMaps))
	for i, m := range lineMaps {
		maps[i] = m.make(work)
	}
	for b.Loop() {
		for _, m := range maps {
			outlines(m)
		}
	}
}

// BenchmarkLineMaps measures making the maps Detect looks for lines in
// (lineMaps: the adaptive threshold and six maps of thin lines) from a
// 640x480 photo.
func BenchmarkLineMaps(b *testing.B) {
	work := benchWork(b)
	for b.Loop() {
		for _, m := range lineMaps {
			m.make(work)
		}
	}
}

// BenchmarkRefineLattice measures one wide look for the lattice around a
// 640x480 photo's grid (refineLattice: the neighbourhood sampled from the
// first map, and the lattices fitted to it) and the judging of the
// lattice found on the picture (judge).
func BenchmarkRefineLattice(b *testing.B) {
	g, det := benchDetected(b)
	work, scale := shrink(g, detectMaxSide)
	bin := lineMaps[0].make(work)
	q := scaled(det.Corners, 1/scale)
	for b.Loop() {
		wq, _ := refineLattice(bin, q, wideMargin, latticePrior)
		c := candidate{quad: wq}
		judge(work, &c)
	}
}

// BenchmarkJudge measures judging a 640x480 photo's grid on the picture
// (judge: its view, its lines and the lattice moved by a cell each way).
func BenchmarkJudge(b *testing.B) {
	g, det := benchDetected(b)
	work, scale := shrink(g, detectMaxSide)
	q := scaled(det.Corners, 1/scale)
	for b.Loop() {
		c := candidate{quad: q}
		judge(work, &c)
	}
}

// BenchmarkRectifyCut measures the perspective warp and the cell cutting.
func BenchmarkRectifyCut(b *testing.B) {
	g, det := benchDetected(b)
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

// phonePhoto returns a 12-megapixel JPEG of the newspaper fixture: the
// 640x480 photo enlarged to 4000x3000 (bilinear) and encoded at quality
// 92, the size and file of a phone camera's photo. Its pixels are no
// sharper than the original's, so it measures the cost of a phone photo's
// size, not the reading of one.
func phonePhoto(b *testing.B) []byte {
	b.Helper()
	d, err := Decode(benchPhoto(b), DefaultDecodeLimits)
	if err != nil {
		b.Fatal(err)
	}
	src := ToGray(d.Image)
	big := image.NewGray(image.Rect(0, 0, 4000, 3000))
	sx, sy := float64(src.Rect.Dx())/4000, float64(src.Rect.Dy())/3000
	for y := range 3000 {
		for x := range 4000 {
			big.Pix[y*big.Stride+x] = grayAt(src, (float64(x)+pixelCentre)*sx, (float64(y)+pixelCentre)*sy)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, big, &jpeg.Options{Quality: 92}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkReadPhone measures the whole pipeline on a 12-megapixel photo
// (see phonePhoto) with a warm Tesseract client, and reports the time of
// each stage per reading (decode-ms, detect-ms, ...) beside the total.
func BenchmarkReadPhone(b *testing.B) {
	data := phonePhoto(b)
	rec := NewRecognizer(nil)
	stages := map[string]time.Duration{}
	n := 0
	for b.Loop() {
		res, err := Read(context.Background(), data, Options{Recognizer: rec})
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range res.Stages {
			stages[s.Name] += s.Duration
		}
		n++
	}
	for name, d := range stages {
		b.ReportMetric(float64(d.Milliseconds())/float64(n), name+"-ms")
	}
}

// BenchmarkReadMarks measures the whole pipeline on an app's screenshot
// that shows every candidate as pencil marks (59 cells of them), each mark
// read on its own (readMarks).
func BenchmarkReadMarks(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "looks", "app-light-marks-on-sides.png"))
	if err != nil {
		b.Fatal(err)
	}
	rec := NewRecognizer(nil)
	for b.Loop() {
		if _, err := Read(context.Background(), data, Options{Recognizer: rec}); err != nil {
			b.Fatal(err)
		}
	}
}
