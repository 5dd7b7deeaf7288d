package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/solver"
)

// Options configure a [Bot]. Zero fields take the defaults listed.
type Options struct {
	// Engines read photos, find steps, rate and draw; the features they
	// do not offer are off, and nil turns them all off.
	Engines engines.Engines
	// MaxPhotoBytes is the largest photo accepted (default 10 MB).
	MaxPhotoBytes int64
	// MaxPixels is the largest photo accepted in pixels (default 40 M).
	MaxPixels int64
	// DownloadTimeout bounds one download (default 15 s).
	DownloadTimeout time.Duration
	// ReadTimeout bounds waiting for a photo reader and reading the photo
	// (default 60 s).
	ReadTimeout time.Duration
	// HTTPClient downloads attachments (default: http.DefaultClient's
	// settings); it never follows a redirect to a host a photo does not
	// allow (see [Photo.Hosts]).
	HTTPClient *http.Client
	// OCRWorkers is the number of photos read at once (default 2).
	OCRWorkers int
	// QueueLength is the number of photos that may wait (default 16;
	// negative means none).
	QueueLength int
	// MaxPhotoWait is the longest a photo may be expected to wait for a
	// reader (default 1 s; negative means no limit but QueueLength): the
	// photos ahead of it times the recent time a photo takes to read and
	// answer, shared among the photos read at once. A photo that would
	// wait longer is answered "busy" at once.
	MaxPhotoWait time.Duration
	// TextWorkers is the number of requests without a photo (text
	// puzzles, buttons, help) worked on at once (default twice
	// GOMAXPROCS); more wait their turn. It bounds the memory of a flood
	// of text puzzles (each draws a picture of about 1 MB) without making
	// text wait behind photos, which have workers of their own. While
	// photos are being read, fewer run (see cpuGate), never none.
	TextWorkers int
	// UserRate is the number of requests a user may make per minute; 0
	// means no limit.
	UserRate int
	// Logger receives the bot's logs (default slog.Default()).
	Logger *slog.Logger
	// Observe, when set, is called once per handled request (for metrics).
	Observe func(Outcome)
	// Now is the clock (default time.Now); tests set it.
	Now func() time.Time
}

// Outcome describes one handled request, for metrics.
type Outcome struct {
	// Kind is the command ("solve", "hint", ...), "button" or "message".
	Kind string
	// Photo reports whether the request carried a photo.
	Photo bool
	// Result is "ok", "error", "busy", "rate_limited" or "panic".
	Result string
	// Duration is the time spent in Handle.
	Duration time.Duration
	// ReadDuration is the time spent reading the photo, if any.
	ReadDuration time.Duration
	// QueueDepth is the number of photos waiting when the request ended.
	QueueDepth int
}

// Bot is the conversation core. It is safe for concurrent use.
type Bot struct {
	opt   Options
	log   *slog.Logger
	http  *http.Client
	pool  *photoPool
	cpu   *cpuGate
	rate  *rateLimiter
	clock func() time.Time
}

// DefaultMaxPhotoWait is the default of [Options.MaxPhotoWait]: with the
// reading itself and the answer, a photo admitted is answered within about
// one and a half seconds even under a flood of requests.
const DefaultMaxPhotoWait = time.Second

