package config

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaults(t *testing.T) {
	c, err := Load(nil, env(nil), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if !c.ConsoleMode() {
		t.Error("no token: want console mode")
	}
	if c.MaxAttachmentBytes != 10<<20 || c.OCRWorkers != 2 || c.LogFormat != "text" || c.LogLevel != slog.LevelInfo || c.ShardCount != 1 {
		t.Errorf("defaults: %v", c)
	}
}

func TestEnvAndFlags(t *testing.T) {
	e := env(map[string]string{
		"DISCORD_TOKEN":                  "abc.def",
		"DISCORD_API_URL":                "http://127.0.0.1:8080",
		"SUDOKUBOT_GUILD_ID":             "123",
		"SUDOKUBOT_CHANNELS":             "1, 2,3",
		"LOG_LEVEL":                      "debug",
		"LOG_FORMAT":                     "JSON",
		"SUDOKUBOT_MAX_ATTACHMENT_BYTES": "512KB",
		"SUDOKUBOT_OCR_WORKERS":          "3",
		"SUDOKUBOT_DOWNLOAD_TIMEOUT":     "2s",
		"SUDOKUBOT_USER_RATE":            "5/min",
	})
	c, err := Load([]string{"-ocr-workers", "4", "-shard-count=2", "-shard-id=1"}, e, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	want := Config{Token: "abc.def", GuildID: "123", Channels: []string{"1", "2", "3"}, LogLevel: slog.LevelDebug,
		LogFormat: "json", MaxAttachmentBytes: 512 << 10, OCRWorkers: 4, DownloadTimeout: 2 * time.Second, UserRate: 5,
		ShardID: 1, ShardCount: 2}
	if c.Token != want.Token || c.GuildID != want.GuildID || fmt.Sprint(c.Channels) != fmt.Sprint(want.Channels) ||
		c.LogLevel != want.LogLevel || c.LogFormat != want.LogFormat || c.MaxAttachmentBytes != want.MaxAttachmentBytes ||
		c.OCRWorkers != want.OCRWorkers || c.DownloadTimeout != want.DownloadTimeout || c.UserRate != want.UserRate ||
		c.ShardID != 1 || c.ShardCount != 2 {
		t.Errorf("got %v", c)
	}
	if c.APIURL == nil || c.APIURL.String() != "http://127.0.0.1:8080" {
		t.Errorf("api url %v", c.APIURL)
	}
}

func TestInvalidValuesNameTheVariable(t *testing.T) {
	tests := []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"SUDOKUBOT_OCR_WORKERS": "many"}, nil, "SUDOKUBOT_OCR_WORKERS"},
		{nil, []string{"-ocr-workers=0"}, "SUDOKUBOT_OCR_WORKERS (flag -ocr-workers)"},
		{map[string]string{"LOG_FORMAT": "xml"}, nil, "LOG_FORMAT"},
		{map[string]string{"LOG_LEVEL": "loud"}, nil, "LOG_LEVEL"},
		{map[string]string{"DISCORD_API_URL": "discord.example"}, nil, "DISCORD_API_URL"},
		{map[string]string{"DISCORD_API_URL": "https://proxy/api/v9"}, nil, "DISCORD_API_URL"},
		{map[string]string{"SUDOKUBOT_CHANNELS": "general"}, nil, "SUDOKUBOT_CHANNELS"},
		{map[string]string{"SUDOKUBOT_GUILD_ID": "x1"}, nil, "SUDOKUBOT_GUILD_ID"},
		{map[string]string{"SUDOKUBOT_MAX_ATTACHMENT_BYTES": "ten"}, nil, "SUDOKUBOT_MAX_ATTACHMENT_BYTES"},
		{map[string]string{"SUDOKUBOT_DOWNLOAD_TIMEOUT": "-1s"}, nil, "SUDOKUBOT_DOWNLOAD_TIMEOUT"},
		{map[string]string{"SHARD_ID": "2", "SHARD_COUNT": "2"}, nil, "SHARD_ID"},
		{map[string]string{"DISCORD_TOKEN_FILE": "/nonexistent/token"}, nil, "DISCORD_TOKEN_FILE"},
		{map[string]string{"METRICS_ADDR": "9090x"}, nil, "METRICS_ADDR"},
	}
	for _, tt := range tests {
		_, err := Load(tt.args, env(tt.env), &bytes.Buffer{})
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v %v: got %v, want an error naming %s", tt.env, tt.args, err, tt.want)
		}
	}
}

