//go:build !linux

package main

// preferHugePages does nothing where huge pages are not asked for with
// madvise (see the Linux version).
func preferHugePages() {}
