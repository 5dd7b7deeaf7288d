package ocr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/codeshape"
)

// Limits the package is held to, so that a newcomer can read each stage
// and find every tuned number by name.
const (
	// maxFuncLines is the longest a function of ocr (subpackages included,
	// tests aside) may be.
	maxFuncLines = 80
	// maxInlineFloats is how many float literals may be written inline in
	// function bodies across ocr and its subpackages; every other number
	// is a named constant that says what it means and what it was
	// measured on.
	maxInlineFloats = 40
)

func TestShape(t *testing.T) {
	r, err := codeshape.Measure(".", true)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.LongerThan(maxFuncLines) {
		t.Errorf("%s:%d: %s is %d lines long, more than %d: split it into named steps", f.File, f.Line, f.Name, f.Lines, maxFuncLines)
	}
	if n := len(r.Floats); n > maxInlineFloats {
		for _, f := range r.Floats {
			t.Logf("%s:%d in %s: %s", f.File, f.Line, f.Func, f.Value)
		}
		t.Errorf("%d float literals written inline in function bodies, more than %d: name them", n, maxInlineFloats)
	}
}

// TestDocNamesEveryFile checks that doc.go's map of the package names
// every file of it.
func TestDocNamesEveryFile(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "doc.go" {
			continue
		}
		if !strings.Contains(string(doc), f) {
			t.Errorf("doc.go does not name %s", f)
		}
	}
}
