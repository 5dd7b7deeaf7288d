package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/console"
	"github.com/sudokubot/sudokubot/bot/discord"
	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/ocr/tesseract"
)

// version is the release this binary was built from, set at build time
// with -ldflags "-X main.version=v1.2.3" (the Dockerfile's VERSION).
var version = "dev"

func main() {
	// Tesseract reads OMP_THREAD_LIMIT when it is loaded: this re-executes
	// the program with it set, before anything else happens.
	if err := tesseract.EnsureOMPThreadLimit(); err != nil {
		fmt.Fprintln(os.Stderr, "sudokubot:", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The hostname gives the shard of a StatefulSet's pod (sudokubot-3).
	hostname, _ := os.Hostname()
	code := run(ctx, os.Args[1:], os.Getenv, hostname, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run starts the bot and returns the exit status: 0 after a clean stop, 1
// when the bot failed, 2 for a bad setting. The settings come from args and
// getenv, the shard of a StatefulSet's pod from hostname.
func run(ctx context.Context, args []string, getenv func(string) string, hostname string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-version" || args[0] == "--version") {
		fmt.Fprintln(stdout, "sudokubot", version)
		return 0
	}
	healthcheck := len(args) > 0 && (args[0] == "-healthcheck" || args[0] == "--healthcheck")
	if healthcheck {
		args = args[1:]
	}
	cfg, err := config.LoadHost(args, getenv, hostname, stderr)
	switch {
	case errors.Is(err, config.ErrHelp):
		return 0
	case err != nil:
		fmt.Fprintln(stderr, "sudokubot:", err)
		return 2
	}
	if healthcheck {
		// For a Docker HEALTHCHECK: ask the running bot's /healthz.
		if err := bot.Healthcheck(ctx, cfg.MetricsAddr); err != nil {
			fmt.Fprintln(stderr, "sudokubot: unhealthy:", err)
			return 1
		}
		return 0
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)
	return serve(ctx, cfg, log, stdin, stdout)
}

// serve runs the bot with the settings cfg until ctx ends, on Discord or,
// without a token, on the console (stdin and stdout), and returns the exit
// status.
func serve(ctx context.Context, cfg config.Config, log *slog.Logger, stdin *os.File, stdout io.Writer) int {
	var metrics *bot.Metrics
	if cfg.MetricsAddr != "" {
		metrics = bot.NewMetrics()
	}
	// One Tesseract client per photo worker (a client serves one reading
	// at a time).
	tess := tesseract.NewPool(cfg.OCRWorkers)
	defer tess.Close()
	b := bot.New(bot.Options{
		Engines:       engines.New(engines.Options{Digits: tesseract.NewReader(tess)}),
		MaxPhotoBytes: cfg.MaxAttachmentBytes, MaxPixels: cfg.MaxPixels, DownloadTimeout: cfg.DownloadTimeout,
		OCRWorkers: cfg.OCRWorkers, QueueLength: none(cfg.QueueLength), MaxPhotoWait: none(cfg.MaxPhotoWait),
		UserRate: cfg.UserRate,
		Logger:   log, Observe: observer(metrics),
	})
	if metrics != nil {
		stopMetrics := serveMetrics(ctx, cfg.MetricsAddr, metrics, b, log)
		defer stopMetrics()
	}
	if cfg.ConsoleMode() {
		log.Debug("no Discord token: console mode", "config", cfg)
		c := console.New(b, stdin, stdout, console.Options{OutputDir: cfg.OutputDir, Interactive: isTerminal(stdin)})
		if err := c.Run(ctx); err != nil {
			log.Error("console failed", "err", err)
			return 1
		}
		return 0
	}
	return runDiscord(ctx, cfg, b, metrics, log)
}

// serveMetrics serves /metrics and /healthz on addr in the background,
// watching the bot's queue, and returns the function that stops the
// server.
func serveMetrics(ctx context.Context, addr string, metrics *bot.Metrics, b *bot.Bot, log *slog.Logger) (stop func()) {
	metrics.WatchQueue(b)
	mctx, stopMetrics := context.WithCancel(ctx)
	errc := make(chan error, 1)
	go func() { errc <- bot.ServeMetrics(mctx, addr, metrics, log) }()
	return func() {
		stopMetrics()
		if err := <-errc; err != nil {
			log.Error("metrics server failed", "err", err)
		}
	}
}

// runDiscord connects the bot to Discord and answers until ctx ends; it
// returns the exit status.
func runDiscord(ctx context.Context, cfg config.Config, b *bot.Bot, metrics *bot.Metrics, log *slog.Logger) int {
	log.Info("starting sudokubot", "version", version, "config", cfg)
	d, err := discord.New(b, discord.Options{
		Token: cfg.Token, APIURL: cfg.APIURL, GuildID: cfg.GuildID, Channels: cfg.Channels,
		ShardID: cfg.ShardID, ShardCount: cfg.ShardCount, Logger: log,
	})
	if err != nil {
		log.Error("cannot start", "err", err)
		return 1
	}
	if metrics != nil {
		d.WatchMetrics(metrics)
	}
	if err := d.Run(ctx); err != nil {
		log.Error("the Discord connection failed", "err", err)
		return 1
	}
	log.Info("stopped")
	return 0
}

// observer returns the metrics' request observer, or nil without metrics.
func observer(m *bot.Metrics) func(bot.Outcome) {
	if m == nil {
		return nil
	}
	return m.Observe
}

// none maps a setting's 0, which means none (no waiting photos, no wait
// limit), to the bot's option, where 0 means the default and a negative
// value none.
func none[T int | time.Duration](n T) T {
	if n == 0 {
		return -1
	}
	return n
}

// newLogger returns the slog logger the settings ask for, on w.
func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// isTerminal reports whether f is a character device, like a terminal.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
