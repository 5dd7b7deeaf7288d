package bot

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/solver"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestReplyGolden pins the exact words of the replies that do not depend on
// the hint engine's texts: errors, /check and /help. Run with -update after
// a deliberate change and review the diff.
func TestReplyGolden(t *testing.T) {
	b, _ := newTestBot(t, nil)
	cur := []byte(puzzleText)
	cur[2], cur[3], cur[5] = '4', '1', '2'
	requests := []struct {
		name string
		req  Request
	}{
		{"solve: 80 cells", Request{Command: CmdSolve, Text: puzzleText[:80]}},
		{"solve: two 5s in a row", Request{Command: CmdSolve, Text: "55" + puzzleText[2:]}},
		{"solve: two 5s in a column", Request{Command: CmdSolve, Text: "5" + strings.Repeat(".", 8) + "5" + strings.Repeat(".", 71)}},
		{"solve: letters", Request{Command: CmdSolve, Text: "abcdefghi"}},
		{"solve: empty grid", Request{Command: CmdSolve, Text: strings.Repeat("0", 81)}},
		{"solve: several solutions", Request{Command: CmdSolve, Text: "123456789" + strings.Repeat(".", 72)}},
		{"solve: no solution", Request{Command: CmdSolve, Text: "12345678." + "........9" + strings.Repeat(".", 63)}},
		{"solve: nothing", Request{Command: CmdSolve}},
		{"hint: level 4", Request{Command: CmdHint, Text: puzzleText, Level: 4}},
		{"check: no current", Request{Command: CmdCheck, Text: puzzleText}},
		{"check: two wrong", Request{Command: CmdCheck, Text: puzzleText, Current: string(cur)}},
		{"check: 4x4 against 9x9", Request{Command: CmdCheck, Text: puzzleText, Current: "1..4..1..1..4..1"}},
		{"button: foreign", Request{Button: "s1n1AAAA"}},
		{"photo: 50 MB", Request{Command: CmdSolve, Photo: &Photo{Name: "big.jpg", Size: 50 << 20, URL: "https://cdn.discordapp.com/a/big.jpg"}}},
		{"photo: foreign host", Request{Command: CmdSolve, Photo: &Photo{Name: "x.png", URL: "https://example.com/x.png", Hosts: discordCDNHosts()}}},
		{"photo: a link from no adapter", Request{Command: CmdSolve, Photo: &Photo{Name: "x.png", URL: "https://example.com/x.png"}}},
		{"photo: not an image", Request{Command: CmdSolve, Photo: &Photo{Name: "grid.png", Data: []byte("PK\x03\x04 a zip file named .png")}}},
		{"photo: GIF header claiming a huge size", Request{Command: CmdSolve, Photo: &Photo{Name: "g.gif", Data: []byte("GIF89a but not really")}}},
		{"photo: empty file", Request{Command: CmdSolve, Photo: &Photo{Name: "e.jpg", Data: []byte{}}}},
		{"help", Request{Command: CmdHelp}},
	}
	var sb strings.Builder
	for _, r := range requests {
		rep := b.Handle(context.Background(), r.req)
		var files []string
		for _, f := range rep.Files {
			files = append(files, f.Name)
		}
		fmt.Fprintf(&sb, "## %s\nephemeral=%v failed=%v files=%v\n%s\n\n", r.name, rep.Ephemeral, rep.Failed, files, rep.Text)
	}
	path := filepath.Join("testdata", "replies.golden")
	if *update {
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestReplyGolden -update to create it)", err)
	}
	if got := sb.String(); got != string(want) {
		t.Errorf("replies differ from %s (run with -update after a deliberate change):\n%s", path, got)
	}
}

// TestPhotoReplies checks what the bot says about a photo's reading, with
// a reader that returns set readings (the OCR itself is tested by the
// end-to-end tests with a real photo).
func TestPhotoReplies(t *testing.T) {
	photo := func() *Photo { return &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 20, 20)} }
	read := func(g string, doubtful ...int) func(*Options) {
		gr, err := solver.ParseRaw(g)
		if err != nil {
			t.Fatal(err)
		}
		r := engines.Reading{Grid: gr, Doubtful: doubtful}
		if r.SolveErr = gr.Validate(); r.SolveErr == nil {
			r.Solution, r.SolveErr = solver.SolveUnique(gr)
		}
		return func(o *Options) { o.Engines = bottest.FixedReading{Engines: o.Engines, Reading: r} }
	}
	b, _ := newTestBot(t, read(puzzleText, 0, 80))
	rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo()})
	if rep.Failed || !strings.Contains(rep.Text, "I read 30 givens from your photo") ||
		!strings.Contains(rep.Text, "I was not sure about r1c1 and r9c9: please check them") {
		t.Errorf("doubtful reading: %+v", rep)
	}
	one, _ := newTestBot(t, read(puzzleText, 40))
	if rep := one.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo()}); !strings.Contains(rep.Text, "I was not sure about r5c5: please check it in") {
		t.Errorf("one doubtful cell: %q", rep.Text)
	}
	bottest.CheckSolutionText(t, rep.Text, solutionText9)
	if len(rep.Files) < 2 || rep.Files[0].Name != "read.png" || rep.Files[1].Name != "SPOILER_solution.png" {
		t.Errorf("files %v", rep.Files)
	}

	b, _ = newTestBot(t, read("55"+puzzleText[2:]))
	rep = b.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo()})
	if !rep.Failed || !strings.Contains(rep.Text, "I read the grid, but row 1 has two 5s (r1c1 and r1c2), so I probably misread a digit") ||
		!strings.Contains(rep.Text, "What I read, to correct and send back: `55"+puzzleText[2:]+"`") {
		t.Errorf("misread clash: %+v", rep)
	}
	if len(rep.Files) != 1 || rep.Files[0].Name != "read.png" {
		t.Errorf("the picture of what was read is missing: %v", rep.Files)
	}

	b, _ = newTestBot(t, read("123456789"+strings.Repeat(".", 72)))
	rep = b.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo()})
	if !rep.Failed || !strings.Contains(rep.Text, "I may have misread the photo") || len(rep.Files) != 1 ||
		!strings.Contains(rep.Text, "to correct and send back: `123456789"+strings.Repeat(".", 72)+"`") {
		t.Errorf("misread, several solutions: %+v", rep)
	}
}

// TestPhotoReadTimeout: a reader that does not finish in time gives the
// user a message and frees its worker.
func TestPhotoReadTimeout(t *testing.T) {
	b, _ := newTestBot(t, func(o *Options) {
		o.ReadTimeout = 50 * time.Millisecond
		o.OCRWorkers, o.QueueLength = 1, -1
		o.Engines = bottest.StuckReader{Engines: o.Engines} // stuck until the time limit
	})
	for range 2 { // the second proves the worker was freed
		rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 8, 8)}})
		if !rep.Failed || !strings.Contains(rep.Text, "Reading this image (p.png) took too long") {
			t.Fatalf("%+v", rep)
		}
	}
}
