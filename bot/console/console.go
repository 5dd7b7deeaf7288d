package console

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/solver"
)

// Options configure the console adapter.
type Options struct {
	// OutputDir is where pictures are written; empty means a new
	// temporary directory, made when the first picture is written.
	OutputDir string
	// Interactive prints a greeting and a prompt (standard input is a
	// terminal).
	Interactive bool
	// MaxFileBytes caps what is read from a file named on a command line
	// (default 10 MB); the bot applies its own photo limit too.
	MaxFileBytes int64
	// PasteGap is how long the console waits for more lines of a paste
	// before it answers a message that may be whole (a grid, or words
	// without a grid yet); lines that come together, as a paste does, are
	// one message, as on Discord. Default 150 ms.
	PasteGap time.Duration
}

// Adapter carries a conversation ([bot.Bot]) over a text stream: the
// README's "run" command.
// Type or paste a grid (one line, or several lines ended by a complete grid
// or an empty line; a message as on Discord, words and a code block, is
// one message), or a command: /solve, /hint [level], /rate,
// /check <original> <current> (or one photo), /help. A command without its
// puzzle takes the puzzle just pasted, or else waits for the grid pasted
// next; a path to an image file (told by its bytes, quoted or not) works in
// place of a grid. /hint without a level gives the whole step, as sudoku
// hint does. After a hint, /next, /more and /solution press its buttons.
// Pictures are written to files whose paths are printed.
type Adapter struct {
	bot  bot.Handler
	in   io.Reader
	out  io.Writer
	opt  Options
	n    int               // pictures written
	last map[string]string // button label -> custom_id of the last reply
	// waiting is a command typed without its puzzle, which the next
	// message completes (for /check, the original and then the current
	// grid).
	waiting *bot.Request
	// pasted is the last puzzle pasted (or named by its file) on its own,
	// which /hint, /rate and /solve typed alone take.
	pasted *bot.Request
	// hinted names the puzzle of the last reply with buttons, and newer
	// says that another puzzle came since, for /next and /more to say
	// which puzzle they go on with.
	hinted string
	newer  bool
}

// defaultHintLevel is the level of a /hint typed without one: the whole
// step, as sudoku hint gives by default.
const defaultHintLevel = 3

// New returns a console for the conversation b, reading in and writing
// out.
func New(b bot.Handler, in io.Reader, out io.Writer, o Options) *Adapter {
	if o.MaxFileBytes <= 0 {
		o.MaxFileBytes = 10 << 20
	}
	if o.PasteGap <= 0 {
		o.PasteGap = 150 * time.Millisecond
	}
	return &Adapter{bot: b, in: in, out: out, opt: o}
}

// maxGridLines is the most lines a pasted message may take (a boxed 16x16
// grid with rules between the boxes, in a code block with words around).
const maxGridLines = 48

const consoleGreeting = `sudokubot console: paste a Sudoku (81 digits, or 9 lines; 0 or . for blanks)
or a command: /solve, /hint [1-3], /rate, /check <original> <current>, /help, /quit.
A command alone (/hint 2) takes the puzzle you just pasted, or the one you paste next.
A path to a photo works in place of a grid: /solve path/to/photo.jpg`

// message is the lines of a message being pasted.
type message struct {
	lines []string
	fence bool // inside a code block (```)
}

func (m *message) text() string { return strings.Join(m.lines, "\n") }

// add appends a line, keeping track of code blocks.
func (m *message) add(line string) {
	m.lines = append(m.lines, line)
	if strings.Count(line, "```")%2 == 1 {
		m.fence = !m.fence
	}
}

// Run reads requests until end of input, /quit or ctx is done. It returns
// nil at end of input.
func (c *Adapter) Run(ctx context.Context) error {
	lines := make(chan string, 64)
	readErr := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(c.in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
		close(lines)
	}()
	if c.opt.Interactive {
		fmt.Fprintln(c.out, consoleGreeting)
	}
	var m message
	prompt := func() {
		if c.opt.Interactive {
			if len(m.lines) > 0 {
				fmt.Fprint(c.out, "... ")
			} else {
				fmt.Fprint(c.out, "> ")
			}
		}
	}
	prompt()
	for {
		// A message that may be whole is answered when no more of it
		// comes within the paste gap; one that is not waits.
		var idle <-chan time.Time
		var timer *time.Timer
		if len(m.lines) > 0 && mayBeWhole(m) {
			timer = time.NewTimer(c.opt.PasteGap)
			idle = timer.C
		}
		var line string
		var ok, quiet bool
		select {
		case <-ctx.Done():
			return nil
		case <-idle:
			quiet = true
		case line, ok = <-lines:
		}
		if timer != nil {
			timer.Stop()
		}
		if quiet {
			c.send(ctx, &m)
			prompt()
			continue
		}
		if !ok {
			c.send(ctx, &m)
			if err := <-readErr; err != nil {
				return fmt.Errorf("read input: %w", err)
			}
			return nil
		}
		if c.take(ctx, &m, line) {
			return nil
		}
		prompt()
	}
}

