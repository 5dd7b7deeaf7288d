package discord

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/solver"
)

// Options configure the Discord adapter.
type Options struct {
	// Token is the bot token, without "Bot ".
	Token string
	// APIURL, when set, replaces https://discord.com as the origin of REST
	// calls (a REST proxy, or a fake Discord in tests). Paths are kept.
	// Attachments are downloaded from its host as well.
	APIURL *url.URL
	// CDNHosts are the hosts attachments are downloaded from, over HTTPS
	// (default: Discord's CDN, cdn.discordapp.com and
	// media.discordapp.net). A link to anywhere else is not followed.
	CDNHosts []string
	// GuildID, when set, registers the commands in that guild only.
	GuildID string
	// Channels are the channel IDs where plain messages are read without a
	// mention; they need the MESSAGE_CONTENT intent, requested when set.
	Channels []string
	// ShardID and ShardCount split guilds between processes.
	ShardID, ShardCount int
	// NoReconnect turns off discordgo's reconnection (tests).
	NoReconnect bool
	// DeferAfter is how long a request without a photo may run before
	// it is acknowledged with a deferred response (default 2 s; Discord
	// allows 3 s).
	DeferAfter time.Duration
	// PhotoDeferAfter is the same for a request with a photo (default
	// 250 ms): short, so that the user soon sees the bot at work, but
	// long enough that a quick refusal (busy, over a limit, a photo from
	// elsewhere) comes as one private message without a "thinking" step.
	// A photo's result always comes as the edit of a deferred response.
	PhotoDeferAfter time.Duration
	// Logger receives the adapter's and discordgo's logs.
	Logger *slog.Logger
}

// Adapter carries a conversation ([bot.Bot]) over Discord: slash commands,
// message context menu commands, buttons, and plain messages in DMs, on a
// mention and in the configured channels. It turns each into a
// [bot.Request], and the [bot.Reply] of the conversation's Handle into
// Discord's messages and responses.
type Adapter struct {
	bot      bot.Handler
	opt      Options
	log      *slog.Logger
	s        *discordgo.Session
	channels map[string]bool

	mu       sync.Mutex
	appID    string
	selfID   string
	ready    chan struct{} // closed once commands are registered
	readyErr error
	once     sync.Once

	// ctx is the context of the requests in flight, cancelled by Close;
	// inflight counts them.
	ctx      context.Context
	cancel   context.CancelFunc
	inflight sync.WaitGroup
}

// discordCDNHosts are the default of [Options.CDNHosts].
func discordCDNHosts() []string { return []string{"cdn.discordapp.com", "media.discordapp.net"} }

// drainTimeout bounds how long Close waits for the requests in flight,
// which it has cancelled, to send their answers.
const drainTimeout = 5 * time.Second

// The message context menu commands' names, as users see them.
const (
	MenuSolve = "Solve Sudoku"
	MenuHint  = "Sudoku hint"
)

// discordLogOnce installs the slog adapter for discordgo's package logger.
var discordLogOnce sync.Once

// New prepares a Discord session for the conversation b; [Adapter.Open]
// connects.
func New(b bot.Handler, o Options) (*Adapter, error) {
	if o.Token == "" {
		return nil, errors.New("discord: no token")
	}
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	s, err := discordgo.New("Bot " + o.Token)
	if err != nil {
		return nil, fmt.Errorf("discord session: %w", err)
	}
	discordLogOnce.Do(func() { discordgo.Logger = discordLogger(log, o.Token) })
	s.LogLevel = discordgo.LogWarning
	if log.Enabled(context.Background(), slog.LevelDebug) {
		s.LogLevel = discordgo.LogInformational
	}
	s.Client = &http.Client{Timeout: 30 * time.Second, Transport: &originTransport{origin: o.APIURL}}
	s.ShouldReconnectOnError = !o.NoReconnect
	s.Identify.Intents = discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	if len(o.Channels) > 0 {
		s.Identify.Intents |= discordgo.IntentMessageContent
	}
	if o.ShardCount > 1 {
		s.ShardID, s.ShardCount = o.ShardID, o.ShardCount
		s.Identify.Shard = &[2]int{o.ShardID, o.ShardCount}
	}
	if len(o.CDNHosts) == 0 {
		o.CDNHosts = discordCDNHosts()
	}
	d := &Adapter{bot: b, opt: o, log: log, s: s, channels: map[string]bool{}, ready: make(chan struct{})}
	d.ctx, d.cancel = context.WithCancel(context.Background())
	for _, c := range o.Channels {
		d.channels[c] = true
	}
	s.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
		d.guard("ready", func() { d.onReady(s, r) })
	})
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		d.guard("interaction", func() { d.onInteraction(s, ic) })
	})
	s.AddHandler(func(s *discordgo.Session, mc *discordgo.MessageCreate) {
		d.guard("message", func() { d.onMessage(s, mc) })
	})
	return d, nil
}

