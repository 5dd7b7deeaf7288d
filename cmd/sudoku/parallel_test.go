package main

import (
	"context"
	"strconv"
	"testing"
)

// TestParallelKeepsOrder checks that parallel returns the results in input
// order whatever the number of workers, and that puzzles not started once
// the context is cancelled are reported as interrupted.
func TestParallelKeepsOrder(t *testing.T) {
	puzzles := make([]puzzleText, 1000)
	for i := range puzzles {
		puzzles[i].text = strconv.Itoa(i)
	}
	echo := func(p puzzleText) (string, bool) { return p.text, p.text != "7" }
	for _, workers := range []int{1, 2, 3, 16, 2000} {
		out, failed := parallel(context.Background(), puzzles, workers, echo)
		if !failed {
			t.Errorf("%d workers: puzzle 7 failed, parallel says none did", workers)
		}
		for i, l := range out {
			if l != puzzles[i].text {
				t.Fatalf("%d workers: result %d is %q", workers, i, l)
			}
		}
	}
	if out, _ := parallel(context.Background(), nil, 4, echo); len(out) != 0 {
		t.Errorf("no puzzles: %d results", len(out))
	}

	for _, workers := range []int{1, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		stop := func(p puzzleText) (string, bool) {
			if p.text == "500" {
				cancel()
			}
			return p.text, true
		}
		out, failed := parallel(ctx, puzzles, workers, stop)
		if !failed {
			t.Errorf("%d workers, cancelled: parallel says no puzzle failed", workers)
		}
		interrupted := 0
		for i, l := range out {
			switch l {
			case puzzles[i].text:
			case "error: context canceled":
				interrupted++
			default:
				t.Fatalf("%d workers, cancelled: result %d is %q", workers, i, l)
			}
		}
		if out[500] != "500" || interrupted < len(puzzles)-501-64*workers {
			t.Errorf("%d workers, cancelled at puzzle 500: %d interrupted", workers, interrupted)
		}
		cancel()
	}
}
