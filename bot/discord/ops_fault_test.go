package discord

import (
	"context"
	"errors"
	"image"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/internal/fakediscord"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// The fault tests: each runs the real discordgo against the fake Discord,
// injects one fault, and checks that the bot recovers and that every user
// gets exactly one answer (or, where Discord itself loses the answer, that
// the failure is logged and the bot carries on).

// checkSolved checks that a reply solves the puzzle.
func checkSolved(t *testing.T, puzzle, content string) {
	t.Helper()
	sol, err := solver.SolveUnique(solver.MustGrid(puzzle))
	if err != nil {
		t.Fatal(err)
	}
	bottest.CheckSolutionText(t, content, sol.Digits())
}

// TestOpsGatewayClose4000MidBurst closes the gateway with code 4000 in the
// middle of a burst of DMs. Some events are in flight on the dying
// connection, the rest are sent while the bot is away: discordgo resumes
// (no new IDENTIFY), the fake replays what the bot had not seen, and every
// message is answered exactly once.
func TestOpsGatewayClose4000MidBurst(t *testing.T) {
	e := startOps(t, opsSetup{reconnect: true})
	if err := e.srv.WaitHeartbeats(opsWait(t), 1); err != nil {
		t.Fatal(err)
	}
	const n = 30
	var msgs []map[string]any
	var puzzles []string
	for i := range n {
		if i == n/2 {
			if err := e.srv.CloseGateway(4000); err != nil {
				t.Fatal(err)
			}
		}
		puzzles = append(puzzles, bottest.DistinctPuzzle(i))
		msgs = append(msgs, e.dm(t, "", puzzles[i]))
	}
	if _, err := e.srv.WaitResume(opsWait(t), 1); err != nil {
		t.Fatal(err)
	}
	for i, m := range msgs {
		_, content := e.replyTo(t, m)
		checkSolved(t, puzzles[i], content)
	}
	// A last message after the resume: replayed duplicates, if any, were
	// sent before it, in sequence order.
	last := e.dm(t, "", bottest.Puzzle)
	e.replyTo(t, last)
	counts := e.repliesByMessage()
	for i, m := range msgs {
		if got := counts[m["id"].(string)]; got != 1 {
			t.Errorf("message %d answered %d times, want once", i, got)
		}
	}
	if len(counts) != n+1 {
		t.Errorf("replies to %d messages, want %d", len(counts), n+1)
	}
	if got := e.srv.Identifies(); got != 1 {
		t.Errorf("identified %d times, want 1 (resumed, not a new session)", got)
	}
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_reconnects_total")
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_resumes_total")
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_disconnects_total")
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_connected")
	waitMetric(t, e.metrics, n+1, "sudokubot_requests_total", "kind=message", "input=text", "result=ok")
}

// TestOpsReconnectOp7 sends op 7 (reconnect): discordgo closes, connects
// again and resumes the same session, and the bot answers before and
// after.
func TestOpsReconnectOp7(t *testing.T) {
	e := startOps(t, opsSetup{reconnect: true})
	if err := e.srv.WaitHeartbeats(opsWait(t), 1); err != nil {
		t.Fatal(err)
	}
	_, content := e.replyTo(t, e.dm(t, "", bottest.Puzzle))
	checkSolved(t, bottest.Puzzle, content)
	if err := e.srv.SendReconnect(); err != nil {
		t.Fatal(err)
	}
	// Sent while the bot is closing: delivered on the old connection and
	// not read, or replayed on resume; answered once either way.
	during := e.dm(t, "", bottest.DistinctPuzzle(1))
	if _, err := e.srv.WaitResume(opsWait(t), 1); err != nil {
		t.Fatal(err)
	}
	_, content = e.replyTo(t, during)
	checkSolved(t, bottest.DistinctPuzzle(1), content)
	after := e.dm(t, "", bottest.DistinctPuzzle(2))
	_, content = e.replyTo(t, after)
	checkSolved(t, bottest.DistinctPuzzle(2), content)
	if counts := e.repliesByMessage(); counts[during["id"].(string)] != 1 || len(counts) != 3 {
		t.Errorf("replies per message %v, want one each for 3 messages", counts)
	}
	if got := e.srv.Identifies(); got != 1 {
		t.Errorf("identified %d times, want 1 (op 7 resumes)", got)
	}
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_reconnects_total")
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_connected")
}

// TestOpsInvalidSessionOp9 covers op 9 (invalid session) both on a live
// connection and as the answer to a RESUME: discordgo identifies again,
// the bot registers its commands on the new READY and answers again.
func TestOpsInvalidSessionOp9(t *testing.T) {
	t.Run("live connection", func(t *testing.T) {
		e := startOps(t, opsSetup{})
		if err := e.srv.WaitHeartbeats(opsWait(t), 1); err != nil {
			t.Fatal(err)
		}
		if err := e.srv.SendInvalidSession(false); err != nil {
			t.Fatal(err)
		}
		e.checkIdentifiedAgain(t)
	})
	t.Run("resume refused", func(t *testing.T) {
		e := startOps(t, opsSetup{reconnect: true})
		if err := e.srv.WaitHeartbeats(opsWait(t), 1); err != nil {
			t.Fatal(err)
		}
		e.srv.InvalidateSession()
		if err := e.srv.CloseGateway(4000); err != nil {
			t.Fatal(err)
		}
		if _, err := e.srv.WaitResume(opsWait(t), 1); err != nil {
			t.Fatal(err)
		}
		e.checkIdentifiedAgain(t)
		waitMetric(t, e.metrics, 1, "sudokubot_gateway_reconnects_total")
		waitMetric(t, e.metrics, 0, "sudokubot_gateway_resumes_total")
		waitMetric(t, e.metrics, 1, "sudokubot_gateway_connected")
	})
}

// TestOpsRESTRateLimited answers the bot's reply with 429 and a
// retry_after of 300 ms: discordgo waits at least that long, sends the
// reply again, and the user gets it once.
func TestOpsRESTRateLimited(t *testing.T) {
	e := startOps(t, opsSetup{})
	const wait = 300 * time.Millisecond
	e.srv.RateLimitNext(isDMReply, wait, 1)
	msg := e.dm(t, "", bottest.Puzzle)
	_, content := e.replyTo(t, msg)
	checkSolved(t, bottest.Puzzle, content)
	var statuses []int
	for _, c := range e.srv.Calls() {
		if isDMReply(c) {
			statuses = append(statuses, c.Status)
		}
	}
	if len(statuses) != 2 || statuses[0] != http.StatusTooManyRequests || statuses[1] != http.StatusOK {
		t.Fatalf("reply statuses %v, want [429 200]", statuses)
	}
	at := e.srv.Arrivals("POST", "/api/v9/channels/"+fakediscord.DMChannelID+"/messages")
	if len(at) != 2 {
		t.Fatalf("%d reply attempts arrived, want 2", len(at))
	}
	if gap := at[1].Sub(at[0]); gap < wait {
		t.Errorf("retried after %s, before the %s Discord asked for", gap, wait)
	}
	waitMetric(t, e.metrics, 1, "sudokubot_discord_rate_limits_total")
}

// TestOpsRESTServerErrors answers the bot's replies with 500 and 502:
// discordgo retries a 502 (up to three times) and the reply arrives; the
// bot retries a 500 on an interaction response (twice), which Discord
// would refuse to take twice, but not on a message in a channel, which a
// 500 may have posted already, so that failure is logged; either way the
// bot keeps answering the next requests.
func TestOpsRESTServerErrors(t *testing.T) {
	isCallback := func(c fakediscord.Call) bool {
		return c.Method == "POST" && strings.HasSuffix(c.Path, "/callback")
	}
	tests := []struct {
		name      string
		status    int
		times     int
		slash     bool
		edit      bool // the slash command is deferred; the edit of its response fails
		delivered bool
		log       string
	}{
		{"502 once on a message reply", http.StatusBadGateway, 1, false, false, true, ""},
		{"502 on every retry", http.StatusBadGateway, 4, false, false, false, "replying to a message failed"},
		{"500 on a message reply", http.StatusInternalServerError, 1, false, false, false, "replying to a message failed"},
		{"500 on an interaction response", http.StatusInternalServerError, 1, true, false, true, ""},
		{"500 twice on an interaction response", http.StatusInternalServerError, 2, true, false, true, ""},
		{"500 on every retry of an interaction response", http.StatusInternalServerError, 3, true, false, false, "answering an interaction failed"},
		{"502 once on an interaction response", http.StatusBadGateway, 1, true, false, true, ""},
		{"500 on the edit of a deferred response", http.StatusInternalServerError, 1, true, true, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setup := opsSetup{}
			if tt.edit {
				setup.deferAfter = time.Nanosecond
			}
			e := startOps(t, setup)
			match := isDMReply
			ia := e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle)})
			switch {
			case tt.edit:
				match = func(c fakediscord.Call) bool { return c.Method == "PATCH" && c.Path == e.srv.OriginalPath(ia) }
			case tt.slash:
				match = isCallback
			}
			e.srv.FailNext(match, tt.status, tt.times)
			if tt.slash {
				if err := e.srv.Dispatch("INTERACTION_CREATE", ia); err != nil {
					t.Fatal(err)
				}
			} else {
				e.dm(t, "", bottest.Puzzle)
			}
			want := tt.times
			if tt.delivered {
				want++
			}
			if _, err := e.srv.WaitCalls(opsWait(t), want, match); err != nil {
				t.Fatal(err)
			}
			if tt.log != "" {
				waitLog(t, e.logs, tt.log)
			}
			// The bot is still there: the next request is answered.
			_, content := e.replyTo(t, e.dm(t, "", bottest.DistinctPuzzle(7)))
			checkSolved(t, bottest.DistinctPuzzle(7), content)
			n, ok := attemptsOf(e.srv.Calls(), match)
			if !tt.slash {
				n, ok = n-1, ok-1 // the last DM's reply
			}
			wantOK := 0
			if tt.delivered {
				wantOK = 1
			}
			if n != want || ok != wantOK {
				t.Errorf("%d attempts, %d delivered; want %d and %d", n, ok, want, wantOK)
			}
			if tt.delivered && strings.Contains(e.logs.String(), "level=ERROR") {
				t.Errorf("errors logged for a reply that was delivered:\n%s", e.logs.String())
			}
		})
	}
}

