package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
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
// package's message and the help on standard error.
func parseFlags(fs *flag.FlagSet, args []string, s *stdio) error {
	// The flag package shows the help itself on --help and on an error,
	// both on standard error: it is shown below instead, once, where it
	// belongs.
	usage := fs.Usage
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.Usage = usage
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(s.out)
		fs.Usage()
		return errHelp
	case err != nil:
		fs.Usage()
		return errUsage
	}
	return nil
}

// errHelp ends a command successfully after --help.
var errHelp = errors.New("help shown")

// usageErrorf prints a usage problem with a hint to --help and returns errUsage.
func usageErrorf(fs *flag.FlagSet, format string, args ...any) error {
	fmt.Fprintf(fs.Output(), "%s: %s\nRun '%s --help' for usage.\n", fs.Name(), fmt.Sprintf(format, args...), fs.Name())
	return errUsage
}
