package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/jpeg"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/internal/fakediscord"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// startE2E starts a bot with the real engines connected to a fake Discord,
// with the production's deferral and two photo readers, changing the
// adapter's and the bot's options with changeDiscord and changeBot when
// they are not nil.
func startE2E(t *testing.T, changeDiscord func(*Options), changeBot func(*bot.Options)) *opsEnv {
	t.Helper()
	return startOps(t, opsSetup{ocrWorkers: 2, deferAfter: -1, bot: changeBot, discord: changeDiscord})
}

// waitCtx bounds every wait of a test: generous, as the machine may be
// loaded; nothing sleeps.
func waitCtx(t *testing.T) context.Context { return opsWait(t) }

func (e *opsEnv) dispatch(t *testing.T, event string, data map[string]any) {
	t.Helper()
	if err := e.srv.Dispatch(event, data); err != nil {
		t.Fatal(err)
	}
}

func (e *opsEnv) call(t *testing.T, method, path string) fakediscord.Call {
	t.Helper()
	c, err := e.srv.WaitCall(waitCtx(t), func(c fakediscord.Call) bool { return c.Method == method && c.Path == path })
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// response is an interaction callback or a message payload as the bot sent
// it.
type response struct {
	Type int `json:"type"`
	Data struct {
		Content         string          `json:"content"`
		Flags           int             `json:"flags"`
		Components      []componentJSON `json:"components"`
		AllowedMentions *struct {
			Parse       []string `json:"parse"`
			Users       []string `json:"users"`
			Roles       []string `json:"roles"`
			RepliedUser bool     `json:"replied_user"`
		} `json:"allowed_mentions"`
	} `json:"data"`
}

type componentJSON struct {
	Type       int             `json:"type"`
	Label      string          `json:"label"`
	CustomID   string          `json:"custom_id"`
	Components []componentJSON `json:"components"`
}

// decodeResponse reads an interaction callback; for message and webhook
// payloads, which have no type/data wrapper, it fills Data.
func decodeResponse(t *testing.T, c fakediscord.Call) response {
	t.Helper()
	var r response
	if strings.HasSuffix(c.Path, "/callback") {
		if err := c.Decode(&r); err != nil {
			t.Fatal(err)
		}
	} else if err := c.Decode(&r.Data); err != nil {
		t.Fatal(err)
	}
	if am := r.Data.AllowedMentions; am == nil || am.Parse == nil || len(am.Parse) != 0 || len(am.Users) != 0 || len(am.Roles) != 0 || am.RepliedUser {
		t.Errorf("%s %s: allowed_mentions is not empty: %s", c.Method, c.Path, c.JSON)
	}
	return r
}

func buttons(r response) map[string]string {
	out := map[string]string{}
	for _, row := range r.Data.Components {
		for _, b := range row.Components {
			out[b.Label] = b.CustomID
		}
	}
	return out
}

func fileNames(c fakediscord.Call) []string {
	var out []string
	for _, f := range c.Files {
		out = append(out, f.Name)
	}
	return out
}

const ephemeralFlag = 1 << 6

func TestE2ECommandsRegisteredOnReady(t *testing.T) {
	tests := []struct {
		name       string
		guild      string
		channels   []string
		path       string
		wantIntent bool
	}{
		{"guild", fakediscord.GuildID, nil, "/api/v9/applications/4242/guilds/900/commands", false},
		{"global with channels", "", []string{"901"}, "/api/v9/applications/4242/commands", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := startE2E(t, func(o *Options) { o.GuildID, o.Channels = tt.guild, tt.channels }, nil)
			c := e.call(t, "PUT", tt.path)
			if got := c.Header.Get("Authorization"); got != "Bot test-token" {
				t.Errorf("Authorization header %q", got)
			}
			var cmds []struct {
				Name    string `json:"name"`
				Type    int    `json:"type"`
				Options []struct {
					Name string `json:"name"`
					Type int    `json:"type"`
				} `json:"options"`
				Contexts         []int `json:"contexts"`
				IntegrationTypes []int `json:"integration_types"`
			}
			if err := c.Decode(&cmds); err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, cmd := range cmds {
				// Global commands can be installed to a user as well as
				// a server and work in servers, DMs with the bot and
				// private channels; Discord takes these for global
				// commands only.
				wantCtx, wantInstall := "[0 1 2]", "[0 1]"
				if tt.guild != "" {
					wantCtx, wantInstall = "[]", "[]"
				}
				if fmt.Sprint(cmd.Contexts) != wantCtx || fmt.Sprint(cmd.IntegrationTypes) != wantInstall {
					t.Errorf("%s: contexts %v, integration types %v; want %s and %s", cmd.Name, cmd.Contexts, cmd.IntegrationTypes, wantCtx, wantInstall)
				}
				var opts []string
				for _, o := range cmd.Options {
					opts = append(opts, fmt.Sprintf("%s:%d", o.Name, o.Type))
				}
				got[fmt.Sprintf("%s/%d", cmd.Name, cmd.Type)] = strings.Join(opts, ",")
			}
			want := map[string]string{
				"solve/0": "puzzle:3,photo:11", "hint/0": "puzzle:3,photo:11,level:4", "rate/0": "puzzle:3,photo:11",
				"check/0": "photo:11,original:3,current:3", "help/0": "", "Solve Sudoku/3": "", "Sudoku hint/3": "",
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("commands:\n got %v\nwant %v", got, want)
			}
			ids, err := e.srv.WaitIdentify(waitCtx(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			var id struct {
				Token   string `json:"token"`
				Intents int    `json:"intents"`
			}
			if err := json.Unmarshal(ids[0], &id); err != nil {
				t.Fatal(err)
			}
			const messageContent = 1 << 15
			if id.Intents&(1<<9) == 0 || id.Intents&(1<<12) == 0 || (id.Intents&messageContent != 0) != tt.wantIntent {
				t.Errorf("intents %b (message content wanted: %v)", id.Intents, tt.wantIntent)
			}
			if tt.wantIntent && !strings.Contains(e.logs.String(), "MESSAGE CONTENT intent") {
				t.Error("no start-up log about the MESSAGE CONTENT intent")
			}
		})
	}
}

func TestE2EDMGridGetsSolutionPNG(t *testing.T) {
	e := startE2E(t, nil, nil)
	msg := e.srv.Message(fakediscord.DMChannelID, "", "can you solve this? @everyone\n"+bottest.Puzzle)
	e.dispatch(t, "MESSAGE_CREATE", msg)
	c := e.call(t, "POST", "/api/v9/channels/902/messages")
	r := decodeResponse(t, c)
	bottest.CheckSolutionText(t, r.Data.Content, bottest.Solution)
	if names := fileNames(c); len(names) != 1 || names[0] != "SPOILER_solution.png" {
		t.Fatalf("files %v", names)
	}
	bottest.DecodePNG(t, c.Files[0].Name, c.Files[0].Data)
	var ref struct {
		Ref struct {
			MessageID string `json:"message_id"`
		} `json:"message_reference"`
	}
	if err := c.Decode(&ref); err != nil || ref.Ref.MessageID != msg["id"] {
		t.Errorf("reply references %q, want %v (%v)", ref.Ref.MessageID, msg["id"], err)
	}
}

func TestE2EGuildMessagesOnlyWhenAddressed(t *testing.T) {
	e := startE2E(t, nil, nil)
	ignored := e.srv.Message(fakediscord.ChannelID, fakediscord.GuildID, bottest.Puzzle)
	e.dispatch(t, "MESSAGE_CREATE", ignored)
	mention := e.srv.Mention(e.srv.Message(fakediscord.ChannelID, fakediscord.GuildID, bottest.Puzzle))
	e.dispatch(t, "MESSAGE_CREATE", mention)
	c := e.call(t, "POST", "/api/v9/channels/901/messages")
	bottest.CheckSolutionText(t, decodeResponse(t, c).Data.Content, bottest.Solution)
	if !strings.Contains(string(c.JSON), mention["id"].(string)) {
		t.Errorf("reply is not to the mention: %s", c.JSON)
	}
	// A bot's own message is never answered either.
	own := e.srv.Message(fakediscord.DMChannelID, "", bottest.Puzzle)
	own["author"] = map[string]any{"id": e.srv.BotID, "bot": true}
	e.dispatch(t, "MESSAGE_CREATE", own)
	// A last DM proves the events before it were handled or ignored.
	e.dispatch(t, "MESSAGE_CREATE", e.srv.Message(fakediscord.DMChannelID, "", "help"))
	e.call(t, "POST", "/api/v9/channels/902/messages")
	if n := len(e.srv.Calls()); n > 0 {
		var posts []string
		for _, c := range e.srv.Calls() {
			if c.Method == "POST" && strings.HasSuffix(c.Path, "/messages") {
				posts = append(posts, c.Path)
			}
		}
		if len(posts) != 2 {
			t.Errorf("messages sent: %v, want one reply to the mention and one to the DM", posts)
		}
	}
}

func TestE2EConfiguredChannelWithoutMention(t *testing.T) {
	e := startE2E(t, func(o *Options) { o.Channels = []string{fakediscord.ChannelID} }, nil)
	e.dispatch(t, "MESSAGE_CREATE", e.srv.Message(fakediscord.ChannelID, fakediscord.GuildID, "hint "+bottest.Puzzle))
	c := e.call(t, "POST", "/api/v9/channels/901/messages")
	r := decodeResponse(t, c)
	if !strings.Contains(r.Data.Content, "**Step 1**") || len(buttons(r)) != 3 {
		t.Errorf("hint in channel: %q, buttons %v", r.Data.Content, buttons(r))
	}
}

func TestE2ESlashSolveText(t *testing.T) {
	e := startE2E(t, nil, nil)
	ia := e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle)})
	e.dispatch(t, "INTERACTION_CREATE", ia)
	c := e.call(t, "POST", fakediscord.CallbackPath(ia))
	r := decodeResponse(t, c)
	if r.Type != 4 || r.Data.Flags&ephemeralFlag != 0 {
		t.Errorf("type %d flags %d, want a public message (4)", r.Type, r.Data.Flags)
	}
	bottest.CheckSolutionText(t, r.Data.Content, bottest.Solution)
	if names := fileNames(c); len(names) != 1 || names[0] != "SPOILER_solution.png" {
		t.Errorf("files %v", names)
	}
}

