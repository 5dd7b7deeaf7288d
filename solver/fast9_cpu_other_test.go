//go:build !linux

package solver

import "time"

// threadCPU is only available on Linux; elsewhere the benchmarks report
// wall time alone.
func threadCPU() (time.Duration, bool) { return 0, false }
