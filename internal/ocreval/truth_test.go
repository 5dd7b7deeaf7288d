package ocreval

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const (
	givens81  = "..............1..2.34....5.......6.7....3.....45.8.........7....8.....9.7..2.6..."
	entered81 = "....6........4.........2.......25...1............................................"
)

func TestParseTruthJSON(t *testing.T) {
	top := `{"givens":"` + givens81 + `","entered":"` + entered81 + `","pencil":true,"pencil_marks":{"0":"259","80":"1"}}`
	extra := `{"givens":"` + givens81 + `","entered":"` + entered81 + `","extra":{"pencil_marks":{"3":"47"}}}`
	tr, err := ParseTruthJSON([]byte(top))
	if err != nil {
		t.Fatal(err)
	}
	if !tr.KindsKnown || tr.Givens.Givens() != 17 || tr.Entered.Givens() != 6 || tr.Givens.Cell(14) != 1 || tr.Entered.Cell(4) != 6 {
		t.Errorf("parsed givens %s, entered %s", tr.Givens, tr.Entered)
	}
	if !reflect.DeepEqual(tr.Marks, map[int]string{0: "259", 80: "1"}) || !tr.HasMarks(80) || tr.HasMarks(1) {
		t.Errorf("marks %v", tr.Marks)
	}
	if d := tr.Digits(); d.Givens() != 23 || d.Cell(4) != 6 || d.Cell(14) != 1 {
		t.Errorf("all digits %s", d)
	}
	if tr, err := ParseTruthJSON([]byte(extra)); err != nil || !reflect.DeepEqual(tr.Marks, map[int]string{3: "47"}) {
		t.Errorf("marks under extra: %v, %v", tr.Marks, err)
	}
	for _, tc := range []struct{ json, want string }{
		{`{`, "truth JSON"},
		{`{"givens":"123"}`, "givens has 3 characters, want 81"},
		{`{"givens":"` + strings.Repeat("x", 81) + `"}`, `givens has 'x' at 0`},
		{`{"givens":"` + givens81 + `","entered":"` + "1" + strings.Repeat(".", 80) + `"}`, ""},
		{`{"givens":"` + givens81 + `","entered":"` + strings.Repeat(".", 14) + "5" + strings.Repeat(".", 66) + `"}`, "cell 14 is both a given and an entry"},
		{`{"givens":"` + givens81 + `","pencil_marks":{"81":"1"}}`, `pencil marks of cell "81"`},
		{`{"givens":"` + givens81 + `","pencil_marks":{"1":"10"}}`, `are "10", want digits 1-9`},
	} {
		_, err := ParseTruthJSON([]byte(tc.json))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.json, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.40s...: err %v, want %q", tc.json, err, tc.want)
		}
	}
}

