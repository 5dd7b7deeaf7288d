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
