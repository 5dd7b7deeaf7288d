package solver

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time used so far by the calling thread, which
// the caller must have locked with runtime.LockOSThread. On a machine
// shared with other work it measures what the benchmark itself used, while
// wall time also counts the waits for a core.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
