package bot

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// get fetches a URL and returns the status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// serveTestMetrics serves m on a free loopback port until the test ends
// and returns the address.
func serveTestMetrics(t *testing.T, m *Metrics) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveMetrics(ctx, ln, m, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("metrics server: %v", err)
		}
	})
	return ln.Addr().String()
}

// TestOpsMetricsAndHealth runs requests through the real discordgo and
// reads /metrics and /healthz over HTTP as Prometheus and Docker would:
// the counters and histograms follow the requests, the gateway gauge and
// /healthz follow the connection, and `sudokubot -healthcheck`'s check
// passes and fails with it.
func TestOpsMetricsAndHealth(t *testing.T) {
	e := startOps(t, opsSetup{})
	addr := serveTestMetrics(t, e.metrics)
	base := "http://" + addr

	if err := e.srv.WaitHeartbeats(opsWait(t), 1); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the session to be ready", e.metrics.Connected)
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_connects_total")
	if code, body := get(t, base+"/healthz"); code != 200 || body != "ok: gateway connected\n" {
		t.Errorf("/healthz while connected: %d %q", code, body)
	}
	if err := Healthcheck(context.Background(), addr); err != nil {
		t.Errorf("Healthcheck while connected: %v", err)
	}

	e.replyTo(t, e.dm(t, "", puzzleText))
	e.replyTo(t, e.dm(t, "", puzzleText[:80]))
	att := e.srv.AddAttachment("photo.jpg", "image/jpeg", must(photoFixture(t)))
	e.replyTo(t, e.dm(t, "", "", att))
	waitMetric(t, e.metrics, 3, "sudokubot_requests_total")

	code, text := get(t, base+"/metrics")
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
	if code, body := get(t, base+"/healthz"); code != 503 || body != "unhealthy: gateway disconnected\n" {
		t.Errorf("/healthz after the connection closed: %d %q", code, body)
	}
	if err := Healthcheck(context.Background(), addr); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("Healthcheck after the connection closed: %v, want a 503 error", err)
	}
	waitMetric(t, e.metrics, 0, "sudokubot_gateway_connected")
	waitMetric(t, e.metrics, 1, "sudokubot_gateway_disconnects_total")
}

// must returns the first of a pair of results, for fixtures.
func must[T, U any](v T, _ U) T { return v }

// TestHealthBeforeConnecting checks /healthz before the gateway has ever
// connected: 503 with a "not connected yet" reason.
func TestHealthBeforeConnecting(t *testing.T) {
	m := NewMetrics()
	s, err := discordgo.New("Bot x")
	if err != nil {
		t.Fatal(err)
	}
	m.WatchGateway(s)
	addr := serveTestMetrics(t, m)
	if code, body := get(t, "http://"+addr+"/healthz"); code != 503 || !strings.Contains(body, "not connected yet") {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, _ := get(t, "http://"+addr+"/nothing"); code != 404 {
		t.Errorf("/nothing: %d, want 404", code)
	}
}

// TestHealthcheckCommand covers the client side of `sudokubot
// -healthcheck`: no METRICS_ADDR passes (nothing to ask), a server that
// does not answer fails, and addresses without a host are asked on the
// loopback address.
func TestHealthcheckCommand(t *testing.T) {
	if err := Healthcheck(context.Background(), ""); err != nil {
		t.Errorf("without METRICS_ADDR: %v, want nil", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := Healthcheck(ctx, addr); err == nil {
		t.Error("Healthcheck with no server: nil, want an error")
	}
	if err := Healthcheck(ctx, "no-port"); err == nil || !strings.Contains(err.Error(), "METRICS_ADDR") {
		t.Errorf("Healthcheck of a bad address: %v, want an error naming METRICS_ADDR", err)
	}
	for addr, want := range map[string]string{
		":9090":          "http://127.0.0.1:9090/healthz",
		"0.0.0.0:9090":   "http://127.0.0.1:9090/healthz",
		"[::]:9090":      "http://[::1]:9090/healthz",
		"10.0.0.5:9100":  "http://10.0.0.5:9100/healthz",
		"localhost:9090": "http://localhost:9090/healthz",
	} {
		if got, err := HealthURL(addr); err != nil || got != want {
			t.Errorf("HealthURL(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
}
