package codeshape

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Func is one function or method declaration and its length.
type Func struct {
	File  string // the file's path as walked
	Name  string // the function's name, with its receiver type for methods
	Line  int    // the line of the func keyword
	Lines int    // lines from the func keyword to the closing brace
}

// Float is one floating-point literal written in a function body.
type Float struct {
	File  string
	Line  int
	Func  string // the declaration it stands in
	Value string // the literal as written
}

// Report is the shape of a set of files.
type Report struct {
	Files  []string // the non-test Go files measured, sorted
	Funcs  []Func   // every function declaration, in file order
	Floats []Float  // every float literal inside a function body
}

// LongerThan returns the functions of more than n lines.
func (r Report) LongerThan(n int) []Func {
	var long []Func
	for _, f := range r.Funcs {
		if f.Lines > n {
			long = append(long, f)
		}
	}
	return long
}

// FloatsByFile counts the float literals in function bodies per file.
func (r Report) FloatsByFile() map[string]int {
	n := make(map[string]int)
	for _, f := range r.Floats {
		n[f.File]++
	}
	return n
}

// Measure parses the non-test Go files of dir, and of its subdirectories
// when recursive is true (testdata folders aside), and reports their shape.
func Measure(dir string, recursive bool) (Report, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (!recursive || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return Report{}, fmt.Errorf("measure %s: %w", dir, err)
	}
	sort.Strings(files)
	r := Report{Files: files}
	fset := token.NewFileSet()
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			return Report{}, fmt.Errorf("measure: %w", err)
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return Report{}, fmt.Errorf("measure: %w", err)
		}
		r.add(fset, path, f)
	}
	return r, nil
}

// add records the functions of one parsed file and the float literals in
// their bodies.
func (r *Report) add(fset *token.FileSet, path string, f *ast.File) {
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		name := funcName(fn)
		start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
		r.Funcs = append(r.Funcs, Func{File: path, Name: name, Line: start.Line, Lines: end.Line - start.Line + 1})
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.FLOAT {
				r.Floats = append(r.Floats, Float{File: path, Line: fset.Position(lit.Pos()).Line, Func: name, Value: lit.Value})
			}
			return true
		})
	}
}

// funcName is fn's name, as Type.Method for methods.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if idx, ok := t.(*ast.IndexExpr); ok {
		t = idx.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}