// Session returns the underlying discordgo session.
func (d *Adapter) Session() *discordgo.Session { return d.s }

// WatchMetrics feeds m with the gateway's connections, disconnections,
// resumes and rate limits, and makes [bot.Metrics.Connected] follow the
// session (see [Adapter.GatewayState]). Call it before [Adapter.Open].
func (d *Adapter) WatchMetrics(m *bot.Metrics) {
	m.WatchGateway(d)
	d.s.AddHandler(func(*discordgo.Session, *discordgo.Connect) { m.GatewayConnected() })
	d.s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) { m.GatewayDisconnected() })
	d.s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { m.GatewayResumed() })
	d.s.AddHandler(func(*discordgo.Session, *discordgo.RateLimit) { m.RateLimited() })
}

// GatewayState reports whether the gateway is connected, as the session
// itself tells it: discordgo marks it ready once the first heartbeat after
// connecting is sent, and not ready as soon as the connection is closed.
// While the session is busy connecting or closing, known is false.
func (d *Adapter) GatewayState() (up, known bool) {
	if !d.s.TryRLock() {
		return false, false
	}
	defer d.s.RUnlock()
	return d.s.DataReady, true
}

// Ready is closed once the first READY has arrived and the commands are
// registered (or registering failed: see [Adapter.ReadyErr]).
func (d *Adapter) Ready() <-chan struct{} { return d.ready }

// ReadyErr returns the error of registering the commands, if any.
func (d *Adapter) ReadyErr() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.readyErr
}

// Open connects to the gateway. The requests it brings are answered in the
// background until Close.
func (d *Adapter) Open() error {
	if len(d.opt.Channels) > 0 {
		d.log.Warn("SUDOKUBOT_CHANNELS is set: reading plain messages there needs the privileged MESSAGE CONTENT intent. Enable it in the Discord Developer Portal (your application, Bot, Privileged Gateway Intents), or Discord refuses the connection (close code 4014, disallowed intents).",
			"channels", d.opt.Channels)
	} else {
		d.log.Info("no SUDOKUBOT_CHANNELS: plain messages are read in DMs and when the bot is mentioned; the MESSAGE CONTENT intent is not requested")
	}
	if err := d.s.Open(); err != nil {
		if strings.Contains(err.Error(), "4014") {
			return fmt.Errorf("connect to the Discord gateway: Discord refused the privileged MESSAGE CONTENT intent (close code 4014): "+
				"enable it in the Developer Portal (Bot, Privileged Gateway Intents) or unset SUDOKUBOT_CHANNELS: %w", err)
		}
		if strings.Contains(err.Error(), "4004") {
			return fmt.Errorf("connect to the Discord gateway: Discord refused the token (close code 4004): check DISCORD_TOKEN: %w", err)
		}
		return fmt.Errorf("connect to the Discord gateway: %w", err)
	}
	return nil
}

// Close cancels the requests in flight, gives them a few seconds to send
// what they have (a "please send it again" at least), and disconnects.
func (d *Adapter) Close() error {
	d.cancel()
	done := make(chan struct{})
	go func() {
		d.inflight.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(drainTimeout):
		d.log.Warn("requests still in flight at shutdown", "waited", drainTimeout)
	}
	return d.s.Close()
}

// Run connects, serves until ctx is done, then cancels the work in flight
// and disconnects.
func (d *Adapter) Run(ctx context.Context) error {
	if err := d.Open(); err != nil {
		return err
	}
	<-ctx.Done()
	d.log.Info("shutting down")
	return d.Close()
}

