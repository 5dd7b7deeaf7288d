// Package testbuild builds a program of this module for tests that run it
// as a process (the Tesseract helper, which package ocr/tessproc's client
// and the sudoku command start).
package testbuild

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Main is the body of a TestMain whose tests run program pkg (an import
// path, or a directory relative to the test's package): it builds pkg with
// go build into a new temporary directory as name, sets *path to it, runs
// the tests, removes the directory and exits with the tests' status.
func Main(m *testing.M, pkg, name string, path *string) {
	dir, err := os.MkdirTemp("", "testbuild-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	*path = filepath.Join(dir, name)
	code := 1
	if out, err := exec.Command("go", "build", "-o", *path, pkg).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build %s: %v\n%s", pkg, err, out)
	} else {
		code = m.Run()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}
