package bot

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// TestPhotoPoolAdmitsByExpectedWait admits photos one after another into
// pools that are never worked off: each admits while the expected wait
// (photos ahead, over the photos read at once, times the service time)
// stays within the limit, and never more than the workers and the queue.
func TestPhotoPoolAdmitsByExpectedWait(t *testing.T) {
	for _, tt := range []struct {
		name           string
		workers, queue int
		maxWait        time.Duration
		places         int // what the CPU gate allows at once
		service        time.Duration
		want           int
	}{
		// Waits 0, 0, .2, .4, .6, .8, 1.0 s, then 1.2 s: refused.
		{"two at once", 2, 16, time.Second, 2, 400 * time.Millisecond, 7},
		// Texts take a CPU: one photo at a time, waits 0, .4, .8, 1.2.
		{"one at once", 2, 16, time.Second, 1, 400 * time.Millisecond, 3},
		{"slow photos", 2, 16, time.Second, 2, 3 * time.Second, 2},
		{"queue first", 2, 3, time.Second, 2, 10 * time.Millisecond, 5},
		{"no wait limit", 2, 16, 0, 1, time.Hour, 18},
		{"no queue", 1, 0, time.Second, 2, time.Millisecond, 1},
		{"more places than workers", 1, 16, time.Second, 4, 300 * time.Millisecond, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := newPhotoPool(tt.workers, tt.queue, tt.maxWait, func() int { return tt.places })
			p.service = tt.service
			got := 0
			for p.admit() {
				got++
				if got > 100 {
					t.Fatal("admits without end")
				}
			}
			if got != tt.want {
				t.Errorf("admitted %d, want %d", got, tt.want)
			}
			p.leave()
			if !p.admit() {
				t.Error("a place given back was not taken again")
			}
		})
	}
}

// TestPhotoPoolLearnsServiceTime checks that the time each photo's work
// takes moves the service time admit judges by, a quarter of the way, and
// that an unmeasured time leaves it alone.
func TestPhotoPoolLearnsServiceTime(t *testing.T) {
	p := newPhotoPool(1, 4, time.Second, nil)
	if p.service != InitialPhotoTime {
		t.Fatalf("service %s before any photo, want %s", p.service, InitialPhotoTime)
	}
	p.served(900 * time.Millisecond) // 500 + 400/4
	p.served(0)
	p.served(-time.Second)
	if p.service != 600*time.Millisecond {
		t.Errorf("service %s, want 600ms", p.service)
	}
	p.admitted = 2 // one read, one waiting: a third waits for both
	if got, want := p.wait(), 2*600*time.Millisecond; got != want {
		t.Errorf("expected wait %s, want %s", got, want)
	}
	errNoGrid := errors.New("no grid")
	if err := p.work(context.Background(), func() error { return errNoGrid }); !errors.Is(err, errNoGrid) {
		t.Errorf("work returned %v, want the reading's error", err)
	}
}

// TestCPUGateSharesCPUs plays the gate on two CPUs through a flood of text
// requests and two photos: each kind always gets a place, photos take all
// CPUs but the one left to text, and text requests use every place again
// once the photos are done.
func TestCPUGateSharesCPUs(t *testing.T) {
	ctx := context.Background()
	g := newCPUGate(2, 4)
	enterNow := func(k int) bool {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
		defer cancel()
		return g.enter(c, k) == nil
	}
	for i := range 4 {
		if !enterNow(kindText) {
			t.Fatalf("text %d waited with no photo about", i+1)
		}
	}
	if enterNow(kindText) {
		t.Fatal("a fifth text ran past the text limit")
	}
	if !enterNow(kindPhoto) {
		t.Fatal("a photo waited for text requests: each kind always gets a place")
	}
	if enterNow(kindPhoto) {
		t.Fatal("a second photo ran while text requests use their CPU")
	}
	if n := g.photoPlaces(); n != 1 {
		t.Errorf("photoPlaces %d while texts run, want 1", n)
	}
	// Texts leave; the ones left share what the photo leaves: one CPU.
	for range 3 {
		g.leave(kindText)
	}
	if enterNow(kindText) {
		t.Fatal("a second text ran beside a photo on two CPUs")
	}
	// A waiting photo gets the place a leaving text frees only when no
	// text needs it; a waiting text gets it first when none runs.
	photo := make(chan error, 1)
	go func() { photo <- g.enter(ctx, kindPhoto) }()
	bottest.WaitFor(t, "the photo to wait", func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.waiting[kindPhoto]) == 1 })
	text := make(chan error, 1)
	go func() { text <- g.enter(ctx, kindText) }()
	bottest.WaitFor(t, "the text to wait", func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.waiting[kindText]) == 1 })
	g.leave(kindText)
	if err := <-text; err != nil {
		t.Fatal(err)
	}
	select {
	case <-photo:
		t.Fatal("the second photo took the text requests' CPU")
	case <-time.After(20 * time.Millisecond):
	}
	g.leave(kindText) // no text left: the photo gets the second CPU
	if err := <-photo; err != nil {
		t.Fatal(err)
	}
	if n := g.photoPlaces(); n != 2 {
		t.Errorf("photoPlaces %d with no text about, want 2", n)
	}
	g.leave(kindPhoto)
	g.leave(kindPhoto)
	for i := range 4 {
		if !enterNow(kindText) {
			t.Fatalf("text %d waited after the photos were done", i+1)
		}
	}
}

