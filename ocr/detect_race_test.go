//go:build race

package ocr

// raceEnabled is true when the tests run with the race detector.
const raceEnabled = true
