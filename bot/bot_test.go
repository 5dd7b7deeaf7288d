package bot

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// A classic puzzle and its solution.
const (
	puzzleText    = bottest.Puzzle
	solutionText9 = bottest.Solution
)

// newTestBot returns a bot with the real engines and its log.
func newTestBot(t testing.TB, change func(*Options)) (*Bot, *bottest.LogBuffer) {
	t.Helper()
	logs := &bottest.LogBuffer{}
	o := Options{
		Engines: engines.New(engines.Options{PictureSize: 300}),
		Logger:  slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	if change != nil {
		change(&o)
	}
	return New(o), logs
}

// discordCDNHosts are the hosts the Discord adapter allows attachments
// from by default (package bot/discord).
func discordCDNHosts() []string { return []string{"cdn.discordapp.com", "media.discordapp.net"} }

func TestSolveText(t *testing.T) {
	b, _ := newTestBot(t, nil)
	for _, text := range []string{
		puzzleText,
		"please solve ```\n53. .7. ...\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. .79\n```",
	} {
		rep := b.Handle(context.Background(), Request{Text: text})
		if rep.Failed || rep.Ephemeral {
			t.Fatalf("reply failed=%v ephemeral=%v: %s", rep.Failed, rep.Ephemeral, rep.Text)
		}
		if !strings.Contains(rep.Text, "**Solved!**") || !strings.Contains(rep.Text, "I read 30 givens from your text") {
			t.Errorf("text: %q", rep.Text)
		}
		if !strings.Contains(rep.Text, "Difficulty: **") {
			t.Errorf("no difficulty in %q", rep.Text)
		}
		bottest.CheckSolutionText(t, rep.Text, solutionText9)
		if len(rep.Files) != 1 || rep.Files[0].Name != "SPOILER_solution.png" {
			t.Fatalf("files: %+v", rep.Files)
		}
		if img := bottest.DecodePNG(t, rep.Files[0].Name, rep.Files[0].Data); img.Bounds().Dx() != 300 {
			t.Errorf("picture is %v, want 300 px wide", img.Bounds())
		}
	}
}

func TestBadTextGetsSpecificMessages(t *testing.T) {
	b, _ := newTestBot(t, nil)
	empty := strings.Repeat(".", 81)
	tests := []struct {
		name, text, want string
	}{
		{"80 cells", puzzleText[:80], "found 80 cells, a 9x9 puzzle needs 81"},
		{"82 cells", puzzleText + "1", "82"},
		{"clash", "55" + puzzleText[2:], "This puzzle breaks the rules: row 1 has two 5s (r1c1 and r1c2)"},
		{"letters", "hello there, how are you", "I couldn't read a Sudoku grid in your text"},
		{"empty grid", empty, "This grid is empty"},
		{"many solutions", "123456789" + strings.Repeat(".", 72), "more than one solution"},
		{"no solution", "12345678." + "........9" + strings.Repeat(".", 63), "no solution"},
		{"100 KB", strings.Repeat("1", 100<<10), "limit"},
		{"nothing", "   ", "Send me a puzzle"},
		{"emoji", strings.Repeat("🙂", 81), "I couldn't read a Sudoku grid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := b.Handle(context.Background(), Request{Command: CmdSolve, Text: tt.text})
			if !rep.Failed || !rep.Ephemeral {
				t.Errorf("want a failed ephemeral reply, got %+v", rep)
			}
			if !strings.Contains(rep.Text, tt.want) {
				t.Errorf("got %q, want it to contain %q", rep.Text, tt.want)
			}
			if len(rep.Text) > 600 {
				t.Errorf("message is %d bytes: not short", len(rep.Text))
			}
		})
	}
}

