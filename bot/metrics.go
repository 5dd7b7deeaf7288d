package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics collects the bot's Prometheus metrics on a registry of its own
// and serves them, with a health check, over HTTP:
//
//   - sudokubot_requests_total{kind,input,result}: handled requests, by
//     command ("solve", "hint", "rate", "check", "help", "button",
//     "message"), input ("text" or "photo") and result ("ok", "error",
//     "busy", "rate_limited", "panic");
//   - sudokubot_request_duration_seconds{kind,input}: the whole time spent
//     on a request, download and queueing included;
//   - sudokubot_ocr_duration_seconds: the time spent reading photos;
//   - sudokubot_solve_duration_seconds{kind}: the time spent on a request
//     besides reading its photo (parsing, solving, rating, drawing);
//   - sudokubot_photo_queue_depth: photos waiting for an OCR worker;
//   - sudokubot_gateway_connected: 1 while the gateway is connected;
//   - sudokubot_gateway_connects_total, sudokubot_gateway_disconnects_total,
//     sudokubot_gateway_reconnects_total (connections after the first) and
//     sudokubot_gateway_resumes_total;
//   - sudokubot_discord_rate_limits_total: REST answers 429 that Discord's
//     client waited out;
//   - the Go runtime and process collectors (go_*, process_*).
//
// Feed it with [Metrics.Observe] as [Options.Observe] and
// [Metrics.WatchQueue]; the gateway's figures come from the adapter that
// holds the connection (package bot/discord), through [Metrics.WatchGateway]
// and the Gateway methods. It is safe for concurrent use.
type Metrics struct {
	reg *prometheus.Registry

	requests    *prometheus.CounterVec
	duration    *prometheus.HistogramVec
	ocr         prometheus.Histogram
	solve       *prometheus.HistogramVec
	connects    prometheus.Counter
	disconnects prometheus.Counter
	reconnects  prometheus.Counter
	resumes     prometheus.Counter
	rateLimits  prometheus.Counter

	lastDepth atomic.Int64
	queue     atomic.Pointer[func() int]
	wait      atomic.Pointer[func() time.Duration]
	// connected is the gateway state as the connect and disconnect events
	// tell it; everConnected is set by the first connect.
	connected, everConnected atomic.Bool

	mu      sync.Mutex
	gateway Gateway
}

// Gateway is the connection to the chat service whose state the metrics
// and /healthz report: the Discord adapter's (package bot/discord).
type Gateway interface {
	// GatewayState reports whether the connection is up; known is false
	// while it cannot tell (busy connecting or closing), and then the
	// connect and disconnect events decide.
	GatewayState() (up, known bool)
}

