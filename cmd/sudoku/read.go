package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/ocr"
)

// maxPhotoWorkers bounds -j for the photo commands.
const maxPhotoWorkers = 16

const readHelp = `
Usage: sudoku read [--json] [-j N] PHOTO...

Reads the Sudoku in each photo or screenshot (JPEG, PNG, GIF or WebP; '-'
for standard input) and prints, per picture, in order: the puzzle's givens (printed in the paper,
or in the app's style for givens), 81 cells row by row with '.' for an
empty cell, then, when the player has entered digits (written by hand, or
typed in an app in another colour or weight), a second line with those
entries and '.' elsewhere; or "error: <reason>". Givens that do not check
out with the solver (a clash, no solution or several) are an error naming
the doubtful cells, not a guess; cells read, but not surely, are named on
standard error ("not read surely, please check: r1c5 r2c3"), and so is
which grid was read when the picture holds several. A picture of a grid
of another size than 9x9, of part of a grid or of an empty grid is an
error saying so.

With --json each line is a JSON object: "grid" (the givens), "entered"
(the entries), "marks" (pencil marks by cell, like {"r1c9":"259"}),
"error" when the reading is doubtful, "doubtful" (the cells to check),
"grids" and "grid_read" when the picture holds several grids, and
per cell its kind (empty, given, entry, marks), digit or marks,
calibrated confidence (the probability that the cell is read right) and,
when a digit was not surely told a given or an entry, "kind_doubt" (the
probability that it is the other kind; such a cell is among "doubtful"),
the grid's corners in the picture, its decoded size and the time per stage.
Exits with status 1 when any picture failed. Each photo is read within
the limit SUDOKU_PHOTO_TIMEOUT sets (default 20s; e.g. 1m on a busy
machine).

Examples:
  sudoku read photo.jpg
  sudoku read --json a.jpg b.png
`

func runRead(ctx context.Context, args []string, s *stdio) (err error) {
	fs := newFlags("read", readHelp, s)
	asJSON := fs.Bool("json", false, "print a JSON object per photo with confidences, corners and timings")
	defer func() { err = jsonErrors(*asJSON, err) }()
	workers := fs.Int("j", runtime.NumCPU(), "number of photos read in parallel (one recognizer each)")
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	if *workers < 1 || *workers > maxPhotoWorkers {
		return usageErrorf(fs, "-j must be from 1 to %d (each worker may start a Tesseract helper of about 40 MB), got %d", maxPhotoWorkers, *workers)
	}
	if fs.NArg() == 0 {
		return usageErrorf(fs, "no photo given")
	}
	names := fs.Args()
	stdin, err := stdinOf(names, s.in)
	if err != nil {
		return err
	}
	lines := make([]string, len(names))
	notes := make([]string, len(names))
	ok := make([]bool, len(names))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(*workers, len(names)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each worker starts its recognizer with the first picture
			// whose bytes it has read, and its Tesseract helper the first
			// time a reading asks Tesseract: a command whose pictures
			// never ask it never starts it.
			w := newPhotoReader(s.recognizers, s.photos.limit)
			defer w.close()
			for i := range next {
				lines[i], notes[i], ok[i] = readOne(ctx, names[i], stdin, w, *asJSON)
			}
		}()
	}
	for i := range names {
		next <- i
	}
	close(next)
	wg.Wait()
	failed := false
	for i, l := range lines {
		fmt.Fprintln(s.out, l)
		if notes[i] != "" {
			fmt.Fprintf(s.err, "sudoku: %s: %s\n", names[i], notes[i])
		}
		failed = failed || !ok[i]
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if failed {
		return errFailed
	}
	return nil
}

// readJSON is the --json form of one photo's reading.
type readJSON struct {
	File        string             `json:"file"`
	Grid        string             `json:"grid,omitempty"`
	Entered     string             `json:"entered,omitempty"`
	Marks       map[string]string  `json:"marks,omitempty"`
	Error       string             `json:"error,omitempty"`
	Solutions   *int               `json:"solutions,omitempty"`
	Doubtful    []string           `json:"doubtful,omitempty"`
	Corners     [][2]float64       `json:"corners,omitempty"`
	Size        [2]int             `json:"size,omitempty"`
	Orientation int                `json:"exif_orientation,omitempty"`
	Turns       int                `json:"turns"`
	Inverted    bool               `json:"inverted,omitempty"`
	Grids       int                `json:"grids,omitempty"`
	GridRead    string             `json:"grid_read,omitempty"`
	Cells       []cellJSON         `json:"cells,omitempty"`
	TimingsMS   map[string]float64 `json:"timings_ms,omitempty"`
	TotalMS     float64            `json:"total_ms"`
}

type cellJSON struct {
	Cell         string    `json:"cell"`
	Kind         string    `json:"kind"`
	Digit        int       `json:"digit"`
	Marks        string    `json:"marks,omitempty"`
	Confidence   float64   `json:"confidence"`
	KindDoubt    float64   `json:"kind_doubt,omitempty"`
	Alternatives []altJSON `json:"alternatives,omitempty"`
}

type altJSON struct {
	Digit      int     `json:"digit"`
	Confidence float64 `json:"confidence"`
}