// take handles one line of input: it adds it to the message being pasted,
// answers that message when the line ends it, or runs a command. It
// returns true for /quit.
func (c *Adapter) take(ctx context.Context, m *message, line string) bool {
	trimmed := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(trimmed, "/") && !isFile(trimmed):
		// A command ends the message being pasted, which is answered
		// first.
		c.send(ctx, m)
		return c.command(ctx, trimmed)
	case m.fence:
		m.add(line) // a code block ends at its closing ```, not before
	case isGap(line):
		c.send(ctx, m)
	case len(m.lines) == 0 && isRule(trimmed):
		// A rule left over between two grids.
	case len(m.lines) == 0 && isFile(trimmed):
		c.deliver(ctx, c.withInput(bot.Request{}, trimmed))
	default:
		if len(m.lines) > 0 && !continues(*m, line) {
			c.send(ctx, m) // a whole grid, and the line starts another
		}
		m.add(line)
	}
	if len(m.lines) >= maxGridLines || (!m.fence && oneLineError(*m)) {
		c.send(ctx, m)
	}
	return false
}

// send answers the message pasted so far, if any.
func (c *Adapter) send(ctx context.Context, m *message) {
	if len(m.lines) == 0 {
		return
	}
	text := m.text()
	*m = message{}
	c.deliver(ctx, bot.Request{Text: text})
}

// deliver answers what was sent (a message, or a file named on a line of
// its own): as the puzzle of the command waiting for one, or as a message
// of its own. /check waits for two: the original, then the current grid.
func (c *Adapter) deliver(ctx context.Context, in bot.Request) {
	w := c.waiting
	switch {
	case w == nil:
		if in.Photo != nil || solver.LooksLikePuzzle(in.Text) {
			c.pasted = &in
			c.newer = c.hinted != ""
		}
		c.answer(ctx, in)
		return
	case w.Command == bot.CmdCheck && w.Text == "" && w.Photo == nil:
		w.Text, w.Photo = in.Text, in.Photo
		c.wait(*w)
		return
	case w.Command == bot.CmdCheck:
		w.Current = in.Text
	default:
		w.Text, w.Photo = in.Text, in.Photo
	}
	c.waiting = nil
	c.answer(ctx, *w)
}

// mayBeWhole reports whether the message may be complete as it is: a
// whole grid, or words with no grid in them yet (a greeting, or the start
// of a message with a code block). A grid still short of rows is not.
func mayBeWhole(m message) bool {
	if m.fence {
		return false
	}
	if gridComplete(m.text()) {
		return true
	}
	for _, l := range m.lines {
		if !isChatter(l) {
			return false
		}
	}
	return true
}

// continues reports whether line goes on the message m rather than
// starting a new one: always, unless m holds a whole grid that line
// would spoil (the first row of the next grid). A row of 16 cells after a
// first one is the next row of a 16x16 grid, not a second 4x4 puzzle.
func continues(m message, line string) bool {
	text := m.text()
	g, err := solver.ParseRaw(text)
	if err != nil {
		return true
	}
	if len(m.lines) == 1 && g.Side() == 4 && solver.CellChars(line) == solver.MinCells {
		return true
	}
	g2, err := solver.ParseRaw(text + "\n" + line)
	return err == nil && g2 == g
}

// gridComplete reports whether text holds a whole grid.
func gridComplete(text string) bool {
	_, err := solver.ParseRaw(text)
	return err == nil
}

// oneLineError reports whether m is a puzzle written on one line (more
// cells than the longest row, that of a 16x16 grid) that does not read:
// more lines cannot complete it, so it is answered at once, with its error.
func oneLineError(m message) bool {
	return len(m.lines) == 1 && solver.CellChars(m.lines[0]) > solver.MaxSide && !gridComplete(m.lines[0])
}

// isGap reports whether line is empty, which ends a message: white space
// only, but not a row of empty fields from a spreadsheet (tabs).
func isGap(line string) bool {
	return strings.TrimSpace(line) == "" && strings.Count(line, "\t") < 3
}

// isRule reports whether line is a rule drawn between boxes, like
// "+-------+-------+-------+", which is skipped between grids.
func isRule(line string) bool {
	marked := false
	for _, r := range line {
		switch {
		case r == '+' || r == '=' || r >= 0x2500 && r <= 0x257F:
			marked = true
		case r == '-' || r == '|' || r == ':' || r == ' ' || r == '\t':
		default:
			return false
		}
	}
	return marked
}

