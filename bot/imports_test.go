package bot

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestReachesOCRAndHumanThroughEngines holds the conversation to its
// engines: no file of package bot (tests aside) imports package ocr (or a
// package below it) or solver/human. What it needs of them is named in
// package bot/engines.
func TestReachesOCRAndHumanThroughEngines(t *testing.T) {
	const module = "github.com/sudokubot/sudokubot/"
	forbidden := []string{module + "ocr", module + "solver/human"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				t.Fatalf("%s: import %s: %v", name, imp.Path.Value, err)
			}
			for _, p := range forbidden {
				if path == p || strings.HasPrefix(path, p+"/") {
					t.Errorf("%s imports %s: reach it through package bot/engines", name, path)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no file of package bot found")
	}
}
