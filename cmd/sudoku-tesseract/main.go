// Command sudoku-tesseract is the Tesseract helper of the sudoku command:
// sudoku starts it the first time a reading asks Tesseract about a digit
// and talks to it on its standard input and output (package ocr/tessproc),
// so that sudoku itself neither links Tesseract nor loads it unless a
// picture needs it. It is installed beside sudoku (make install, or go
// install ./cmd/sudoku-tesseract) and is not meant to be run by hand.
//
// It loads Tesseract (one client, OMP_THREAD_LIMIT=1 unless the variable
// is set), says it is ready, and reads the glyphs it is sent until its
// input ends. What Tesseract writes on standard error stays with the
// client, which names it only when the helper fails.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/sudokubot/sudokubot/ocr/tesseract"
	"github.com/sudokubot/sudokubot/ocr/tessproc"
)

func main() {
	if err := tesseract.EnsureOMPThreadLimit(); err != nil {
		fmt.Fprintf(os.Stderr, "sudoku-tesseract: warning: %v (reading will be slower)\n", err)
	}
	if len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "usage: sudoku-tesseract (no arguments): the sudoku command starts it and talks to it on its standard input and output")
		os.Exit(2)
	}
	// Ctrl-C in a terminal interrupts the whole process group: the helper
	// leaves it to sudoku, which ends the helper as it stops, so that an
	// interrupted reading is not taken for a helper that failed.
	signal.Ignore(os.Interrupt)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	err := run(ctx)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "sudoku-tesseract:", err)
		os.Exit(1)
	}
}

// run loads Tesseract and serves the client on standard input and output.
func run(ctx context.Context) error {
	pool := tesseract.NewPool(1)
	defer pool.Close()
	if err := pool.Warm(ctx); err != nil {
		return err
	}
	return tessproc.Serve(ctx, os.Stdin, os.Stdout, tesseract.NewReader(pool))
}