// isChatter reports whether a line holds words rather than a row of a
// grid: few digits or dots, and no tabs, commas or bars that would make
// it a row with blanks left empty ("5\t3\t\t\t7", "5,3,,,7", "|53 | 7 |").
func isChatter(line string) bool {
	if strings.Count(line, "\t") >= 3 || strings.Count(line, ",")+strings.Count(line, ";") >= 3 ||
		strings.ContainsAny(line, "|│║┃") {
		return false
	}
	return solver.CellChars(line) < 4
}

// consoleCommands are the commands that take a puzzle, by the names typed.
var consoleCommands = map[string]bot.Command{"solve": bot.CmdSolve, "rate": bot.CmdRate, "hint": bot.CmdHint, "check": bot.CmdCheck}

// command runs a /command line. It returns true for /quit.
func (c *Adapter) command(ctx context.Context, line string) bool {
	name, args, _ := strings.Cut(line[1:], " ")
	args = strings.TrimSpace(args)
	name = strings.ToLower(name)
	c.waiting = nil // a new command replaces one waiting for its puzzle
	switch name {
	case "quit", "exit", "q":
		return true
	case "help", "h", "?":
		c.answer(ctx, bot.Request{Command: bot.CmdHelp})
	case "cancel":
		fmt.Fprintln(c.out, "Cancelled.")
	case "solve", "rate", "hint":
		req := bot.Request{Command: consoleCommands[name]}
		if name == "hint" {
			req.Level = defaultHintLevel
			lvl, rest, _ := strings.Cut(args, " ")
			if isLevel(lvl) {
				n, _ := strconv.Atoi(lvl)
				if n < 1 || n > 3 {
					fmt.Fprintln(c.out, consoleText(bot.HintLevelError(n).Error()))
					return false
				}
				req.Level, args = n, strings.TrimSpace(rest)
			}
		}
		switch {
		case args == "" && c.pasted != nil:
			// The puzzle just pasted.
			req.Text, req.Photo = c.pasted.Text, c.pasted.Photo
			c.answer(ctx, req)
		case args == "":
			c.wait(req)
		default:
			c.answer(ctx, c.withInput(req, args))
		}
	case "check":
		f := strings.Fields(args)
		switch len(f) {
		case 0:
			c.wait(bot.Request{Command: bot.CmdCheck})
		case 1:
			req := c.withInput(bot.Request{Command: bot.CmdCheck}, f[0])
			if req.Photo != nil {
				c.answer(ctx, req) // a picture of the grid in progress
				return false
			}
			c.wait(req)
		case 2:
			req := c.withInput(bot.Request{Command: bot.CmdCheck}, f[0])
			cur := c.withInput(bot.Request{}, f[1])
			req.Current = cur.Text
			c.answer(ctx, req)
		default:
			fmt.Fprintln(c.out, "Usage: /check <original> <current>, each 81 characters on one line (0 or . for blanks) or a file name; or /check alone, then paste the two grids.")
		}
	case "next", "more", "solution":
		label := map[string]string{"next": "Next step", "more": "More detail", "solution": "Show solution"}[name]
		id, ok := c.last[label]
		_, next := c.last["Next step"]
		switch {
		case !ok && name == "more" && next:
			fmt.Fprintln(c.out, "This hint is already in full detail (level 3): /next gives the next step, /hint 1 a gentler nudge.")
			return false
		case !ok:
			fmt.Fprintf(c.out, "There is no %q button to press: ask for a /hint first.\n", label)
			return false
		case c.newer:
			fmt.Fprintf(c.out, "(Going on with the earlier puzzle %s; /hint gives a hint for the one pasted since.)\n", c.hinted)
		}
		c.answer(ctx, bot.Request{Button: id})
	default:
		fmt.Fprintf(c.out, "Unknown command /%s. Try /help.\n", name)
	}
	return false
}

