package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	_ "image/jpeg" // the pictures scenarios check
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the expected output of the scenarios in testdata/*.txtar")

// TestScripts runs the sudoku command, built once, on each scenario of
// testdata/*.txtar. A scenario is a txtar archive (golang.org/x/tools/txtar):
// its comment says what it shows and holds directives, one a line, and its
// files hold the input and the expected output:
//
//	# A comment line.
//	sudoku ARGS...         the command; Go-quoted words may hold spaces
//	mask REGEXP            output matching REGEXP (a Go-quoted or plain
//	                       regular expression), or only its groups if it
//	                       has any, is written as "…": for timings and
//	                       other output that varies
//	image FILE WxH [FMT]   after the run, FILE (or stdout) is a PNG or
//	                       JPEG picture of W by H pixels (in format FMT,
//	                       png or jpeg, when given)
//	nofile FILE            after the run, FILE does not exist
//	env NAME=VALUE         the command runs with this environment
//	                       variable set (OMP_THREAD_LIMIT=1 and a
//	                       generous SUDOKU_PHOTO_TIMEOUT otherwise)
//
//	-- stdin --            standard input (none when left out)
//	-- stdout --           the expected standard output
//	-- stderr --           the expected standard error
//	-- status --           the expected exit status
//	-- NAME --             any other file is written to the working
//	                       directory before the run
//
// The command runs in a new directory holding the scenario's files and
// photos/, the photos of testdata/photos. With -update the scenarios'
// stdout, stderr and status are rewritten from what the command does.
func TestScripts(t *testing.T) {
	exe := buildSudoku(t)
	photos, err := filepath.Abs(filepath.Join("testdata", "photos"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios in testdata/*.txtar")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runScenario(t, exe, photos, file)
		})
	}
}

// buildSudoku builds the command beside the Tesseract helper (testHelper),
// once, with the race detector when the tests run with it.
func buildSudoku(t *testing.T) string {
	t.Helper()
	exe, err := builtSudoku()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

var builtSudoku = sync.OnceValues(func() (string, error) {
	exe := filepath.Join(filepath.Dir(testHelper), "sudoku")
	args := []string{"build", "-o", exe}
	if raceEnabled {
		args = append(args, "-race")
	}
	out, err := exec.Command("go", append(args, ".")...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("build the sudoku command: %v\n%s", err, out)
	}
	return exe, nil
})

// scenario is one testdata/*.txtar file.
type scenario struct {
	file    string
	archive *txtar.Archive
	args    []string
	masks   []*regexp.Regexp
	images  map[string]image.Point // file (or "stdout") -> size
	formats map[string]string      // file (or "stdout") -> format, when given
	nofiles []string
	env     []string // NAME=VALUE, set after the defaults
}

// outputs are the sections a run fills in.
var outputs = []string{"stdout", "stderr", "status"}

func runScenario(t *testing.T, exe, photos, file string) {
	sc, err := readScenario(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range sc.archive.Files {
		if f.Name == "stdin" || isOutput(f.Name) {
			continue
		}
		name := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(photos, filepath.Join(dir, "photos")); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(exe, sc.args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1", photoTimeoutEnv+"="+testPhotoTimeout.String())
	cmd.Env = append(cmd.Env, sc.env...)
	if in, ok := fileData(sc.archive, "stdin"); ok {
		cmd.Stdin = bytes.NewReader(in)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	status := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("run sudoku: %v", err)
		}
		status = exit.ExitCode()
	}

	got := map[string]string{
		"stdout": sc.mask(stdout.String()),
		"stderr": sc.mask(stderr.String()),
		"status": fmt.Sprintf("%d\n", status),
	}
	if _, ok := sc.images["stdout"]; ok {
		delete(got, "stdout")
	}
	sc.checkFiles(t, dir, stdout.Bytes())
	if *update {
		for _, name := range outputs {
			if text, ok := got[name]; ok {
				if err := setFile(sc.archive, name, text); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
		if err := os.WriteFile(file, txtar.Format(sc.archive), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, name := range outputs {
		text, ok := got[name]
		if !ok {
			continue
		}
		want, ok := fileData(sc.archive, name)
		if !ok {
			t.Errorf("%s has no -- %s -- section (run the test with -update to write it)", file, name)
			continue
		}
		if text != string(want) {
			t.Errorf("sudoku %s\n%s:\n%s\nwant:\n%s", strings.Join(sc.args, " "), name, text, want)
		}
	}
}

// readScenario reads a scenario and its directives.
func readScenario(file string) (*scenario, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	sc := &scenario{file: file, archive: txtar.Parse(b), images: map[string]image.Point{}, formats: map[string]string{}}
	for i, line := range strings.Split(string(sc.archive.Comment), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words, err := splitWords(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, i+1, err)
		}
		if err := sc.directive(words); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, i+1, err)
		}
	}
	if sc.args == nil {
		return nil, fmt.Errorf("%s: no 'sudoku ARGS...' line", file)
	}
	return sc, nil
}

// directive applies one directive line, split into words.
func (sc *scenario) directive(words []string) error {
	switch words[0] {
	case "sudoku":
		if sc.args != nil {
			return errors.New("a second 'sudoku' line: one command per scenario")
		}
		sc.args = append([]string{}, words[1:]...)
	case "mask":
		if len(words) != 2 {
			return errors.New("want 'mask REGEXP'")
		}
		re, err := regexp.Compile(words[1])
		if err != nil {
			return err
		}
		sc.masks = append(sc.masks, re)
	case "image":
		var w, h int
		if len(words) != 3 && len(words) != 4 {
			return errors.New("want 'image FILE WxH [FORMAT]'")
		}
		if _, err := fmt.Sscanf(words[2], "%dx%d", &w, &h); err != nil {
			return fmt.Errorf("image size %q: %w", words[2], err)
		}
		sc.images[words[1]] = image.Pt(w, h)
		if len(words) == 4 {
			sc.formats[words[1]] = words[3]
		}
	case "nofile":
		if len(words) != 2 {
			return errors.New("want 'nofile FILE'")
		}
		sc.nofiles = append(sc.nofiles, words[1])
	case "env":
		if len(words) != 2 || !strings.Contains(words[1], "=") {
			return errors.New("want 'env NAME=VALUE'")
		}
		sc.env = append(sc.env, words[1])
	default:
		return fmt.Errorf("unknown directive %q", words[0])
	}
	return nil
}

// mask writes what the masks match (their groups, if they have any) as
// "…".
func (sc *scenario) mask(s string) string {
	for _, re := range sc.masks {
		var b strings.Builder
		last := 0
		for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
			spans := m[2:] // the groups
			if re.NumSubexp() == 0 {
				spans = m[:2] // the whole match
			}
			for i := 0; i+1 < len(spans); i += 2 {
				if spans[i] < last {
					continue // a group not taking part, or nested
				}
				b.WriteString(s[last:spans[i]])
				b.WriteString("…")
				last = spans[i+1]
			}
		}
		b.WriteString(s[last:])
		s = b.String()
	}
	return s
}

// checkFiles checks the pictures and the files that must not be there.
func (sc *scenario) checkFiles(t *testing.T, dir string, stdout []byte) {
	t.Helper()
	for name, size := range sc.images {
		b := stdout
		if name != "stdout" {
			var err error
			if b, err = os.ReadFile(filepath.Join(dir, name)); err != nil {
				t.Errorf("no picture: %v", err)
				continue
			}
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Errorf("%s is not a picture: %v", name, err)
			continue
		}
		if got := image.Pt(cfg.Width, cfg.Height); got != size {
			t.Errorf("%s is a %s of %dx%d pixels, want %dx%d", name, format, got.X, got.Y, size.X, size.Y)
		}
		if want, ok := sc.formats[name]; ok && format != want {
			t.Errorf("%s is a %s picture, want %s", name, format, want)
		}
	}
	for _, name := range sc.nofiles {
		if _, err := os.Stat(filepath.Join(dir, name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s should not exist (%v)", name, err)
		}
	}
}

func isOutput(name string) bool {
	for _, o := range outputs {
		if name == o {
			return true
		}
	}
	return false
}

// splitWords breaks a directive line into words at spaces; a word may be a
// Go-quoted string holding spaces.
func splitWords(s string) ([]string, error) {
	var words []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' || s[0] == '`' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, err
			}
			w, err := strconv.Unquote(q)
			if err != nil {
				return nil, err
			}
			words, s = append(words, w), s[len(q):]
			continue
		}
		w, rest, _ := strings.Cut(s, " ")
		words, s = append(words, w), rest
	}
	return words, nil
}

// fileData returns the data of the archive's file name.
func fileData(a *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// setFile sets the data of the archive's file name, adding the file at
// the end when there is none. The text must be empty or end in a newline,
// and must not hold a line that reads as a file marker.
func setFile(a *txtar.Archive, name, text string) error {
	if text != "" && !strings.HasSuffix(text, "\n") {
		return fmt.Errorf("%q does not end in a newline: it cannot be kept in a txtar file", text)
	}
	if inner := txtar.Parse([]byte(text)); len(inner.Files) > 0 {
		return fmt.Errorf("a line of the text reads as the txtar file marker of %q", inner.Files[0].Name)
	}
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = []byte(text)
			return nil
		}
	}
	a.Files = append(a.Files, txtar.File{Name: name, Data: []byte(text)})
	return nil
}

// TestArchiveRoundTrip checks that writing a scenario back changes nothing
// but what -update sets: every scenario reads and writes back to itself.
func TestArchiveRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := txtar.Format(txtar.Parse(b)); !bytes.Equal(got, b) {
			t.Errorf("%s is written back as\n%s", file, got)
		}
	}
	a := txtar.Parse([]byte("comment\n-- a --\nx\n-- b --\n"))
	if err := setFile(a, "b", "y\n"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"no newline", "-- marker --\n", "text\n--  spaced  --\nmore\n"} {
		if err := setFile(a, "c", bad); err == nil {
			t.Errorf("setFile(%q) gave no error", bad)
		}
	}
	if got, want := string(txtar.Format(a)), "comment\n-- a --\nx\n-- b --\ny\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
