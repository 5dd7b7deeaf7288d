package tessproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/ocr"
)

// HelperName is the name of the helper program (cmd/sudoku-tesseract).
const HelperName = "sudoku-tesseract"

// ErrClosed is returned by a [Client] used after Close.
var ErrClosed = errors.New("the Tesseract helper's client is closed")

// The client's time limits: for the helper to say it is ready (Tesseract
// starts in 0.1-0.3 s), and for a helper whose output ended to exit.
const (
	startLimit = time.Minute
	exitLimit  = 2 * time.Second
)

// Client is an [ocr.DigitReader] that reads glyphs with Tesseract in a
// helper process, started the first time it is asked (or by [Client.Start])
// and kept until [Client.Close]. One client runs one helper and sends it
// one request at a time; a Client is safe for concurrent use, the calls
// taking turns.
//
// A helper that cannot be found or started, or that dies, makes the call
// fail with an error naming the helper and what happened (and its last
// words on standard error), and every later call fail with the same error:
// the client does not start it again. A call whose context ends while the
// helper reads ends the helper; the next call starts a new one.
type Client struct {
	path string // the helper program; "" to find it on first start

	mu     sync.Mutex
	proc   *process // nil: not started
	failed error    // the helper's failure, returned by every call
	closed bool
}

// process is one running helper.
type process struct {
	path   string
	cmd    *exec.Cmd
	in     *os.File // the helper's standard input
	w      *bufio.Writer
	r      *bufio.Reader // the helper's standard output
	out    *os.File
	stderr *tail
	done   chan struct{} // closed once the helper has exited and been waited for
	err    error         // cmd.Wait's error, once done
}

// NewClient returns a client running the helper program path, or the one
// [Find] finds when path is "". Nothing starts until the first reading.
func NewClient(path string) *Client {
	return &Client{path: path}
}

// Start starts the helper now, if it is not running, and waits until it
// is ready: a report times its pictures without the helper's start.
func (c *Client) Start(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.startLocked(ctx)
}

// ReadDigits implements [ocr.DigitReader].
func (c *Client) ReadDigits(ctx context.Context, glyphs []*image.Gray) ([]ocr.DigitGuess, error) {
	if len(glyphs) == 0 {
		return []ocr.DigitGuess{}, ctx.Err()
	}
	if err := checkGlyphs(glyphs); err != nil {
		return nil, fmt.Errorf("read digits with the Tesseract helper: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.startLocked(ctx); err != nil {
		return nil, err
	}
	p := c.proc
	var out []ocr.DigitGuess
	err := c.exchange(ctx, 0, func() error {
		if err := writeRequest(p.w, glyphs); err != nil {
			return err
		}
		var err error
		out, err = readResponse(p.r, len(glyphs))
		return err
	})
	var he *helperError
	if errors.As(err, &he) {
		return nil, fmt.Errorf("the Tesseract helper %s: %w", p.path, err)
	}
	return out, err
}

// Close ends the helper, if it runs, and waits for it to exit. Later calls
// fail with [ErrClosed]. Close is safe to call more than once.
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	if c.proc != nil {
		c.proc.end()
		c.proc = nil
	}
	return nil
}

// startLocked starts the helper unless it runs, and reads its hello.
func (c *Client) startLocked(ctx context.Context) error {
	switch {
	case c.closed:
		return ErrClosed
	case c.failed != nil:
		return c.failed
	case c.proc != nil:
		return nil
	}
	path := c.path
	if path == "" {
		var err error
		if path, err = Find(); err != nil {
			c.failed = err
			return err
		}
	}
	p, err := startProcess(path)
	if err != nil {
		c.failed = fmt.Errorf("start the Tesseract helper %s: %w", path, err)
		return c.failed
	}
	c.proc = p
	return c.exchange(ctx, startLimit, func() error { return readHello(p.r) })
}

// exchange runs f, which talks to the running helper, ending the helper
// if ctx ends first or, when limit is not 0, f takes longer than limit.
// An error the helper answered with leaves it running. After any other
// failure the helper is ended: after ctx's end (returning ctx's error) it
// may start again; after a failure of its own it is gone for good
// (returning an error saying what happened to it).
func (c *Client) exchange(ctx context.Context, limit time.Duration, f func() error) error {
	p := c.proc
	kill := ctx
	if limit > 0 {
		var cancel context.CancelFunc
		kill, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	stop := context.AfterFunc(kill, func() { p.cmd.Process.Kill() })
	err := f()
	if stop() && err == nil {
		return nil
	}
	var he *helperError
	if errors.As(err, &he) {
		return err
	}
	c.proc = nil
	if ctx.Err() != nil {
		p.end()
		return ctx.Err()
	}
	if kill.Err() != nil {
		err = fmt.Errorf("no answer within %v", limit)
	}
	// A helper whose output ended has exited, or exits once its input
	// ends: its exit status says why.
	p.in.Close()
	select {
	case <-p.done:
	case <-time.After(exitLimit):
	}
	p.end()
	c.failed = p.failure(err)
	return c.failed
}

// startProcess starts the helper at path with OMP_THREAD_LIMIT=1 in its
// environment unless the variable is set (Tesseract's OpenMP threads slow
// the reading of small images down).
func startProcess(path string) (*process, error) {
	cmd := exec.Command(path)
	cmd.Env = os.Environ()
	if _, ok := os.LookupEnv("OMP_THREAD_LIMIT"); !ok {
		cmd.Env = append(cmd.Env, "OMP_THREAD_LIMIT=1")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &process{path: path, cmd: cmd, in: inW, out: outR, w: bufio.NewWriter(inW), r: bufio.NewReader(outR),
		stderr: &tail{}, done: make(chan struct{})}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, p.stderr
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// end ends the helper: it closes its input, kills it and waits until it
// has been waited for, so that no zombie is left.
func (p *process) end() {
	p.in.Close()
	p.cmd.Process.Kill()
	<-p.done
	p.out.Close()
}

// failure describes what became of the helper after talking to it failed
// with err: how it exited, if it did, and the end of its standard error.
// It is called after end.
func (p *process) failure(err error) error {
	msg := fmt.Sprintf("the Tesseract helper %s failed: %v", p.path, err)
	if p.err != nil {
		msg = fmt.Sprintf("the Tesseract helper %s stopped (%v): %v", p.path, p.err, err)
	}
	if s := p.stderr.String(); s != "" {
		msg += "; it said: " + s
	}
	return errors.New(msg)
}

// Find returns the helper program: the one beside the running program,
// or else the one on PATH; a *[NotFoundError] when there is neither.
func Find() (string, error) {
	where := "the running program"
	if exe, err := os.Executable(); err == nil {
		where = exe
		p := filepath.Join(filepath.Dir(exe), HelperName)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	if p, err := exec.LookPath(HelperName); err == nil {
		return p, nil
	}
	return "", &NotFoundError{Beside: where}
}

// NotFoundError is [Find]'s error: the helper is neither beside the
// running program nor on PATH.
type NotFoundError struct {
	Beside string // the running program
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("the Tesseract helper %s was not found beside %s or in PATH", HelperName, e.Beside)
}

// tail keeps the last bytes written to it: the end of a helper's standard
// error, for the message when it fails.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

// tailSize is how many bytes a tail keeps.
const tailSize = 512

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > tailSize {
		t.buf = t.buf[len(t.buf)-tailSize:]
	}
	return len(b), nil
}

// String returns the bytes kept on one line, trimmed.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(string(t.buf)), " ")
}