func TestE2EHintThenNextStep(t *testing.T) {
	e := startE2E(t, nil, nil)
	steps, err := human.Explain(solver.MustGrid(bottest.Puzzle))
	if err != nil {
		t.Fatal(err)
	}
	ia := e.srv.SlashCommand("hint", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle), fakediscord.IntOption("level", 3)})
	e.dispatch(t, "INTERACTION_CREATE", ia)
	c := e.call(t, "POST", fakediscord.CallbackPath(ia))
	r := decodeResponse(t, c)
	if r.Type != 4 || r.Data.Flags&ephemeralFlag == 0 {
		t.Fatalf("hint: type %d flags %d, want ephemeral", r.Type, r.Data.Flags)
	}
	if !strings.Contains(r.Data.Content, steps[0].Explanation) {
		t.Errorf("first hint %q, want %q", r.Data.Content, steps[0].Explanation)
	}
	if names := fileNames(c); len(names) != 1 || names[0] != "hint.png" {
		t.Errorf("files %v", names)
	}
	btns := buttons(r)
	if len(btns) != 2 || btns["Next step"] == "" || btns["Show solution"] == "" {
		t.Fatalf("buttons %v", btns)
	}
	for _, id := range btns {
		if len(id) > bot.MaxCustomID {
			t.Errorf("custom_id of %d characters", len(id))
		}
	}
	press := e.srv.ButtonPress(btns["Next step"])
	e.dispatch(t, "INTERACTION_CREATE", press)
	r2 := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(press)))
	if r2.Type != 4 || r2.Data.Flags&ephemeralFlag == 0 || !strings.Contains(r2.Data.Content, "**Step 2**") {
		t.Fatalf("next step: %+v", r2)
	}
	// The next sound step: the engine's second step, whose placements
	// agree with the solution.
	if !strings.Contains(r2.Data.Content, steps[1].Explanation) {
		t.Errorf("next step %q, want %q", r2.Data.Content, steps[1].Explanation)
	}
	sol := solver.MustGrid(bottest.Solution)
	for _, p := range steps[1].Placements {
		if sol.Cell(p.Cell) != p.Digit {
			t.Errorf("step 2 places %d in %s", p.Digit, sol.CellName(p.Cell))
		}
	}
	show := e.srv.ButtonPress(buttons(r2)["Show solution"])
	e.dispatch(t, "INTERACTION_CREATE", show)
	r3 := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(show)))
	if r3.Data.Flags&ephemeralFlag == 0 {
		t.Error("solution from a button is not ephemeral")
	}
	bottest.CheckSolutionText(t, r3.Data.Content, bottest.Solution)
}

