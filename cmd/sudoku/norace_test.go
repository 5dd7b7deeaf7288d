//go:build !race

package main

// raceEnabled is false without the race detector.
const raceEnabled = false
