package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
)

// TestParallelKeepsOrder checks that parallel returns the results in input
// order whatever the number of workers, with the separator between two,
// and that puzzles not started once the context is cancelled are reported
// as interrupted.
func TestParallelKeepsOrder(t *testing.T) {
	puzzles := make([]puzzleText, 1000)
	for i := range puzzles {
		puzzles[i].text = strconv.Itoa(i)
	}
	echo := func(dst []byte, p puzzleText) ([]byte, bool) { return append(dst, p.text...), p.text != "7" }
	lines := func(out [][]byte) []string {
		return strings.Split(strings.TrimSuffix(string(bytes.Join(out, nil)), "\n"), "\n")
	}
	for _, workers := range []int{1, 2, 3, 16, 2000} {
		for _, sep := range []string{"", "\n"} {
			out, failed := parallel(context.Background(), puzzles, workers, sep, echo)
			if !failed {
				t.Errorf("%d workers: puzzle 7 failed, parallel says none did", workers)
			}
			got := lines(out)
			if sep != "" {
				// Every other line is the empty line of the separator.
				var kept []string
				for i, l := range got {
					if i%2 == 1 && l != "" {
						t.Fatalf("%d workers, sep %q: line %d is %q, want the separator", workers, sep, i, l)
					}
					if i%2 == 0 {
						kept = append(kept, l)
					}
				}
				got = kept
			}
			if len(got) != len(puzzles) {
				t.Fatalf("%d workers, sep %q: %d results, want %d", workers, sep, len(got), len(puzzles))
			}
			for i, l := range got {
				if l != puzzles[i].text {
					t.Fatalf("%d workers, sep %q: result %d is %q", workers, sep, i, l)
				}
			}
		}
	}
	if out, _ := parallel(context.Background(), nil, 4, "", echo); len(bytes.Join(out, nil)) != 0 {
		t.Errorf("no puzzles: output %q", bytes.Join(out, nil))
	}

	for _, workers := range []int{1, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		stop := func(dst []byte, p puzzleText) ([]byte, bool) {
			switch n, _ := strconv.Atoi(p.text); {
			case n == 500:
				cancel()
			case n > 500:
				// A worker that ran ahead of puzzle 500 (the one that
				// takes it descheduled on a busy machine) waits for the
				// cancel, so that at most one puzzle a worker after 500
				// is read, whatever the scheduling.
				<-ctx.Done()
			}
			return append(dst, p.text...), true
		}
		out, failed := parallel(ctx, puzzles, workers, "", stop)
		if !failed {
			t.Errorf("%d workers, cancelled: parallel says no puzzle failed", workers)
		}
		got := lines(out)
		interrupted := 0
		for i, l := range got {
			switch l {
			case puzzles[i].text:
			case "error: context canceled":
				interrupted++
			default:
				t.Fatalf("%d workers, cancelled: result %d is %q", workers, i, l)
			}
		}
		if got[500] != "500" || interrupted < len(puzzles)-501-(workers-1) {
			t.Errorf("%d workers, cancelled at puzzle 500: %d interrupted", workers, interrupted)
		}
		cancel()
	}
}
