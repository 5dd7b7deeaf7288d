package ocreval

import (
	"bytes"
	"os"
	"strconv"
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

// resetPeakRSS starts the process's peak resident memory afresh (writing 5
// to /proc/self/clear_refs), so that each folder of a run reports its own
// peak. It does nothing where the system does not allow it.
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// currentRSS and peakRSS return the process's resident memory now and its
// peak since the last reset (VmRSS and VmHWM of /proc/self/status), in
// bytes; peakRSS falls back to getrusage's peak, fallback.
func currentRSS() int64 { return procStatus("VmRSS:", 0) }
func peakRSS(fallback int64) int64 {
	return procStatus("VmHWM:", fallback)
}

// procStatus reads a field in kilobytes of /proc/self/status, in bytes.
func procStatus(field string, fallback int64) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return fallback
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, []byte(field)); ok {
			kb, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))), 10, 64)
			if err == nil {
				return kb * 1024
			}
		}
	}
	return fallback
}

// processUsage returns the processor time used by the process so far and
// its peak resident memory in bytes (zero when getrusage fails).
func processUsage() (time.Duration, int64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return cpu, ru.Maxrss * 1024 // Linux reports kilobytes
}
