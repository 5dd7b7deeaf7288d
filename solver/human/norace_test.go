//go:build !race

package human

// raceEnabled is false without the race detector.
const raceEnabled = false