// New returns a bot with the given options.
func New(o Options) *Bot {
	if o.MaxPhotoBytes <= 0 {
		o.MaxPhotoBytes = 10 << 20
	}
	if o.MaxPixels <= 0 {
		o.MaxPixels = 40_000_000
	}
	if o.DownloadTimeout <= 0 {
		o.DownloadTimeout = 15 * time.Second
	}
	if o.ReadTimeout <= 0 {
		o.ReadTimeout = 60 * time.Second
	}
	if o.OCRWorkers <= 0 {
		o.OCRWorkers = 2
	}
	if o.QueueLength == 0 {
		o.QueueLength = 16
	}
	if o.MaxPhotoWait == 0 {
		o.MaxPhotoWait = DefaultMaxPhotoWait
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	b := &Bot{opt: o, log: o.Logger, clock: o.Now}
	if b.log == nil {
		b.log = slog.Default()
	}
	b.http = o.HTTPClient
	if b.http == nil {
		b.http = &http.Client{}
	}
	if o.TextWorkers <= 0 {
		o.TextWorkers = 2 * runtime.GOMAXPROCS(0)
	}
	b.cpu = newCPUGate(runtime.GOMAXPROCS(0), o.TextWorkers)
	b.pool = newPhotoPool(o.OCRWorkers, max(o.QueueLength, 0), max(o.MaxPhotoWait, 0), b.cpu.photoPlaces)
	b.rate = newRateLimiter(o.UserRate, o.Now)
	return b
}

// offers reports whether the bot's engines offer feature f.
func (b *Bot) offers(f engines.Feature) bool {
	return b.opt.Engines != nil && b.opt.Engines.Offers(f)
}

// QueueDepth returns the number of photos waiting for a reader.
func (b *Bot) QueueDepth() int { return b.pool.depth() }

// PhotoWait returns how long a photo arriving now would be expected to
// wait for a reader; over [Options.MaxPhotoWait] it is answered "busy".
func (b *Bot) PhotoWait() time.Duration { return b.pool.wait() }

// userError is an error whose message is written for the user.
type userError struct {
	msg string
	err error
}

// Error returns the user's message and, in parentheses, the cause.
func (e *userError) Error() string {
	if e.err != nil {
		return e.msg + " (" + e.err.Error() + ")"
	}
	return e.msg
}

// Unwrap returns the cause.
func (e *userError) Unwrap() error { return e.err }

// userErrorf returns an error that shows the formatted message to the user
// and keeps err for the logs and errors.Is.
func userErrorf(err error, format string, args ...any) error {
	return &userError{msg: fmt.Sprintf(format, args...), err: err}
}

// errBusy is the reply when the photo queue is full.
var errBusy = &userError{msg: "I'm busy reading other photos right now, try again in a minute. (Text puzzles still work straight away.)"}

// LogValue makes slog print a request without its full text: the command,
// sizes and a short excerpt.
func (r Request) LogValue() slog.Value {
	attrs := []slog.Attr{slog.String("command", string(r.Command))}
	if r.Text != "" {
		attrs = append(attrs, slog.Int("text_bytes", len(r.Text)), slog.String("text", excerpt(r.Text, 100)))
	}
	if r.Current != "" {
		attrs = append(attrs, slog.String("current", excerpt(r.Current, 100)))
	}
	if r.Level != 0 {
		attrs = append(attrs, slog.Int("level", r.Level))
	}
	if r.Photo != nil {
		attrs = append(attrs, slog.String("photo", r.Photo.Name), slog.Int64("photo_size", r.Photo.Size), slog.String("photo_url", excerpt(r.Photo.URL, 200)))
	}
	if r.Button != "" {
		attrs = append(attrs, slog.String("button", r.Button))
	}
	if r.UserID != "" {
		attrs = append(attrs, slog.String("user", r.UserID))
	}
	return slog.GroupValue(attrs...)
}

func excerpt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "..."
}