// serve runs f for one request with the context of the requests in flight,
// which Close cancels and waits for.
func (d *Adapter) serve(f func(ctx context.Context)) {
	d.inflight.Add(1)
	defer d.inflight.Done()
	f(d.ctx)
}

// guard runs f, one of the adapter's event handlers, and recovers a panic
// in it: discordgo runs each handler in a goroutine of its own, where a
// panic would end the process. (The core recovers its own: see
// [bot.Bot.Handle].)
func (d *Adapter) guard(where string, f func()) {
	defer func() {
		if p := recover(); p != nil {
			d.log.Error("panic in the Discord adapter", "where", where, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		}
	}()
	f()
}

// originTransport sends requests for discord.com to another origin.
type originTransport struct {
	origin *url.URL
	base   http.RoundTripper
}

// RoundTrip sends r, to the configured origin when it is for discord.com.
func (t *originTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	base := t.base
	if base == nil {
		base = http.DefaultTransport
	}
	if t.origin == nil || !strings.EqualFold(r.URL.Hostname(), "discord.com") {
		return base.RoundTrip(r)
	}
	r2 := r.Clone(r.Context())
	r2.URL.Scheme, r2.URL.Host, r2.Host = t.origin.Scheme, t.origin.Host, ""
	return base.RoundTrip(r2)
}

// discordLogger adapts discordgo's logger to slog, removing the token should
// it ever appear in a message.
func discordLogger(log *slog.Logger, token string) func(int, int, string, ...any) {
	return func(level, _ int, format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if token != "" {
			msg = strings.ReplaceAll(msg, token, "[redacted]")
		}
		l := slog.LevelDebug
		switch level {
		case discordgo.LogError:
			l = slog.LevelError
		case discordgo.LogWarning:
			l = slog.LevelWarn
		case discordgo.LogInformational:
			l = slog.LevelInfo
		}
		log.Log(context.Background(), l, msg, "component", "discordgo")
	}
}

// commands returns the application commands the bot registers. Global
// commands (global is true) say where they work: the application can be
// installed to a server and to a user (integration types guild and user),
// and its commands work in servers, in DMs with the bot, and, installed to
// a user, in group DMs and DMs between users (interaction contexts guild,
// bot DM, private channel). Discord takes these two settings for global
// commands only; commands registered in one guild work there.
func commands(global bool) []*discordgo.ApplicationCommand {
	puzzle := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "puzzle",
		Description: "The puzzle: 81 digits row by row, 0 or . for blanks", MaxLength: 4000}
	photo := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: "photo",
		Description: "A photo or screenshot of the puzzle"}
	one, three := 1.0, 3.0
	level := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "level",
		Description: "1 a nudge, 2 the technique and where, 3 the full explanation", MinValue: &one, MaxValue: three}
	var contexts *[]discordgo.InteractionContextType
	var installs *[]discordgo.ApplicationIntegrationType
	if global {
		contexts = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild,
			discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
		installs = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall,
			discordgo.ApplicationIntegrationUserInstall}
	}
	cmd := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: name, Description: desc, Options: opts, Contexts: contexts, IntegrationTypes: installs}
	}
	menu := func(name string) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: name, Type: discordgo.MessageApplicationCommand, Contexts: contexts, IntegrationTypes: installs}
	}
	return []*discordgo.ApplicationCommand{
		cmd("solve", "Solve a Sudoku from text or a photo", puzzle, photo),
		cmd("hint", "One logical step, only for you", puzzle, photo, level),
		cmd("rate", "How hard is this Sudoku?", puzzle, photo),
		cmd("check", "Which cells of your grid are wrong?",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: "photo",
				Description: "A photo or screenshot of your grid in progress"},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "original",
				Description: "Or as text: the original puzzle, 0 or . for blanks", MaxLength: 4000},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "current",
				Description: "Your grid as it is now, 0 or . for blanks", MaxLength: 4000}),
		cmd("help", "What this bot can do"),
		menu(MenuSolve),
		menu(MenuHint),
	}
}