func TestCheck(t *testing.T) {
	b, _ := newTestBot(t, nil)
	cur := []byte(puzzleText)
	cur[2] = '4'  // right (solution r1c3 is 4)
	cur[3] = '1'  // wrong (solution r1c4 is 6)
	cur[80] = '9' // given
	rep := b.Handle(context.Background(), Request{Command: CmdCheck, Text: puzzleText, Current: string(cur)})
	if rep.Failed || !strings.Contains(rep.Text, "1 cell is wrong: r1c4") || !rep.Ephemeral {
		t.Errorf("one wrong: %+v", rep)
	}
	if len(rep.Files) != 1 || rep.Files[0].Name != "check.png" {
		t.Errorf("want the picture of the wrong cells, got %+v", rep.Files)
	} else {
		bottest.DecodePNG(t, rep.Files[0].Name, rep.Files[0].Data)
	}
	cur[3] = '6'
	rep = b.Handle(context.Background(), Request{Command: CmdCheck, Text: puzzleText, Current: string(cur)})
	if !strings.Contains(rep.Text, "right so far: 32 of 81 cells done, 49 to go") {
		t.Errorf("all right: %q", rep.Text)
	}
	rep = b.Handle(context.Background(), Request{Command: CmdCheck, Text: puzzleText, Current: solutionText9})
	if !strings.Contains(rep.Text, "Every cell is right") {
		t.Errorf("solved: %q", rep.Text)
	}
	rep = b.Handle(context.Background(), Request{Command: CmdCheck, Text: puzzleText, Current: "12"})
	if !rep.Failed || !strings.Contains(rep.Text, "I couldn't read your current grid") {
		t.Errorf("bad current: %q", rep.Text)
	}
}

func TestRate(t *testing.T) {
	b, _ := newTestBot(t, nil)
	rep := b.Handle(context.Background(), Request{Command: CmdRate, Text: puzzleText})
	if rep.Failed || !strings.Contains(rep.Text, "Difficulty: **Easy**") {
		t.Errorf("rate: %+v", rep)
	}
}

func TestHintLevelsAndButtons(t *testing.T) {
	b, _ := newTestBot(t, nil)
	g := solver.MustGrid(puzzleText)
	steps, err := human.Explain(g)
	if err != nil {
		t.Fatal(err)
	}
	for level := 1; level <= 3; level++ {
		rep := b.Handle(context.Background(), Request{Command: CmdHint, Text: puzzleText, Level: level})
		if rep.Failed || !rep.Ephemeral {
			t.Fatalf("level %d: %+v", level, rep)
		}
		want := []string{steps[0].Nudge, steps[0].Area, steps[0].Explanation}[level-1]
		if !strings.Contains(rep.Text, want) {
			t.Errorf("level %d: %q does not contain %q", level, rep.Text, want)
		}
		if level < 3 && strings.Contains(rep.Text, steps[0].Explanation) {
			t.Errorf("level %d gives the full explanation away", level)
		}
		if len(rep.Files) != 1 || rep.Files[0].Name != "hint.png" {
			t.Fatalf("level %d files: %+v", level, rep.Files)
		}
		bottest.DecodePNG(t, rep.Files[0].Name, rep.Files[0].Data)
		labels := []string{}
		for _, btn := range rep.Buttons {
			labels = append(labels, btn.Label)
			if len(btn.CustomID) > MaxCustomID {
				t.Errorf("custom_id of %d characters", len(btn.CustomID))
			}
		}
		want3 := "Next step,More detail,Show solution"
		if level == 3 {
			want3 = "Next step,Show solution"
		}
		if strings.Join(labels, ",") != want3 {
			t.Errorf("level %d buttons %v", level, labels)
		}
	}
	// A private request (DM, console) is not ephemeral.
	if rep := b.Handle(context.Background(), Request{Command: CmdHint, Text: puzzleText, Private: true}); rep.Ephemeral {
		t.Error("private hint is ephemeral")
	}
}