// readOne reads one photo with w (within its limit) and returns its
// output line and whether it succeeded.
func readOne(ctx context.Context, name string, stdin []byte, w *photoReader, asJSON bool) (line, note string, ok bool) {
	start := time.Now()
	res, err := readFileAsPhoto(ctx, name, stdin, w)
	total := time.Since(start)
	if err == nil {
		err = res.Err()
	}
	if !asJSON {
		if err != nil {
			return "error: " + err.Error(), "", false
		}
		var notes []string
		if g := res.GridsNote(); g != "" {
			notes = append(notes, g)
		}
		if len(res.Doubtful) > 0 {
			notes = append(notes, "not read surely, please check: "+strings.Join(cellNames(res.Doubtful), " "))
		}
		note = strings.Join(notes, "; ")
		if res.Entered.Givens() > 0 {
			return res.Grid.String() + "\n" + res.Entered.String(), note, true
		}
		return res.Grid.String(), note, true
	}
	j := readJSON{File: name, TotalMS: ms(total)}
	if err != nil {
		j.Error = err.Error()
	}
	if res != nil {
		j.Grid, j.Entered = res.Grid.String(), res.Entered.String()
		n := res.Solutions
		j.Solutions = &n
		for _, c := range res.Doubtful {
			j.Doubtful = append(j.Doubtful, fmt.Sprintf("r%dc%d", c/9+1, c%9+1))
		}
		corners, w, h := res.InFile()
		for _, p := range corners {
			j.Corners = append(j.Corners, [2]float64{round1(p.X), round1(p.Y)})
		}
		j.Size = [2]int{w, h}
		j.Orientation, j.Turns, j.Inverted = res.Orientation, res.Turns, res.Inverted
		if g := res.GridsNote(); g != "" {
			j.Grids, j.GridRead = len(res.OtherGrids)+1, g
		}
		for i, m := range res.Marks {
			if m != 0 {
				if j.Marks == nil {
					j.Marks = map[string]string{}
				}
				j.Marks[fmt.Sprintf("r%dc%d", i/9+1, i%9+1)] = m.String()
			}
		}
		for i, c := range res.Cells {
			cj := cellJSON{Cell: fmt.Sprintf("r%dc%d", i/9+1, i%9+1), Kind: c.Kind.String(), Digit: c.Digit, Confidence: round3(c.Confidence), KindDoubt: round3(c.KindDoubt)}
			if c.Kind == ocr.KindMarks {
				// A cell of pencil marks: how surely they are read.
				cj.Marks, cj.Confidence = c.Marks.String(), round3(c.MarksConfidence)
			}
			for _, a := range c.Alternatives {
				cj.Alternatives = append(cj.Alternatives, altJSON{a.Digit, round3(a.Confidence)})
			}
			j.Cells = append(j.Cells, cj)
		}
		j.TimingsMS = map[string]float64{}
		for _, st := range res.Stages {
			j.TimingsMS[st.Name] += ms(st.Duration)
		}
	}
	if j.Size[0] == 0 {
		j.Size = photoSize(name) // the reading stopped before saying
	}
	b, merr := json.Marshal(j)
	if merr != nil {
		return "error: " + merr.Error(), "", false
	}
	return string(b), "", err == nil
}

// defaultPhotoTimeout bounds the time spent reading one photo when
// SUDOKU_PHOTO_TIMEOUT does not say otherwise: a phone photo takes well
// under a second on a quiet core.
const defaultPhotoTimeout = 20 * time.Second

// photoTimeoutEnv names the environment variable that sets the time limit
// for reading one photo (a Go duration: "45s", "2m").
const photoTimeoutEnv = "SUDOKU_PHOTO_TIMEOUT"

// photoTimeoutSetting returns the time limit for reading one photo that
// the value of SUDOKU_PHOTO_TIMEOUT sets: the default when it is empty.
func photoTimeoutSetting(value string) (time.Duration, error) {
	if value == "" {
		return defaultPhotoTimeout, nil
	}
	d, err := time.ParseDuration(value)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s=%q: want a positive duration such as 20s or 2m", photoTimeoutEnv, value)
	}
	return d, nil
}

// readPhoto reads the puzzle in a photo's bytes with rec, within limit
// (the default limit when it is zero).
func readPhoto(ctx context.Context, data []byte, rec ocr.Recognizer, limit time.Duration) (*ocr.Result, error) {
	if limit <= 0 {
		limit = defaultPhotoTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	res, err := ocr.Read(ctx, data, ocr.Options{Recognizer: rec})
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, fmt.Errorf("reading the photo took longer than the limit of %v (%s sets it)", limit, photoTimeoutEnv)
	}
	return res, err
}

// readFileAsPhoto reads file name ("-": stdin, standard input's bytes) and
// the puzzle in it with w, within w's limit.
func readFileAsPhoto(ctx context.Context, name string, stdin []byte, w *photoReader) (*ocr.Result, error) {
	data, err := readInput(name, stdin)
	if err != nil {
		return nil, cleanPathError(err)
	}
	res, err := w.read(ctx, data)
	if errors.Is(err, ocr.ErrNotImage) {
		return nil, fmt.Errorf("%s is not a JPEG, PNG, GIF or WebP image", name)
	}
	return res, err
}

// cleanPathError keeps an os error's message short: "open x: no such file
// or directory".
func cleanPathError(err error) error {
	return errors.New(strings.TrimSpace(err.Error()))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func round1(v float64) float64 { return float64(int64(v*10+0.5)) / 10 }

func round3(v float64) float64 { return float64(int64(v*1000+0.5)) / 1000 }