func attemptsOf(calls []fakediscord.Call, match func(fakediscord.Call) bool) (n, ok int) {
	for _, c := range calls {
		if match(c) {
			n++
			if c.Status < 300 {
				ok++
			}
		}
	}
	return n, ok
}

// waitLog waits until the log holds want.
func waitLog(t *testing.T, logs *bottest.LogBuffer, want string) {
	t.Helper()
	ctx := opsWait(t)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for !strings.Contains(logs.String(), want) {
		select {
		case <-ctx.Done():
			t.Fatalf("the log never said %q", want)
		case <-tick.C:
		}
	}
}

// TestOpsStalledDownload serves an attachment that sends its first bytes
// and then stalls: the download gives up after DownloadTimeout and the
// user is told, in a DM and after a deferred slash command.
func TestOpsStalledDownload(t *testing.T) {
	const limit = 300 * time.Millisecond
	// The slash command is deferred at once, before the download gives up.
	e := startOps(t, opsSetup{photoDeferAfter: time.Nanosecond, bot: func(o *bot.Options) { o.DownloadTimeout = limit }})
	data, _ := photoFixture(t)
	att := e.srv.AddAttachment("slow.jpg", "image/jpeg", data)
	e.srv.StallAttachment(att)
	want := "Downloading this image (slow.jpg) took longer than 300ms, so I gave up"

	_, content := e.replyTo(t, e.dm(t, "", "", att))
	if !strings.Contains(content, want) {
		t.Errorf("DM reply %q, want %q", content, want)
	}

	ia := e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.AttachmentOption("photo", att)}, att)
	if err := e.srv.Dispatch("INTERACTION_CREATE", ia); err != nil {
		t.Fatal(err)
	}
	if _, err := e.srv.WaitCall(opsWait(t), func(c fakediscord.Call) bool {
		return c.Method == "POST" && c.Path == fakediscord.CallbackPath(ia)
	}); err != nil {
		t.Fatal(err)
	}
	f, err := e.srv.WaitCall(opsWait(t), func(c fakediscord.Call) bool {
		return c.Method == "POST" && c.Path == e.srv.FollowupPath(ia)
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := f.Payload(); !strings.Contains(p["content"].(string), want) || int(p["flags"].(float64))&ephemeralFlag == 0 {
		t.Errorf("follow-up %s, want an ephemeral %q", f.JSON, want)
	}
	if got := e.srv.Downloads(att); got != 2 {
		t.Errorf("%d downloads, want 2", got)
	}
	waitMetric(t, e.metrics, 1, "sudokubot_requests_total", "kind=message", "input=photo", "result=error")
}

// TestOpsReaderFailure makes the photo reader's digit engine fail (as
// Tesseract does without its language model; package ocr/tesseract tests
// that it fails so): the user gets a polite message, the failure is
// logged, and text puzzles still work.
func TestOpsReaderFailure(t *testing.T) {
	e := startOps(t, opsSetup{bot: func(o *bot.Options) {
		o.Engines = engines.New(engines.Options{PictureSize: 300, Digits: failingDigits{}})
	}})
	// A photo some of whose printed digits the classifier would name as
	// doubtful, so that the digit engine is asked.
	att := e.srv.AddAttachment("photo.jpg", "image/jpeg", penFixture(t, "doubtful.jpg"))
	_, content := e.replyTo(t, e.dm(t, "", "", att))
	if !strings.Contains(content, "something went wrong on my side") {
		t.Errorf("reply %q, want an apology", content)
	}
	waitLog(t, e.logs, "request failed")
	if l := e.logs.String(); !strings.Contains(l, errNoModel.Error()) {
		t.Errorf("the log does not say why the reading failed:\n%s", l)
	}
	_, content = e.replyTo(t, e.dm(t, "", bottest.Puzzle))
	checkSolved(t, bottest.Puzzle, content)
	waitMetric(t, e.metrics, 1, "sudokubot_requests_total", "kind=message", "input=photo", "result=error")
}

// errNoModel is the failure of failingDigits.
var errNoModel = errors.New("digit engine: no model data found")

// failingDigits is a digit reader that cannot start.
type failingDigits struct{}

func (failingDigits) ReadDigits(context.Context, []*image.Gray) ([]ocr.DigitGuess, error) {
	return nil, errNoModel
}

// checkIdentifiedAgain waits for the bot's second IDENTIFY and its second
// command registration, then checks that it answers a puzzle.
func (e *opsEnv) checkIdentifiedAgain(t *testing.T) {
	t.Helper()
	if _, err := e.srv.WaitIdentify(opsWait(t), 2); err != nil {
		t.Fatal(err)
	}
	isRegister := func(c fakediscord.Call) bool {
		return c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands")
	}
	if _, err := e.srv.WaitCalls(opsWait(t), 2, isRegister); err != nil {
		t.Fatal(err)
	}
	_, content := e.replyTo(t, e.dm(t, "", bottest.Puzzle))
	checkSolved(t, bottest.Puzzle, content)
}