// TestButtonsWalkTheSolution presses "Next step" until the end and checks
// that every step is sound: its placements agree with the solution and
// its eliminations never remove the solution's digit.
func TestButtonsWalkTheSolution(t *testing.T) {
	b, _ := newTestBot(t, nil)
	sol := solver.MustGrid(solutionText9)
	rep := b.Handle(context.Background(), Request{Command: CmdHint, Text: puzzleText, Level: 3, UserID: "u"})
	for n := 1; ; n++ {
		next := rep.Buttons[0]
		if next.Label != "Next step" {
			t.Fatalf("first button %q", next.Label)
		}
		st, err := DecodeState(next.CustomID)
		if err != nil || st.Step != n || st.Level != 3 {
			t.Fatalf("state %+v, %v", st, err)
		}
		at, err := b.opt.Engines.Step(context.Background(), st.Grid, st.Step)
		if errors.Is(err, engines.ErrNoMoreSteps) {
			rep = b.Handle(context.Background(), Request{Button: next.CustomID})
			if !strings.Contains(rep.Text, "No steps left") {
				t.Errorf("after the last step: %q", rep.Text)
			}
			bottest.CheckSolutionText(t, rep.Text, solutionText9)
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range at.Step.Placements {
			if sol.Cell(p.Cell) != p.Digit {
				t.Fatalf("step %d places %d in %s, the solution has %d", n, p.Digit, sol.CellName(p.Cell), sol.Cell(p.Cell))
			}
		}
		for _, e := range at.Step.Eliminations {
			if sol.Cell(e.Cell) == e.Digit {
				t.Fatalf("step %d eliminates the solution's %d from %s", n, e.Digit, sol.CellName(e.Cell))
			}
		}
		rep = b.Handle(context.Background(), Request{Button: next.CustomID})
		if rep.Failed || !rep.Ephemeral || !strings.Contains(rep.Text, at.Step.Explanation) {
			t.Fatalf("step %d: %+v", n, rep)
		}
		if n > 200 {
			t.Fatal("no end to the steps")
		}
	}
}

func TestShowSolutionButton(t *testing.T) {
	b, _ := newTestBot(t, nil)
	id, err := EncodeState(State{Action: ActionSolution, Grid: solver.MustGrid(puzzleText), Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	rep := b.Handle(context.Background(), Request{Button: id})
	if rep.Failed || !rep.Ephemeral {
		t.Fatalf("%+v", rep)
	}
	bottest.CheckSolutionText(t, rep.Text, solutionText9)
	rep = b.Handle(context.Background(), Request{Button: "someone-elses-button"})
	if !rep.Failed || !strings.Contains(rep.Text, "I don't recognise this button") {
		t.Errorf("foreign button: %q", rep.Text)
	}
}

func TestStateRoundTripAndLength(t *testing.T) {
	full := solver.MustGrid(solutionText9)
	nines, _ := solver.NewGrid(9)
	for i := range 81 {
		nines.SetCell(i, 9) // the largest number a 9x9 grid can encode
	}
	empty, _ := solver.NewGrid(9)
	small, _ := solver.NewGrid(4)
	small.SetCell(0, 4)
	for _, g := range []solver.Grid{full, nines, empty, solver.MustGrid(puzzleText), small} {
		for _, a := range []Action{ActionNext, ActionDetail, ActionSolution, ActionFixSolve, ActionFixHint} {
			for _, st := range []int{0, 1, MaxStep} {
				for level := 1; level <= 3; level++ {
					s := State{Action: a, Grid: g, Step: st, Level: level}
					if a.fixing() {
						s.Doubts = []int{0, 7, g.NumCells() - 1}
					}
					id, err := EncodeState(s)
					if err != nil {
						t.Fatal(err)
					}
					if len(id) > MaxCustomID {
						t.Fatalf("%d characters", len(id))
					}
					back, err := DecodeState(id)
					if err != nil || !reflect.DeepEqual(back, s) {
						t.Fatalf("round trip of %+v: %+v, %v", s, back, err)
					}
				}
			}
		}
	}
	id, _ := EncodeState(State{Action: ActionFixHint, Grid: nines, Step: MaxStep, Level: 3, Doubts: []int{80}})
	t.Logf("worst-case 9x9 custom_id: %d characters", len(id))
	big, _ := solver.NewGrid(16)
	if _, err := EncodeState(State{Action: ActionNext, Grid: big, Level: 1}); err == nil {
		t.Error("16x16 grid encoded")
	}
	if _, err := EncodeState(State{Action: ActionNext, Grid: empty, Step: MaxStep + 1, Level: 1}); err == nil {
		t.Error("step beyond MaxStep encoded")
	}
}

func FuzzDecodeState(f *testing.F) {
	id, _ := EncodeState(State{Action: ActionNext, Grid: solver.MustGrid(puzzleText), Step: 3, Level: 2})
	f.Add(id)
	id, _ = EncodeState(State{Action: ActionFixHint, Grid: solver.MustGrid(puzzleText), Level: 2, Doubts: []int{4, 50}})
	f.Add(id)
	f.Add("s1n1")
	f.Add("s1x1AAAA")
	f.Add(strings.Repeat("s", 100))
	f.Fuzz(func(t *testing.T, id string) {
		s, err := DecodeState(id)
		if err != nil {
			return
		}
		// What decodes must encode back to the same state.
		again, err := EncodeState(s)
		if err != nil {
			t.Fatalf("decoded %q to %+v that does not encode: %v", id, s, err)
		}
		s2, err := DecodeState(again)
		if err != nil || !reflect.DeepEqual(s2, s) {
			t.Fatalf("re-decoding %q: %+v, %v", again, s2, err)
		}
	})
}

func TestRateLimit(t *testing.T) {
	now := time.Date(2026, 11, 22, 4, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	b, _ := newTestBot(t, func(o *Options) { o.UserRate = 3; o.Now = clock })
	for i := range 3 {
		if rep := b.Handle(context.Background(), Request{Command: CmdHelp, UserID: "u1"}); rep.Failed {
			t.Fatalf("request %d refused: %q", i, rep.Text)
		}
	}
	rep := b.Handle(context.Background(), Request{Command: CmdHelp, UserID: "u1"})
	if !rep.Failed || !rep.Ephemeral || !strings.Contains(rep.Text, "the limit is 3 a minute") || !strings.Contains(rep.Text, "try again in 20 seconds") {
		t.Errorf("fourth request: %+v", rep)
	}
	if rep := b.Handle(context.Background(), Request{Command: CmdHelp, UserID: "u2"}); rep.Failed {
		t.Errorf("another user is limited too: %q", rep.Text)
	}
	mu.Lock()
	now = now.Add(20 * time.Second)
	mu.Unlock()
	if rep := b.Handle(context.Background(), Request{Command: CmdHelp, UserID: "u1"}); rep.Failed {
		t.Errorf("after 20 s: %q", rep.Text)
	}
}

// TestBusyQueue fills the one worker and the one queue place with photos
// whose reading waits, and checks that the next photo is turned away at
// once while text is still answered.
func TestBusyQueue(t *testing.T) {
	release := make(chan struct{})
	var started atomic.Int64
	b, _ := newTestBot(t, func(o *Options) {
		o.OCRWorkers, o.QueueLength = 1, 1
		o.Engines = bottest.GatedReader{Engines: bottest.FixedReading{Engines: o.Engines, Err: ocr.ErrNoGrid}, Gate: release, Started: &started}
	})
	photo := &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 10, 10)}
	var wg sync.WaitGroup
	replies := make(chan Reply, 2)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies <- b.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo})
		}()
	}
	bottest.WaitFor(t, "a photo to be read", func() bool { return started.Load() == 1 })
	// One is reading; wait until the other is queued.
	deadline := time.After(30 * time.Second)
	for b.QueueDepth() != 1 {
		select {
		case <-deadline:
			t.Fatal("second photo never queued")
		case <-time.After(time.Millisecond):
		}
	}
	rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: photo})
	if !rep.Failed || !strings.Contains(rep.Text, "busy") {
		t.Errorf("third photo: %q", rep.Text)
	}
	if rep := b.Handle(context.Background(), Request{Text: puzzleText}); rep.Failed {
		t.Errorf("text waits behind photos: %q", rep.Text)
	}
	close(release)
	wg.Wait()
	close(replies)
	for rep := range replies {
		if !strings.Contains(rep.Text, "could not find a Sudoku grid in this photo") {
			t.Errorf("queued photo: %q", rep.Text)
		}
	}
}