// onReady registers the commands, in the configured guild or globally.
func (d *Adapter) onReady(s *discordgo.Session, r *discordgo.Ready) {
	if r.Application == nil || r.User == nil {
		d.log.Error("READY without application or user")
		return
	}
	d.mu.Lock()
	d.appID, d.selfID = r.Application.ID, r.User.ID
	d.mu.Unlock()
	var err error
	if d.opt.ShardID != 0 {
		// Commands belong to the application: shard 0 registers them.
		d.log.Info("connected", "shard", d.opt.ShardID, "shards", d.opt.ShardCount, "user_id", r.User.ID)
	} else if _, err = s.ApplicationCommandBulkOverwrite(r.Application.ID, d.opt.GuildID, commands(d.opt.GuildID == "")); err != nil {
		err = fmt.Errorf("register commands: %w", err)
		d.log.Error("registering the commands failed", "err", err)
	} else {
		where := "globally (may take up to an hour to appear)"
		if d.opt.GuildID != "" {
			where = "in guild " + d.opt.GuildID
		}
		d.log.Info("connected and commands registered", "user", r.User.Username, "user_id", r.User.ID,
			"application_id", r.Application.ID, "where", where, "guilds", len(r.Guilds))
	}
	d.once.Do(func() {
		d.mu.Lock()
		d.readyErr = err
		d.mu.Unlock()
		close(d.ready)
	})
}

func (d *Adapter) self() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.selfID
}

// photoOf returns the first image attachment as a [bot.Photo], or nil.
func (d *Adapter) photoOf(atts []*discordgo.MessageAttachment) *bot.Photo {
	for _, a := range atts {
		if a == nil {
			continue
		}
		if a.ContentType != "" && !strings.HasPrefix(a.ContentType, "image/") {
			continue
		}
		return d.attachment(a)
	}
	// No declared image: try the first attachment anyway, so a photo sent
	// without a content type still works and a wrong file gets a message.
	for _, a := range atts {
		if a != nil {
			return d.attachment(a)
		}
	}
	return nil
}

// attachment is a as a Photo, to be downloaded from Discord's CDN or the
// API origin only.
func (d *Adapter) attachment(a *discordgo.MessageAttachment) *bot.Photo {
	return &bot.Photo{Name: a.Filename, ContentType: a.ContentType, URL: a.URL, Size: int64(a.Size),
		Hosts: d.opt.CDNHosts, Origin: d.opt.APIURL}
}

func userOf(i *discordgo.Interaction) string {
	switch {
	case i.Member != nil && i.Member.User != nil:
		return i.Member.User.ID
	case i.User != nil:
		return i.User.ID
	}
	return ""
}

// interactionRequest turns a command interaction into a Request.
func (d *Adapter) interactionRequest(i *discordgo.Interaction) (bot.Request, bool) {
	req := bot.Request{UserID: userOf(i)}
	switch i.Type {
	case discordgo.InteractionMessageComponent:
		req.Button = i.MessageComponentData().CustomID
		return req, true
	case discordgo.InteractionApplicationCommand:
	default:
		return req, false
	}
	data := i.ApplicationCommandData()
	if data.CommandType == discordgo.MessageApplicationCommand {
		switch data.Name {
		case MenuSolve:
			req.Command = bot.CmdSolve
		case MenuHint:
			req.Command = bot.CmdHint
		default:
			req.Command = bot.Command(data.Name)
		}
		if data.Resolved != nil {
			if m := data.Resolved.Messages[data.TargetID]; m != nil {
				req.Text = m.Content
				req.Photo = d.photoOf(m.Attachments)
			}
		}
		return req, true
	}
	req.Command = bot.Command(data.Name)
	for _, o := range data.Options {
		switch o.Name {
		case "puzzle", "original":
			req.Text = o.StringValue()
		case "current":
			req.Current = o.StringValue()
		case "level":
			req.Level = int(o.IntValue())
		case "photo":
			id, _ := o.Value.(string)
			if data.Resolved != nil && data.Resolved.Attachments[id] != nil {
				req.Photo = d.attachment(data.Resolved.Attachments[id])
			} else {
				req.Photo = &bot.Photo{Name: "the attachment"}
			}
		}
	}
	return req, true
}

// noMentions allows no mention at all, not even of the replied-to user.
func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// MaxContent is Discord's limit on a message's text.
const MaxContent = 2000