func TestE2EContextMenuOnText(t *testing.T) {
	e := startE2E(t, nil, nil)
	target := e.srv.Message(fakediscord.ChannelID, fakediscord.GuildID, "today's puzzle:\n"+bottest.Puzzle)
	ia := e.srv.MessageCommand(MenuSolve, target)
	e.dispatch(t, "INTERACTION_CREATE", ia)
	r := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
	bottest.CheckSolutionText(t, r.Data.Content, bottest.Solution)

	ia = e.srv.MessageCommand(MenuHint, target)
	e.dispatch(t, "INTERACTION_CREATE", ia)
	r = decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
	if r.Data.Flags&ephemeralFlag == 0 || !strings.Contains(r.Data.Content, "**Step 1**") {
		t.Errorf("context hint: %+v", r)
	}
}

func TestE2EBadInputs(t *testing.T) {
	// Refusals come as the first response however slow the machine.
	e := startE2E(t, func(o *Options) { o.PhotoDeferAfter = time.Minute }, func(o *bot.Options) {
		// Every photo below must be refused before it is read.
		o.Engines = bottest.NoReader{Engines: o.Engines, T: t}
	})
	text := func(s string) []fakediscord.Option {
		return []fakediscord.Option{fakediscord.StringOption("puzzle", s)}
	}
	// Text errors: an immediate ephemeral message.
	for _, tt := range []struct{ text, want string }{
		{bottest.Puzzle[:80], "found 80 cells, a 9x9 puzzle needs 81"},
		{"55" + bottest.Puzzle[2:], "row 1 has two 5s (r1c1 and r1c2)"},
		{strings.Repeat(".", 81), "This grid is empty"},
		{"123456789" + strings.Repeat(".", 72), "more than one solution"},
	} {
		ia := e.srv.SlashCommand("solve", text(tt.text))
		e.dispatch(t, "INTERACTION_CREATE", ia)
		r := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
		if r.Type != 4 || r.Data.Flags&ephemeralFlag == 0 || !strings.Contains(r.Data.Content, tt.want) {
			t.Errorf("%q: got %+v, want ephemeral %q", tt.text, r, tt.want)
		}
	}
	// Photo errors found before reading: answered at once, privately, in
	// the interaction response (no "thinking" placeholder first).
	big := e.srv.AddAttachment("huge.jpg", "image/jpeg", []byte("small really"))
	big.Size = 50 << 20
	foreign := e.srv.AddAttachment("x.png", "image/png", bottest.TinyPNG(t, 4, 4))
	foreign.URL = "https://evil.example/x.png"
	for _, tt := range []struct {
		att  fakediscord.Attachment
		want string
	}{
		{big, "This image (huge.jpg) is 50 MB, the limit is 10 MB"},
		{e.srv.AddAttachment("grid.png", "image/png", []byte("not a png")), "I could not open this image (grid.png) as a picture"},
		{e.srv.AddAttachment("empty.png", "image/png", nil), "is empty (0 bytes)"},
		{e.srv.AddAttachment("bomb.png", "image/png", bottest.BombPNG(t, 30000, 30000)), "30000x30000 pixels"},
		{foreign, "I only download pictures from Discord itself"},
	} {
		ia := e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.AttachmentOption("photo", tt.att)}, tt.att)
		e.dispatch(t, "INTERACTION_CREATE", ia)
		r := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
		if r.Type != 4 || r.Data.Flags&ephemeralFlag == 0 || !strings.Contains(r.Data.Content, tt.want) {
			t.Errorf("%s: got %+v, want ephemeral %q", tt.att.Filename, r, tt.want)
		}
	}
}

