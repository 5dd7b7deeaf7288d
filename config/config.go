package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config holds every setting of the bot. The zero value is not useful: use
// [Load] or [Default].
type Config struct {
	// Token is the Discord bot token, without the "Bot " prefix. Empty
	// means console mode. It is never logged.
	Token string
	// TokenFile is the file the token was read from, if any.
	TokenFile string
	// APIURL is the origin (scheme and host) that replaces
	// https://discord.com for REST calls; nil means Discord itself.
	APIURL *url.URL
	// GuildID, when set, registers the commands in this one guild
	// (instantly) instead of globally.
	GuildID string
	// Channels are the channel IDs in which plain messages are read
	// without a mention. They need the privileged MESSAGE_CONTENT intent.
	Channels []string
	// LogLevel is the lowest level logged.
	LogLevel slog.Level
	// LogFormat is "text" or "json".
	LogFormat string
	// MaxAttachmentBytes is the largest photo accepted, in bytes.
	MaxAttachmentBytes int64
	// MaxPixels is the largest photo accepted, in pixels (width x height).
	MaxPixels int64
	// DownloadTimeout bounds the download of one attachment.
	DownloadTimeout time.Duration
	// OCRWorkers is the number of photos read at the same time.
	OCRWorkers int
	// QueueLength is the number of photos that may wait for a worker; when
	// the queue is full the bot answers "busy" at once.
	QueueLength int
	// MaxPhotoWait is the longest a photo may be expected to wait for a
	// worker; a photo that would wait longer is answered "busy" at once.
	// 0 means no limit but QueueLength.
	MaxPhotoWait time.Duration
	// UserRate is the number of requests one user may make per minute.
	UserRate int
	// OutputDir is where console mode writes pictures; empty means a new
	// temporary directory.
	OutputDir string
	// MetricsAddr, when set, is the address of the /healthz and /metrics
	// HTTP server, like "127.0.0.1:9090".
	MetricsAddr string
	// ShardID and ShardCount split the guilds between several processes.
	ShardID, ShardCount int
}

// Default returns the configuration used when nothing is set.
func Default() Config {
	return Config{
		LogLevel:           slog.LevelInfo,
		LogFormat:          "text",
		MaxAttachmentBytes: 10 << 20,
		MaxPixels:          40_000_000,
		DownloadTimeout:    15 * time.Second,
		OCRWorkers:         2,
		QueueLength:        16,
		MaxPhotoWait:       time.Second,
		UserRate:           20,
		ShardID:            0,
		ShardCount:         1,
	}
}

// ConsoleMode reports whether no token is configured, in which case the bot
// talks on standard input and output instead of Discord.
func (c Config) ConsoleMode() bool { return c.Token == "" }

// String describes c for logs and -h output, with the token redacted.
func (c Config) String() string {
	api := "https://discord.com"
	if c.APIURL != nil {
		api = c.APIURL.String()
	}
	tok := "none (console mode)"
	if c.Token != "" {
		tok = "set (redacted)"
	}
	return fmt.Sprintf("token=%s api=%s guild=%q channels=%v log=%s/%s max_attachment_bytes=%d max_pixels=%d download_timeout=%s ocr_workers=%d queue=%d max_photo_wait=%s user_rate=%d/min metrics=%q shard=%d/%d",
		tok, api, c.GuildID, c.Channels, c.LogLevel, c.LogFormat, c.MaxAttachmentBytes, c.MaxPixels,
		c.DownloadTimeout, c.OCRWorkers, c.QueueLength, c.MaxPhotoWait, c.UserRate, c.MetricsAddr, c.ShardID, c.ShardCount)
}

// GoString is like String, so that %#v cannot print the token either.
func (c Config) GoString() string { return "config.Config{" + c.String() + "}" }

// LogValue makes slog print c as a group of attributes, the token redacted.
func (c Config) LogValue() slog.Value {
	api := "https://discord.com"
	if c.APIURL != nil {
		api = c.APIURL.String()
	}
	return slog.GroupValue(
		slog.Bool("token_set", c.Token != ""),
		slog.String("api_url", api),
		slog.String("guild_id", c.GuildID),
		slog.Any("channels", c.Channels),
		slog.String("log_level", c.LogLevel.String()),
		slog.String("log_format", c.LogFormat),
		slog.Int64("max_attachment_bytes", c.MaxAttachmentBytes),
		slog.Int64("max_pixels", c.MaxPixels),
		slog.Duration("download_timeout", c.DownloadTimeout),
		slog.Int("ocr_workers", c.OCRWorkers),
		slog.Int("queue_length", c.QueueLength),
		slog.Duration("max_photo_wait", c.MaxPhotoWait),
		slog.Int("user_rate_per_minute", c.UserRate),
		slog.String("metrics_addr", c.MetricsAddr),
		slog.Int("shard_id", c.ShardID),
		slog.Int("shard_count", c.ShardCount),
	)
}

