// Package digitnet is sudokubot's cell classifier: small convolutional
// networks that look at one cell of a rectified Sudoku grid and say what
// it holds. It runs in Go; the weights are embedded in the binary
// (weights.bin, weights-2.bin, weights-3.bin, written by the training
// command, make train).
//
// The input contract is this package's alone: [Prepare] turns a cell of a
// rectified grid (dark ink on light paper) into the network's input, and
// the training data is made through the same function, so training and
// reading see the same thing. [GridLevels] measures the grid's ink
// contrast once, so that a faint pencil mark stays faint and an empty,
// shaded cell stays empty: no cell is stretched to full contrast on its
// own.
//
// The network answers three questions at once ([Output]): the kind of the
// cell (empty, a printed digit, a handwritten digit, pencil marks), which
// digit 1-9 it is when it holds one, and which digits appear among its
// pencil marks. The probabilities are calibrated (temperature scaling on a
// validation set that shares no font, puzzle or writer with training): a
// cell reported at 0.99 is right about 99 times in 100. Printed and
// handwritten digits are calibrated apart (a weights file of format
// version 2 holds a digit temperature for each; version 1 one for both):
// a cell's digit probabilities are those of each kind weighed by the kind
// head's probabilities of print and of handwriting.
//
// make train trains three members alike from seeds 1, 2 and 3
// (weights.bin, weights-2.bin, weights-3.bin): [Default] is their ensemble
// ([Join]), each output the mean of the members', which errs less, and
// less alike from one training to the next, than any one of them. The
// mean is a little less sure than each member (train/REPORT-ensemble.md).
//
// The network runs without cgo. Its two inner loops, the convolution's
// nine products and the dense layers' sums, have a Go version and, for
// amd64 processors with AVX, one in Go assembly (conv_amd64.s) that works
// on eight numbers at a time, about four times as fast
// (BenchmarkClassify81). Both make every sum in the same order, without
// fused multiply-add, so their outputs are the same to the bit
// (TestVectorLoopsReadAlike): a reading never depends on the processor.
// The build tag purego keeps the Go loops alone.
//
// Package digitnet does not import package ocr; ocr uses it.
package digitnet
