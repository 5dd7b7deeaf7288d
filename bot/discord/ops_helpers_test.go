package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/internal/fakediscord"
)

// This file holds the helpers of the operations tests (ops_*_test.go):
// the real discordgo, driven by the Discord adapter, against the fake
// Discord, with metrics attached before the connection opens.

// opsSetup configures [startOps].
type opsSetup struct {
	// reconnect turns discordgo's reconnection on (fault tests).
	reconnect bool
	// ocrWorkers is the number of Tesseract clients (default 1).
	ocrWorkers int
	// pictureSize is the side of the pictures: 0 means 300 (small and
	// quick for tests), -1 render's default (as in production).
	pictureSize int
	// logLevel is the lowest level kept in the log buffer (default Debug).
	logLevel slog.Level
	// deferAfter is how long a text request may run before its
	// interaction is deferred: 0 means a minute, so that the tests that
	// expect a direct answer hold on a loaded machine; -1 the production
	// default.
	deferAfter time.Duration
	// photoDeferAfter is the same for a request with a photo: 0 means the
	// production default, which tests that expect one kind of first
	// response must not leave to timing.
	photoDeferAfter time.Duration
	// bot changes the bot's options after the real engines are set; it may
	// wrap them.
	bot func(*bot.Options)
	// discord changes the adapter's options.
	discord func(*Options)
}

// opsEnv is a running bot connected to a fake Discord.
type opsEnv struct {
	srv     *fakediscord.Server
	d       *Adapter
	bot     *bot.Bot
	metrics *bot.Metrics
	logs    *bottest.LogBuffer
}

// opsWait bounds one wait of an operations test: generous, since the
// machine may be loaded; nothing sleeps.
func opsWait(tb testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	tb.Cleanup(cancel)
	return ctx
}

func startOps(tb testing.TB, setup opsSetup) *opsEnv {
	tb.Helper()
	if testing.Short() {
		tb.Skip("end-to-end test with a fake Discord: skipped with -short")
	}
	srv, err := fakediscord.New()
	if err != nil {
		tb.Fatal(err)
	}
	api, err := url.Parse(srv.URL)
	if err != nil {
		tb.Fatal(err)
	}
	logs := &bottest.LogBuffer{}
	level := setup.logLevel
	if level == 0 {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: level}))
	m := bot.NewMetrics()
	size := setup.pictureSize
	switch size {
	case 0:
		size = 300
	case -1:
		size = 0
	}
	o := bot.Options{Engines: engines.New(engines.Options{PictureSize: size}), Logger: log, Observe: m.Observe, OCRWorkers: max(setup.ocrWorkers, 1)}
	if setup.bot != nil {
		setup.bot(&o)
	}
	b := bot.New(o)
	m.WatchQueue(b)
	deferAfter := setup.deferAfter
	switch deferAfter {
	case 0:
		deferAfter = time.Minute
	case -1:
		deferAfter = 0
	}
	do := Options{Token: "test-token", APIURL: api, GuildID: fakediscord.GuildID,
		NoReconnect: !setup.reconnect, Logger: log, DeferAfter: deferAfter, PhotoDeferAfter: setup.photoDeferAfter}
	if setup.discord != nil {
		setup.discord(&do)
	}
	d, err := New(b, do)
	if err != nil {
		tb.Fatal(err)
	}
	d.WatchMetrics(m)
	if err := d.Open(); err != nil {
		_ = srv.Close()
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		// The session first, so that discordgo does not try to reconnect.
		_ = d.Close()
		_ = srv.Close()
		if tb.Failed() {
			tb.Logf("bot logs:\n%s", logs.String())
		}
	})
	select {
	case <-d.Ready():
	case <-opsWait(tb).Done():
		tb.Fatal("no READY handled")
	}
	if err := d.ReadyErr(); err != nil {
		tb.Fatal(err)
	}
	return &opsEnv{srv: srv, d: d, bot: b, metrics: m, logs: logs}
}

// dm sends a direct message from user (fakediscord.UserID when empty) and
// returns its payload.
func (e *opsEnv) dm(tb testing.TB, user, content string, atts ...fakediscord.Attachment) map[string]any {
	tb.Helper()
	msg := e.srv.Message(fakediscord.DMChannelID, "", content, atts...)
	if user != "" {
		msg["author"] = map[string]any{"id": user, "username": "player-" + user, "discriminator": "0"}
	}
	if err := e.srv.Dispatch("MESSAGE_CREATE", msg); err != nil {
		tb.Fatal(err)
	}
	return msg
}

// isDMReply matches the bot's messages in the DM channel.
func isDMReply(c fakediscord.Call) bool {
	return c.Method == "POST" && c.Path == "/api/v9/channels/"+fakediscord.DMChannelID+"/messages"
}

// referenced returns the ID of the message a reply answers.
func referenced(c fakediscord.Call) string {
	var ref struct {
		Ref struct {
			MessageID string `json:"message_id"`
		} `json:"message_reference"`
	}
	_ = json.Unmarshal(c.JSON, &ref)
	return ref.Ref.MessageID
}

// replyTo waits for the bot's successful reply to the message and returns
// it with its content.
func (e *opsEnv) replyTo(tb testing.TB, msg map[string]any) (fakediscord.Call, string) {
	tb.Helper()
	id := msg["id"].(string)
	c, err := e.srv.WaitCall(opsWait(tb), func(c fakediscord.Call) bool {
		return isDMReply(c) && c.Status == 200 && referenced(c) == id
	})
	if err != nil {
		tb.Fatal(err)
	}
	var p struct {
		Content string `json:"content"`
	}
	if err := c.Decode(&p); err != nil {
		tb.Fatal(err)
	}
	return c, p.Content
}

// repliesByMessage counts the successful DM replies per referenced
// message.
func (e *opsEnv) repliesByMessage() map[string]int {
	out := map[string]int{}
	for _, c := range e.srv.Calls() {
		if isDMReply(c) && c.Status == 200 {
			out[referenced(c)]++
		}
	}
	return out
}

// waitMetric waits until a metric reaches want; metrics are updated after
// the reply is sent, so a test that saw the reply may be a little early.
func waitMetric(tb testing.TB, m *bot.Metrics, want float64, name string, labels ...string) {
	tb.Helper()
	ctx := opsWait(tb)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		got := bottest.MetricValue(tb, m.Registry(), name, labels...)
		if got == want {
			return
		}
		select {
		case <-ctx.Done():
			tb.Fatalf("%s%v = %v, want %v", name, labels, got, want)
		case <-tick.C:
		}
	}
}

// fmtDur prints a duration in milliseconds with one decimal.
func fmtDur(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
