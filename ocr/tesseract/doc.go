// Package tesseract reads digit glyphs with the Tesseract OCR engine,
// through cgo and github.com/otiai10/gosseract/v2: it is the one package of
// sudokubot that needs libtesseract, and only the mains import it.
//
// [Reader] implements [ocr.DigitReader] on a [Pool] of Tesseract clients
// (a client serves one goroutine at a time; each holds about 40 MB). The
// bot reads with it in its own process; the sudoku command through the
// helper program sudoku-tesseract (package ocr/tessproc), which is a
// Reader on a pool of one. [EnsureOMPThreadLimit] makes every call run on
// one OpenMP thread, about three times faster on small images: the mains
// call it first thing.
//
// The tests here read the fixture photos of package ocr end to end with
// Tesseract, and check the pool under concurrency.
package tesseract
