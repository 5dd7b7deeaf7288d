//go:build !linux

package ocreval

import "time"

// threadCPU reports that per-thread processor time is not available here.
func threadCPU() (time.Duration, bool) { return 0, false }
