package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/fakediscord"
)

const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// binary is the sudokubot program built once for all tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sudokubot-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "sudokubot")
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "build sudokubot: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// command returns the program with a clean environment plus env.
func command(ctx context.Context, env []string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.TempDir(), "OMP_THREAD_LIMIT=1"}, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	return cmd, &stdout, &stderr
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return c
}

func TestHelpListsSettingsWithoutTheToken(t *testing.T) {
	cmd, stdout, stderr := command(ctx(t), []string{"DISCORD_TOKEN=super-secret-token"}, "-h")
	if err := cmd.Run(); exitCode(err) != 0 {
		t.Fatalf("exit %v: %s", err, stderr)
	}
	out := stdout.String() + stderr.String()
	for _, v := range []string{"DISCORD_TOKEN", "DISCORD_TOKEN_FILE", "DISCORD_API_URL", "SUDOKUBOT_GUILD_ID", "SUDOKUBOT_CHANNELS",
		"LOG_LEVEL", "LOG_FORMAT", "SUDOKUBOT_MAX_ATTACHMENT_BYTES", "SUDOKUBOT_MAX_PIXELS", "SUDOKUBOT_OCR_WORKERS",
		"SUDOKUBOT_QUEUE_LENGTH", "SUDOKUBOT_MAX_PHOTO_WAIT", "SUDOKUBOT_USER_RATE", "METRICS_ADDR", "SHARD_ID", "SHARD_COUNT", `(default "10MB")`} {
		if !strings.Contains(out, v) {
			t.Errorf("-h lacks %s", v)
		}
	}
	if strings.Contains(out, "super-secret") {
		t.Error("-h shows the token")
	}
}

func TestVersion(t *testing.T) {
	cmd, stdout, stderr := command(ctx(t), nil, "-version")
	if err := cmd.Run(); exitCode(err) != 0 || stdout.String() != "sudokubot dev\n" {
		t.Errorf("exit %v, stdout %q, stderr %q; want sudokubot dev", err, stdout, stderr)
	}
}

func TestInvalidSettingStopsStartUp(t *testing.T) {
	cmd, _, stderr := command(ctx(t), []string{"LOG_FORMAT=xml"})
	err := cmd.Run()
	if exitCode(err) != 2 || !strings.Contains(stderr.String(), "invalid LOG_FORMAT") {
		t.Errorf("exit %v, stderr %q", err, stderr)
	}
}

func TestConsoleModeWithPipedInput(t *testing.T) {
	dir := t.TempDir()
	cmd, stdout, stderr := command(ctx(t), []string{"SUDOKUBOT_OUTPUT_DIR=" + dir})
	cmd.Stdin = strings.NewReader(puzzle + "\n/hint " + puzzle + "\n")
	if err := cmd.Run(); exitCode(err) != 0 {
		t.Fatalf("exit %v: %s", err, stderr)
	}
	out := stdout.String()
	if !strings.Contains(out, "534 678 912") || !strings.Contains(out, "Step 1") {
		t.Errorf("output:\n%s", out)
	}
	if strings.Contains(out, "> ") {
		t.Error("prompt printed although stdin is not a terminal")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(files) != 2 {
		t.Errorf("pictures written: %v", files)
	}
	// Closed standard input: a clean exit at once.
	cmd, _, stderr = command(ctx(t), nil)
	cmd.Stdin = strings.NewReader("")
	if err := cmd.Run(); exitCode(err) != 0 {
		t.Errorf("empty input: exit %v: %s", err, stderr)
	}
}

// TestDiscordModeAndSIGTERM runs the program against a fake Discord: it
// registers its commands, answers a DM, and stops cleanly on SIGTERM
// without ever printing the token.
func TestDiscordModeAndSIGTERM(t *testing.T) {
	srv, err := fakediscord.New()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const token = "MTIz.secret-token-for-test"
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd, _, stderr := command(ctx(t), []string{"DISCORD_TOKEN_FILE=" + tokenFile, "DISCORD_API_URL=" + srv.URL,
		"SUDOKUBOT_GUILD_ID=" + fakediscord.GuildID, "LOG_LEVEL=debug", "LOG_FORMAT=json"})
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
		}
	}()
	c, err := srv.WaitCall(ctx(t), func(c fakediscord.Call) bool {
		return c.Method == "PUT" && c.Path == "/api/v9/applications/4242/guilds/900/commands"
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Header.Get("Authorization") != "Bot "+token {
		t.Errorf("token from the file not used")
	}
	if err := srv.Dispatch("MESSAGE_CREATE", srv.Message(fakediscord.DMChannelID, "", puzzle)); err != nil {
		t.Fatal(err)
	}
	reply, err := srv.WaitCall(ctx(t), func(c fakediscord.Call) bool {
		return c.Method == "POST" && c.Path == "/api/v9/channels/902/messages"
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(reply.JSON), "534 678 912") {
		t.Errorf("reply %s", reply.JSON)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if exitCode(err) != 0 {
			t.Errorf("exit after SIGTERM: %v\n%s", err, stderr)
		}
	case <-ctx(t).Done():
		t.Fatal("no exit after SIGTERM")
	}
	if strings.Contains(stderr.String(), "secret-token") {
		t.Errorf("the token was logged:\n%s", stderr)
	}
	if !strings.Contains(stderr.String(), `"msg":"stopped"`) {
		t.Errorf("no clean stop in the logs:\n%s", stderr)
	}
}