func content(rep bot.Reply) string {
	if len(rep.Text) <= MaxContent {
		return rep.Text
	}
	cut := MaxContent - len("...")
	for cut > 0 && !utf8.RuneStart(rep.Text[cut]) {
		cut--
	}
	return rep.Text[:cut] + "..."
}

func files(rep bot.Reply) []*discordgo.File {
	out := make([]*discordgo.File, 0, len(rep.Files))
	for _, f := range rep.Files {
		ct := f.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		out = append(out, &discordgo.File{Name: f.Name, ContentType: ct, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

func components(rep bot.Reply) []discordgo.MessageComponent {
	if len(rep.Buttons) == 0 {
		return []discordgo.MessageComponent{}
	}
	row := discordgo.ActionsRow{}
	for _, b := range rep.Buttons {
		style := discordgo.SecondaryButton
		switch b.Style {
		case bot.StylePrimary:
			style = discordgo.PrimaryButton
		case bot.StyleDanger:
			style = discordgo.DangerButton
		}
		row.Components = append(row.Components, discordgo.Button{Label: b.Label, Style: style, CustomID: b.CustomID})
	}
	return []discordgo.MessageComponent{row}
}

func responseData(rep bot.Reply) *discordgo.InteractionResponseData {
	data := &discordgo.InteractionResponseData{
		Content: content(rep), Files: files(rep), Components: components(rep), AllowedMentions: noMentions(),
	}
	if rep.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return data
}

// defaultDeferAfter and defaultPhotoDeferAfter are how long a request
// without and with a photo may take before the bot acknowledges it
// (Discord allows 3 seconds for the first answer).
const (
	defaultDeferAfter      = 2 * time.Second
	defaultPhotoDeferAfter = 250 * time.Millisecond
)

// onInteraction answers slash commands, context menu commands and buttons.
func (d *Adapter) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	req, ok := d.interactionRequest(ic.Interaction)
	if !ok {
		return
	}
	d.serve(func(ctx context.Context) {
		d.respond(s, ic.Interaction, d.deferralOf(req), req, func() bot.Reply { return d.bot.Handle(ctx, req) })
	})
}

// deferral is how an interaction is answered: with the reply itself when
// it is ready within wait and direct allows it as the first response;
// otherwise with a deferred response ("thinking...", visible only to the
// user when private) that is then edited with the reply.
type deferral struct {
	wait    time.Duration
	direct  func(bot.Reply) bool
	private bool
}

// deferralOf is the deferral of a request. A request without a photo is
// answered directly within DeferAfter. A photo's result always comes as
// the edit of a deferred response, however quick: the flow users and
// integrations know; only a refusal (busy, over a limit, unreadable) ready
// within PhotoDeferAfter is the first response. Hints, checks, help and
// button presses are private from the start.
func (d *Adapter) deferralOf(req bot.Request) deferral {
	p := deferral{wait: cmp.Or(d.opt.DeferAfter, defaultDeferAfter), direct: func(bot.Reply) bool { return true },
		private: req.Button != "" || req.Command == bot.CmdHint || req.Command == bot.CmdCheck || req.Command == bot.CmdHelp}
	if req.Photo != nil {
		p.wait = cmp.Or(d.opt.PhotoDeferAfter, defaultPhotoDeferAfter)
		p.direct = func(rep bot.Reply) bool { return rep.Failed }
	}
	return p
}

// respond answers interaction i with the reply of handle as p says (the
// shape of arikawa's cmdroute.Deferrable). A reply meant for the user only
// under a public deferred response replaces it with a private follow-up.
// Failures to send are logged with req.
func (d *Adapter) respond(s *discordgo.Session, i *discordgo.Interaction, p deferral, req bot.Request, handle func() bot.Reply) {
	replies := make(chan bot.Reply, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				d.log.Error("panic in the Discord adapter", "where", "interaction handler", "panic", fmt.Sprint(r),
					"request", req, "stack", string(debug.Stack()))
				replies <- bot.Apology()
			}
		}()
		replies <- handle()
	}()
	timer := time.NewTimer(p.wait)
	defer timer.Stop()
	select {
	case rep := <-replies:
		if p.direct(rep) {
			err := d.retryServerErrors(func() error {
				return s.InteractionRespond(i, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource, Data: responseData(rep)})
			})
			if err != nil {
				d.log.Error("answering an interaction failed", "request", req, "err", err)
			}
			return
		}
		replies <- rep
	case <-timer.C:
	}
	ack := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{AllowedMentions: noMentions()}}
	if p.private {
		ack.Data.Flags = discordgo.MessageFlagsEphemeral
	}
	if err := d.retryServerErrors(func() error { return s.InteractionRespond(i, ack) }); err != nil {
		d.log.Error("deferring an interaction failed", "request", req, "err", err)
		return
	}
	rep := <-replies
	if rep.Ephemeral && !p.private {
		// The reply is for the user only, but the deferred response is
		// public: remove it and answer privately.
		if err := s.InteractionResponseDelete(i); err != nil {
			d.log.Warn("deleting the deferred response failed", "err", err)
		}
		_, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
			Content: content(rep), Files: files(rep), Components: components(rep),
			AllowedMentions: noMentions(), Flags: discordgo.MessageFlagsEphemeral})
		if err != nil {
			d.log.Error("sending a follow-up failed", "request", req, "err", err)
		}
		return
	}
	text, comps := content(rep), components(rep)
	err := d.retryServerErrors(func() error {
		_, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{
			Content: &text, Components: &comps, Files: files(rep), AllowedMentions: noMentions()})
		return err
	})
	if err != nil {
		d.log.Error("editing the deferred response failed", "request", req, "err", err)
	}
}

