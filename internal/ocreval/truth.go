package ocreval

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// Truth is what a picture of a development folder really shows.
type Truth struct {
	// Givens are the puzzle's printed digits. When KindsKnown is false
	// they hold every digit of the picture, printed or written.
	Givens solver.Grid
	// Entered are the digits the player wrote or typed (0 elsewhere).
	Entered solver.Grid
	// KindsKnown reports whether the truth tells givens from entries.
	KindsKnown bool
	// Marks maps a cell (0-80) to the pencil-mark digits it shows, when
	// known.
	Marks map[int]string
	// MarkCells are the cells that hold pencil marks whose digits the
	// truth does not give (they count as empty in Givens and Entered).
	MarkCells []int
}

// Digits returns every digit of the picture: givens and entries.
func (t Truth) Digits() solver.Grid {
	g := t.Givens
	for i := range 81 {
		if d := t.Entered.Cell(i); d != 0 {
			g.SetCell(i, d)
		}
	}
	return g
}

// HasMarks reports whether cell i holds pencil marks.
func (t Truth) HasMarks(i int) bool {
	_, ok := t.Marks[i]
	return ok || slices.Contains(t.MarkCells, i)
}

// Item is one picture of a folder with its truth.
type Item struct {
	// Name is the picture's file name.
	Name string
	// Path is where the picture is.
	Path string
	// Truth is what it shows.
	Truth Truth
	// Corners are the grid's true outer corners, when the folder gives
	// them.
	Corners *ocr.Quad
}

// imageExts are the picture files a folder may hold, in order of
// preference when a truth file has several.
var imageExts = []string{".jpg", ".jpeg", ".png", ".webp", ".gif"}

// LoadFolder lists the pictures of dir that have a truth file beside them:
// NAME.dat (two header lines, then 9 lines of 9 digits, 0 for empty: the
// format of the newspaper, handwriting and book folders) or NAME.json (the
// screenshot folders' format: "givens" and "entered" as 81 characters with
// '.' for empty, and "pencil_marks" or "extra"."pencil_marks" mapping a cell
// index to its digits). It also reads the folder's corners.csv (true grid
// corners) and pencil-mark-cells.txt (the cells holding pencil marks) when
// present. When givensDir is not empty, the .dat file of the same name in
// it holds the puzzle's givens, and the other digits of a picture are the
// player's entries (the filled-in newspaper folder).
func LoadFolder(dir, givensDir string) ([]Item, error) {
	st, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("there is no folder %s", dir)
		}
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	corners, err := readCornersFile(filepath.Join(dir, "corners.csv"))
	if err != nil {
		return nil, err
	}
	markCells, err := readMarkCells(filepath.Join(dir, "pencil-mark-cells.txt"))
	if err != nil {
		return nil, err
	}
	files := map[string]bool{}
	for _, e := range entries {
		files[e.Name()] = true
	}
	var items []Item
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if ext != ".dat" && ext != ".json" {
			continue
		}
		base := strings.TrimSuffix(e.Name(), ext)
		pic := ""
		for _, x := range imageExts {
			if files[base+x] {
				pic = base + x
				break
			}
		}
		if pic == "" {
			continue
		}
		truthPath := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(truthPath)
		if err != nil {
			return nil, err
		}
		var t Truth
		if ext == ".json" {
			t, err = ParseTruthJSON(data)
		} else {
			t.Givens, err = ParseTruth(data)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", truthPath, err)
		}
		if givensDir != "" && ext == ".dat" {
			if t, err = splitByGivens(t, filepath.Join(givensDir, e.Name())); err != nil {
				return nil, err
			}
		}
		t.MarkCells = markCells[pic]
		it := Item{Name: pic, Path: filepath.Join(dir, pic), Truth: t}
		if q, ok := corners[pic]; ok {
			it.Corners = &q
		} else if ext == ".json" {
			it.Corners = jsonCorners(data)
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("%s holds no pictures with a .dat or .json truth file beside them", dir)
	}
	sort.Slice(items, func(a, b int) bool { return naturalLess(items[a].Name, items[b].Name) })
	return items, nil
}

// splitByGivens makes the digits of t that are in the givens file path the
// givens, and the others the entries.
func splitByGivens(t Truth, path string) (Truth, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return t, fmt.Errorf("givens of %s: %w", filepath.Base(path), err)
	}
	given, err := ParseTruth(data)
	if err != nil {
		return t, fmt.Errorf("%s: %w", path, err)
	}
	all := t.Givens
	t.Givens, _ = solver.NewGrid(9)
	t.Entered, _ = solver.NewGrid(9)
	for i := range 81 {
		switch d := all.Cell(i); {
		case d == 0:
		case given.Cell(i) == d:
			t.Givens.SetCell(i, d)
		default:
			t.Entered.SetCell(i, d)
		}
	}
	t.KindsKnown = true
	return t, nil
}