// Handle answers one request. It always returns a reply: errors become
// short messages for the user (ephemeral), and a panic in a handler is
// recovered, logged with the request and answered politely.
//
// The way of a request: [Bot.input] decides what was sent (text, a text
// file or a photo: the one place that rule lives) and fetches it, a photo
// within its queue and size limits; then the request takes its place among
// the CPUs ([cpuGate], entered once, with a photo worker for a photo) for
// the rest of its work: [Bot.puzzle] reads and solves the puzzle (once),
// and the command's handler answers it.
func (b *Bot) Handle(ctx context.Context, req Request) (rep Reply) {
	start := b.clock()
	out := Outcome{Kind: kindOf(req), Photo: req.Photo != nil, Result: "ok"}
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("panic while handling a request", "panic", fmt.Sprint(p), "request", req, "stack", string(debug.Stack()))
			rep = Apology()
			out.Result = "panic"
		}
		out.Duration = b.clock().Sub(start)
		out.QueueDepth = b.pool.depth()
		if b.opt.Observe != nil {
			b.opt.Observe(out)
		}
	}()
	if ok, wait := b.rate.allow(req.UserID); !ok {
		out.Result = "rate_limited"
		secs := max(1, int(math.Ceil(wait.Seconds())))
		return Reply{
			Text: fmt.Sprintf("You're sending requests faster than I can keep up with (the limit is %d a minute). Please try again in %d second%s.",
				b.opt.UserRate, secs, plural(secs)),
			Ephemeral: true, Failed: true,
		}
	}
	rep, read, err := b.answer(ctx, req)
	out.ReadDuration = read
	if err != nil {
		rep = b.errorReply(req, err, rep)
		out.Result = "error"
		if errors.Is(err, errBusy) {
			out.Result = "busy"
		}
	}
	return rep
}

// Apology returns the reply when something went wrong on the bot's side: a
// panic, or an error not meant for the user (which is logged). An adapter
// that recovers a panic of its own answers with it too.
func Apology() Reply {
	return Reply{
		Text:      "Sorry, something went wrong on my side while working on that. It has been logged; please try again in a moment, or try another puzzle.",
		Ephemeral: true, Failed: true,
	}
}

// answer works out the reply to req. It returns the time spent reading a
// photo, if any. The reply may carry files that go with an error (the
// picture of a grid as read).
func (b *Bot) answer(ctx context.Context, req Request) (Reply, time.Duration, error) {
	if req.Button != "" {
		rep, err := b.gated(ctx, nil, func(ctx context.Context) (Reply, error) { return b.button(ctx, req) })
		return rep, 0, err
	}
	cmd := req.Command
	if cmd == CmdNone {
		cmd = guessCommand(req.Text)
	}
	switch cmd {
	case CmdHelp:
		return helpReply(b, req.Console), 0, nil
	case CmdSolve, CmdHint, CmdRate, CmdCheck:
	default:
		return Reply{}, 0, userErrorf(nil, "I don't know the command %q. Try /help.", string(cmd))
	}
	if cmd == CmdHint && (req.Level < 0 || req.Level > 3) {
		return Reply{}, 0, HintLevelError(req.Level)
	}
	in, err := b.input(ctx, req)
	if err != nil {
		return Reply{}, 0, err
	}
	defer in.release()
	var read time.Duration
	rep, err := b.gated(ctx, in.photo, func(ctx context.Context) (Reply, error) {
		pz, err := b.puzzle(ctx, in)
		read = pz.read
		if err != nil {
			return pz.partial, err
		}
		if len(pz.doubts) > 0 && cmd != CmdCheck && !(pz.settled && solutionOnly(cmd, req, pz)) {
			// Nothing is answered from digits not read surely: ask.
			then := ActionFixSolve
			if cmd == CmdHint {
				then = ActionFixHint
			}
			return b.askDoubts(pz, then, req.Level, req.Console), nil
		}
		return withGridsNote(pz)(b.answerPuzzle(ctx, cmd, req, pz))
	})
	return rep, read, err
}

// solutionOnly reports whether the answer to cmd about pz rests on the
// puzzle's solution alone (see answerPuzzle): the solution itself, or a
// photo's grid filled in and all right; not a step or a rating, which rest
// on the givens themselves.
func solutionOnly(cmd Command, req Request, pz puzzle) bool {
	if pz.photo && pz.progress.Filled && pz.progress.Right() {
		return cmd != CmdRate
	}
	return cmd == CmdSolve && !(pz.photo && pz.reading.HasWork() && req.Command == CmdNone)
}

