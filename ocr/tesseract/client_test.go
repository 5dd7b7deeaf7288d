package tesseract

import (
	"context"
	"errors"
	"image"
	"image/color"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/otiai10/gosseract/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/ocr"
)

// lineImage renders text (digits) with the Go font as one line of dark ink
// on white, height px tall.
func lineImage(t testing.TB, text string, height int) *image.Gray {
	t.Helper()
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(height), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	w := len(text)*height + height
	img := image.NewGray(image.Rect(0, 0, w, 2*height))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	b, _ := font.BoundString(face, text)
	d := &font.Drawer{Dst: img, Src: image.NewUniform(color.Gray{Y: 40}), Face: face}
	d.Dot = fixed.P(w/2-(b.Max.X-b.Min.X).Ceil()/2-b.Min.X.Floor(), height-(b.Max.Y-b.Min.Y).Ceil()/2-b.Min.Y.Floor())
	d.DrawString(text)
	return img
}

func TestTessReadsLine(t *testing.T) {
	img := lineImage(t, "31415926", 32)
	var syms []tessSymbol
	err := testPool().with(context.Background(), func(c *tessClient) error {
		var err error
		syms, err = c.symbols(img, gosseract.PSM_RAW_LINE)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	for k, s := range syms {
		got = append(got, byte('0'+s.Digit))
		if s.Confidence <= 0 || s.Confidence > 1 {
			t.Errorf("symbol %d: confidence %v outside (0, 1]", k, s.Confidence)
		}
		if s.Box.Empty() || !s.Box.In(img.Bounds()) {
			t.Errorf("symbol %d: box %v not inside the image %v", k, s.Box, img.Bounds())
		}
		if k > 0 && s.Box.Min.X < syms[k-1].Box.Min.X {
			t.Errorf("symbol %d starts left of symbol %d", k, k-1)
		}
	}
	if string(got) != "31415926" {
		t.Fatalf("read %q, want 31415926", got)
	}
}

// TestTessPoolConcurrent hammers a pool of two clients from eight
// goroutines (run with -race: a gosseract client shared between goroutines
// crashes).
func TestTessPoolConcurrent(t *testing.T) {
	pool := NewPool(2)
	defer pool.Close()
	img := lineImage(t, "2718", 32)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				err := pool.with(context.Background(), func(c *tessClient) error {
					syms, err := c.symbols(img, gosseract.PSM_RAW_LINE)
					if err == nil && len(syms) != 4 {
						err = errors.New("did not read 4 digits")
					}
					return err
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := len(pool.slots); n != 0 {
		t.Errorf("%d client slots unused after 24 calls on 8 goroutines, want all 2 clients made", n)
	}
}

func TestTessPoolWaitsAndCancels(t *testing.T) {
	pool := NewPool(1)
	defer pool.Close()
	held := make(chan struct{})
	release := make(chan struct{})
	go pool.with(context.Background(), func(*tessClient) error {
		close(held)
		<-release
		return nil
	})
	<-held
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := pool.with(ctx, func(*tessClient) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("borrowing from an exhausted pool: err = %v, want context.DeadlineExceeded", err)
	}
	close(release)
	if err := pool.with(context.Background(), func(*tessClient) error { return nil }); err != nil {
		t.Fatalf("borrowing after the client came back: %v", err)
	}
}

func TestTessPoolClose(t *testing.T) {
	pool := NewPool(1)
	if err := pool.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := pool.Close(); err != nil {
		t.Fatal(err)
	}
	if err := pool.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	err := pool.with(context.Background(), func(*tessClient) error { return nil })
	if !errors.Is(err, ErrPoolClosed) {
		t.Fatalf("after Close: err = %v, want ErrPoolClosed", err)
	}
	grid, _ := loadGridFixture(t, "image1")
	_, err = ocr.NewRecognizer(NewReader(pool)).Recognize(context.Background(), ocr.CutCells(grid))
	if !errors.Is(err, ErrPoolClosed) {
		t.Fatalf("Recognize after Close: err = %v, want ErrPoolClosed", err)
	}
}

func TestParseHOCR(t *testing.T) {
	for _, tc := range []struct {
		name string
		hocr string
		want []tessSymbol
	}{
		{"empty", "", nil},
		{
			"symbol with choices",
			`<span class='ocrx_cinfo' title='x_bboxes 16 16 39 48; x_conf 79.5'>9</span>
			 <span class='ocrx_cinfo' id='lstm_choices_1_1_1'>
			  <span class='ocrx_cinfo' id='choice_1_1_1' title='x_confs 53.2'>9</span>
			  <span class='ocrx_cinfo' id='choice_1_1_2' title='x_confs 31'>8</span>
			 </span>
			 <span class='ocrx_cinfo' title='x_bboxes 47 16 67 47; x_conf 97'>3</span>`,
			[]tessSymbol{
				{Digit: 9, Box: image.Rect(16, 16, 39, 48), Confidence: 0.795, Choices: []tessChoice{{9, 0.532}, {8, 0.31}}},
				{Digit: 3, Box: image.Rect(47, 16, 67, 47), Confidence: 0.97},
			},
		},
		{
			"non-digits dropped with their choices",
			`<span class='ocrx_cinfo' title='x_bboxes 1 2 3 4; x_conf 50'>x</span>
			 <span class='ocrx_cinfo' id='choice_1_1_1' title='x_confs 40'>7</span>
			 <span class='ocrx_cinfo' title='x_bboxes 5 6 7 8; x_conf 150'>0</span>
			 <span class='ocrx_cinfo' title='x_bboxes 5 6 7 8; x_conf 150'>4</span>
			 <span class='ocrx_cinfo' id='choice_1_1_2' title='x_confs 10'>?</span>`,
			[]tessSymbol{{Digit: 4, Box: image.Rect(5, 6, 7, 8), Confidence: 1}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := parseHOCR(tc.hocr)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d symbols %+v, want %d", len(got), got, len(tc.want))
			}
			for k := range got {
				g, w := got[k], tc.want[k]
				if g.Digit != w.Digit || g.Box != w.Box || !near(g.Confidence, w.Confidence) || len(g.Choices) != len(w.Choices) {
					t.Fatalf("symbol %d = %+v, want %+v", k, g, w)
				}
				for j := range g.Choices {
					if g.Choices[j].Digit != w.Choices[j].Digit || !near(g.Choices[j].Confidence, w.Choices[j].Confidence) {
						t.Fatalf("symbol %d choice %d = %+v, want %+v", k, j, g.Choices[j], w.Choices[j])
					}
				}
			}
		})
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func FuzzParseHOCR(f *testing.F) {
	f.Add(`<span class='ocrx_cinfo' title='x_bboxes 16 16 39 48; x_conf 79.5'>9</span><span title='x_confs 31'>8</span>`)
	f.Add(`x_bboxes 99999999999999999999 1 2 3; x_conf 1e999'>5<`)
	f.Add(`x_confs 5'>5<`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, sym := range parseHOCR(s) {
			if sym.Digit < 1 || sym.Digit > 9 || sym.Confidence < 0 || sym.Confidence > 1 {
				t.Fatalf("bad symbol %+v", sym)
			}
			for _, c := range sym.Choices {
				if c.Digit < 1 || c.Digit > 9 || c.Confidence < 0 || c.Confidence > 1 {
					t.Fatalf("bad choice %+v", c)
				}
			}
		}
	})
}

func TestEncodePGM(t *testing.T) {
	img := image.NewGray(image.Rect(2, 3, 5, 5)) // offset bounds, stride 3
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 10)
	}
	got := encodePGM(img)
	want := append([]byte("P5\n3 2\n255\n"), 0, 10, 20, 30, 40, 50)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("encodePGM = %q, want %q", got, want)
	}
}

func BenchmarkTessLine(b *testing.B) {
	img := lineImage(b, "123456789123456789123456789", 32)
	pool := testPool()
	cpu0 := processCPU()
	for b.Loop() {
		err := pool.with(context.Background(), func(c *tessClient) error {
			_, err := c.symbols(img, gosseract.PSM_RAW_LINE)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(processCPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// processCPU returns the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestNoLanguageData starts Tesseract without its language model: the
// recognizer cannot start, and the error says so, naming Tesseract.
func TestNoLanguageData(t *testing.T) {
	t.Setenv("TESSDATA_PREFIX", t.TempDir())
	pool := NewPool(1)
	defer pool.Close()
	err := pool.Warm(context.Background())
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "tesseract") {
		t.Fatalf("starting Tesseract without language data: err = %v, want an error naming Tesseract", err)
	}
	grid, _ := loadGridFixture(t, "image1")
	_, err = ocr.NewRecognizer(NewReader(pool)).Recognize(context.Background(), ocr.CutCells(grid))
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "tesseract") {
		t.Fatalf("Recognize without language data: err = %v, want an error naming Tesseract", err)
	}
}

// TestPoolStartsOnFirstAsk checks that a pool that is not warmed creates no
// Tesseract client until a digit is read, and then one.
func TestPoolStartsOnFirstAsk(t *testing.T) {
	pool := NewPool(1)
	defer pool.Close()
	r := NewReader(pool)
	created := func() int { return pool.size - len(pool.slots) }
	if _, err := r.ReadDigits(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if n := created(); n != 0 {
		t.Fatalf("after reading no glyph: %d clients created, want 0", n)
	}
	got, err := r.ReadDigits(context.Background(), []*image.Gray{lineImage(t, "7", 32)})
	if err != nil {
		t.Fatal(err)
	}
	if n := created(); n != 1 {
		t.Fatalf("after reading a glyph: %d clients created, want 1", n)
	}
	if len(got) != 1 || !got[0].OK || got[0].P[7] < 0.5 {
		t.Fatalf("read %+v, want one guess of 7", got)
	}
}
