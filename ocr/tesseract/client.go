package tesseract

import (
	"fmt"
	"image"
	"os"
	"regexp"
	"strconv"
	"sync"
	"syscall"

	"github.com/otiai10/gosseract/v2"
)

// EnsureOMPThreadLimit makes sure the process runs with OMP_THREAD_LIMIT
// set, re-executing the running program with OMP_THREAD_LIMIT=1 added to its
// environment when the variable is missing. Tesseract parallelises each
// recognition with OpenMP, which on small images makes every call about
// three times slower and competes with the other workers for the cores.
// OpenMP reads the variable once, when the shared library is loaded and
// before any Go code runs, so os.Setenv is too late: mains (and TestMain)
// call this first thing. It returns nil when the variable is already set
// and does not return at all when the re-execution succeeds.
func EnsureOMPThreadLimit() error {
	if _, ok := os.LookupEnv("OMP_THREAD_LIMIT"); ok {
		return nil
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("set OMP_THREAD_LIMIT: find the running program: %w", err)
	}
	env := append(os.Environ(), "OMP_THREAD_LIMIT=1")
	if err := syscall.Exec(exe, os.Args, env); err != nil {
		return fmt.Errorf("set OMP_THREAD_LIMIT: re-execute %s: %w", exe, err)
	}
	return nil
}

// digitWhitelist is the set of characters Tesseract may answer with.
const digitWhitelist = "123456789"

// tessClient is one Tesseract engine with the settings this package uses.
// It is not safe for concurrent use: a [Pool] hands it to one goroutine
// at a time.
type tessClient struct {
	c   *gosseract.Client
	psm string // the page segmentation mode last set
}

// startMu makes clients start one at a time: gosseract sends the
// process's standard error to /dev/null while Tesseract starts and puts it
// back from a copy it keeps in one place for all clients, so two clients
// starting at once (the workers of sudoku read) could leave standard error
// on /dev/null for good, and the command's messages lost.
var startMu sync.Mutex

// newTessClient creates a client reading digits only and runs a first
// recognition so that the engine is initialised (about 100-160 ms) before
// the client is used for real work.
func newTessClient() (*tessClient, error) {
	startMu.Lock()
	defer startMu.Unlock()
	c := gosseract.NewClient()
	t := &tessClient{c: c}
	if err := c.SetLanguage("eng"); err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: set language: %w", err)
	}
	if err := c.SetWhitelist(digitWhitelist); err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: set whitelist: %w", err)
	}
	// Character boxes and the LSTM's choices for every character, in the
	// hOCR output.
	for k, v := range map[string]string{"hocr_char_boxes": "1", "lstm_choice_mode": "2"} {
		if err := c.SetVariable(gosseract.SettableVariable(k), v); err != nil {
			c.Close()
			return nil, fmt.Errorf("tesseract: set %s: %w", k, err)
		}
	}
	if err := c.DisableOutput(); err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: disable debug output: %w", err)
	}
	// Warm up: the first call loads the model.
	warm := image.NewGray(image.Rect(0, 0, 40, 40))
	for i := range warm.Pix {
		warm.Pix[i] = 255
	}
	if _, err := t.symbols(warm, gosseract.PSM_SINGLE_LINE); err != nil {
		c.Close()
		return nil, err
	}
	return t, nil
}

// close frees the engine.
func (t *tessClient) close() error {
	if err := t.c.Close(); err != nil {
		return fmt.Errorf("tesseract: close: %w", err)
	}
	return nil
}

// tessSymbol is one character Tesseract read, where and how sure, with the
// other characters its LSTM considered at that place.
type tessSymbol struct {
	Digit      int
	Box        image.Rectangle
	Confidence float64 // 0-1
	// Choices are the LSTM's candidates for the place, best first, with
	// their confidences (0-1); the rank carries information even where the
	// confidence is 0.
	Choices []tessChoice
}

// tessChoice is one candidate of the LSTM for a character.
type tessChoice struct {
	Digit      int
	Confidence float64
}

// hocrToken matches, in Tesseract's hOCR with hocr_char_boxes=1 and
// lstm_choice_mode=2, a character with its box and confidence, or one of
// the choices listed after it.
var hocrToken = regexp.MustCompile(`x_bboxes (\d+) (\d+) (\d+) (\d+); x_conf ([\d.]+)'>([^<]*)<|x_confs ([\d.]+)'>([^<]*)<`)

// symbols runs Tesseract on img with page segmentation mode psm and returns
// the digits it read, left to right as Tesseract orders them.
func (t *tessClient) symbols(img *image.Gray, psm gosseract.PageSegMode) ([]tessSymbol, error) {
	if p := strconv.Itoa(int(psm)); p != t.psm {
		// SetPageSegMode before the first Text() is lost (the engine is
		// initialised later and resets it): the variable sticks.
		if err := t.c.SetVariable("tessedit_pageseg_mode", p); err != nil {
			return nil, fmt.Errorf("tesseract: set page mode %s: %w", p, err)
		}
		t.psm = p
	}
	if err := t.c.SetImageFromBytes(encodePGM(img)); err != nil {
		return nil, fmt.Errorf("tesseract: set image: %w", err)
	}
	hocr, err := t.c.HOCRText()
	if err != nil {
		return nil, fmt.Errorf("tesseract: recognise: %w", err)
	}
	return parseHOCR(hocr), nil
}

// parseHOCR extracts the digits, their boxes, confidences and choices from
// Tesseract's hOCR output. Characters other than 1-9 are dropped with their
// choices.
func parseHOCR(hocr string) []tessSymbol {
	var out []tessSymbol
	inSym := false // the choices seen belong to a kept symbol
	for _, m := range hocrToken.FindAllStringSubmatch(hocr, -1) {
		if m[1] != "" {
			inSym = false
			d := digitOf(m[6])
			if d == 0 {
				continue
			}
			x0, _ := strconv.Atoi(m[1])
			y0, _ := strconv.Atoi(m[2])
			x1, _ := strconv.Atoi(m[3])
			y1, _ := strconv.Atoi(m[4])
			conf, _ := strconv.ParseFloat(m[5], 64)
			out = append(out, tessSymbol{Digit: d, Box: image.Rect(x0, y0, x1, y1), Confidence: max(0, min(1, conf/100))})
			inSym = true
			continue
		}
		if !inSym {
			continue
		}
		d := digitOf(m[8])
		if d == 0 {
			continue
		}
		conf, _ := strconv.ParseFloat(m[7], 64)
		s := &out[len(out)-1]
		s.Choices = append(s.Choices, tessChoice{Digit: d, Confidence: max(0, min(1, conf/100))})
	}
	return out
}

// digitOf returns the digit 1-9 that s spells, or 0.
func digitOf(s string) int {
	if len(s) != 1 || s[0] < '1' || s[0] > '9' {
		return 0
	}
	return int(s[0] - '0')
}

// encodePGM writes img as a binary PGM (P5), which Leptonica reads from
// memory without a codec library and faster than PNG.
func encodePGM(img *image.Gray) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	head := fmt.Sprintf("P5\n%d %d\n255\n", w, h)
	out := make([]byte, len(head)+w*h)
	copy(out, head)
	p := out[len(head):]
	for y := range h {
		copy(p[y*w:(y+1)*w], img.Pix[(y)*img.Stride:y*img.Stride+w])
	}
	return out
}
