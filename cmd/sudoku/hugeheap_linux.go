//go:build linux

package main

import (
	"runtime"
	"syscall"
)

// madvHugePage is Linux's MADV_HUGEPAGE.
const madvHugePage = 14

// hugeHeapBytes is how much of the heap preferHugePages asks huge pages
// for: more than a 16 MP photo's reading has live at once.
const hugeHeapBytes = 64 << 20

// preferHugePages maps hugeHeapBytes of heap, asks the kernel to back
// them with huge pages (2 MB) when it first touches them, and frees them
// for the reading's allocations to reuse. A reading touches 10-30 MB of
// fresh memory, and on a virtual machine each 4 KB page's first touch is
// a costly fault: handwritten-dev's 16 MP train_02_18_honor_view_10_1
// took 5,700 page faults and 461 ms of CPU without this, 950 faults and
// 377 ms with it. Where the kernel gives no huge pages (transparent huge
// pages "never"), the advice is ignored and nothing changes.
func preferHugePages() {
	b := make([]byte, hugeHeapBytes)
	_ = syscall.Madvise(b, madvHugePage)
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
}
