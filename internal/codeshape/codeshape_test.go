package codeshape

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestMeasure(t *testing.T) {
	dir := filepath.Join("testdata", "pkg")
	tests := []struct {
		recursive bool
		files     []string
		floats    []string
		long      []string
	}{
		{false, []string{"a.go"}, []string{"1.5", "2.0", "3e-2"}, []string{"T.Long"}},
		{true, []string{"a.go", "sub/b.go"}, []string{"1.5", "2.0", "3e-2", "0.1"}, []string{"T.Long"}},
	}
	for _, tt := range tests {
		r, err := Measure(dir, tt.recursive)
		if err != nil {
			t.Fatal(err)
		}
		var files, floats, long []string
		for _, f := range r.Files {
			rel, _ := filepath.Rel(dir, f)
			files = append(files, filepath.ToSlash(rel))
		}
		for _, f := range r.Floats {
			floats = append(floats, f.Value)
		}
		for _, f := range r.LongerThan(4) {
			long = append(long, f.Name)
		}
		if !reflect.DeepEqual(files, tt.files) || !reflect.DeepEqual(floats, tt.floats) || !reflect.DeepEqual(long, tt.long) {
			t.Errorf("recursive=%v: files %v floats %v long %v; want %v %v %v",
				tt.recursive, files, floats, long, tt.files, tt.floats, tt.long)
		}
	}
}