// setting is one environment variable and its flag.
type setting struct {
	env, flag, def, usage string
	secret                bool // never shown as a default
	apply                 func(c *Config, v string) error
}

// settings lists every setting in the order -h prints them.
var settings = []setting{
	{env: "DISCORD_TOKEN", flag: "token", secret: true,
		usage: "Discord bot token (prefer the environment or DISCORD_TOKEN_FILE: flags show in ps); empty starts console mode",
		apply: func(c *Config, v string) error { c.Token = strings.TrimSpace(v); return nil }},
	{env: "DISCORD_TOKEN_FILE", flag: "token-file",
		usage: "file holding the Discord bot token (used when DISCORD_TOKEN is empty)",
		apply: func(c *Config, v string) error { c.TokenFile = v; return nil }},
	{env: "DISCORD_API_URL", flag: "api-url",
		usage: "origin replacing https://discord.com for REST calls (REST proxy, tests); paths unchanged",
		apply: applyAPIURL},
	{env: "SUDOKUBOT_GUILD_ID", flag: "guild",
		usage: "register the commands in this guild only (instant) instead of globally",
		apply: func(c *Config, v string) error {
			if v != "" && !isSnowflake(v) {
				return fmt.Errorf("%q is not a Discord ID (digits only)", v)
			}
			c.GuildID = v
			return nil
		}},
	{env: "SUDOKUBOT_CHANNELS", flag: "channels",
		usage: "comma-separated channel IDs where plain messages are read without a mention (needs the MESSAGE_CONTENT intent)",
		apply: func(c *Config, v string) error {
			c.Channels = nil
			for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
				if !isSnowflake(f) {
					return fmt.Errorf("%q is not a Discord channel ID (digits only)", f)
				}
				c.Channels = append(c.Channels, f)
			}
			return nil
		}},
	{env: "LOG_LEVEL", flag: "log-level", def: "info",
		usage: "lowest level logged: debug, info, warn or error",
		apply: func(c *Config, v string) error {
			var l slog.Level
			if err := l.UnmarshalText([]byte(v)); err != nil {
				return fmt.Errorf("%q is not a level: use debug, info, warn or error", v)
			}
			c.LogLevel = l
			return nil
		}},
	{env: "LOG_FORMAT", flag: "log-format", def: "text",
		usage: "log format: text or json",
		apply: func(c *Config, v string) error {
			v = strings.ToLower(v)
			if v != "text" && v != "json" {
				return fmt.Errorf("%q is not a log format: use text or json", v)
			}
			c.LogFormat = v
			return nil
		}},
	{env: "SUDOKUBOT_MAX_ATTACHMENT_BYTES", flag: "max-attachment-bytes", def: "10MB",
		usage: "largest photo accepted: bytes, or with a KB or MB suffix",
		apply: func(c *Config, v string) error {
			n, err := parseBytes(v)
			if err != nil {
				return err
			}
			c.MaxAttachmentBytes = n
			return nil
		}},
	{env: "SUDOKUBOT_MAX_PIXELS", flag: "max-pixels", def: "40000000",
		usage: "largest photo accepted, in pixels (width x height)",
		apply: func(c *Config, v string) error {
			n, err := parseInt(v, 10_000, 1<<40)
			c.MaxPixels = int64(n)
			return err
		}},
	{env: "SUDOKUBOT_DOWNLOAD_TIMEOUT", flag: "download-timeout", def: "15s",
		usage: "time limit for downloading one attachment",
		apply: func(c *Config, v string) error {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 || d > 10*time.Minute {
				return fmt.Errorf("%q is not a duration between 1ms and 10m, like 15s", v)
			}
			c.DownloadTimeout = d
			return nil
		}},
	{env: "SUDOKUBOT_OCR_WORKERS", flag: "ocr-workers", def: "2",
		usage: "photos read at the same time (one OCR engine each)",
		apply: func(c *Config, v string) error {
			n, err := parseInt(v, 1, 64)
			c.OCRWorkers = n
			return err
		}},
	{env: "SUDOKUBOT_QUEUE_LENGTH", flag: "queue-length", def: "16",
		usage: "photos that may wait for an OCR worker; beyond that the bot answers busy",
		apply: func(c *Config, v string) error {
			n, err := parseInt(v, 0, 10_000)
			c.QueueLength = n
			return err
		}},
	{env: "SUDOKUBOT_MAX_PHOTO_WAIT", flag: "max-photo-wait", def: "1s",
		usage: "longest expected wait for an OCR worker; a photo that would wait longer gets busy at once (0 for no limit but the queue length)",
		apply: func(c *Config, v string) error {
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 || d > 10*time.Minute {
				return fmt.Errorf("%q is not a duration between 0 and 10m, like 1s", v)
			}
			c.MaxPhotoWait = d
			return nil
		}},
	{env: "SUDOKUBOT_USER_RATE", flag: "user-rate", def: "20",
		usage: "requests one user may make per minute (0 for no limit)",
		apply: func(c *Config, v string) error {
			v = strings.TrimSuffix(strings.TrimSpace(v), "/min")
			n, err := parseInt(v, 0, 100_000)
			c.UserRate = n
			return err
		}},
	{env: "SUDOKUBOT_OUTPUT_DIR", flag: "output-dir",
		usage: "console mode: directory for the pictures (default: a new temporary directory)",
		apply: func(c *Config, v string) error { c.OutputDir = v; return nil }},
	{env: "METRICS_ADDR", flag: "metrics-addr",
		usage: "address for /healthz and /metrics, like 127.0.0.1:9090 (off when empty)",
		apply: func(c *Config, v string) error {
			if v != "" && !strings.Contains(v, ":") {
				return fmt.Errorf("%q is not a host:port address", v)
			}
			c.MetricsAddr = v
			return nil
		}},
	{env: "SHARD_ID", flag: "shard-id", def: "0",
		usage: "this process's shard, from 0 to SHARD_COUNT-1; when only SHARD_COUNT is set, the ordinal that ends the hostname (a StatefulSet pod's, like sudokubot-3)",
		apply: func(c *Config, v string) error {
			n, err := parseInt(v, 0, 1<<16)
			c.ShardID = n
			return err
		}},
	{env: "SHARD_COUNT", flag: "shard-count", def: "1",
		usage: "number of shards (processes) sharing the bot's guilds",
		apply: func(c *Config, v string) error {
			n, err := parseInt(v, 1, 1<<16)
			c.ShardCount = n
			return err
		}},
}