// isLevel reports whether a word is a hint level, right or wrong ("2",
// "0", "-1", "9"), rather than a puzzle.
func isLevel(w string) bool {
	d := strings.TrimPrefix(w, "-")
	if d == "" || len(d) > 3 {
		return false
	}
	for _, r := range d {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// wait keeps a command typed without its puzzle until the next message,
// and says what to paste.
func (c *Adapter) wait(req bot.Request) {
	c.waiting = &req
	const how = "(one line, a grid over several lines, or a file or photo path), or type another command."
	switch {
	case req.Command == bot.CmdHint:
		fmt.Fprintf(c.out, "Paste the puzzle for a hint at level %d %s\n", max(req.Level, 1), how)
	case req.Command == bot.CmdCheck && (req.Text != "" || req.Photo != nil):
		fmt.Fprintln(c.out, "Now paste your current grid: the puzzle with the digits you have filled in so far.")
	case req.Command == bot.CmdCheck:
		fmt.Fprintf(c.out, "Paste the original puzzle, then your current grid %s\n", how)
	default:
		fmt.Fprintf(c.out, "Paste the puzzle to %s %s\n", req.Command, how)
	}
}

// withInput fills req from arg: a file (an image becomes the photo, other
// files are read as text) or the puzzle text itself.
func (c *Adapter) withInput(req bot.Request, arg string) bot.Request {
	if !isFile(arg) {
		req.Text = arg
		return req
	}
	arg = unquotePath(arg)
	data, err := readCapped(arg, c.opt.MaxFileBytes)
	if err != nil {
		req.Text = ""
		fmt.Fprintf(c.out, "Cannot read %s: %v\n", arg, err)
		return req
	}
	// A picture is told by its bytes, not its name: a photo saved
	// without an extension is still a photo.
	if strings.HasPrefix(http.DetectContentType(data), "image/") {
		req.Photo = &bot.Photo{Name: filepath.Base(arg), Data: data}
	} else {
		req.Text = string(data)
	}
	return req
}

// unquotePath is a path as a terminal pastes it, without the quotes
// around it ('a b.jpg', "a b.jpg") or the backslashes before its spaces
// (a\ b.jpg).
func unquotePath(s string) string {
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return strings.ReplaceAll(s, "\\ ", " ")
}

// readCapped reads at most limit+1 bytes of a file, so that an oversized
// file is reported by the bot's limit check without being read whole.
func readCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit+1))
}

func isFile(s string) bool {
	if s == "" || strings.ContainsAny(s, "\n") || len(s) > 4096 {
		return false
	}
	st, err := os.Stat(unquotePath(s))
	return err == nil && st.Mode().IsRegular()
}

// answer handles req and prints the reply.
func (c *Adapter) answer(ctx context.Context, req bot.Request) {
	req.Console, req.Private = true, true
	rep := c.bot.Handle(ctx, req)
	fmt.Fprintln(c.out, consoleText(rep.Text))
	for _, f := range rep.Files {
		path, err := c.write(f)
		if err != nil {
			fmt.Fprintf(c.out, "(could not write the picture %s: %v)\n", f.Name, err)
			continue
		}
		fmt.Fprintf(c.out, "picture: %s\n", path)
	}
	if len(rep.Buttons) > 0 {
		if req.Text != "" || req.Photo != nil {
			c.hinted, c.newer = describe(req), false
		}
		c.last = map[string]string{}
		var cmds []string
		for _, b := range rep.Buttons {
			c.last[b.Label] = b.CustomID
			cmd := map[string]string{"Next step": "/next", "More detail": "/more", "Show solution": "/solution"}[b.Label]
			cmds = append(cmds, fmt.Sprintf("%s (%s)", cmd, strings.ToLower(b.Label)))
		}
		fmt.Fprintf(c.out, "buttons: %s\n", strings.Join(cmds, ", "))
	}
}

// describe names the puzzle of a request for a message: the photo's
// name, or the start of the text.
func describe(req bot.Request) string {
	if req.Photo != nil {
		return req.Photo.Name
	}
	t := strings.Join(strings.Fields(req.Text), " ")
	if r := []rune(t); len(r) > 20 {
		t = string(r[:20]) + "..."
	}
	return t
}

// consoleText removes the Discord markup a terminal does not render.
func consoleText(s string) string {
	s = strings.ReplaceAll(s, "||", "")
	s = strings.ReplaceAll(s, "**", "")
	return strings.ReplaceAll(s, "`", "")
}

// write saves a picture in the output directory and returns its path.
func (c *Adapter) write(f bot.File) (string, error) {
	if c.opt.OutputDir == "" {
		dir, err := os.MkdirTemp("", "sudokubot-")
		if err != nil {
			return "", fmt.Errorf("make the picture directory: %w", err)
		}
		c.opt.OutputDir = dir
	} else if err := os.MkdirAll(c.opt.OutputDir, 0o755); err != nil {
		return "", fmt.Errorf("make the picture directory: %w", err)
	}
	c.n++
	name := fmt.Sprintf("%03d-%s", c.n, strings.TrimPrefix(f.Name, "SPOILER_"))
	path := filepath.Join(c.opt.OutputDir, name)
	if err := os.WriteFile(path, f.Data, 0o644); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path, nil
	}
	return abs, nil
}
