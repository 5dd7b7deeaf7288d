package ocreval

import (
	"math"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/ocr"
)

func TestParseTruth(t *testing.T) {
	good := "iphone\n960x1280: 24 JPG\n" + strings.Repeat("0 0 2 0 3 0 6 0 0 \n", 9)
	g, err := ParseTruth([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if g.Cell(2) != 2 || g.Cell(6) != 6 || g.Cell(0) != 0 || g.Cell(80) != 0 || g.Givens() != 27 {
		t.Errorf("parsed %s", g)
	}
	crlf := strings.ReplaceAll(good, "\n", "\r\n")
	if _, err := ParseTruth([]byte(crlf)); err != nil {
		t.Errorf("CRLF: %v", err)
	}
	bad := []struct{ name, text, want string }{
		{"short", "phone\nsize\n1 2 3\n", "truth file has 4 lines, want 11"},
		{"eight fields", "p\ns\n" + strings.Repeat("0 0 0 0 0 0 0 0 0\n", 4) + "0 0 0 0 0 0 0 0\n" + strings.Repeat("0 0 0 0 0 0 0 0 0\n", 4), "truth line 7 has 8 fields, want 9"},
		{"letter", "p\ns\n0 0 x 0 0 0 0 0 0\n" + strings.Repeat("0 0 0 0 0 0 0 0 0\n", 8), `truth line 3 field 3 is "x"`},
		{"ten", "p\ns\n10 0 0 0 0 0 0 0 0\n" + strings.Repeat("0 0 0 0 0 0 0 0 0\n", 8), `field 1 is "10"`},
	}
	for _, tc := range bad {
		if _, err := ParseTruth([]byte(tc.text)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestReadCornersCSV(t *testing.T) {
	m, err := ReadCornersCSV(strings.NewReader("filepath,p1_x,p1_y,p2_x,p2_y,p3_x,p3_y,p4_x,p4_y\nimage1.jpg,1,2,3,4,5,6,7,8.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if q := m["image1.jpg"]; q != (ocr.Quad{{X: 1, Y: 2}, {X: 3, Y: 4}, {X: 5, Y: 6}, {X: 7, Y: 8.5}}) {
		t.Errorf("got %v", q)
	}
	for _, bad := range []string{"a,1,2\n", "image1.jpg,1,2,3,4,5,6,7,x\n", "\"unterminated\n"} {
		if _, err := ReadCornersCSV(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestCornerError(t *testing.T) {
	q := ocr.Quad{{X: 10, Y: 10}, {X: 110, Y: 10}, {X: 110, Y: 110}, {X: 10, Y: 110}}
	if e := CornerError(q, q, 200, 150, 1); e != 0 {
		t.Errorf("same corners: %v", e)
	}
	// Any corner order matches.
	if e := CornerError(q, ocr.Quad{q[2], q[3], q[0], q[1]}, 200, 150, 1); e != 0 {
		t.Errorf("rotated order: %v", e)
	}
	// Truth given in the upright frame of an orientation-6 photo (stored
	// 200x150, shown 150x200): stored (x, y) shows at (150-y, x).
	var up ocr.Quad
	for i, p := range q {
		up[i] = ocr.Point{X: 150 - p.Y, Y: p.X}
	}
	if e := CornerError(q, up, 200, 150, 6); e > 1e-9 {
		t.Errorf("upright-frame truth: %v", e)
	}
	off := ocr.Quad{{X: 13, Y: 14}, {X: 113, Y: 14}, {X: 113, Y: 114}, {X: 13, Y: 114}}
	if e := CornerError(off, q, 200, 150, 1); math.Abs(e-5) > 1e-9 {
		t.Errorf("offset by (3,4): %v, want 5", e)
	}
}

// FuzzParseTruth checks that truth parsing never panics and that what it
// accepts is a 9x9 grid of digits.
func FuzzParseTruth(f *testing.F) {
	f.Add([]byte("p\ns\n" + strings.Repeat("0 1 2 3 4 5 6 7 8\n", 9)))
	f.Add([]byte("p\ns\n1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseTruth(data)
		if err != nil {
			return
		}
		if g.Side() != 9 {
			t.Fatalf("side %d", g.Side())
		}
		for i := range 81 {
			if d := g.Cell(i); d < 0 || d > 9 {
				t.Fatalf("cell %d is %d", i, d)
			}
		}
	})
}

// FuzzReadCornersCSV checks that the corners parser never panics.
func FuzzReadCornersCSV(f *testing.F) {
	f.Add("filepath,p1_x,p1_y,p2_x,p2_y,p3_x,p3_y,p4_x,p4_y\nimage1.jpg,1,2,3,4,5,6,7,8\n")
	f.Add("x,1\n")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ReadCornersCSV(strings.NewReader(s))
		if err == nil && m == nil {
			t.Fatal("nil map without error")
		}
	})
}
