//go:build linux

package human

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time used so far by the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID), which, unlike wall time, does not grow when
// other processes share the cores. The caller locks its OS thread.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
