// Command heldout makes, for every development folder of ../shared/ocr, a
// folder of links to the pictures the cell classifier was not trained on
// (the validation split of package internal/traindata: puzzles and
// writers held apart), with their truth files, so that sudoku ocr-report
// measures the reading on pictures the network has not seen:
//
//	go run ./train/heldout -shared ../shared -out build/heldout
//	sudoku ocr-report build/heldout/newspaper-dev build/heldout/screens-dev
//	sudoku ocr-report --givens ../shared/ocr/newspaper-dev build/heldout/mixed-dev
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/internal/traindata"
)

func main() {
	shared := flag.String("shared", "../shared", "the folder holding ocr/*-dev")
	out := flag.String("out", "build/heldout", "where to make the folders")
	flag.Parse()
	for _, f := range traindata.DevFolders(*shared) {
		n, err := link(f, filepath.Join(*out, filepath.Base(f.Dir)))
		if err != nil {
			fmt.Fprintln(os.Stderr, "heldout:", err)
			os.Exit(1)
		}
		fmt.Printf("%s: %d pictures held out\n", filepath.Base(f.Dir), n)
	}
}

// link fills dir with links to the held-out pictures of folder f and
// their truth files, and copies the lines of the folder's corners.csv and
// pencil-mark-cells.txt that name them.
func link(f traindata.Folder, dir string) (int, error) {
	items, err := ocreval.LoadFolder(f.Dir, f.GivensDir)
	if err != nil {
		return 0, err
	}
	if err := os.RemoveAll(dir); err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	keep := map[string]bool{}
	for _, it := range items {
		if !f.HeldOut(it.Name, it.Truth) {
			continue
		}
		base := strings.TrimSuffix(it.Name, filepath.Ext(it.Name))
		keep[base] = true
		for _, ext := range []string{filepath.Ext(it.Name), ".dat", ".json"} {
			src, err := filepath.Abs(filepath.Join(f.Dir, base+ext))
			if err != nil {
				return 0, err
			}
			if _, err := os.Stat(src); err != nil {
				continue
			}
			if err := os.Symlink(src, filepath.Join(dir, base+ext)); err != nil {
				return 0, err
			}
		}
	}
	for _, name := range []string{"corners.csv", "pencil-mark-cells.txt"} {
		if err := filterLines(filepath.Join(f.Dir, name), filepath.Join(dir, name), keep); err != nil {
			return 0, err
		}
	}
	return len(keep), nil
}

// filterLines copies the first line of src (a header) and the lines that
// name a picture kept, if src exists.
func filterLines(src, dst string, keep map[string]bool) error {
	data, err := os.ReadFile(src)
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	var b strings.Builder
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for first := true; sc.Scan(); first = false {
		line := sc.Text()
		name := strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == ':' })
		if first || len(name) > 0 && keep[strings.TrimSuffix(name[0], filepath.Ext(name[0]))] {
			b.WriteString(line + "\n")
		}
	}
	return os.WriteFile(dst, []byte(b.String()), 0o644)
}
