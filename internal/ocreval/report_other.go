//go:build !linux

package ocreval

import "time"

// threadCPU reports that per-thread processor time is not available here.
func threadCPU() (time.Duration, bool) { return 0, false }

// resetPeakRSS does nothing: the peak cannot be reset here.
func resetPeakRSS() {}

// currentRSS is unknown here; peakRSS is getrusage's, fallback.
func currentRSS() int64            { return 0 }
func peakRSS(fallback int64) int64 { return fallback }

// processUsage is unknown here: getrusage is not asked where it may not
// exist or count in other units.
func processUsage() (time.Duration, int64) { return 0, 0 }
