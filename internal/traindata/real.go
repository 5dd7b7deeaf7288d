package traindata

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokubot/sudokubot/internal/ocreval"
	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/ocr/digitnet"
)

// Folder is a development folder of pictures with truth, and how to read
// its labels.
type Folder struct {
	// Dir is the folder; GivensDir, when set, holds its givens (see
	// ocreval.LoadFolder).
	Dir, GivensDir string
	// Source names it in the report.
	Source Source
	// Printed and Entered are the kinds of its givens and of its entries;
	// KindUnknown when the truth does not tell them apart and the folder
	// holds both.
	Printed, Entered int8
	// Group names the group a picture belongs to for the split between
	// training and validation: pictures of one puzzle (or one writer)
	// stay together.
	Group func(name string, t ocreval.Truth) string
}

// DevFolders are the development folders under shared (../shared/ocr),
// with their labels.
func DevFolders(shared string) []Folder {
	byGivens := func(_ string, t ocreval.Truth) string { return t.Givens.String() }
	byName := func(name string, _ ocreval.Truth) string { return name }
	// Book photos are named train_02_17_honor_view_10_0: the puzzle is
	// 02_17.
	byPuzzle := func(name string, _ ocreval.Truth) string {
		f := strings.Split(name, "_")
		if len(f) >= 3 {
			return f[1] + "_" + f[2]
		}
		return name
	}
	d := func(s string) string { return filepath.Join(shared, "ocr", s) }
	return []Folder{
		{Dir: d("newspaper-dev"), Source: Newspaper, Printed: KindPrinted, Entered: KindHand, Group: byGivens},
		{Dir: d("mixed-dev"), GivensDir: d("newspaper-dev"), Source: Mixed, Printed: KindPrinted, Entered: KindHand, Group: byGivens},
		{Dir: d("handwritten-dev"), Source: Book, Printed: KindUnknown, Entered: KindUnknown, Group: byPuzzle},
		{Dir: d("handwriting-sheets-dev"), Source: Sheets, Printed: KindHand, Entered: KindHand, Group: byName},
		{Dir: d("screens-dev"), Source: Screens, Printed: KindPrinted, Entered: KindPrinted, Group: byGivens},
	}
}

// HeldOut reports whether the picture name of f, with truth t, is in the
// validation split: never trained or tuned on, only measured. A source's
// own validation pictures (handwritten-dev's val_* photos: 20 puzzles
// added later, the measure of puzzles the reader never saw) are all held
// out; of the others, one group in five ([IsValidation]).
func (f Folder) HeldOut(name string, t ocreval.Truth) bool {
	return strings.HasPrefix(name, validationPrefix) || IsValidation(f.Group(name, t))
}

// validationPrefix starts the names of the pictures a source put in its
// own validation split.
const validationPrefix = "val_"

// IsValidation reports whether a group goes to the validation split: one
// group in five, by a hash of its name.
func IsValidation(group string) bool {
	h := fnv.New32a()
	h.Write([]byte(group))
	return h.Sum32()%5 == 0
}

// RealStats counts what happened to a folder's pictures.
type RealStats struct {
	Pictures, Used, NoGrid, Misaligned int
}

// String sums the stats up.
func (s RealStats) String() string {
	return fmt.Sprintf("%d pictures: %d used, %d without a grid found, %d dropped as misaligned", s.Pictures, s.Used, s.NoGrid, s.Misaligned)
}

// minAgreement is how many of the 81 cells must agree with the truth on
// holding something or not for a picture's cells to be used: a grid found
// a cell off would teach the network nonsense.
const minAgreement = 74.0

// RealCells cuts the cells of every picture of folder f the way the
// reader does (ocr.Detect, ocr.GridCells, digitnet.Prepare) and labels
// them from the truth, calling emit with each record and whether its
// picture is in the validation split (see [PictureCells]).
func RealCells(f Folder, seed uint64, emit func(rec *Record, validation bool) error) (RealStats, error) {
	var st RealStats
	items, err := ocreval.LoadFolder(f.Dir, f.GivensDir)
	if err != nil {
		return st, err
	}
	for _, it := range items {
		data, err := os.ReadFile(it.Path)
		if err != nil {
			return st, err
		}
		dec, err := ocr.Decode(data, ocr.DefaultDecodeLimits)
		if err != nil {
			return st, fmt.Errorf("%s: %w", it.Path, err)
		}
		val := f.HeldOut(it.Name, it.Truth)
		l := Labels{Truth: it.Truth, Printed: f.Printed, Entered: f.Entered, Source: f.Source}
		var rng *rand.Rand
		if !val {
			rng = rand.New(rand.NewPCG(seed, uint64(st.Pictures)))
		}
		if err := PictureCells(dec.Image, ocr.ToGray(dec.Image), l, &st, rng, func(r *Record) error { return emit(r, val) }); err != nil {
			return st, err
		}
	}
	return st, nil
}

// Labels say how to label the cells of a picture: its truth, the kinds of
// its givens and of its entries (KindUnknown when the truth does not tell
// them apart), and where it comes from.
type Labels struct {
	Truth            ocreval.Truth
	Printed, Entered int8
	Source           Source
}

