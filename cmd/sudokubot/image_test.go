package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/fakediscord"
)

// TestImage runs the container image's sudokubot against the fake Discord
// on the loopback address, as .ci/image does after building the image:
// the token comes from a file mounted into the container, the bot
// registers its commands and answers a DM, and `sudokubot -healthcheck`
// in the image exits 0 once the gateway is connected. It runs only when
// SUDOKUBOT_IMAGE_RUN names a command that runs its arguments in the image
// on the host's network, with options -e NAME=VALUE and -v HOST:CONTAINER
// before the command (.ci/image writes one).
func TestImage(t *testing.T) {
	run := os.Getenv("SUDOKUBOT_IMAGE_RUN")
	if run == "" {
		t.Skip("SUDOKUBOT_IMAGE_RUN is not set: run by .ci/image after building the image")
	}
	srv, err := fakediscord.New()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()

	const token = "MTIz.image-secret-token"
	tokenFile := filepath.Join(t.TempDir(), "token")
	// Readable by the image's user, as a Kubernetes Secret volume with
	// fsGroup makes it.
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	metrics := freeAddr(t)
	env := []string{"-e", "METRICS_ADDR=" + metrics}

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := append([]string{"-v", tokenFile + ":/run/secrets/discord/token:ro",
		"-e", "DISCORD_TOKEN_FILE=/run/secrets/discord/token", "-e", "DISCORD_API_URL=" + srv.URL,
		"-e", "SUDOKUBOT_GUILD_ID=" + fakediscord.GuildID, "-e", "LOG_FORMAT=json"}, env...)
	cmd := exec.Command(run, append(args, "sudokubot")...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer func() {
		// docker run passes SIGTERM on to the bot; buildah run stops it.
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		if strings.Contains(stderr.String(), "image-secret") {
			t.Errorf("the token was logged:\n%s", stderr.String())
		}
		if t.Failed() {
			t.Logf("the bot's log:\n%s", stderr.String())
		}
	}()

	c, err := srv.WaitCall(ctx, func(c fakediscord.Call) bool {
		return c.Method == "PUT" && strings.HasSuffix(c.Path, "/guilds/"+fakediscord.GuildID+"/commands")
	})
	if err != nil {
		t.Fatalf("no commands registered: %v", err)
	}
	if c.Header.Get("Authorization") != "Bot "+token {
		t.Error("the token from the mounted file was not used")
	}
	if err := srv.Dispatch("MESSAGE_CREATE", srv.Message(fakediscord.DMChannelID, "", puzzle)); err != nil {
		t.Fatal(err)
	}
	reply, err := srv.WaitCall(ctx, func(c fakediscord.Call) bool {
		return c.Method == "POST" && c.Path == "/api/v9/channels/"+fakediscord.DMChannelID+"/messages"
	})
	if err != nil {
		t.Fatalf("no reply to the DM: %v", err)
	}
	if !strings.Contains(string(reply.JSON), "534 678 912") {
		t.Errorf("reply %s", reply.JSON)
	}

	// The health check inside the image, as Docker's HEALTHCHECK and the
	// Kubernetes probes' port ask it: 0 once the gateway is connected.
	var out []byte
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(500 * time.Millisecond) {
		out, err = exec.CommandContext(ctx, run, append(env, "sudokubot", "-healthcheck")...).CombinedOutput()
		if err == nil {
			return
		}
	}
	t.Errorf("sudokubot -healthcheck while connected: %v: %s", err, out)
}

// freeAddr returns a loopback address with a port that was free a moment
// ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return fmt.Sprint(ln.Addr())
}
