package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// newFlags returns a flag set for a subcommand whose --help prints the
// given usage text (synopsis, description and examples) before the flags.
func newFlags(name, help string, s *stdio) *flag.FlagSet {
	fs := flag.NewFlagSet("sudoku "+name, flag.ContinueOnError)
	fs.SetOutput(s.err)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), strings.TrimSpace(help))
		var any bool
		fs.VisitAll(func(*flag.Flag) { any = true })
		if any {
			fmt.Fprintln(fs.Output(), "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args, turning --help into the help on standard output
// and a successful exit, and any other problem into errUsage, with the flag
// package's message and the help on standard error (or, when --json is
// among args, the message as {"error": "..."} on standard output).
//
// Flags may come before, between and after the arguments ("sudoku solve
// puzzle.txt --unique"); after "--" everything is an argument. An
// argument that starts with '-' but is no flag of the command and reads as
// a puzzle ("---5-----..." with '-' for blanks) is an argument.
func parseFlags(fs *flag.FlagSet, args []string, s *stdio) error {
	// The flag package shows the help itself on --help and on an error,
	// both on standard error: it is shown below instead, once, where it
	// belongs.
	usage, out := fs.Usage, fs.Output()
	var msg bytes.Buffer
	fs.Usage = func() {}
	fs.SetOutput(&msg)
	var positional []string
	var err error
	for len(args) > 0 && err == nil {
		a := args[0]
		switch {
		case a == "--":
			positional = append(positional, args[1:]...)
			args = nil
		case !isFlag(fs, a):
			positional = append(positional, a)
			args = args[1:]
		default:
			// One flag, with its value when it takes one.
			n := 1
			if !strings.Contains(a, "=") && !isBoolFlag(fs, a) && len(args) > 1 {
				n = 2
			}
			err = fs.Parse(args[:n])
			args = args[n:]
		}
	}
	if err == nil {
		err = fs.Parse(append([]string{"--"}, positional...))
	}
	fs.Usage = usage
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(s.out)
		fs.Usage()
		return errHelp
	case err != nil && wantsJSON(fs, args, positional):
		writeJSON(s.out, errorJSON{strings.TrimSpace(msg.String())})
		return errUsage
	case err != nil:
		fmt.Fprint(out, msg.String())
		fs.Usage()
		return errUsage
	}
	return nil
}

// isFlag reports whether arg is a flag for fs rather than an argument:
// it starts with '-' and is not "-" (standard input) or a puzzle written
// with '-' for blanks, unless it names one of fs's flags.
func isFlag(fs *flag.FlagSet, arg string) bool {
	if len(arg) < 2 || arg[0] != '-' {
		return false
	}
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	if fs.Lookup(name) != nil {
		return true
	}
	_, err := solver.ParseRaw(arg)
	return err != nil
}

// isBoolFlag reports whether arg names a boolean flag of fs, which takes
// no value after it.
func isBoolFlag(fs *flag.FlagSet, arg string) bool {
	f := fs.Lookup(strings.TrimLeft(arg, "-"))
	if f == nil {
		return true // unknown: the flag package reports it
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// wantsJSON reports whether the command was asked for JSON, by its --json
// flag or, when the flags could not all be parsed, by --json among the
// words seen.
func wantsJSON(fs *flag.FlagSet, words ...[]string) bool {
	f := fs.Lookup("json")
	if f == nil {
		return false
	}
	if f.Value.String() == "true" {
		return true
	}
	for _, ws := range words {
		for _, w := range ws {
			if w == "-json" || w == "--json" || w == "-json=true" || w == "--json=true" {
				return true
			}
		}
	}
	return false
}

// errHelp ends a command successfully after --help.
var errHelp = errors.New("help shown")

// usageError is a problem with the command line, shown with a hint to
// --help on standard error, or as {"error": "..."} on standard output for
// a command run with --json. It ends the command with exit status 2.
type usageError struct {
	name, msg string
	json      bool
}

func (e *usageError) Error() string { return e.msg }

// Unwrap makes errors.Is(err, errUsage) true.
func (e *usageError) Unwrap() error { return errUsage }

// usageErrorf returns a usage problem of the command whose flags are fs.
func usageErrorf(fs *flag.FlagSet, format string, args ...any) error {
	return &usageError{name: fs.Name(), msg: fmt.Sprintf(format, args...), json: wantsJSON(fs)}
}

// jsonError is an error of a command run with --json: it is printed as
// {"error": "..."} on standard output.
type jsonError struct{ err error }

func (e *jsonError) Error() string { return e.err.Error() }

func (e *jsonError) Unwrap() error { return e.err }

// errorJSON is the JSON form of an error.
type errorJSON struct {
	Error string `json:"error"`
}

// jsonErrors marks err to be printed as JSON when asJSON is set. Errors
// already printed (errFailed, errUsage from the flag package) and the end
// after --help pass unchanged.
func jsonErrors(asJSON bool, err error) error {
	var ue *usageError
	switch {
	case !asJSON || err == nil || errors.Is(err, errHelp) || errors.Is(err, errFailed):
		return err
	case errors.As(err, &ue):
		ue.json = true
		return err
	case errors.Is(err, errUsage):
		return err
	}
	return &jsonError{err}
}

// report prints the error a command ended with, if it was not printed
// already, and returns the exit status: 0 for none (or after --help), 2
// for a usage error, 1 for any other.
func report(name string, err error, s *stdio) int {
	var ue *usageError
	var je *jsonError
	switch {
	case err == nil, errors.Is(err, errHelp):
		return 0
	case errors.As(err, &ue) && ue.json:
		writeJSON(s.out, errorJSON{ue.msg})
		return 2
	case errors.As(err, &ue):
		fmt.Fprintf(s.err, "%s: %s\nRun '%s --help' for usage.\n", ue.name, ue.msg, ue.name)
		return 2
	case errors.Is(err, errUsage):
		return 2
	case errors.Is(err, errFailed):
		return 1
	case errors.As(err, &je):
		writeJSON(s.out, errorJSON{je.err.Error()})
		return 1
	}
	fmt.Fprintf(s.err, "sudoku %s: %v\n", name, err)
	return 1
}
