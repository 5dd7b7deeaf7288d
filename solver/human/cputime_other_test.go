//go:build !linux

package human

import "time"

// threadCPU is not measured outside Linux: the benchmarks then report 0
// for CPU times.
func threadCPU() time.Duration { return 0 }