func TestTokenFileAndRedaction(t *testing.T) {
	const secret = "MTIzNDU2.secret-token-value"
	p := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(p, []byte(secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(nil, env(map[string]string{"DISCORD_TOKEN_FILE": p}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != secret {
		t.Fatalf("token from file: got %q", c.Token)
	}
	var logs bytes.Buffer
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("config", "config", c)
	slog.New(slog.NewTextHandler(&logs, nil)).Info("config", "config", c)
	for _, s := range []string{c.String(), fmt.Sprintf("%v %+v %#v %s", c, c, c, c), logs.String()} {
		if strings.Contains(s, "secret") {
			t.Errorf("token leaked: %s", s)
		}
	}
	// A bad token value is not echoed in the error either.
	_, err = Load(nil, env(map[string]string{"DISCORD_TOKEN": "secret with spaces"}), &bytes.Buffer{})
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("bad token: %v", err)
	}
}

func TestHelpListsEverySettingWithoutTheToken(t *testing.T) {
	var out bytes.Buffer
	_, err := Load([]string{"-h"}, env(map[string]string{"DISCORD_TOKEN": "secret-token"}), &out)
	if !errors.Is(err, ErrHelp) {
		t.Fatalf("got %v, want ErrHelp", err)
	}
	for _, s := range settings {
		if !strings.Contains(out.String(), s.env) || !strings.Contains(out.String(), "-"+s.flag) {
			t.Errorf("-h does not list %s / -%s", s.env, s.flag)
		}
	}
	if !strings.Contains(out.String(), `(default "10MB")`) {
		t.Errorf("-h does not show defaults:\n%s", out.String())
	}
	if strings.Contains(out.String(), "secret") {
		t.Error("-h printed the token")
	}
}

// FuzzLoad feeds arbitrary values to every setting: Load returns a
// configuration or an error naming a variable, never panics, and never
// puts the token in an error.
func FuzzLoad(f *testing.F) {
	f.Add("10MB", "2", "text", "http://127.0.0.1:1")
	f.Add("-1", "x", "json", "ftp://x")
	f.Add("99999999999999999999KB", "65", "", "https://h/p?q")
	f.Fuzz(func(t *testing.T, size, workers, format, api string) {
		e := env(map[string]string{
			"DISCORD_TOKEN": "fuzz-secret", "SUDOKUBOT_MAX_ATTACHMENT_BYTES": size,
			"SUDOKUBOT_OCR_WORKERS": workers, "LOG_FORMAT": format, "DISCORD_API_URL": api,
		})
		c, err := Load(nil, e, &bytes.Buffer{})
		if err != nil {
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if strings.Contains(err.Error(), "fuzz-secret") {
				t.Fatalf("token in error: %v", err)
			}
			return
		}
		if c.MaxAttachmentBytes <= 0 || c.OCRWorkers < 1 || (c.LogFormat != "text" && c.LogFormat != "json") {
			t.Fatalf("accepted an invalid configuration: %v", c)
		}
	})
}

func TestShardFromHostname(t *testing.T) {
	tests := []struct {
		hostname string
		count    int
		want     int
		err      string // a part of the error message; empty: no error
	}{
		{"sudokubot-0", 4, 0, ""},
		{"sudokubot-3", 4, 3, ""},
		{"sudokubot-3", 10, 3, ""},
		{"sudo-kubot-12", 16, 12, ""},
		{"sudokubot-3.sudokubot.bots.svc.cluster.local", 4, 3, ""},
		{"sudokubot-0", 1, 0, ""},
		{"vm", 1, 0, ""},
		{"", 1, 0, ""},
		{"sudokubot-3", 3, 0, `the hostname "sudokubot-3" gives shard 3, which is not below SHARD_COUNT (3)`},
		{"sudokubot-4", 4, 0, "set SHARD_COUNT to the StatefulSet's number of replicas"},
		{"sudokubot-1", 1, 0, "not below SHARD_COUNT (1)"},
		{"vm", 4, 0, `the hostname "vm" does not end in a StatefulSet pod's ordinal`},
		{"", 2, 0, "set SHARD_ID from 0 to 1"},
		{"sudokubot-", 2, 0, "does not end in"},
		{"sudokubot-3a", 4, 0, "does not end in"},
		{"sudokubot-+3", 4, 0, "does not end in"},
		{"-3", 4, 0, "does not end in"},
		{"sudokubot-99999999999999999999", 4, 0, "does not end in"},
	}
	for _, tt := range tests {
		got, err := ShardFromHostname(tt.hostname, tt.count)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("ShardFromHostname(%q, %d) = %d, %v; want %d", tt.hostname, tt.count, got, err, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ShardFromHostname(%q, %d) = %d, %v; want an error with %q", tt.hostname, tt.count, got, err, tt.err)
		}
	}
}

// TestLoadShardFromHostname checks when Load takes the shard from the
// hostname: only when SHARD_COUNT is given and SHARD_ID is not.
func TestLoadShardFromHostname(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		hostname string
		id, n    int
		err      string
	}{
		{"StatefulSet pod", map[string]string{"SHARD_COUNT": "4"}, nil, "sudokubot-3", 3, 4, ""},
		{"first pod", map[string]string{"SHARD_COUNT": "4"}, nil, "sudokubot-0", 0, 4, ""},
		{"count as a flag", nil, []string{"-shard-count=5"}, "sudokubot-4", 4, 5, ""},
		{"SHARD_ID wins", map[string]string{"SHARD_COUNT": "4", "SHARD_ID": "1"}, nil, "sudokubot-3", 1, 4, ""},
		{"flag -shard-id wins", map[string]string{"SHARD_COUNT": "4"}, []string{"-shard-id=2"}, "sudokubot-3", 2, 4, ""},
		{"no SHARD_COUNT: one shard", nil, nil, "sudokubot-3", 0, 1, ""},
		{"one shard, no ordinal", map[string]string{"SHARD_COUNT": "1"}, nil, "laptop", 0, 1, ""},
		{"ordinal not below the count", map[string]string{"SHARD_COUNT": "3"}, nil, "sudokubot-3",
			0, 0, `invalid SHARD_ID (flag -shard-id): not set, and the hostname "sudokubot-3" gives shard 3, which is not below SHARD_COUNT (3)`},
		{"scaled up, SHARD_COUNT left at 1", map[string]string{"SHARD_COUNT": "1"}, nil, "sudokubot-1",
			0, 0, "not below SHARD_COUNT (1)"},
		{"several shards, no ordinal", map[string]string{"SHARD_COUNT": "2"}, nil, "laptop",
			0, 0, `invalid SHARD_ID (flag -shard-id): not set, and the hostname "laptop" does not end in`},
		{"no hostname (Load)", map[string]string{"SHARD_COUNT": "2"}, nil, "", 0, 0, "set SHARD_ID from 0 to 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := LoadHost(tt.args, env(tt.env), tt.hostname, &bytes.Buffer{})
			if tt.err != "" {
				var ce *Error
				if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil || c.ShardID != tt.id || c.ShardCount != tt.n {
				t.Errorf("got shard %d/%d, %v; want %d/%d", c.ShardID, c.ShardCount, err, tt.id, tt.n)
			}
		})
	}
}