// photoFixture returns the small test photo of a printed puzzle and its
// grid, for the tests that need the real OCR.
func photoFixture(t *testing.T) ([]byte, string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "photo.jpg"))
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	truth, err := os.ReadFile(filepath.Join("..", "testdata", "photo.txt"))
	if err != nil {
		t.Fatalf("fixture truth: %v", err)
	}
	return data, strings.TrimSpace(string(truth))
}

// TestE2ESlashSolvePhoto: a photo's result comes as the edit of a deferred
// response, however quickly it was read.
func TestE2ESlashSolvePhoto(t *testing.T) {
	e := startE2E(t, func(o *Options) { o.PhotoDeferAfter = time.Minute }, nil)
	data, truth := photoFixture(t)
	sol, err := solver.SolveUnique(solver.MustGrid(truth))
	if err != nil {
		t.Fatal(err)
	}
	att := e.srv.AddAttachment("photo.jpg", "image/jpeg", data)
	ia := e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.AttachmentOption("photo", att)}, att)
	e.dispatch(t, "INTERACTION_CREATE", ia)
	ack := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
	if ack.Type != 5 {
		t.Fatalf("ack type %d, want a deferred response (5)", ack.Type)
	}
	c := e.call(t, "PATCH", e.srv.OriginalPath(ia))
	r := decodeResponse(t, c)
	bottest.CheckSolutionText(t, r.Data.Content, sol.Digits())
	if names := strings.Join(fileNames(c), ","); names != "read.png,SPOILER_solution.png,SPOILER_solution-on-photo.jpg" {
		t.Errorf("files %s", names)
	}
	for _, f := range c.Files {
		if _, _, err := image.Decode(bytes.NewReader(f.Data)); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
	givens := solver.MustGrid(truth).Givens()
	if !strings.Contains(r.Data.Content, fmt.Sprintf("I read %d givens from your photo", givens)) {
		t.Errorf("content %q", r.Data.Content)
	}
}

// TestE2EDMPhotoWithoutGrid sends a real picture with no grid in it: the
// OCR finds none and the user is told how to take a better photo.
func TestE2EDMPhotoWithoutGrid(t *testing.T) {
	e := startE2E(t, nil, nil)
	att := e.srv.AddAttachment("cat.png", "image/png", bottest.TinyPNG(t, 320, 240))
	e.dispatch(t, "MESSAGE_CREATE", e.srv.Message(fakediscord.DMChannelID, "", "", att))
	e.call(t, "POST", "/api/v9/channels/902/typing")
	r := decodeResponse(t, e.call(t, "POST", "/api/v9/channels/902/messages"))
	if !strings.Contains(r.Data.Content, "I could not find a Sudoku grid in this photo, try a straighter shot with the whole grid in view") {
		t.Errorf("content %q", r.Data.Content)
	}
}

func TestE2EContextMenuOnPhoto(t *testing.T) {
	e := startE2E(t, nil, nil)
	data, truth := photoFixture(t)
	att := e.srv.AddAttachment("photo.jpg", "image/jpeg", data)
	target := e.srv.Message(fakediscord.ChannelID, fakediscord.GuildID, "", att)
	ia := e.srv.MessageCommand(MenuHint, target)
	e.dispatch(t, "INTERACTION_CREATE", ia)
	ack := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
	if ack.Type != 5 || ack.Data.Flags&ephemeralFlag == 0 {
		t.Fatalf("ack %+v, want an ephemeral deferral", ack)
	}
	r := decodeResponse(t, e.call(t, "PATCH", e.srv.OriginalPath(ia)))
	steps, err := human.Explain(solver.MustGrid(truth))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Data.Content, steps[0].Nudge) || len(buttons(r)) != 3 {
		t.Errorf("hint from a photo: %q, buttons %v", r.Data.Content, buttons(r))
	}
}

