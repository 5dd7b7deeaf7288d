package digitnet

import "testing"

// BenchmarkClassify81 classifies the 81 cells of a grid.
func BenchmarkClassify81(b *testing.B) {
	n, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	in := make([]float32, 81*InputLen)
	for i := range in {
		in[i] = float32(i%7) / 7
	}
	out := make([]Output, 81)
	for b.Loop() {
		n.Classify(in, out)
	}
}