// PictureCells finds the grid in a picture and cuts its cells the way the
// reader does (ocr.Detect, ocr.GridCells, digitnet.Prepare), labels them
// and emits them, counting what happened in st. The picture is turned to
// the quarter turn whose cells agree best with the truth; a picture whose
// cells agree with it on fewer than minAgreement cells is dropped. With
// rng set (training pictures), the picture is cut jitteredCuts more times
// from corners moved a little, so that the network learns cells as a grid
// finder a few pixels off cuts them: digits off centre, grid lines in the
// cells.
func PictureCells(img image.Image, gray *image.Gray, l Labels, st *RealStats, rng *rand.Rand, emit func(*Record) error) error {
	st.Pictures++
	det, err := ocr.Detect(gray)
	if err != nil {
		st.NoGrid++
		return nil
	}
	truth := l.Truth.Digits()
	var in [digitnet.InputLen]float32
	var best ocr.Cells
	bestAgree, bestTurns := -1.0, 0
	for turns := range 4 {
		cells, _ := ocr.GridCells(img, gray, ocr.TurnQuad(det.Corners, turns))
		lv := digitnet.GridLevels(cells.Img, cells.Rects[:])
		// Ink where the truth has nothing says the grid is misplaced; no
		// ink where it has something may be a faint digit too, and
		// counts half. Pencil marks may all lie outside the middle
		// hasInk looks at: they count either way.
		agree := 81.0
		for i, r := range cells.Rects {
			digitnet.Prepare(cells.Img, r, lv, in[:])
			switch content, ink := truth.Cell(i) != 0, hasInk(in[:]); {
			case l.Truth.HasMarks(i):
			case ink && !content:
				agree--
			case content && !ink:
				agree -= 0.5
			}
		}
		if agree > bestAgree {
			best, bestAgree, bestTurns = cells, agree, turns
		}
	}
	if bestAgree < minAgreement {
		st.Misaligned++
		return nil
	}
	st.Used++
	cuts := []ocr.Cells{best}
	if rng != nil {
		for range jitteredCuts {
			cells, _ := ocr.GridCells(img, gray, jitter(ocr.TurnQuad(det.Corners, bestTurns), rng))
			cuts = append(cuts, cells)
		}
	}
	for _, cells := range cuts {
		if err := emitCells(l, cells, emit); err != nil {
			return err
		}
	}
	return nil
}

// jitteredCuts is how many more times each training picture is cut, from
// corners moved by up to maxJitter of a cell.
const (
	jitteredCuts = 2
	maxJitter    = 0.15
)

// jitter moves each corner of q by up to maxJitter of a cell in each
// direction.
func jitter(q ocr.Quad, rng *rand.Rand) ocr.Quad {
	cell := math.Hypot(q[1].X-q[0].X, q[1].Y-q[0].Y) / 9
	for k := range q {
		q[k].X += (2*rng.Float64() - 1) * maxJitter * cell
		q[k].Y += (2*rng.Float64() - 1) * maxJitter * cell
	}
	return q
}

// emitCells labels the 81 cells of one cut of a picture and emits them.
func emitCells(l Labels, cells ocr.Cells, emit func(*Record) error) error {
	t := l.Truth
	lv := digitnet.GridLevels(cells.Img, cells.Rects[:])
	for i, r := range cells.Rects {
		rec := Record{Source: l.Source}
		digitnet.Prepare(cells.Img, r, lv, rec.Input[:])
		switch {
		case t.Givens.Cell(i) != 0:
			rec.Kind, rec.Digit = l.Printed, int8(t.Givens.Cell(i))
		case t.Entered.Cell(i) != 0:
			rec.Kind, rec.Digit = l.Entered, int8(t.Entered.Cell(i))
		case t.HasMarks(i):
			rec.Kind = KindMarks
			if m, ok := t.Marks[i]; ok {
				rec.MarksKnown = true
				for _, c := range m {
					rec.Marks |= 1 << (c - '1')
				}
			}
		default:
			rec.Kind = KindEmpty
		}
		if err := emit(&rec); err != nil {
			return err
		}
	}
	return nil
}

// hasInk reports whether a prepared cell holds ink: a few pixels clearly
// darker than its paper away from the cell's edges (where grid lines
// leave shadows).
func hasInk(in []float32) bool {
	const side, m = digitnet.Side, digitnet.Side / 5
	n := 0
	for y := m; y < side-m; y++ {
		for _, v := range in[y*side+m : y*side+side-m] {
			if v > 0.45 {
				n++
			}
		}
	}
	return n >= 8
}

// SynthPictureCells renders n whole pictures with s, the looks in turn,
// and emits the cells the reader cuts from them (see [PictureCells]),
// jittered when jittered is set: cells as they come out of the reader's
// own grid finder, with an app's highlights and a photo's perspective.
func SynthPictureCells(s *Synth, n int, jittered bool, emit func(*Record) error) (RealStats, error) {
	var st RealStats
	for k := range n {
		look := Looks[k%len(Looks)]
		img, t := s.Picture(look)
		var buf bytes.Buffer
		if err := Encode(&buf, img, t); err != nil {
			return st, err
		}
		dec, err := ocr.Decode(buf.Bytes(), ocr.DefaultDecodeLimits)
		if err != nil {
			return st, fmt.Errorf("synthetic picture %d: %w", k, err)
		}
		l := Labels{Truth: ocreval.Truth{Givens: t.Givens, Entered: t.Entered, KindsKnown: true, Marks: t.Marks},
			Printed: KindPrinted, Entered: KindPrinted, Source: SynthPictures}
		if look == LookBook {
			l.Entered = KindHand
		}
		var rng *rand.Rand
		if jittered {
			rng = s.rng
		}
		if err := PictureCells(dec.Image, ocr.ToGray(dec.Image), l, &st, rng, emit); err != nil {
			return st, err
		}
	}
	return st, nil
}
