// Package tesseract reads digit glyphs with the Tesseract OCR engine,
// through cgo and github.com/otiai10/gosseract/v2: it is the one package of
// sudokubot that needs libtesseract, and only the mains import it.
//
// [Reader] implements [ocr.DigitReader] on a [Pool] of Tesseract clients
// (a client serves one goroutine at a time; each holds about 40 MB).
// [NewRecognizer] is package ocr's recognizer reading with one warm client,
// for report workers; [NewEagerRecognizer] loads its client in the background
// while the first picture is read, for commands that read a picture and exit. [EnsureOMPThreadLimit] makes every call
// run on one OpenMP thread, about three times faster on small images: the
// mains call it first thing.
//
// The tests here read the fixture photos of package ocr end to end with
// Tesseract, and check the pool under concurrency.
package tesseract
