// Package tessproc reads digit glyphs with Tesseract in a helper process
// (the program sudoku-tesseract, cmd/sudoku-tesseract), so that a program
// that reads a photo and exits neither links Tesseract nor waits for it to
// load unless a reading asks it. It is pure Go: only the helper's main
// links Tesseract (package ocr/tesseract).
//
// [Client] is the [ocr.DigitReader] a program hands to package ocr's
// recognizer: it starts its helper ([Find] finds it beside the running
// program or on PATH) the first time a reading asks it about a digit,
// sends it batches of glyphs and reads back the guesses. [Serve] is the
// helper's side. The two speak a small binary protocol on the helper's
// standard input and output (protocol.go), with a version the helper
// announces when it is ready and limits on what one request holds.
//
// The tests run a client against the real helper, built by TestMain, and
// fuzz the decoder of each message.
package tessproc
