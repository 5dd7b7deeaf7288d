package discord

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
)

// TestOpsMetricsAndHealth runs requests through the real discordgo and
// reads /metrics and /healthz over HTTP as Prometheus and Docker would:
// the counters and histograms follow the requests, the gateway gauge and
// /healthz follow the connection, and `sudokubot -healthcheck`'s check
// passes and fails with it.
func TestOpsMetricsAndHealth(t *testing.T) {
	e := startOps(t, opsSetup{})
	srv := httptest.NewServer(e.metrics.Handler())
	t.Cleanup(srv.Close)
	base := srv.URL
	addr := strings.TrimPrefix(base, "http://")

	if err := e.srv.WaitHeartbeats(opsWait(t), 1); err != nil {
		t.Fatal(err)
	}
	bottest.WaitFor(t, "the session to be ready", e.metrics.Connected)
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_connects_total")
	if code, body := bottest.Get(t, base+"/healthz"); code != 200 || body != "ok: gateway connected\n" {
		t.Errorf("/healthz while connected: %d %q", code, body)
	}
	if err := bot.Healthcheck(context.Background(), addr); err != nil {
		t.Errorf("Healthcheck while connected: %v", err)
	}

	e.replyTo(t, e.dm(t, "", bottest.Puzzle))
	e.replyTo(t, e.dm(t, "", bottest.Puzzle[:80]))
	att := e.srv.AddAttachment("photo.jpg", "image/jpeg", must(photoFixture(t)))
	e.replyTo(t, e.dm(t, "", "", att))
	waitMetric(t, e.metrics, 3, "sudokubot_requests_total")

	code, text := bottest.Get(t, base+"/metrics")
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	for _, want := range []string{
		`sudokubot_requests_total{input="text",kind="message",result="ok"} 1`,
		`sudokubot_requests_total{input="text",kind="message",result="error"} 1`,
		`sudokubot_requests_total{input="photo",kind="message",result="ok"} 1`,
		`sudokubot_request_duration_seconds_count{input="text",kind="message"} 2`,
		`sudokubot_request_duration_seconds_bucket{input="photo",kind="message",le="+Inf"} 1`,
		`sudokubot_ocr_duration_seconds_count 1`,
		`sudokubot_solve_duration_seconds_count{kind="message"} 2`,
		`sudokubot_photo_queue_depth 0`,
		`sudokubot_photo_expected_wait_seconds 0`,
		`sudokubot_gateway_connected 1`,
		`sudokubot_gateway_connects_total 1`,
		`sudokubot_gateway_reconnects_total 0`,
		"# TYPE sudokubot_ocr_duration_seconds histogram",
		"go_goroutines ",
		"process_resident_memory_bytes ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(text, "test-token") {
		t.Error("/metrics shows the token")
	}

	// The connection goes away: unhealthy, and the check fails.
	if err := e.d.Close(); err != nil {
		t.Fatal(err)
	}
	if code, body := bottest.Get(t, base+"/healthz"); code != 503 || body != "unhealthy: gateway disconnected\n" {
		t.Errorf("/healthz after the connection closed: %d %q", code, body)
	}
	if err := bot.Healthcheck(context.Background(), addr); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("Healthcheck after the connection closed: %v, want a 503 error", err)
	}
	waitMetric(t, e.metrics, 0, "sudokubot_gateway_connected")
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_disconnects_total")
}

// must returns the first of a pair of results, for fixtures.
func must[T, U any](v T, _ U) T { return v }