// NewMetrics returns metrics registered on a new private registry.
func NewMetrics() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	latency := []float64{.005, .01, .025, .05, .1, .25, .5, 1, 1.5, 2.5, 5, 10, 30}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sudokubot_requests_total",
		Help: "Requests handled, by command kind, input (text or photo) and result (ok, error, busy, rate_limited, panic).",
	}, []string{"kind", "input", "result"})
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "sudokubot_request_duration_seconds",
		Help:    "Time spent on a request from its arrival to its reply, download and queueing included.",
		Buckets: latency,
	}, []string{"kind", "input"})
	m.ocr = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "sudokubot_ocr_duration_seconds",
		Help:    "Time spent reading the grid in a photo (decoding, detection, Tesseract).",
		Buckets: latency,
	})
	m.solve = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "sudokubot_solve_duration_seconds",
		Help:    "Time spent on a request besides reading its photo: parsing, solving, rating, finding steps and drawing.",
		Buckets: latency,
	}, []string{"kind"})
	queue := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "sudokubot_photo_queue_depth",
		Help: "Photos waiting for an OCR worker.",
	}, func() float64 {
		if f := m.queue.Load(); f != nil {
			return float64((*f)())
		}
		return float64(m.lastDepth.Load())
	})
	wait := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "sudokubot_photo_expected_wait_seconds",
		Help: "How long a photo arriving now would wait for an OCR worker, judged from the photos ahead and the recent time a photo takes to read and answer; over the maximum wait it is answered busy.",
	}, func() float64 {
		if f := m.wait.Load(); f != nil {
			return (*f)().Seconds()
		}
		return 0
	})
	connected := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "sudokubot_gateway_connected",
		Help: "1 while the Discord gateway is connected, 0 otherwise.",
	}, func() float64 {
		if m.Connected() {
			return 1
		}
		return 0
	})
	counter := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
	}
	m.connects = counter("sudokubot_gateway_connects_total", "Successful gateway connections (identified or resumed), the first included.")
	m.disconnects = counter("sudokubot_gateway_disconnects_total", "Gateway connections closed or lost.")
	m.reconnects = counter("sudokubot_gateway_reconnects_total", "Gateway connections after the first one (resumed or identified again).")
	m.resumes = counter("sudokubot_gateway_resumes_total", "Gateway sessions resumed after a disconnection.")
	m.rateLimits = counter("sudokubot_discord_rate_limits_total", "REST answers 429 Too Many Requests from Discord, waited out and retried.")
	m.reg.MustRegister(m.requests, m.duration, m.ocr, m.solve, queue, wait, connected,
		m.connects, m.disconnects, m.reconnects, m.resumes, m.rateLimits,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry returns the private registry, to add collectors or to gather
// the metrics in tests.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Observe records one handled request. Use it as [Options.Observe].
func (m *Metrics) Observe(o Outcome) {
	input := "text"
	if o.Photo {
		input = "photo"
	}
	kind := o.Kind
	if kind == "" {
		kind = "unknown"
	}
	m.requests.WithLabelValues(kind, input, o.Result).Inc()
	m.duration.WithLabelValues(kind, input).Observe(o.Duration.Seconds())
	if o.ReadDuration > 0 {
		m.ocr.Observe(o.ReadDuration.Seconds())
	}
	if o.Result == "ok" {
		m.solve.WithLabelValues(kind).Observe(max(0, o.Duration-o.ReadDuration).Seconds())
	}
	m.lastDepth.Store(int64(o.QueueDepth))
}

// WatchQueue makes the queue depth gauge read b's queue when scraped,
// rather than the depth seen by the last request, and the expected wait
// gauge b's expected wait.
func (m *Metrics) WatchQueue(b *Bot) {
	f := b.QueueDepth
	m.queue.Store(&f)
	w := b.PhotoWait
	m.wait.Store(&w)
}

// WatchGateway makes [Metrics.Connected] ask g. The adapter that holds
// the connection calls it, and reports the connection's events with
// [Metrics.GatewayConnected], [Metrics.GatewayDisconnected],
// [Metrics.GatewayResumed] and [Metrics.RateLimited].
func (m *Metrics) WatchGateway(g Gateway) {
	m.mu.Lock()
	m.gateway = g
	m.mu.Unlock()
}

// GatewayConnected counts a connection of the gateway (identified or
// resumed), and a reconnection after the first.
func (m *Metrics) GatewayConnected() {
	m.connects.Inc()
	if m.everConnected.Swap(true) {
		m.reconnects.Inc()
	}
	m.connected.Store(true)
}

// GatewayDisconnected counts a connection of the gateway closed or lost.
func (m *Metrics) GatewayDisconnected() {
	m.disconnects.Inc()
	m.connected.Store(false)
}

// GatewayResumed counts a gateway session resumed.
func (m *Metrics) GatewayResumed() { m.resumes.Inc() }

// RateLimited counts a REST answer 429 Too Many Requests, waited out.
func (m *Metrics) RateLimited() { m.rateLimits.Inc() }

// Connected reports whether the gateway is connected: as the watched
// gateway tells it, when it can (the connect and disconnect events are
// handled in separate goroutines and may arrive out of order), else as the
// events tell it.
func (m *Metrics) Connected() bool {
	m.mu.Lock()
	g := m.gateway
	m.mu.Unlock()
	if g != nil {
		if up, known := g.GatewayState(); known {
			return up
		}
	}
	return m.connected.Load()
}

// Handler serves /metrics (Prometheus text format) and /healthz: 200 when
// the gateway is connected, 503 otherwise, with a one-line reason.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		switch {
		case m.Connected():
			_, _ = io.WriteString(w, "ok: gateway connected\n")
		case !m.everConnected.Load():
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, "not ready: gateway not connected yet\n")
		default:
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, "unhealthy: gateway disconnected\n")
		}
	})
	return mux
}

// ServeMetrics serves m's [Metrics.Handler] on addr (like ":9090") until
// ctx is done, then shuts the server down. It returns once the listener
// is closed; an error means the address could not be used.
func ServeMetrics(ctx context.Context, addr string, m *Metrics, log *slog.Logger) error {
	if log == nil {
		log = slog.Default()
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("metrics: listen on %s: %w", addr, err)
	}
	return serveMetrics(ctx, ln, m, log)
}

// serveMetrics serves m on ln until ctx is done.
func serveMetrics(ctx context.Context, ln net.Listener, m *Metrics, log *slog.Logger) error {
	srv := &http.Server{Handler: m.Handler(), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
	log.Info("serving /metrics and /healthz", "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("metrics: serve on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("metrics: shut down: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("metrics: serve on %s: %w", ln.Addr(), err)
	}
	return nil
}

// HealthURL returns the /healthz URL of a server listening on addr: an
// address without a host, like ":9090" or "0.0.0.0:9090", is asked on
// the loopback address.
func HealthURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("METRICS_ADDR %q: %w", addr, err)
	}
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::", "[::]":
		host = "::1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}

// Healthcheck asks the /healthz of a bot whose metrics server listens on
// addr, for `sudokubot -healthcheck` (a Docker HEALTHCHECK). It returns nil
// when the bot reports itself healthy, and also when addr is empty
// (metrics off: nothing to ask), else an error saying why.
func Healthcheck(ctx context.Context, addr string) error {
	if strings.TrimSpace(addr) == "" {
		return nil
	}
	u, err := HealthURL(addr)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 4*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("healthcheck %s: %w", u, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck %s: %w", u, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck %s: %s: %s", u, resp.Status, strings.TrimSpace(string(body)))
	}
	return nil
}