// screenTruth is the JSON truth of a screenshot.
type screenTruth struct {
	Givens      string            `json:"givens"`
	Entered     string            `json:"entered"`
	PencilMarks map[string]string `json:"pencil_marks"`
	Extra       struct {
		PencilMarks map[string]string `json:"pencil_marks"`
	} `json:"extra"`
}

// ParseTruthJSON parses a screenshot's JSON truth file.
func ParseTruthJSON(data []byte) (Truth, error) {
	var s screenTruth
	if err := json.Unmarshal(data, &s); err != nil {
		return Truth{}, fmt.Errorf("truth JSON: %w", err)
	}
	var t Truth
	var err error
	if t.Givens, err = grid81(s.Givens, "givens"); err != nil {
		return Truth{}, err
	}
	if t.Entered, err = grid81(cmpOr(s.Entered, strings.Repeat(".", 81)), "entered"); err != nil {
		return Truth{}, err
	}
	t.KindsKnown = true
	marks := s.PencilMarks
	if len(marks) == 0 {
		marks = s.Extra.PencilMarks
	}
	for k, v := range marks {
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i > 80 {
			return Truth{}, fmt.Errorf("truth JSON: pencil marks of cell %q: want a cell index 0-80", k)
		}
		if v == "" || strings.Trim(v, "123456789") != "" {
			return Truth{}, fmt.Errorf("truth JSON: pencil marks of cell %d are %q, want digits 1-9", i, v)
		}
		if t.Marks == nil {
			t.Marks = map[int]string{}
		}
		t.Marks[i] = v
	}
	for i := range 81 {
		if t.Givens.Cell(i) != 0 && t.Entered.Cell(i) != 0 {
			return Truth{}, fmt.Errorf("truth JSON: cell %d is both a given and an entry", i)
		}
	}
	return t, nil
}

// jsonCorners reads the grid's outer corners ("corners": four [x, y]
// pairs, top-left first, clockwise) from a JSON truth file that gives
// them, as the synthetic sets of train/synthset do; nil when it does not.
func jsonCorners(data []byte) *ocr.Quad {
	var c struct {
		Corners *[4][2]float64 `json:"corners"`
	}
	if json.Unmarshal(data, &c) != nil || c.Corners == nil {
		return nil
	}
	var q ocr.Quad
	for k, p := range c.Corners {
		q[k] = ocr.Point{X: p[0], Y: p[1]}
	}
	return &q
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// grid81 reads 81 characters, digits 1-9 and '.' or '0' for empty.
func grid81(s, field string) (solver.Grid, error) {
	g, _ := solver.NewGrid(9)
	if len(s) != 81 {
		return g, fmt.Errorf("truth JSON: %s has %d characters, want 81", field, len(s))
	}
	for i := range 81 {
		switch c := s[i]; {
		case c == '.' || c == '0':
		case c >= '1' && c <= '9':
			g.SetCell(i, int(c-'0'))
		default:
			return g, fmt.Errorf("truth JSON: %s has %q at %d, want a digit or '.'", field, c, i)
		}
	}
	return g, nil
}

// readCornersFile reads corners.csv when it exists.
func readCornersFile(path string) (map[string]ocr.Quad, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	q, err := ReadCornersCSV(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return q, nil
}

// readMarkCells reads pencil-mark-cells.txt when it exists: after comment
// lines starting with '#', a picture's name then the cells (like r9c3)
// that hold pencil marks.
func readMarkCells(path string) (map[string][]int, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseMarkCells(data)
}

// ParseMarkCells parses the lines of a pencil-mark-cells.txt file.
func ParseMarkCells(data []byte) (map[string][]int, error) {
	out := map[string][]int{}
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		var cells []int
		for _, c := range f[1:] {
			var r, col int
			if _, err := fmt.Sscanf(c, "r%dc%d", &r, &col); err != nil || r < 1 || r > 9 || col < 1 || col > 9 || fmt.Sprintf("r%dc%d", r, col) != c {
				return nil, fmt.Errorf("pencil-mark cells line %d: %q is not a cell like r9c3", n+1, c)
			}
			cells = append(cells, (r-1)*9+col-1)
		}
		out[f[0]] = cells
	}
	return out, nil
}

// naturalLess orders names with numbers by value: image2 before image10.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitsPrefix(a), digitsPrefix(b)
		if da != "" && db != "" {
			na, _ := strconv.Atoi(da)
			nb, _ := strconv.Atoi(db)
			if na != nb {
				return na < nb
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitsPrefix(s string) string {
	i := 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}