func TestParseMarkCells(t *testing.T) {
	m, err := ParseMarkCells([]byte("# photo, then cells\nA.jpg r9c3 r1c1\n\nB.jpg\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m, map[string][]int{"A.jpg": {74, 0}, "B.jpg": nil}) {
		t.Errorf("got %v", m)
	}
	for _, bad := range []string{"A.jpg r10c1", "A.jpg r1c0", "A.jpg x", "A.jpg r1c1x"} {
		if _, err := ParseMarkCells([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestLoadFolder builds a folder with every kind of truth file and checks
// what is measured: pictures with truth only, in natural order, with
// corners, pencil-mark cells and givens from another folder.
func TestLoadFolder(t *testing.T) {
	dir, givens := t.TempDir(), t.TempDir()
	dat := func(rows string) string { return "phone\nsize\n" + rows }
	row := "0 0 0 0 0 0 0 0 0\n"
	write := func(dir, name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(dir, "image10.dat", dat("1 2 0 0 0 0 0 0 0\n"+strings.Repeat(row, 8)))
	write(dir, "image10.jpg", "x")
	write(dir, "image2.dat", dat(strings.Repeat(row, 9)))
	write(dir, "image2.jpg", "x")
	write(dir, "shot.json", `{"givens":"`+givens81+`","entered":"`+entered81+`"}`)
	write(dir, "shot.png", "x")
	write(dir, "lonely.dat", dat(strings.Repeat(row, 9))) // no picture: left out
	write(dir, "notes.txt", "x")
	write(dir, "corners.csv", "filepath,a,b,c,d,e,f,g,h\nimage10.jpg,1,2,3,4,5,6,7,8\n")
	write(dir, "pencil-mark-cells.txt", "image2.jpg r1c1\n")
	write(givens, "image10.dat", dat("1 0 0 0 0 0 0 0 0\n"+strings.Repeat(row, 8)))
	write(givens, "image2.dat", dat(strings.Repeat(row, 9)))

	items, err := LoadFolder(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, it := range items {
		names = append(names, it.Name)
	}
	if !reflect.DeepEqual(names, []string{"image2.jpg", "image10.jpg", "shot.png"}) {
		t.Fatalf("pictures %v", names)
	}
	if items[1].Corners == nil || items[1].Corners[3].Y != 8 || items[0].Corners != nil {
		t.Errorf("corners %v %v", items[1].Corners, items[0].Corners)
	}
	if !reflect.DeepEqual(items[0].Truth.MarkCells, []int{0}) || !items[0].Truth.HasMarks(0) {
		t.Errorf("pencil-mark cells %v", items[0].Truth.MarkCells)
	}
	if items[1].Truth.KindsKnown || items[1].Truth.Givens.Givens() != 2 || !items[2].Truth.KindsKnown {
		t.Errorf("kinds known: %v %v", items[1].Truth.KindsKnown, items[2].Truth.KindsKnown)
	}

	split, err := LoadFolder(dir, givens)
	if err != nil {
		t.Fatal(err)
	}
	tr := split[1].Truth
	if !tr.KindsKnown || tr.Givens.Givens() != 1 || tr.Givens.Cell(0) != 1 || tr.Entered.Givens() != 1 || tr.Entered.Cell(1) != 2 {
		t.Errorf("split by givens: givens %s, entered %s", tr.Givens, tr.Entered)
	}

	for _, tc := range []struct{ dir, want string }{
		{filepath.Join(dir, "nowhere"), "there is no folder"},
		{filepath.Join(dir, "notes.txt"), "is not a folder"},
		{givens, "holds no pictures"},
	} {
		if _, err := LoadFolder(tc.dir, ""); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LoadFolder(%s): %v, want %q", tc.dir, err, tc.want)
		}
	}
}

func TestNaturalLess(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"image2.jpg", "image10.jpg", true},
		{"image10.jpg", "image2.jpg", false},
		{"a.jpg", "b.jpg", true},
		{"hw_0009", "hw_0011", true},
		{"x", "x1", true},
		{"x1", "x1", false},
	} {
		if got := naturalLess(tc.a, tc.b); got != tc.want {
			t.Errorf("naturalLess(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

// FuzzParseTruthJSON: any bytes give a truth or an error, never a panic;
// a truth's givens and entries never share a cell and its marks name
// cells 0-80.
func FuzzParseTruthJSON(f *testing.F) {
	f.Add([]byte(`{"givens":"` + givens81 + `","entered":"` + entered81 + `","pencil_marks":{"0":"259"}}`))
	f.Add([]byte(`{"givens":"` + givens81 + `","extra":{"pencil_marks":{"-1":"1"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseTruthJSON(data)
		if err != nil {
			return
		}
		for i := range 81 {
			if tr.Givens.Cell(i) != 0 && tr.Entered.Cell(i) != 0 {
				t.Fatalf("cell %d both given and entered", i)
			}
		}
		for c := range tr.Marks {
			if c < 0 || c > 80 {
				t.Fatalf("marks of cell %d", c)
			}
		}
	})
}

// FuzzParseMarkCells: any text gives cells 0-80 or an error, never a panic.
func FuzzParseMarkCells(f *testing.F) {
	f.Add([]byte("a.jpg r9c3 r1c1\n"))
	f.Add([]byte("# x\nb.jpg r0c0"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMarkCells(data)
		if err != nil {
			return
		}
		for _, cells := range m {
			for _, c := range cells {
				if c < 0 || c > 80 {
					t.Fatalf("cell %d", c)
				}
			}
		}
	})
}
