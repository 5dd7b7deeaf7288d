package discord

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/internal/fakediscord"
	"github.com/sudokubot/sudokubot/solver"
)

// TestOpsBoundedPhotoWork fills the one OCR worker and the one queue place
// with photos through the real discordgo, holding the real reader back
// with a gate: the next photo gets an immediate "busy" answer (in a DM,
// and as the slash command's private first response), a text puzzle is answered while the
// photos wait, the queue depth shows on the metrics, and once the gate
// opens both held photos are read and solved.
func TestOpsBoundedPhotoWork(t *testing.T) {
	gate := make(chan struct{})
	var started atomic.Int64
	// The busy answer comes as the first response however slow the machine.
	e := startOps(t, opsSetup{photoDeferAfter: time.Minute, bot: func(o *bot.Options) {
		o.OCRWorkers, o.QueueLength = 1, 1
		o.Engines = bottest.GatedReader{Engines: o.Engines, Gate: gate, Started: &started}
	}})
	opened := false
	open := func() {
		if !opened {
			opened = true
			close(gate)
		}
	}
	t.Cleanup(open) // never leave a reader blocked
	data, truth := photoFixture(t)
	sol, err := solver.SolveUnique(solver.MustGrid(truth))
	if err != nil {
		t.Fatal(err)
	}
	att := e.srv.AddAttachment("photo.jpg", "image/jpeg", data)
	reading := e.dm(t, "1", "", att)
	bottest.WaitFor(t, "the first photo to be read", func() bool { return started.Load() == 1 })
	queued := e.dm(t, "2", "", att)
	bottest.WaitFor(t, "the second photo to be queued", func() bool { return e.bot.QueueDepth() == 1 })
	waitMetric(t, e.metrics, 1, "sudokubot_photo_queue_depth")
	// The next photo would wait for both: two readings at the assumed
	// half second each, one reader.
	waitMetric(t, e.metrics, 2*bot.InitialPhotoTime.Seconds(), "sudokubot_photo_expected_wait_seconds")

	_, content := e.replyTo(t, e.dm(t, "3", "", att))
	if !strings.Contains(content, "I'm busy reading other photos right now, try again in a minute") {
		t.Errorf("third photo: %q, want busy", content)
	}
	ia := e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.AttachmentOption("photo", att)}, att)
	if err := e.srv.Dispatch("INTERACTION_CREATE", ia); err != nil {
		t.Fatal(err)
	}
	f, err := e.srv.WaitCall(opsWait(t), func(c fakediscord.Call) bool {
		return c.Method == "POST" && c.Path == fakediscord.CallbackPath(ia)
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := decodeResponse(t, f); r.Type != 4 || !strings.Contains(r.Data.Content, "busy") || r.Data.Flags&ephemeralFlag == 0 {
		t.Errorf("slash photo response %s, want an immediate ephemeral busy message", f.JSON)
	}
	// Text does not wait behind photos.
	_, content = e.replyTo(t, e.dm(t, "4", bottest.Puzzle))
	checkSolved(t, bottest.Puzzle, content)
	if started.Load() != 1 || e.bot.QueueDepth() != 1 {
		t.Fatalf("photos moved before the gate opened: %d reading, %d queued", started.Load(), e.bot.QueueDepth())
	}
	waitMetric(t, e.metrics, 2, "sudokubot_requests_total", "input=photo", "result=busy")

	open()
	for _, m := range []map[string]any{reading, queued} {
		_, content := e.replyTo(t, m)
		bottest.CheckSolutionText(t, content, sol.Digits())
	}
	waitMetric(t, e.metrics, 0, "sudokubot_photo_queue_depth")
	waitMetric(t, e.metrics, 2, "sudokubot_ocr_duration_seconds")
}

// TestOpsUserRateLimit sends a user's requests through the real discordgo
// past the per-user limit: the extra one gets a friendly message saying
// the limit and when to come back, and another user is not affected.
func TestOpsUserRateLimit(t *testing.T) {
	now := time.Date(2026, 11, 22, 5, 0, 0, 0, time.UTC)
	e := startOps(t, opsSetup{bot: func(o *bot.Options) {
		o.UserRate = 3
		o.Now = func() time.Time { return now } // a fixed clock: nothing refills
	}})
	for i := range 3 {
		_, content := e.replyTo(t, e.dm(t, "alice", bottest.DistinctPuzzle(i)))
		checkSolved(t, bottest.DistinctPuzzle(i), content)
	}
	_, content := e.replyTo(t, e.dm(t, "alice", bottest.Puzzle))
	want := "You're sending requests faster than I can keep up with (the limit is 3 a minute). Please try again in 20 seconds."
	if content != want {
		t.Errorf("fourth request: %q, want %q", content, want)
	}
	_, content = e.replyTo(t, e.dm(t, "bob", bottest.Puzzle))
	checkSolved(t, bottest.Puzzle, content)
	waitMetric(t, e.metrics, 1, "sudokubot_requests_total", "result=rate_limited")
}
