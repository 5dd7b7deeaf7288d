// Command celldata writes the training and validation data of the cell
// classifier (see package internal/traindata): make train runs it before
// train/train.py.
//
//	go run ./train/celldata -shared ../shared -mnist DIR -out build/train
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/sudokubot/sudokubot/internal/traindata"
)

func main() {
	shared := flag.String("shared", "../shared", "the folder holding ocr/*-dev")
	mnist := flag.String("mnist", "", "the folder of MNIST's files (the GoMNIST module's data folder)")
	out := flag.String("out", "build/train", "where to write train.bin and val.bin")
	fonts := flag.String("fonts", "/usr/share/fonts", "where the font packages are")
	seed := flag.Uint64("seed", 1, "the random seed")
	n := flag.Int("n", 25000, "synthetic cells of each kind for training (a fifth as many for validation)")
	pictures := flag.Int("pictures", 500, "whole synthetic pictures for training (a fifth as many for validation)")
	flag.Parse()
	if err := traindata.Make(traindata.Config{Shared: *shared, MNIST: *mnist, Out: *out, Fonts: *fonts, Seed: *seed, PerKind: *n, Pictures: *pictures, Log: os.Stderr}); err != nil {
		fmt.Fprintln(os.Stderr, "celldata:", err)
		os.Exit(1)
	}
}
