//go:build race

package main

// raceEnabled is true under the race detector: the scenarios then run a
// sudoku command built with it too.
const raceEnabled = true
