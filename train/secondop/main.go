package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/ocr/digitnet"
	"github.com/sudokubot/sudokubot/ocr/tesseract"
)

func main() {
	// OpenMP reads OMP_THREAD_LIMIT when Tesseract is loaded: this
	// re-executes the program with it set, before anything else happens.
	if err := tesseract.EnsureOMPThreadLimit(); err != nil {
		fmt.Fprintf(os.Stderr, "secondop: warning: %v (reading will be slower)\n", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "secondop: %v\n", err)
		os.Exit(1)
	}
}

// run is the command: args are its arguments, without the program's
// name. Pictures that cannot be read are named on stderr and counted.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("secondop", flag.ContinueOnError)
	fs.SetOutput(stderr)
	csvPath := fs.String("csv", "", "also write every cell's opinions to `FILE`, as CSV")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: OMP_THREAD_LIMIT=1 go run ./train/secondop [-csv FILE] FOLDER...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errors.New("no folder given")
	}

	net, err := digitnet.Default()
	if err != nil {
		return fmt.Errorf("load the cell classifier: %w", err)
	}
	pool := tesseract.NewPool(1)
	defer func() {
		if cerr := pool.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("close tesseract: %w", cerr)
		}
	}()
	m := &measurer{
		net:    net,
		reader: tesseract.NewReader(pool),
		// The network alone finds the grid, as in the product (where
		// Tesseract is asked about the cells only).
		rec: ocr.NewRecognizer(nil),
	}

	var cw *cellWriter
	if *csvPath != "" {
		f, err := os.Create(*csvPath)
		if err != nil {
			return fmt.Errorf("create the CSV: %w", err)
		}
		cw = newCellWriter(f)
		defer func() {
			if cerr := cw.close(); cerr != nil && err == nil {
				err = fmt.Errorf("write %s: %w", *csvPath, cerr)
			}
		}()
	}

	folders := map[string]*folder{}
	for _, dir := range fs.Args() {
		name := filepath.Base(dir)
		f := folders[name]
		if f == nil {
			f = &folder{name: name}
			folders[name] = f
		}
		if err := m.measureFolder(ctx, dir, f, cw, stderr); err != nil {
			return err
		}
	}

	names := make([]string, 0, len(folders))
	for name := range folders {
		names = append(names, name)
	}
	slices.Sort(names)
	all := &folder{name: "ALL"}
	for _, name := range names {
		f := folders[name]
		writeTable(stdout, f)
		all.cells = append(all.cells, f.cells...)
		all.pictures += f.pictures
		all.skipped += f.skipped
	}
	writeTable(stdout, all)
	return nil
}

// folder gathers the cells of the pictures of one folder name.
type folder struct {
	name     string
	cells    []cell
	pictures int // pictures measured
	skipped  int // pictures that could not be read
}

// measurer reads the cells of pictures with both readers.
type measurer struct {
	net    *digitnet.Net
	reader *tesseract.Reader
	rec    ocr.Recognizer
}

// errUnreadable marks a picture that is skipped: it could not be read
// from disk, decoded, or its grid found.
var errUnreadable = errors.New("unreadable picture")

// measureFolder measures the pictures of dir into f, and writes their
// cells to cw when it is not nil. The folder mixed-dev takes its givens
// from the newspaper-dev beside it.
func (m *measurer) measureFolder(ctx context.Context, dir string, f *folder, cw *cellWriter, stderr io.Writer) error {
	givens := ""
	if filepath.Base(dir) == "mixed-dev" {
		givens = filepath.Join(filepath.Dir(dir), "newspaper-dev")
	}
	items, err := ocreval.LoadFolder(dir, givens)
	if err != nil {
		return fmt.Errorf("load %s: %w", dir, err)
	}
	for _, it := range items {
		cells, err := m.measure(ctx, it)
		if errors.Is(err, errUnreadable) {
			f.skipped++
			fmt.Fprintf(stderr, "secondop: skipped %s: %v\n", it.Path, err)
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", it.Path, err)
		}
		f.pictures++
		f.cells = append(f.cells, cells[:]...)
		if cw != nil {
			if err := cw.write(f.name, it.Name, &cells); err != nil {
				return fmt.Errorf("write the CSV: %w", err)
			}
		}
	}
	return nil
}

