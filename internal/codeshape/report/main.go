// Command report prints the shape of Go packages: the functions over a
// length and the float literals written inline in function bodies, per
// file. A path ending in /... includes its subdirectories.
//
//	go run ./internal/codeshape/report [-lines 80] ./ocr/...
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/sudokubot/sudokubot/internal/codeshape"
)

func main() {
	lines := flag.Int("lines", 80, "report functions longer than this many lines")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: report [-lines N] DIR[/...]...")
		os.Exit(2)
	}
	for _, arg := range flag.Args() {
		dir, recursive := strings.CutSuffix(arg, "/...")
		r, err := codeshape.Measure(dir, recursive)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		print(arg, r, *lines)
	}
}

func print(name string, r codeshape.Report, lines int) {
	fmt.Printf("%s: %d files, %d functions, %d float literals in function bodies\n", name, len(r.Files), len(r.Funcs), len(r.Floats))
	long := r.LongerThan(lines)
	fmt.Printf("functions over %d lines: %d\n", lines, len(long))
	for _, f := range long {
		fmt.Printf("  %s:%d %s (%d lines)\n", f.File, f.Line, f.Name, f.Lines)
	}
	byFile := r.FloatsByFile()
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Slice(files, func(i, j int) bool { return byFile[files[i]] > byFile[files[j]] })
	fmt.Println("float literals in function bodies, per file:")
	for _, f := range files {
		fmt.Printf("  %4d %s\n", byFile[f], f)
	}
}