// panickyRenderer is a set of engines whose solution pictures panic.
type panickyRenderer struct{ engines.Engines }

// DrawSolution panics.
func (panickyRenderer) DrawSolution(_, _ solver.Grid) ([]byte, error) { panic("boom in renderer") }

func TestPanicIsRecovered(t *testing.T) {
	b, logs := newTestBot(t, func(o *Options) { o.Engines = panickyRenderer{o.Engines} })
	rep := b.Handle(context.Background(), Request{Text: puzzleText, UserID: "u9"})
	if !rep.Failed || !rep.Ephemeral || !strings.Contains(rep.Text, "something went wrong on my side") {
		t.Errorf("reply: %+v", rep)
	}
	l := logs.String()
	for _, want := range []string{"panic", "boom in renderer", "request.user=u9", "request.text=53..7"} {
		if !strings.Contains(l, want) {
			t.Errorf("log lacks %q:\n%s", want, l)
		}
	}
}

func TestBadPhotos(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/huge":
			w.Header().Set("Content-Length", "52428800")
			w.WriteHeader(200)
		case "/lying":
			// Claims nothing, sends 11 MB.
			w.WriteHeader(200)
			for range 11 {
				if _, err := w.Write(make([]byte, 1<<20)); err != nil {
					return
				}
			}
		case "/stall":
			w.WriteHeader(200)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	api, _ := url.Parse(srv.URL)
	newBot := func(timeout time.Duration) *Bot {
		b, _ := newTestBot(t, func(o *Options) {
			o.Engines = bottest.NoReader{Engines: o.Engines, T: t}
			o.DownloadTimeout = timeout
		})
		return b
	}
	// A generous download time for every case but the stalled download,
	// so that a loaded machine cannot turn a size error into a timeout.
	b, fast := newBot(time.Minute), newBot(300*time.Millisecond)
	tests := []struct {
		name  string
		photo Photo
		want  string
	}{
		{"50 MB declared", Photo{Name: "big.jpg", Size: 50 << 20, URL: srv.URL + "/huge"}, "This image (big.jpg) is 50 MB, the limit is 10 MB"},
		{"50 MB content length", Photo{Name: "big.jpg", URL: srv.URL + "/huge"}, "is 50 MB, the limit is 10 MB"},
		{"size capped while reading", Photo{Name: "liar.png", Size: 100, URL: srv.URL + "/lying"}, "the limit is 10 MB"},
		{"stalled download", Photo{Name: "slow.png", URL: srv.URL + "/stall"}, "took longer than 300ms"},
		{"foreign host", Photo{Name: "x.png", URL: "https://evil.example/x.png"}, "I only download pictures from Discord itself"},
		{"http CDN", Photo{Name: "x.png", URL: "http://cdn.discordapp.com/x.png"}, "I only download pictures from Discord itself"},
		{"not found", Photo{Name: "gone.png", URL: srv.URL + "/gone"}, "404"},
		{"not an image", Photo{Name: "grid.png", Data: []byte("this is not a picture at all")}, "I could not open this image (grid.png) as a picture"},
		{"zero bytes", Photo{Name: "empty.png", Data: []byte{}}, "is empty (0 bytes)"},
		{"truncated", Photo{Name: "cut.png", Data: bottest.TinyPNG(t, 50, 50)[:20]}, "I could not open"},
		{"pixel bomb", Photo{Name: "bomb.png", Data: bottest.BombPNG(t, 30000, 30000)}, "is 30000x30000 pixels (900 megapixels), the limit is 40 megapixels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.photo
			// As the Discord adapter makes them: the CDN and the API
			// origin (the test server) allowed.
			p.Hosts, p.Origin = discordCDNHosts(), api
			bb := b
			if strings.HasSuffix(p.URL, "/stall") {
				bb = fast
			}
			rep := bb.Handle(context.Background(), Request{Command: CmdSolve, Photo: &p})
			if !rep.Failed || !rep.Ephemeral || !strings.Contains(rep.Text, tt.want) {
				t.Errorf("got %+v\nwant text with %q", rep, tt.want)
			}
		})
	}
}

