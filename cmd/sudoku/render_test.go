package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	puzzleFile := filepath.Join(dir, "puzzle.txt")
	if err := os.WriteFile(puzzleFile, []byte(classic+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wrong := []byte(classicSol)
	wrong[2] = '9' // r1c3 is 4
	for _, c := range []struct {
		name    string
		args    []string
		code    int
		out     string // a part of standard output
		errPart string // a part of standard error
		size    int    // side of the picture written, 0 for none
	}{
		{"puzzle", []string{"render", "-o", "%out", classic}, 0, "", "", 900},
		{"file, dark, candidates", []string{"render", "--theme", "dark", "--candidates", "--labels", "-o", "%out", puzzleFile}, 0, "", "", 900},
		{"solution, size", []string{"render", "--solve", "--size", "600", "-o", "%out", classic}, 0, "", "", 600},
		{"hint level 1", []string{"render", "--hint", "1", "-o", "%out", classic}, 0, "Look at", "", 900},
		{"hint level 3", []string{"render", "--hint", "3", "-o", "%out", classic}, 0, "Single", "", 900},
		{"current with a wrong digit", []string{"render", "--current", string(wrong), "-o", "%out", classic}, 0, "r1c3 holds 9", "", 900},
		{"4x4", []string{"render", "--solve", "-o", "%out", "1...\n..4.\n.3..\n...2"}, 0, "", "", 900},
		{"several solutions", []string{"render", "--solve", "-o", "%out", severalSol}, 1, "", "multiple solutions", 0},
		{"no -o", []string{"render", classic}, 2, "", "-o FILE is required", 0},
		{"bad theme", []string{"render", "--theme", "blue", "-o", "%out", classic}, 2, "", `unknown theme "blue"`, 0},
		{"bad level", []string{"render", "--hint", "5", "-o", "%out", classic}, 2, "", "--hint must be 1, 2 or 3, got 5", 0},
		{"bad size", []string{"render", "--size", "20", "-o", "%out", classic}, 2, "", "--size must be from 160 to 4096 pixels, got 20", 0},
		{"solve and hint", []string{"render", "--solve", "--hint", "2", "-o", "%out", classic}, 2, "", "give one of them", 0},
		{"two puzzles", []string{"render", "-o", "%out", classic, classic}, 2, "", "want one PUZZLE, got 2 arguments", 0},
		{"bad puzzle", []string{"render", "-o", "%out", classic[:80]}, 1, "", "found 80 cells, a 9x9 puzzle needs 81", 0},
		{"help", []string{"render", "--help"}, 0, "Usage: sudoku render", "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "p.png")
			args := make([]string, len(c.args))
			for i, a := range c.args {
				args[i] = strings.ReplaceAll(a, "%out", out)
			}
			code, stdout, stderr := runCLI(t, "", args...)
			if code != c.code {
				t.Errorf("exit status %d, want %d (stderr %q)", code, c.code, stderr)
			}
			if !strings.Contains(stdout, c.out) {
				t.Errorf("stdout %q does not contain %q", stdout, c.out)
			}
			if !strings.Contains(stderr, c.errPart) {
				t.Errorf("stderr %q does not contain %q", stderr, c.errPart)
			}
			b, err := os.ReadFile(out)
			if c.size == 0 {
				if err == nil {
					t.Errorf("wrote %s, want no picture", out)
				}
				return
			}
			if err != nil {
				t.Fatalf("no picture: %v", err)
			}
			checkPNG(t, b, c.size)
		})
	}
}

func TestRenderToStdout(t *testing.T) {
	code, stdout, stderr := runCLI(t, classic, "render", "--hint", "2", "-o", "-", "-")
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr)
	}
	checkPNG(t, []byte(stdout), 900)
	if !strings.Contains(stderr, "There is") {
		t.Errorf("the hint's text should go to stderr when the picture takes stdout; stderr is %q", stderr)
	}
}

func checkPNG(t *testing.T, b []byte, size int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if img.Bounds() != image.Rect(0, 0, size, size) {
		t.Errorf("picture is %v, want %dx%d", img.Bounds(), size, size)
	}
}

func TestRenderHintWithMarks(t *testing.T) {
	// The player has pencilled r1c3 as 1 2 4 and left the rest unmarked.
	fields := make([]string, 81)
	for i := range fields {
		fields[i] = "."
	}
	fields[2] = "124"
	out := filepath.Join(t.TempDir(), "h.png")
	code, stdout, stderr := runCLI(t, "", "render", "--hint", "3", "--marks", strings.Join(fields, " "), "-o", out, classic)
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr)
	}
	if stdout == "" {
		t.Errorf("no hint text printed")
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, b, 900)

	code, _, stderr = runCLI(t, "", "render", "--marks", "1 2", "-o", out, classic)
	if code != 2 || !strings.Contains(stderr, "--marks goes with --hint") {
		t.Errorf("--marks without --hint: status %d, stderr %q; want 2 and a usage error", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "render", "--hint", "1", "--marks", "1 2", "-o", out, classic)
	if code != 1 || !strings.Contains(stderr, "--marks: pencil marks: found 2 cells, a 9x9 grid needs 81") {
		t.Errorf("short --marks: status %d, stderr %q; want 1 and the parser's message", code, stderr)
	}
}