// TestCPUGateCancel checks that a request that stops waiting leaves no
// trace: the place it waited for goes to the next one.
func TestCPUGateCancel(t *testing.T) {
	g := newCPUGate(1, 1)
	if err := g.enter(context.Background(), kindText); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.enter(ctx, kindText) }()
	bottest.WaitFor(t, "the text to wait", func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.waiting[kindText]) == 1 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled wait returned %v", err)
	}
	g.leave(kindText)
	if err := g.enter(context.Background(), kindText); err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running[kindText] != 1 || len(g.waiting[kindText]) != 0 {
		t.Errorf("running %d, waiting %d after the cancelled wait, want 1 and 0", g.running[kindText], len(g.waiting[kindText]))
	}
}

// heldDrawing is a set of engines whose solution pictures count the
// drawings begun and wait for gate to be closed.
type heldDrawing struct {
	engines.Engines
	gate    <-chan struct{}
	drawing *atomic.Int64
}

// DrawSolution counts the drawing, waits for the gate, and draws.
func (h heldDrawing) DrawSolution(puzzle, solution solver.Grid) ([]byte, error) {
	h.drawing.Add(1)
	<-h.gate
	return h.Engines.DrawSolution(puzzle, solution)
}

// TestTextWorkersBoundTextWork holds the one text worker with a puzzle
// whose picture waits on a gate: a second text request waits its turn
// (rather than adding to the memory in use), a photo request is not held
// up by it, and once the gate opens both texts are answered.
func TestTextWorkersBoundTextWork(t *testing.T) {
	gate := make(chan struct{})
	var drawing atomic.Int64
	b, _ := newTestBot(t, func(o *Options) {
		o.TextWorkers = 1
		o.Engines = heldDrawing{Engines: bottest.FixedReading{Engines: o.Engines, Err: ocr.ErrNoGrid}, gate: gate, drawing: &drawing}
	})
	replies := make(chan Reply, 2)
	for _, p := range []string{puzzleText, bottest.DistinctPuzzle(3)} {
		go func() { replies <- b.Handle(context.Background(), Request{Text: p}) }()
	}
	bottest.WaitFor(t, "a text to be drawn", func() bool { return drawing.Load() >= 1 })
	// A photo goes through while the text worker is busy.
	rep := b.Handle(context.Background(), Request{Command: CmdSolve, Photo: &Photo{Name: "p.png", Data: bottest.TinyPNG(t, 20, 20)}})
	if !strings.Contains(rep.Text, "could not find a Sudoku grid") {
		t.Errorf("photo while the text worker is busy: %q", rep.Text)
	}
	if n := drawing.Load(); n != 1 {
		t.Fatalf("%d texts worked on at once, want 1", n)
	}
	close(gate)
	for range 2 {
		if rep := <-replies; rep.Failed || !strings.Contains(rep.Text, "**Solved!**") {
			t.Errorf("text reply: %q", rep.Text)
		}
	}
	if n := drawing.Load(); n != 2 {
		t.Errorf("%d texts drawn, want 2", n)
	}
}
