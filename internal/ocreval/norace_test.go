//go:build !race

package ocreval

// raceEnabled is true when the tests run with the race detector.
const raceEnabled = false
