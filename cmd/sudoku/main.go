// Command sudoku solves, counts, explains, rates, reads and renders Sudoku
// puzzles from the command line. It is a thin shell over the packages of
// sudokubot: each subcommand lives in its own file and only parses flags,
// reads input and prints results. What each command does is written down
// as the scenarios of testdata/*.txtar (command line, input, expected
// output and exit status), which TestScripts runs.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/sudokubot/sudokubot/internal/ocreval"
)

// command is one subcommand of sudoku.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, io *stdio) error
}

// stdio is what a subcommand sees of the process: its standard streams,
// and how it reads the digits in photos.
type stdio struct {
	in       io.Reader
	out, err io.Writer
	// recognizers starts the digit recognizer of one worker of read,
	// which starts Tesseract's helper when a picture first needs it.
	recognizers ocreval.RecognizerFactory
	// warmRecognizers starts one with the helper ready, for ocr-report,
	// which times pictures, not the start of a worker.
	warmRecognizers ocreval.RecognizerFactory
	// photos reads the photos given in place of a puzzle.
	photos *photoReader
}

// commands is the table of subcommands, in the order --help lists them.
var commands = []command{
	{"solve", "solve puzzles, one output line per puzzle", runSolve},
	{"count", "count the solutions of puzzles, up to a limit", runCount},
	{"hint", "show the next logical step of a puzzle, at three levels of help", runHint},
	{"explain", "explain the whole logical solution of a puzzle, step by step", runExplain},
	{"rate", "rate the difficulty of puzzles the way HoDoKu does", runRate},
	{"check", "name the wrong cells of a player's grid", runCheck},
	{"render", "draw a puzzle, its solution, a hint or a checked grid as a PNG picture", runRender},
	{"bench", "time the solver on lists of puzzles and check every solution", runBench},
	{"read", "read the Sudoku in photos: the givens, and the player's entries, as 81-character lines (or JSON)", runRead},
	{"ocr-report", "measure photo reading against a folder of photos with truth", runOCRReport},
}

func main() {
	limit, err := photoTimeoutSetting(os.Getenv(photoTimeoutEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "sudoku: %v\n", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	tess := &secondOpinions{warn: os.Stderr}
	photos := newPhotoReader(tess.recognizer, limit)
	photos.notes = os.Stderr
	code := run(ctx, os.Args[1:], &stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr,
		recognizers: tess.recognizer, warmRecognizers: tess.warmRecognizer, photos: photos})
	photos.close()
	stop()
	os.Exit(code)
}

// errUsage marks a usage error (exit status 2); errFailed a run in which
// some input failed after its error was printed (exit status 1).
var (
	errUsage  = errors.New("usage error")
	errFailed = errors.New("failed")
)

// run runs the subcommand named by args[0] and returns the exit status.
func run(ctx context.Context, args []string, s *stdio) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(s.out)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		return report(c.name, c.run(ctx, args[1:], s), s)
	}
	fmt.Fprintf(s.err, "sudoku: unknown command %q\n\n", args[0])
	usage(s.err)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "Usage: sudoku <command> [flags] [arguments]\n\nCommands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun 'sudoku <command> --help' for the flags and examples of one command.\n")
	fmt.Fprintf(w, "\nEnvironment:\n  %s  time limit for reading one photo (default %v, e.g. 1m)\n",
		photoTimeoutEnv, defaultPhotoTimeout)
}
