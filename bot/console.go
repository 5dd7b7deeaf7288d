package bot

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// ConsoleOptions configure the console adapter.
type ConsoleOptions struct {
	// OutputDir is where pictures are written; empty means a new
	// temporary directory, made when the first picture is written.
	OutputDir string
	// Interactive prints a greeting and a prompt (standard input is a
	// terminal).
	Interactive bool
	// MaxFileBytes caps what is read from a file named on a command line
	// (default 10 MB); the bot applies its own photo limit too.
	MaxFileBytes int64
}

// Console carries a [Bot] over a text stream: the README's "run" command.
// Type or paste a grid (one line, or several lines ended by a complete grid
// or an empty line), or a command: /solve, /hint [level], /rate,
// /check <original> <current>, /help; a path to an image file works in
// place of a grid. After a hint, /next, /more and /solution press its
// buttons. Pictures are written to files whose paths are printed.
type Console struct {
	bot  *Bot
	in   io.Reader
	out  io.Writer
	opt  ConsoleOptions
	n    int               // pictures written
	last map[string]string // button label -> custom_id of the last reply
}

// NewConsole returns a console for b reading in and writing out.
func NewConsole(b *Bot, in io.Reader, out io.Writer, o ConsoleOptions) *Console {
	if o.MaxFileBytes <= 0 {
		o.MaxFileBytes = 10 << 20
	}
	return &Console{bot: b, in: in, out: out, opt: o}
}

// maxGridLines is the most lines a pasted grid may take (a boxed 16x16
// grid with rules between the boxes).
const maxGridLines = 40

const consoleGreeting = `sudokubot console: paste a Sudoku (81 digits, or 9 lines; 0 or . for blanks)
or a command: /solve, /hint [1-3], /rate, /check <original> <current>, /help, /quit.
A path to a photo works in place of a grid: /solve path/to/photo.jpg`

// Run reads requests until end of input, /quit or ctx is done. It returns
// nil at end of input.
func (c *Console) Run(ctx context.Context) error {
	lines := make(chan string)
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
	var pending []string
	prompt := func() {
		if c.opt.Interactive {
			if len(pending) > 0 {
				fmt.Fprint(c.out, "... ")
			} else {
				fmt.Fprint(c.out, "> ")
			}
		}
	}
	prompt()
	for {
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return nil
		case line, ok = <-lines:
		}
		if !ok {
			if len(pending) > 0 {
				c.answer(ctx, Request{Text: strings.Join(pending, "\n")})
			}
			if err := <-readErr; err != nil {
				return fmt.Errorf("read input: %w", err)
			}
			return nil
		}
		trimmed := strings.TrimSpace(line)
		switch {
		case len(pending) == 0 && (trimmed == "" || isRule(trimmed)):
		case len(pending) == 0 && strings.HasPrefix(trimmed, "/") && !isFile(trimmed):
			if c.command(ctx, trimmed) {
				return nil
			}
		case len(pending) == 0 && isFile(trimmed):
			c.answer(ctx, c.withInput(Request{}, trimmed))
		case len(pending) == 0 && isChatter(trimmed):
			c.answer(ctx, Request{Text: trimmed})
		default:
			// A grid, maybe over several lines: answer once it reads as
			// a whole grid, at an empty line, or when it grows too long.
			if trimmed != "" {
				pending = append(pending, line)
			}
			text := strings.Join(pending, "\n")
			if trimmed == "" || len(pending) >= maxGridLines || gridComplete(text) || oneLineGrid(pending) {
				c.answer(ctx, Request{Text: text})
				pending = nil
			}
		}
		prompt()
	}
}

// gridComplete reports whether text holds a whole grid.
func gridComplete(text string) bool {
	_, err := solver.ParseRaw(text)
	return err == nil
}

// oneLineGrid reports whether pending is a puzzle written on one line
// (more cells than the longest row, 16): more lines cannot complete it, so
// it is answered at once, with its error.
func oneLineGrid(pending []string) bool {
	return len(pending) == 1 && strings.Count(pending[0], ".")+countDigits(pending[0]) > 16
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

// isChatter reports whether a line has too few cell characters to start a
// grid: it is answered at once rather than waiting for more lines.
func isChatter(line string) bool {
	return strings.Count(line, ".")+countDigits(line) < 4
}

// command runs a /command line. It returns true for /quit.
func (c *Console) command(ctx context.Context, line string) bool {
	name, args, _ := strings.Cut(line[1:], " ")
	args = strings.TrimSpace(args)
	switch strings.ToLower(name) {
	case "quit", "exit", "q":
		return true
	case "help", "h", "?":
		c.answer(ctx, Request{Command: CmdHelp})
	case "solve", "rate":
		c.answer(ctx, c.withInput(Request{Command: Command(strings.ToLower(name))}, args))
	case "hint":
		req := Request{Command: CmdHint}
		if lvl, rest, ok := strings.Cut(args, " "); ok || len(args) == 1 {
			if n, err := strconv.Atoi(lvl); err == nil && len(lvl) == 1 {
				req.Level, args = n, strings.TrimSpace(rest)
			}
		}
		c.answer(ctx, c.withInput(req, args))
	case "check":
		f := strings.Fields(args)
		if len(f) != 2 {
			fmt.Fprintln(c.out, "Usage: /check <original> <current>, each 81 characters on one line (0 or . for blanks) or a file name.")
			return false
		}
		req := c.withInput(Request{Command: CmdCheck}, f[0])
		cur := c.withInput(Request{}, f[1])
		req.Current = cur.Text
		c.answer(ctx, req)
	case "next", "more", "solution":
		label := map[string]string{"next": "Next step", "more": "More detail", "solution": "Show solution"}[strings.ToLower(name)]
		id, ok := c.last[label]
		if !ok {
			fmt.Fprintf(c.out, "There is no %q button to press: ask for a /hint first.\n", label)
			return false
		}
		c.answer(ctx, Request{Button: id})
	default:
		fmt.Fprintf(c.out, "Unknown command /%s. Try /help.\n", name)
	}
	return false
}

// withInput fills req from arg: a file (an image becomes the photo, other
// files are read as text) or the puzzle text itself.
func (c *Console) withInput(req Request, arg string) Request {
	if !isFile(arg) {
		req.Text = arg
		return req
	}
	data, err := readCapped(arg, c.opt.MaxFileBytes)
	if err != nil {
		req.Text = ""
		fmt.Fprintf(c.out, "Cannot read %s: %v\n", arg, err)
		return req
	}
	switch strings.ToLower(filepath.Ext(arg)) {
	case ".png", ".jpg", ".jpeg", ".gif", ".webp":
		req.Photo = &Photo{Name: filepath.Base(arg), Data: data}
	default:
		req.Text = string(data)
	}
	return req
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
	st, err := os.Stat(s)
	return err == nil && st.Mode().IsRegular()
}

// answer handles req and prints the reply.
func (c *Console) answer(ctx context.Context, req Request) {
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

// consoleText removes the Discord markup a terminal does not render.
func consoleText(s string) string {
	s = strings.ReplaceAll(s, "||", "")
	s = strings.ReplaceAll(s, "**", "")
	return strings.ReplaceAll(s, "`", "")
}

// write saves a picture in the output directory and returns its path.
func (c *Console) write(f File) (string, error) {
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