// serverErrorRetries are the waits before each new attempt of a call that
// Discord answered with a server error (500, 503, 504; discordgo itself
// retries 502s and waits out 429s). They fit in the 3 seconds Discord
// allows for an interaction's first response.
var serverErrorRetries = []time.Duration{250 * time.Millisecond, time.Second}

// retryServerErrors runs call, and again after each of serverErrorRetries
// while it fails with a server error. Only calls that cannot post twice go
// through it: an interaction's first response (Discord refuses a second
// one) and the edit of the deferred response. A reply in a channel is
// not repeated: a 500 may come after the message was posted, and the
// user would see it twice.
func (d *Adapter) retryServerErrors(call func() error) error {
	err := call()
	for _, wait := range serverErrorRetries {
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Response == nil || re.Response.StatusCode < 500 {
			return err
		}
		d.log.Warn("Discord answered with a server error; trying again", "status", re.Response.Status, "after", wait)
		time.Sleep(wait)
		err = call()
	}
	return err
}

// looksLikePuzzle reports whether a message in a watched channel is worth
// answering: a photo, or text that looks like a puzzle
// (solver.LooksLikePuzzle).
func looksLikePuzzle(m *discordgo.Message) bool {
	return len(m.Attachments) > 0 || solver.LooksLikePuzzle(m.Content)
}

// noFail is false, for MessageReference.FailIfNotExists.
var noFail = false

// onMessage answers plain messages in DMs, on a mention, and in the
// configured channels.
func (d *Adapter) onMessage(s *discordgo.Session, mc *discordgo.MessageCreate) {
	m := mc.Message
	self := d.self()
	if m.Author == nil || m.Author.Bot || m.Author.ID == self {
		return
	}
	dm := m.GuildID == ""
	mentioned := false
	for _, u := range m.Mentions {
		if u != nil && u.ID == self {
			mentioned = true
		}
	}
	switch {
	case dm, mentioned:
	case d.channels[m.ChannelID] && looksLikePuzzle(m):
	default:
		return
	}
	req := bot.Request{Text: m.Content, Photo: d.photoOf(m.Attachments), UserID: m.Author.ID, Private: dm}
	if req.Photo != nil {
		if err := s.ChannelTyping(m.ChannelID); err != nil {
			d.log.Debug("typing indicator failed", "err", err)
		}
	}
	d.serve(func(ctx context.Context) {
		rep := d.bot.Handle(ctx, req)
		_, err := s.ChannelMessageSendComplex(m.ChannelID, &discordgo.MessageSend{
			Content: content(rep), Files: files(rep), Components: components(rep), AllowedMentions: noMentions(),
			// A reply still goes out if the message was deleted meanwhile.
			Reference: &discordgo.MessageReference{MessageID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, FailIfNotExists: &noFail},
		})
		if err != nil {
			d.log.Error("replying to a message failed", "request", req, "err", err)
		}
	})
}
