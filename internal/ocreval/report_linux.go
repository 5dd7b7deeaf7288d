package ocreval

import (
	"syscall"
	"time"
)

// rusageThread is Linux's RUSAGE_THREAD: the calling thread only.
const rusageThread = 1

// threadCPU returns the processor time the calling OS thread has used, and
// whether the system could tell. Callers lock their goroutine to its thread
// first, so that the difference of two readings is the CPU a piece of work
// took even on a machine busy with other processes.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
