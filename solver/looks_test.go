package solver_test

import (
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

func TestLooksLikePuzzle(t *testing.T) {
	tests := []struct {
		text  string
		cells int
		want  bool
	}{
		{"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 81, true},
		{"53xx7xxxx6xx195xxxx98xxxx6x8xxx6xxx34xx8x3xx17xxx2xxx6x6xxxx28xxxx419xx5xxxx8xx79", 81, true},
		{"1??? ??3? ?4?? ???2", 16, true},
		{"|1| | | |\n| | |3| |", 2, false},
		{"AB..CD..EF..G1..", 16, true},
		{"help me fix this board, please", 0, false},
		{"@sudokubot hint please", 0, false},
		{"puzzles-2024-01-01.txt", 9, false},
		{"1.2.3.4.5.6.7.8", 15, false},
	}
	for _, tt := range tests {
		if got := solver.CellChars(tt.text); got != tt.cells {
			t.Errorf("CellChars(%q) = %d, want %d", tt.text, got, tt.cells)
		}
		if got := solver.LooksLikePuzzle(tt.text); got != tt.want {
			t.Errorf("LooksLikePuzzle(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
