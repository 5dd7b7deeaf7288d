//go:build unix

package main

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time used so far by the whole process, the
// garbage collector's threads included.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