// Error is a setting with a bad value. Its message names the variable and
// the flag and says what is allowed.
type Error struct {
	Env, Flag, Value string
	Err              error
}

// Error says which setting is wrong and why.
func (e *Error) Error() string {
	return fmt.Sprintf("invalid %s (flag -%s): %v", e.Env, e.Flag, e.Err)
}

// Unwrap returns the reason, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// ErrHelp is returned by [Load] when -h or -help was asked for; the usage
// has then been written.
var ErrHelp = flag.ErrHelp

// Load reads the configuration from the environment (through getenv) and
// from args, the command-line arguments without the program name. Flags win
// over the environment. Usage and flag errors are written to out. It is
// [LoadHost] without a hostname: a SHARD_COUNT above 1 then needs SHARD_ID.
func Load(args []string, getenv func(string) string, out io.Writer) (Config, error) {
	return LoadHost(args, getenv, "", out)
}

// LoadHost is [Load] for a process on the host called hostname (the
// program passes [os.Hostname]). When SHARD_COUNT is set but SHARD_ID is
// not, the shard is the ordinal that ends the hostname of a Kubernetes
// StatefulSet's pod (sudokubot-3 is shard 3, see [ShardFromHostname]), so
// that every replica of one pod template takes its own shard.
func LoadHost(args []string, getenv func(string) string, hostname string, out io.Writer) (Config, error) {
	fs := flag.NewFlagSet("sudokubot", flag.ContinueOnError)
	fs.SetOutput(out)
	vals := make([]*string, len(settings))
	for i, s := range settings {
		// The default shown by -h is the built-in one; a secret's value
		// from the environment is never put where -h would print it.
		vals[i] = fs.String(s.flag, s.def, s.usage+" (env "+s.env+")")
	}
	fs.Usage = func() {
		fmt.Fprintf(out, "Usage: sudokubot [flags]\n\n"+
			"sudokubot is a Discord bot that solves Sudoku puzzles from text and photos.\n"+
			"Without a token it starts in console mode: type or paste a grid.\n\n"+
			"Every flag can also be set with the environment variable named after it.\n"+
			"'sudokubot -healthcheck' asks a running bot's /healthz (METRICS_ADDR) and exits 0 when healthy;\n"+
			"'sudokubot -version' prints the version.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(out, "sudokubot: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return Config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	c := Default()
	given := map[string]bool{} // the settings given by a flag or the environment
	for i, s := range settings {
		v := s.def
		if set[s.flag] {
			v, given[s.env] = *vals[i], true
		} else if e, ok := lookup(getenv, s.env); ok {
			v, given[s.env] = e, true
		}
		v = strings.TrimSpace(v)
		if err := s.apply(&c, v); err != nil {
			shown := v
			if s.secret {
				shown = "(redacted)"
			}
			return Config{}, &Error{Env: s.env, Flag: s.flag, Value: shown, Err: err}
		}
	}
	if c.Token == "" && c.TokenFile != "" {
		b, err := os.ReadFile(c.TokenFile)
		if err != nil {
			return Config{}, &Error{Env: "DISCORD_TOKEN_FILE", Flag: "token-file", Value: c.TokenFile,
				Err: fmt.Errorf("cannot read the token file: %w", err)}
		}
		c.Token = strings.TrimSpace(string(b))
		if c.Token == "" {
			return Config{}, &Error{Env: "DISCORD_TOKEN_FILE", Flag: "token-file", Value: c.TokenFile,
				Err: errors.New("the token file is empty")}
		}
	}
	c.Token = strings.TrimPrefix(c.Token, "Bot ")
	if strings.ContainsAny(c.Token, " \t\n") {
		return Config{}, &Error{Env: "DISCORD_TOKEN", Flag: "token", Value: "(redacted)",
			Err: errors.New("the token contains white space: paste only the token from the Developer Portal")}
	}
	if given["SHARD_COUNT"] && !given["SHARD_ID"] {
		id, err := ShardFromHostname(hostname, c.ShardCount)
		if err != nil {
			return Config{}, &Error{Env: "SHARD_ID", Flag: "shard-id", Value: "", Err: err}
		}
		c.ShardID = id
	}
	if c.ShardID >= c.ShardCount {
		return Config{}, &Error{Env: "SHARD_ID", Flag: "shard-id", Value: strconv.Itoa(c.ShardID),
			Err: fmt.Errorf("%d is not below SHARD_COUNT (%d)", c.ShardID, c.ShardCount)}
	}
	return c, nil
}

// ShardFromHostname returns the shard of a process whose SHARD_ID is not
// set, out of count shards, from its hostname: the ordinal of a Kubernetes
// StatefulSet's pod, which ends its name after a dash (sudokubot-3 is 3;
// a domain after the first dot is ignored). A hostname without an ordinal
// is shard 0 when there is one shard and an error otherwise, and so is an
// ordinal not below count (a StatefulSet scaled beyond its SHARD_COUNT).
func ShardFromHostname(hostname string, count int) (int, error) {
	name, _, _ := strings.Cut(hostname, ".")
	i := strings.LastIndexByte(name, '-')
	digits := name[i+1:]
	n, err := strconv.Atoi(digits)
	if i <= 0 || digits == "" || strings.Trim(digits, "0123456789") != "" || err != nil || n > 1<<16 {
		if count == 1 {
			return 0, nil
		}
		return 0, fmt.Errorf("not set, and the hostname %q does not end in a StatefulSet pod's ordinal (like sudokubot-3): "+
			"set SHARD_ID from 0 to %d", hostname, count-1)
	}
	if n >= count {
		return 0, fmt.Errorf("not set, and the hostname %q gives shard %d, which is not below SHARD_COUNT (%d): "+
			"set SHARD_COUNT to the StatefulSet's number of replicas", hostname, n, count)
	}
	return n, nil
}

// lookup returns the value of an environment variable and whether it is set
// to something other than the empty string.
func lookup(getenv func(string) string, name string) (string, bool) {
	if getenv == nil {
		return "", false
	}
	v := getenv(name)
	return v, v != ""
}

func applyAPIURL(c *Config, v string) error {
	if v == "" {
		c.APIURL = nil
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http or https origin like https://discord-proxy.internal:8080", v)
	}
	if u.Path != "" && u.Path != "/" || u.RawQuery != "" {
		return fmt.Errorf("%q has a path or query: give only the scheme and host, the /api/v9/... paths are kept", v)
	}
	c.APIURL = &url.URL{Scheme: u.Scheme, Host: u.Host}
	return nil
}

func isSnowflake(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func parseInt(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%q is not a whole number from %d to %d", v, lo, hi)
	}
	return n, nil
}

// parseBytes reads a size like "10485760", "512KB" or "10MB" (KB and MB are
// 1024 and 1024*1024 bytes).
func parseBytes(v string) (int64, error) {
	s := strings.ToUpper(strings.TrimSpace(v))
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "MB"):
		mult, s = 1<<20, strings.TrimSuffix(s, "MB")
	case strings.HasSuffix(s, "KB"):
		mult, s = 1<<10, strings.TrimSuffix(s, "KB")
	case strings.HasSuffix(s, "B"):
		s = strings.TrimSuffix(s, "B")
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n <= 0 || n > (1<<40)/mult {
		return 0, fmt.Errorf("%q is not a size like 10485760, 512KB or 10MB", v)
	}
	return n * mult, nil
}