func TestE2EResumeAfterGatewayClose(t *testing.T) {
	e := startE2E(t, func(o *Options) { o.NoReconnect = false }, nil)
	if err := e.srv.WaitHeartbeats(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	if err := e.srv.CloseGateway(4000); err != nil {
		t.Fatal(err)
	}
	// Dispatched while disconnected: delivered on RESUME.
	msg := e.srv.Message(fakediscord.DMChannelID, "", bottest.Puzzle)
	e.dispatch(t, "MESSAGE_CREATE", msg)
	if _, err := e.srv.WaitResume(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	calls, err := e.srv.WaitCalls(waitCtx(t), 1, func(c fakediscord.Call) bool {
		return c.Method == "POST" && c.Path == "/api/v9/channels/902/messages"
	})
	if err != nil {
		t.Fatal(err)
	}
	bottest.CheckSolutionText(t, decodeResponse(t, calls[0]).Data.Content, bottest.Solution)
	ids, _ := e.srv.WaitIdentify(waitCtx(t), 1)
	if len(ids) != 1 {
		t.Errorf("identified %d times, want 1 (a resume, not a new session)", len(ids))
	}
}

// TestE2EMessageContentIntentRefused: with channels configured the bot asks
// for the privileged MESSAGE_CONTENT intent; when Discord refuses it (close
// 4014), start-up fails with a message that says what to do.
func TestE2EMessageContentIntentRefused(t *testing.T) {
	srv, err := fakediscord.New()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	srv.SetDisallowedIntents(1 << 15)
	api, _ := url.Parse(srv.URL)
	d, err := New(bot.New(bot.Options{}), Options{Token: "t", APIURL: api, Channels: []string{"901"}, NoReconnect: true,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	err = d.Open()
	if err == nil {
		_ = d.Close()
		t.Fatal("Open succeeded with a refused intent")
	}
	if !strings.Contains(err.Error(), "MESSAGE CONTENT intent (close code 4014)") || !strings.Contains(err.Error(), "SUDOKUBOT_CHANNELS") {
		t.Errorf("error %v", err)
	}
}

// heldSteps is a set of engines whose steps wait for release to be closed.
type heldSteps struct {
	engines.Engines
	release <-chan struct{}
}

// Step waits for the release, then finds the step.
func (h heldSteps) Step(ctx context.Context, g solver.Grid, n int) (engines.StepAt, error) {
	<-h.release
	return h.Engines.Step(ctx, g, n)
}

// TestE2ESlowRequestIsDeferred: a request without a photo that takes longer
// than DeferAfter is acknowledged with a deferred response, then edited.
func TestE2ESlowRequestIsDeferred(t *testing.T) {
	release := make(chan struct{})
	e := startE2E(t, func(o *Options) { o.DeferAfter = 20 * time.Millisecond }, func(o *bot.Options) {
		o.Engines = heldSteps{Engines: o.Engines, release: release} // held until the test has seen the deferral
	})
	ia := e.srv.SlashCommand("hint", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle)})
	e.dispatch(t, "INTERACTION_CREATE", ia)
	ack := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
	if ack.Type != 5 || ack.Data.Flags&ephemeralFlag == 0 {
		t.Fatalf("ack %+v, want an ephemeral deferral", ack)
	}
	close(release)
	r := decodeResponse(t, e.call(t, "PATCH", e.srv.OriginalPath(ia)))
	if !strings.Contains(r.Data.Content, "**Step 1**") || len(buttons(r)) != 3 {
		t.Errorf("edit %+v", r.Data)
	}
}

// TestE2EInteractionInDM: in a DM an interaction carries user instead of
// member; the hint and its button work the same, and the user is known for
// the rate limit.
func TestE2EInteractionInDM(t *testing.T) {
	e := startE2E(t, nil, func(o *bot.Options) { o.UserRate = 2 })
	dm := func(ia map[string]any) map[string]any {
		delete(ia, "guild_id")
		delete(ia, "member")
		ia["channel_id"] = fakediscord.DMChannelID
		ia["user"] = map[string]any{"id": "555", "username": "solo"}
		return ia
	}
	ia := dm(e.srv.SlashCommand("hint", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle)}))
	e.dispatch(t, "INTERACTION_CREATE", ia)
	r := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
	if r.Data.Flags&ephemeralFlag == 0 || len(buttons(r)) != 3 {
		t.Fatalf("hint in DM: %+v", r)
	}
	press := dm(e.srv.ButtonPress(buttons(r)["More detail"]))
	e.dispatch(t, "INTERACTION_CREATE", press)
	r = decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(press)))
	if !strings.Contains(r.Data.Content, "level 2 of 3") {
		t.Errorf("more detail: %q", r.Data.Content)
	}
	// The third request of user 555 within a minute is over the limit of 2.
	third := dm(e.srv.SlashCommand("help", nil))
	e.dispatch(t, "INTERACTION_CREATE", third)
	r = decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(third)))
	if r.Data.Flags&ephemeralFlag == 0 || !strings.Contains(r.Data.Content, "the limit is 2 a minute") {
		t.Errorf("rate limit: %+v", r.Data)
	}
}

// TestE2EShardsIdentifyAndRegisterOnce: each shard identifies with its
// shard pair; only shard 0 registers the commands.
func TestE2EShardsIdentifyAndRegisterOnce(t *testing.T) {
	for _, shard := range []int{0, 1} {
		e := startE2E(t, func(o *Options) { o.ShardID, o.ShardCount = shard, 2 }, nil)
		ids, err := e.srv.WaitIdentify(waitCtx(t), 1)
		if err != nil {
			t.Fatal(err)
		}
		var id struct {
			Shard []int `json:"shard"`
		}
		if err := json.Unmarshal(ids[0], &id); err != nil || fmt.Sprint(id.Shard) != fmt.Sprint([]int{shard, 2}) {
			t.Errorf("shard %d identified with %v (%v)", shard, id.Shard, err)
		}
		// A DM answered proves READY was handled before we count.
		e.dispatch(t, "MESSAGE_CREATE", e.srv.Message(fakediscord.DMChannelID, "", "help"))
		e.call(t, "POST", "/api/v9/channels/902/messages")
		puts := 0
		for _, c := range e.srv.Calls() {
			if c.Method == "PUT" {
				puts++
			}
		}
		if want := map[int]int{0: 1, 1: 0}[shard]; puts != want {
			t.Errorf("shard %d registered commands %d times, want %d", shard, puts, want)
		}
	}
}

