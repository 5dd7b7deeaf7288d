// Command synthset writes a folder of synthetic Sudoku pictures with their
// truth, in the format of ../shared/ocr/screens-dev (NAME.png or NAME.jpg,
// and NAME.json with "givens", "entered" and "pencil_marks"), for sudoku
// ocr-report. With -split test (the default) its typefaces and MNIST
// writers are the ones the cell classifier was not trained on, its
// puzzles are new, and one look in five (a magazine's shaded boxes) is
// never trained on: a held-apart test set.
//
//	go run ./train/synthset -n 200 -out /tmp/synth-test
//	sudoku ocr-report /tmp/synth-test
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/sudokubot/sudokubot/internal/traindata"
)

func main() {
	out := flag.String("out", "build/synth-test", "the folder to write")
	n := flag.Int("n", 200, "pictures to write, the looks in turn")
	split := flag.String("split", "test", "test: typefaces and writers held apart from training; train: the training ones")
	mnist := flag.String("mnist", "", "the folder of MNIST's files (the GoMNIST module's data folder); empty: typefaces only")
	fonts := flag.String("fonts", "/usr/share/fonts", "where the font packages are")
	seed := flag.Uint64("seed", 7, "the random seed")
	looks := flag.String("looks", "", "comma-separated looks to draw in turn instead of the split's (e.g. app-small, app-band or sheet, never trained on)")
	flag.Parse()
	c := traindata.SetConfig{Out: *out, N: *n, Test: *split == "test", MNIST: *mnist, Fonts: *fonts, Seed: *seed}
	if *looks != "" {
		c.Looks = strings.Split(*looks, ",")
	}
	err := traindata.WriteSet(c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "synthset:", err)
		os.Exit(1)
	}
}
