package bot

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot/internal/bottest"
)

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

// gatewayState is a gateway that reports a fixed state.
type gatewayState struct{ up, known bool }

// GatewayState reports the fixed state.
func (g gatewayState) GatewayState() (up, known bool) { return g.up, g.known }

// TestHealthBeforeConnecting checks /healthz before the gateway has ever
// connected: 503 with a "not connected yet" reason.
func TestHealthBeforeConnecting(t *testing.T) {
	m := NewMetrics()
	m.WatchGateway(gatewayState{up: false, known: true})
	addr := serveTestMetrics(t, m)
	if code, body := bottest.Get(t, "http://"+addr+"/healthz"); code != 503 || !strings.Contains(body, "not connected yet") {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, _ := bottest.Get(t, "http://"+addr+"/nothing"); code != 404 {
		t.Errorf("/nothing: %d, want 404", code)
	}
}

// TestGatewayEventsDecideWhileTheStateIsUnknown: while the gateway cannot
// tell its state (busy connecting or closing), the connect and disconnect
// events decide; once it can, its state wins.
func TestGatewayEventsDecideWhileTheStateIsUnknown(t *testing.T) {
	m := NewMetrics()
	m.WatchGateway(gatewayState{known: false})
	m.GatewayConnected()
	if !m.Connected() {
		t.Error("not connected after a connect event")
	}
	m.GatewayDisconnected()
	if m.Connected() {
		t.Error("connected after a disconnect event")
	}
	m.GatewayConnected()
	m.WatchGateway(gatewayState{up: false, known: true})
	if m.Connected() {
		t.Error("connected by the events while the gateway says it is down")
	}
	if got := bottest.MetricValue(t, m.Registry(), "sudokubot_gateway_reconnects_total"); got != 1 {
		t.Errorf("reconnects %v, want 1", got)
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