// TestE2EDMTextFileAndTextOverImage: a puzzle attached as a .txt file is
// read as text; a message whose text holds a grid is solved from the text
// even with an image attached.
func TestE2EDMTextFileAndTextOverImage(t *testing.T) {
	e := startE2E(t, nil, nil)
	txt := e.srv.AddAttachment("puzzle.txt", "text/plain; charset=utf-8", []byte(bottest.Puzzle+"\n"))
	e.dispatch(t, "MESSAGE_CREATE", e.srv.Message(fakediscord.DMChannelID, "", "", txt))
	calls, err := e.srv.WaitCalls(waitCtx(t), 1, func(c fakediscord.Call) bool { return c.Path == "/api/v9/channels/902/messages" })
	if err != nil {
		t.Fatal(err)
	}
	bottest.CheckSolutionText(t, decodeResponse(t, calls[0]).Data.Content, bottest.Solution)

	img := e.srv.AddAttachment("cat.png", "image/png", bottest.TinyPNG(t, 50, 50))
	e.dispatch(t, "MESSAGE_CREATE", e.srv.Message(fakediscord.DMChannelID, "", bottest.Puzzle, img))
	calls, err = e.srv.WaitCalls(waitCtx(t), 2, func(c fakediscord.Call) bool { return c.Path == "/api/v9/channels/902/messages" })
	if err != nil {
		t.Fatal(err)
	}
	r := decodeResponse(t, calls[1])
	bottest.CheckSolutionText(t, r.Data.Content, bottest.Solution)
	if !strings.Contains(r.Data.Content, "from your text") {
		t.Errorf("content %q", r.Data.Content)
	}
}

// TestE2EButtonSurvivesRestart: a button made by one bot process works in a
// new one, as its state lives in the custom_id only.
func TestE2EButtonSurvivesRestart(t *testing.T) {
	first := startE2E(t, nil, nil)
	ia := first.srv.SlashCommand("hint", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle), fakediscord.IntOption("level", 3)})
	first.dispatch(t, "INTERACTION_CREATE", ia)
	next := buttons(decodeResponse(t, first.call(t, "POST", fakediscord.CallbackPath(ia))))["Next step"]
	if next == "" {
		t.Fatal("no Next step button")
	}
	_ = first.d.Close()

	second := startE2E(t, nil, nil) // a new process: new bot, new session
	press := second.srv.ButtonPress(next)
	second.dispatch(t, "INTERACTION_CREATE", press)
	r := decodeResponse(t, second.call(t, "POST", fakediscord.CallbackPath(press)))
	steps, err := human.Explain(solver.MustGrid(bottest.Puzzle))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Data.Content, "**Step 2**") || !strings.Contains(r.Data.Content, steps[1].Explanation) {
		t.Errorf("after a restart: %q", r.Data.Content)
	}
}

// TestE2EShutdownCancelsWorkInFlight closes the adapter while a photo is
// being read: the reading is cancelled through the context Handle was
// given, the user hears that the bot is restarting, and Close returns
// without waiting for the reading to end on its own.
func TestE2EShutdownCancelsWorkInFlight(t *testing.T) {
	reading := make(chan struct{}, 1)
	e := startE2E(t, nil, func(o *bot.Options) {
		o.Engines = bottest.StuckReader{Engines: o.Engines, Started: reading} // a reading that would take forever
	})
	data, _ := photoFixture(t)
	att := e.srv.AddAttachment("photo.jpg", "image/jpeg", data)
	e.dispatch(t, "MESSAGE_CREATE", e.srv.Message(fakediscord.DMChannelID, "", "", att))
	select {
	case <-reading:
	case <-waitCtx(t).Done():
		t.Fatal("the photo was not read")
	}
	closed := make(chan error, 1)
	go func() { closed <- e.d.Close() }()
	r := decodeResponse(t, e.call(t, "POST", "/api/v9/channels/902/messages"))
	if !strings.Contains(r.Data.Content, "I'm restarting, so I stopped reading this image (photo.jpg). Please send it again in a minute.") {
		t.Errorf("reply %q, want the restart message", r.Data.Content)
	}
	select {
	case <-closed:
	case <-waitCtx(t).Done():
		t.Fatal("Close did not return")
	}
}

// panickyRater is a set of engines whose first rating panics.
type panickyRater struct {
	engines.Engines
	panicked atomic.Bool
}

// Rate panics the first time, then rates.
func (p *panickyRater) Rate(ctx context.Context, g solver.Grid) (engines.Rating, error) {
	if !p.panicked.Swap(true) {
		panic("boom in the rater")
	}
	return p.Engines.Rate(ctx, g)
}

// TestE2EPanicInHandlerIsAnswered: a panic while answering an interaction
// is recovered once, logged with the request, and the user gets the one
// apology; the bot answers the next request.
func TestE2EPanicInHandlerIsAnswered(t *testing.T) {
	e := startE2E(t, nil, func(o *bot.Options) { o.Engines = &panickyRater{Engines: o.Engines} })
	ia := e.srv.SlashCommand("rate", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle)})
	e.dispatch(t, "INTERACTION_CREATE", ia)
	r := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia)))
	if r.Data.Content != bot.Apology().Text || r.Data.Flags&ephemeralFlag == 0 {
		t.Errorf("reply %+v, want the private apology", r)
	}
	if l := e.logs.String(); !strings.Contains(l, "boom in the rater") || strings.Count(l, "boom in the rater") != 1 {
		t.Errorf("the panic is not logged exactly once:\n%s", l)
	}
	ia = e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle)})
	e.dispatch(t, "INTERACTION_CREATE", ia)
	bottest.CheckSolutionText(t, decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia))).Data.Content, bottest.Solution)
}