// measure reads the 81 cells of picture it with the network, and the
// glyphs of the cells holding a digit's ink with Tesseract.
func (m *measurer) measure(ctx context.Context, it ocreval.Item) ([81]cell, error) {
	var cells [81]cell
	data, err := os.ReadFile(it.Path)
	if err != nil {
		return cells, fmt.Errorf("%w: %w", errUnreadable, err)
	}
	dec, err := ocr.Decode(data, ocr.DefaultDecodeLimits)
	if err != nil {
		return cells, fmt.Errorf("%w: %w", errUnreadable, err)
	}
	res, err := ocr.ReadDecoded(ctx, dec, ocr.Options{Recognizer: m.rec})
	if err != nil {
		if ctx.Err() != nil {
			return cells, ctx.Err()
		}
		return cells, fmt.Errorf("%w: %w", errUnreadable, err)
	}
	gc, _ := ocr.GridCells(dec.Image, ocr.ToGray(dec.Image), res.Corners)

	// The network, on every cell.
	lv := digitnet.GridLevels(gc.Img, gc.Rects[:])
	in := make([]float32, 81*digitnet.InputLen)
	for i, r := range gc.Rects {
		digitnet.Prepare(gc.Img, r, lv, in[i*digitnet.InputLen:(i+1)*digitnet.InputLen])
	}
	outs := make([]digitnet.Output, 81)
	m.net.Classify(in, outs)

	// Tesseract, on every cell holding a digit's ink.
	var with []int
	var glyphs []*image.Gray
	for i, g := range ocr.DigitGlyphs(gc) {
		if g != nil {
			with = append(with, i)
			glyphs = append(glyphs, g)
		}
	}
	guesses, err := m.reader.ReadDigits(ctx, glyphs)
	if err != nil {
		return cells, fmt.Errorf("tesseract: %w", err)
	}
	if len(guesses) != len(glyphs) {
		return cells, fmt.Errorf("tesseract: %d guesses for %d glyphs", len(guesses), len(glyphs))
	}
	tess := map[int]ocr.DigitGuess{}
	for k, i := range with {
		tess[i] = guesses[k]
	}

	truth := it.Truth.Digits()
	for i := range cells {
		c := &cells[i]
		c.truth = truth.Cell(i)
		c.kind = kindOf(it.Truth, i)
		o := outs[i]
		c.pe, c.pp, c.ph, c.pm = float64(o.Kind[digitnet.KindEmpty]), float64(o.Kind[digitnet.KindPrinted]),
			float64(o.Kind[digitnet.KindHand]), float64(o.Kind[digitnet.KindMarks])
		var p1, p2 float32
		for d, p := range o.Digit {
			if p > p1 {
				c.d2, p2 = c.d1, p1
				c.d1, p1 = d+1, p
			} else if p > p2 {
				c.d2, p2 = d+1, p
			}
		}
		c.p1, c.p2 = float64(p1), float64(p2)
		if g, ok := tess[i]; ok && g.OK {
			c.tok = true
			for d := 1; d <= 9; d++ {
				if g.P[d] > c.tp {
					c.td, c.tp = d, g.P[d]
				}
			}
		}
	}
	return cells, nil
}

// kindOf is the kind of cell i by truth t (see cell.kind).
func kindOf(t ocreval.Truth, i int) string {
	switch {
	case t.Givens.Cell(i) != 0 && t.KindsKnown:
		return "given"
	case t.Entered.Cell(i) != 0:
		return "entry"
	case t.HasMarks(i):
		return "marks"
	case t.Digits().Cell(i) != 0:
		return "digit"
	}
	return "empty"
}

// writeTable writes f's results as a Markdown table, one row per rule,
// counting only the cells that are printed digits, digits of unknown kind
// or empty.
func writeTable(w io.Writer, f *folder) {
	var counted []*cell
	var picture []int // the picture of each counted cell, by its place in f.cells
	for i := range f.cells {
		if f.cells[i].counted() {
			counted = append(counted, &f.cells[i])
			picture = append(picture, i/81)
		}
	}
	fmt.Fprintf(w, "## %s\n\n%d pictures (%d skipped), %d cells (given, digit or empty)\n\n",
		f.name, f.pictures, f.skipped, len(counted))
	fmt.Fprintln(w, "| rule | Tesseract asked (cells) | (pictures) | cells wrong | wrong and sure | unsure (< 0.97) |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	byPicture := map[int][]*cell{}
	for k, c := range counted {
		byPicture[picture[k]] = append(byPicture[picture[k]], c)
	}
	for _, r := range rules {
		var t tally
		started := map[int]bool{}
		for p, cells := range byPicture {
			started[p] = r.starts(cells)
		}
		asking := map[int]bool{}
		for k, c := range counted {
			if t.add(r, c, started[picture[k]]) {
				asking[picture[k]] = true
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d |\n", r.name, t.asked, len(asking), t.wrong, t.sureWrong, t.unsure)
	}
	fmt.Fprintln(w)
}

// cellWriter writes cells as CSV, one row per cell.
type cellWriter struct {
	f   *os.File
	buf *bufio.Writer
	csv *csv.Writer
	err error // the first error of the header
}

// newCellWriter returns a writer of cells to f, which it closes, and
// writes the header.
func newCellWriter(f *os.File) *cellWriter {
	buf := bufio.NewWriter(f)
	cw := &cellWriter{f: f, buf: buf, csv: csv.NewWriter(buf)}
	cw.err = cw.csv.Write([]string{"folder", "picture", "cell", "truth", "kind",
		"pe", "pp", "ph", "pm", "d1", "p1", "d2", "p2", "td", "tp", "tok"})
	return cw
}

// write writes the 81 cells of picture pic of folder dir.
func (cw *cellWriter) write(dir, pic string, cells *[81]cell) error {
	if cw.err != nil {
		return cw.err
	}
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	for i, c := range cells {
		err := cw.csv.Write([]string{dir, pic, strconv.Itoa(i), strconv.Itoa(c.truth), c.kind,
			f(c.pe, 5), f(c.pp, 5), f(c.ph, 5), f(c.pm, 5),
			strconv.Itoa(c.d1), f(c.p1, 5), strconv.Itoa(c.d2), f(c.p2, 5),
			strconv.Itoa(c.td), f(c.tp, 4), strconv.FormatBool(c.tok)})
		if err != nil {
			return err
		}
	}
	return nil
}

// close flushes and closes the file.
func (cw *cellWriter) close() error {
	cw.csv.Flush()
	err := errors.Join(cw.err, cw.csv.Error(), cw.buf.Flush())
	return errors.Join(err, cw.f.Close())
}