// withoutPhotos is a set of engines that does not offer to read photos.
type withoutPhotos struct{ engines.Engines }

// Offers reports false for photos, else what the engines embedded offer.
func (w withoutPhotos) Offers(f engines.Feature) bool {
	return f != engines.Photos && w.Engines.Offers(f)
}

func TestPhotoUnavailableWithoutReader(t *testing.T) {
	b, _ := newTestBot(t, func(o *Options) { o.Engines = withoutPhotos{o.Engines} })
	rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 5, 5)}})
	if !rep.Failed || !strings.Contains(rep.Text, "Reading photos is not available") {
		t.Errorf("%q", rep.Text)
	}
}

func TestHelpAndGuessing(t *testing.T) {
	b, _ := newTestBot(t, nil)
	rep := b.Handle(context.Background(), Request{Command: CmdHelp})
	for _, want := range []string{"/solve", "/hint", "/rate", "/check", "Solve Sudoku", "Sudoku hint", "10 MB"} {
		if !strings.Contains(rep.Text, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	tests := map[string]Command{
		"hint please " + puzzleText:            CmdHint,
		"how hard is this? rate " + puzzleText: CmdRate,
		"help":                                 CmdHelp,
		"hi":                                   CmdHelp,
		"help me " + puzzleText:                CmdSolve,
		puzzleText:                             CmdSolve,
	}
	for text, want := range tests {
		if got := guessCommand(text); got != want {
			t.Errorf("guessCommand(%q) = %q, want %q", text, got, want)
		}
	}
}

// FuzzHandleText: whatever the text, the bot answers with a message (an
// error says what is wrong), never panics, and a reply that claims a
// solution holds a valid one.
func FuzzHandleText(f *testing.F) {
	f.Add(puzzleText)
	f.Add(puzzleText[:80])
	f.Add("55" + puzzleText[2:])
	f.Add("hint " + puzzleText)
	f.Add("[1,2,3]")
	f.Add("```\n1.3.\n..1.\n```")
	b, logs := newTestBot(f, nil)
	f.Fuzz(func(t *testing.T, text string) {
		rep := b.Handle(context.Background(), Request{Text: text})
		if strings.TrimSpace(rep.Text) == "" {
			t.Fatalf("empty reply to %q", text)
		}
		if strings.Contains(logs.String(), "panic") {
			t.Fatalf("panic on %q:\n%s", text, logs.String())
		}
		if strings.Contains(rep.Text, "**Solved!**") {
			m := regexp.MustCompile(`(?s)\|\|(.*?)\|\|`).FindStringSubmatch(rep.Text)
			if m == nil {
				t.Fatalf("solved without a spoiler: %q", rep.Text)
			}
			g, err := solver.Parse(strings.ReplaceAll(m[1], " ", ""))
			if err != nil || !g.IsComplete() {
				t.Fatalf("the solution %q is not a complete valid grid: %v", m[1], err)
			}
		}
	})
}