// TestAttachmentHosts: attachments are downloaded from the adapter's CDN
// hosts over HTTPS and from its API origin, and from nowhere else.
func TestAttachmentHosts(t *testing.T) {
	api, _ := url.Parse("http://127.0.0.1:8080")
	for _, tc := range []struct {
		name  string
		hosts []string
		url   string
		want  bool
	}{
		{"Discord's CDN", nil, "https://cdn.discordapp.com/a/b.png", true},
		{"Discord's media proxy", nil, "https://media.discordapp.net/a/b.png", true},
		{"the CDN over HTTP", nil, "http://cdn.discordapp.com/a/b.png", false},
		{"the CDN on another port", nil, "https://cdn.discordapp.com:8443/a/b.png", false},
		{"the API origin", nil, "http://127.0.0.1:8080/att/1", true},
		{"the API host on another port", nil, "http://127.0.0.1:9090/att/1", false},
		{"elsewhere", nil, "https://images.example.com/b.png", false},
		{"a configured CDN", []string{"cdn.example.org"}, "https://cdn.example.org/b.png", true},
		{"Discord's CDN when another is configured", []string{"cdn.example.org"}, "https://cdn.discordapp.com/b.png", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := New(bot.New(bot.Options{}), Options{Token: "t", APIURL: api, CDNHosts: tc.hosts})
			if err != nil {
				t.Fatal(err)
			}
			p := d.attachment(&discordgo.MessageAttachment{Filename: "b.png", URL: tc.url})
			u, _ := url.Parse(tc.url)
			if got := p.Allows(u); got != tc.want {
				t.Errorf("Allows(%s) = %v, want %v", tc.url, got, tc.want)
			}
		})
	}
}

// TestE2EUserInstalledInGroupDM: the application installed to a user is
// used in a group DM, where the bot is not a member: the command and a
// photo's deferred result are answered through the interaction alone, and
// the bot never calls a channel endpoint (it would be refused there).
func TestE2EUserInstalledInGroupDM(t *testing.T) {
	e := startE2E(t, nil, nil)
	groupDM := func(ia map[string]any) map[string]any {
		delete(ia, "guild_id")
		delete(ia, "member")
		ia["channel_id"] = "7770"
		ia["context"] = 2
		ia["authorizing_integration_owners"] = map[string]any{"1": "556"}
		ia["user"] = map[string]any{"id": "556", "username": "friend"}
		return ia
	}
	ia := groupDM(e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle)}))
	e.dispatch(t, "INTERACTION_CREATE", ia)
	bottest.CheckSolutionText(t, decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia))).Data.Content, bottest.Solution)

	data, truth := photoFixture(t)
	att := e.srv.AddAttachment("photo.jpg", "image/jpeg", data)
	ia = groupDM(e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.AttachmentOption("photo", att)}, att))
	e.dispatch(t, "INTERACTION_CREATE", ia)
	if ack := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia))); ack.Type != 5 {
		t.Fatalf("first response %+v, want a deferral", ack)
	}
	r := decodeResponse(t, e.call(t, "PATCH", e.srv.OriginalPath(ia)))
	sol, err := solver.SolveUnique(solver.MustGrid(truth))
	if err != nil {
		t.Fatal(err)
	}
	bottest.CheckSolutionText(t, r.Data.Content, sol.String())
	for _, c := range e.srv.Calls() {
		if strings.HasPrefix(c.Path, "/api/v9/channels/") {
			t.Errorf("the bot called %s %s in a place where it is not a member", c.Method, c.Path)
		}
	}
}

// penWrongCell is the one wrong entry of ../testdata/pen-wrong.jpg.
const penWrongCell = "r3c5"

// penFixture returns a photo of a newspaper puzzle filled in with a pen
// (../testdata/pen-*.jpg, see CREDITS.md).
func penFixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	return data
}

// TestE2EPenFilledPhotoWithAMistake: a photo of a grid filled in with a
// pen, one entry wrong, sent in a DM, gets that mistake named, a picture of
// the grid and the photo itself with the cell ringed, and not the right
// digit.
func TestE2EPenFilledPhotoWithAMistake(t *testing.T) {
	e := startE2E(t, nil, nil)
	att := e.srv.AddAttachment("grid.jpg", "image/jpeg", penFixture(t, "pen-wrong.jpg"))
	e.dispatch(t, "MESSAGE_CREATE", e.srv.Message(fakediscord.DMChannelID, "", "", att))
	e.call(t, "POST", "/api/v9/channels/902/typing")
	c := e.call(t, "POST", "/api/v9/channels/902/messages")
	r := decodeResponse(t, c)
	if !strings.Contains(r.Data.Content, "• "+penWrongCell+": your 8 is wrong") {
		t.Errorf("content %q, want the mistake at %s named", r.Data.Content, penWrongCell)
	}
	if strings.Contains(r.Data.Content, "||") {
		t.Errorf("the solution was given away: %q", r.Data.Content)
	}
	if names := strings.Join(fileNames(c), ","); names != "mistakes.png,mistakes-on-photo.jpg" {
		t.Errorf("files %s", names)
	}
}