// answerPuzzle answers cmd about the puzzle pz read surely.
func (b *Bot) answerPuzzle(ctx context.Context, cmd Command, req Request, pz puzzle) (Reply, error) {
	if pz.photo && (pz.reading.HasWork() || cmd == CmdCheck && strings.TrimSpace(req.Current) == "") {
		// A picture of a puzzle in progress: see progress.go.
		switch {
		case cmd == CmdCheck:
			return b.progress(ctx, pz, true, 0, !req.Private)
		case cmd == CmdHint:
			return b.progress(ctx, pz, false, req.Level, !req.Private)
		case cmd == CmdSolve && req.Command == CmdNone:
			// A photo posted as it is: mistakes first, else the
			// next step, in public like other plain messages.
			return b.progress(ctx, pz, false, 1, false)
		}
	}
	switch cmd {
	case CmdHint:
		return b.hint(ctx, pz, 0, max(req.Level, 1), !req.Private)
	case CmdRate:
		return b.rateReply(ctx, pz)
	case CmdCheck:
		return b.check(ctx, pz, req.Current, !req.Private)
	}
	return b.solve(ctx, pz, false)
}

// withGridsNote returns a function that puts in front of the answer to a
// photo of several grids which one was read (see gridsNote), unless the
// answer says it already.
func withGridsNote(pz puzzle) func(Reply, error) (Reply, error) {
	return func(rep Reply, err error) (Reply, error) {
		note := strings.TrimSpace(gridsNote(pz))
		if err == nil && note != "" && !strings.Contains(rep.Text, note) {
			rep.Text = note + "\n" + rep.Text
		}
		return rep, err
	}
}

// HintLevelError is the answer to a hint level out of range, in the
// user's words (its Error method returns them).
func HintLevelError(level int) error {
	return userErrorf(nil, "The hint level is %d, but it goes from 1 (a nudge) to 3 (the full explanation).", level)
}

// gated runs the work of a request once it has its place among the CPUs:
// a text request's place, or for a photo a photo worker and a photo's
// place, within the read timeout (work gets the context that carries it). The time a photo's work takes teaches
// the pool how long the photos behind it will wait.
func (b *Bot) gated(ctx context.Context, photo *photoInput, work func(context.Context) (Reply, error)) (Reply, error) {
	if photo == nil {
		if err := b.cpu.enter(ctx, kindText); err != nil {
			return Reply{}, fmt.Errorf("wait for a text worker: %w", err)
		}
		defer b.cpu.leave(kindText)
		return work(ctx)
	}
	ctx, cancel := context.WithTimeout(ctx, b.opt.ReadTimeout)
	defer cancel()
	var rep Reply
	err := b.pool.work(ctx, func() error {
		if err := b.cpu.enter(ctx, kindPhoto); err != nil {
			return err
		}
		defer b.cpu.leave(kindPhoto)
		start := b.clock()
		var err error
		rep, err = work(ctx)
		b.pool.served(b.clock().Sub(start))
		return err
	})
	if err != nil {
		return rep, photoError(photo.name, err)
	}
	return rep, nil
}

func kindOf(req Request) string {
	switch {
	case req.Button != "":
		return "button"
	case req.Command == CmdNone:
		return "message"
	}
	return string(req.Command)
}

// errorReply turns err into the reply the user sees. Files already in
// partial (like the picture of a misread grid) are kept.
func (b *Bot) errorReply(req Request, err error, partial Reply) Reply {
	var ue *userError
	if !errors.As(err, &ue) {
		b.log.Error("request failed", "request", req, "err", err)
		rep := Apology()
		rep.Files = partial.Files
		return rep
	}
	b.log.Debug("request refused", "request", req, "reason", err)
	return Reply{Text: ue.msg, Ephemeral: true, Files: partial.Files, Failed: true}
}

// guessCommand reads what a plain message asks for: a hint or a rating when
// it says so, otherwise a solution.
func guessCommand(text string) Command {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z')
	})
	for _, w := range words {
		switch w {
		case "hint", "hints", "clue", "step":
			return CmdHint
		case "rate", "rating", "difficulty", "grade":
			return CmdRate
		case "help", "hello", "hi":
			// Asking for help, unless a puzzle comes with the words.
			if !solver.LooksLikePuzzle(text) {
				return CmdHelp
			}
		}
	}
	return CmdSolve
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
