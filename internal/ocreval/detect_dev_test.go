package ocreval

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// devSet is the newspaper photo set, when present beside the repository.
var devSet = filepath.Join("..", "..", "..", "shared", "ocr", "newspaper-dev")

// TestDetectDevSet runs grid detection on every photo of the development
// set with true corners: all grids must be found, within 30 px each and
// 12 px on average (the truth marks the border's outer edge, detection its
// middle, which accounts for most of the error).
func TestDetectDevSet(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow: 102 photos (skipped with -short and -race)")
	}
	if _, err := os.Stat(filepath.Join(devSet, "corners.csv")); err != nil {
		t.Skipf("development set not present: %v", err)
	}
	rep, err := Run(context.Background(), devSet, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	sum, n := 0.0, 0
	for _, p := range rep.Pictures {
		if p.Err != nil {
			t.Errorf("%s: %v", p.Name, p.Err)
			continue
		}
		if math.IsNaN(p.CornerErr) {
			continue
		}
		if p.CornerErr > 30 {
			t.Errorf("%s: corners %.1f px off on average", p.Name, p.CornerErr)
		}
		sum += p.CornerErr
		n++
	}
	if n < 100 {
		t.Errorf("only %d photos with true corners measured", n)
	}
	if mean := sum / float64(max(n, 1)); mean > 12 {
		t.Errorf("mean corner error %.1f px, want at most 12", mean)
	}
}