// TestE2EPenFilledPhotoSolved: /check with a photo of a grid filled in
// right gets "solved correctly!".
func TestE2EPenFilledPhotoSolved(t *testing.T) {
	e := startE2E(t, func(o *Options) { o.PhotoDeferAfter = time.Minute }, nil)
	att := e.srv.AddAttachment("grid.jpg", "image/jpeg", penFixture(t, "pen-right.jpg"))
	ia := e.srv.SlashCommand("check", []fakediscord.Option{fakediscord.AttachmentOption("photo", att)}, att)
	e.dispatch(t, "INTERACTION_CREATE", ia)
	if ack := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia))); ack.Type != 5 {
		t.Fatalf("ack type %d, want a deferred response (5)", ack.Type)
	}
	r := decodeResponse(t, e.call(t, "PATCH", e.srv.OriginalPath(ia)))
	if !strings.Contains(r.Data.Content, "**Solved correctly!**") {
		t.Errorf("content %q", r.Data.Content)
	}
}

// doubtfulReading is a reading of bottest.Puzzle whose first two givens
// were not read surely, the first less surely than the second, each with
// another digit it may be.
func doubtfulReading(t *testing.T) engines.Reading {
	t.Helper()
	g := solver.MustGrid(bottest.Puzzle)
	res := &ocr.Result{Grid: g, Solutions: 1, Solution: solver.MustGrid(bottest.Solution)}
	res.Entered, _ = solver.NewGrid(9)
	var givens []int
	for i := range res.Cells {
		res.Cells[i] = ocr.CellReading{Kind: ocr.KindEmpty, Confidence: 1}
		if d := g.Cell(i); d != 0 {
			res.Cells[i] = ocr.CellReading{Kind: ocr.KindGiven, Digit: d, Confidence: 1}
			givens = append(givens, i)
		}
	}
	for k, conf := range []float64{0.3, 0.6} {
		c := &res.Cells[givens[k]]
		c.Confidence = conf
		c.Alternatives = []ocr.Alternative{{Digit: c.Digit%9 + 1, Confidence: 1 - conf}}
	}
	return engines.ReadingOf(res)
}

// TestE2EDoubtfulGivensButtons: /solve with a photo whose givens were not
// all read surely gives no solution: it asks about the least sure given,
// with a button for each of its likeliest digits and "Take it as read".
// A digit pressed asks about the next doubt; once none is left, the
// solution comes; "Take it as read" solves from the reading at once.
func TestE2EDoubtfulGivensButtons(t *testing.T) {
	reading := doubtfulReading(t)
	e := startE2E(t, func(o *Options) { o.PhotoDeferAfter = time.Minute }, func(o *bot.Options) {
		o.Engines = bottest.FixedReading{Engines: o.Engines, Reading: reading}
	})
	att := e.srv.AddAttachment("p.png", "image/png", bottest.TinyPNG(t, 20, 20))
	ia := e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.AttachmentOption("photo", att)}, att)
	e.dispatch(t, "INTERACTION_CREATE", ia)
	if ack := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(ia))); ack.Type != 5 {
		t.Fatalf("ack type %d, want a deferred response (5)", ack.Type)
	}
	r := decodeResponse(t, e.call(t, "PATCH", e.srv.OriginalPath(ia)))
	first, err := reading.Result.Puzzle()
	if err != nil || len(first.Doubts) != 2 {
		t.Fatalf("the made-up reading: %+v, %v", first, err)
	}
	d := first.Doubts[0]
	if !strings.Contains(r.Data.Content, "I could not read every given surely") || !strings.Contains(r.Data.Content, "**"+d.Ask()+"**") ||
		strings.Contains(r.Data.Content, "||") {
		t.Fatalf("the reply to a doubtful photo does not ask %q: %q", d.Ask(), r.Data.Content)
	}
	btns := buttons(r)
	read, other := d.Name()+" is "+string(rune('0'+d.Digits[0])), d.Name()+" is "+string(rune('0'+d.Other()))
	if len(btns) != 3 || btns[read] == "" || btns[other] == "" || btns["Take it as read"] == "" {
		t.Fatalf("buttons %v, want %q, %q and Take it as read", btns, read, other)
	}
	for _, id := range btns {
		if len(id) > bot.MaxCustomID {
			t.Errorf("custom_id of %d characters", len(id))
		}
	}
	press := func(id string) response {
		p := e.srv.ButtonPress(id)
		e.dispatch(t, "INTERACTION_CREATE", p)
		r := decodeResponse(t, e.call(t, "POST", fakediscord.CallbackPath(p)))
		if r.Data.Flags&ephemeralFlag == 0 {
			t.Errorf("the answer to a button is public: %q", r.Data.Content)
		}
		return r
	}
	bottest.CheckSolutionText(t, press(btns["Take it as read"]).Data.Content, bottest.Solution)

	r2 := press(btns[read])
	next := buttons(r2)
	ask2 := "**Is " + first.Doubts[1].Name()
	if !strings.Contains(r2.Data.Content, ask2) || next["Take it as read"] == "" {
		t.Fatalf("an answer with a doubt left does not ask %q: %q, %v", ask2, r2.Data.Content, next)
	}
	r3 := press(next[first.Doubts[1].Name()+" is "+string(rune('0'+first.Doubts[1].Digits[0]))])
	bottest.CheckSolutionText(t, r3.Data.Content, bottest.Solution)
}
