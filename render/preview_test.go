package render

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func TestPreview(t *testing.T) {
	dir := os.Getenv("RENDER_PREVIEW")
	if dir == "" {
		t.Skip("set RENDER_PREVIEW=dir to write preview pictures")
	}
	if s := os.Getenv("RENDER_PREVIEW_SIZE"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		defer func(old int) { goldenSize = old }(goldenSize)
		goldenSize = n
	}
	for _, c := range goldenCases() {
		c.opt.Size = goldenSize
		img, err := c.draw()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		f, err := os.Create(filepath.Join(dir, c.name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		if err := EncodePNG(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
		t.Logf("%s: %d colours", c.name, countColours(img))
	}
}
