package ocreval

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// ParseTruth parses an imageN.dat truth file of the newspaper photo set:
// line 1 the phone, line 2 a size note, then 9 lines of 9 space-separated
// digits with 0 for an empty cell.
func ParseTruth(data []byte) (solver.Grid, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if len(lines) < 11 {
		return solver.Grid{}, fmt.Errorf("truth file has %d lines, want 11 (phone, size, 9 rows)", len(lines))
	}
	g, _ := solver.NewGrid(9)
	for r := range 9 {
		f := strings.Fields(lines[2+r])
		if len(f) != 9 {
			return solver.Grid{}, fmt.Errorf("truth line %d has %d fields, want 9", 3+r, len(f))
		}
		for c, s := range f {
			d, err := strconv.Atoi(s)
			if err != nil || d < 0 || d > 9 {
				return solver.Grid{}, fmt.Errorf("truth line %d field %d is %q, want a digit 0-9", 3+r, c+1, s)
			}
			g.Set(r, c, d)
		}
	}
	return g, nil
}

// ReadCornersCSV parses a corners.csv file (filepath, then x,y of the
// top-left, top-right, bottom-right and bottom-left corners) into a map from
// file name to corners.
func ReadCornersCSV(r io.Reader) (map[string]ocr.Quad, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("read corners: %w", err)
	}
	out := make(map[string]ocr.Quad)
	for i, row := range rows {
		if i == 0 && len(row) > 0 && row[0] == "filepath" {
			continue
		}
		if len(row) != 9 {
			return nil, fmt.Errorf("corners line %d has %d fields, want 9", i+1, len(row))
		}
		var q ocr.Quad
		for k := range 4 {
			x, err1 := strconv.ParseFloat(row[1+2*k], 64)
			y, err2 := strconv.ParseFloat(row[2+2*k], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("corners line %d: corner %d is not a number pair", i+1, k+1)
			}
			q[k] = ocr.Point{X: x, Y: y}
		}
		out[filepath.Base(row[0])] = q
	}
	return out, nil
}

// CornerError returns the mean distance in pixels between found corners
// (in stored pixels) and true ones. The true corners may be given in the
// stored pixels or, for a photo with EXIF orientation tag o, in the upright
// frame the tag describes; and in any corner order. The smallest error
// over these readings is returned.
func CornerError(found, truth ocr.Quad, width, height, o int) float64 {
	frames := []ocr.Quad{truth}
	if t := ocr.ExifTurns(o); t != 0 {
		var s ocr.Quad
		for i, p := range truth {
			switch t {
			case 1:
				s[i] = ocr.Point{X: p.Y, Y: float64(height) - p.X}
			case 2:
				s[i] = ocr.Point{X: float64(width) - p.X, Y: float64(height) - p.Y}
			case 3:
				s[i] = ocr.Point{X: float64(width) - p.Y, Y: p.X}
			}
		}
		frames = append(frames, s)
	}
	best := math.Inf(1)
	for _, f := range frames {
		for sh := range 4 {
			e := 0.0
			for i := range 4 {
				p, q := found[i], f[(i+sh)%4]
				e += math.Hypot(p.X-q.X, p.Y-q.Y) / 4
			}
			best = math.Min(best, e)
		}
	}
	return best
}
