// Command variants writes, for every picture of a folder that has a truth
// file beside it (NAME.dat or NAME.json), five copies changed as another
// phone, light or app might have changed it, each with a copy of the
// truth: scaled to 60% (a smaller upload), turned by 4 degrees (a hand
// not held level; the corners the turn brings in take the colour of the
// picture's pixel (1, 1)), underexposed (each channel to the power 1.7),
// under warm light (red up 8%, green down 5%, blue down 28%) and saved
// again at JPEG quality 40. The others are saved at quality 92.
// sudoku ocr-report on the folder written measures how far a reading
// holds up beyond the pictures as they were taken:
//
//	go run ./train/variants -in ../shared/ocr/mixed-dev -out build/variants/mixed-dev
//	sudoku ocr-report build/variants/mixed-dev
//
// A picture NAME.jpg gives NAME_s60.jpg, NAME_r4.jpg, NAME_dark.jpg,
// NAME_warm.jpg and NAME_q40.jpg. -variants picks some of them, or the
// degraded copies written only when asked for: NAME_q5.jpg (JPEG quality
// 5), NAME_w480q5.jpg (480 pixels on its long side, then quality 5) and
// NAME_shadow.jpg (the left part in a soft-edged shadow that halves the
// light):
//
//	go run ./train/variants -in ../shared/ocr/newspaper-dev -out build/q5/newspaper-dev -variants q5
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/image/draw"
)

func main() {
	in := flag.String("in", "", "the folder of pictures and truth files")
	out := flag.String("out", "build/variants", "the folder to write")
	only := flag.String("variants", "", "comma-separated tags of the variants to write (default: "+tagsOf(variants)+"; also "+tagsOf(degraded)+")")
	flag.Parse()
	chosen, err := choose(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "variants:", err)
		os.Exit(2)
	}
	n, err := run(*in, *out, chosen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "variants:", err)
		os.Exit(1)
	}
	fmt.Printf("%d pictures, %d variants written to %s\n", n, len(chosen)*n, *out)
}

// choose returns the variants named in the comma-separated list tags,
// among variants and degraded; all of variants when tags is empty.
func choose(tags string) ([]variant, error) {
	if tags == "" {
		return variants, nil
	}
	all := slices.Concat(variants, degraded)
	var out []variant
	for tag := range strings.SplitSeq(tags, ",") {
		i := slices.IndexFunc(all, func(v variant) bool { return v.tag == tag })
		if i < 0 {
			return nil, fmt.Errorf("no variant %q (there are %s)", tag, tagsOf(all))
		}
		out = append(out, all[i])
	}
	return out, nil
}

// tagsOf lists the tags of vs, comma-separated.
func tagsOf(vs []variant) string {
	tags := make([]string, len(vs))
	for i, v := range vs {
		tags[i] = v.tag
	}
	return strings.Join(tags, ",")
}

// variant is one way of changing a picture, and the JPEG quality it is
// saved at.
type variant struct {
	tag     string
	quality int
	change  func(*image.RGBA) image.Image
}

var variants = []variant{
	{"s60", 92, func(m *image.RGBA) image.Image { return scale(m, 0.6) }},
	{"r4", 92, func(m *image.RGBA) image.Image { return turn(m, 4) }},
	{"dark", 92, func(m *image.RGBA) image.Image {
		return channels(m, func(c [3]float64) [3]float64 {
			return [3]float64{math.Pow(c[0], 1.7), math.Pow(c[1], 1.7), math.Pow(c[2], 1.7)}
		})
	}},
	{"warm", 92, func(m *image.RGBA) image.Image {
		return channels(m, func(c [3]float64) [3]float64 { return [3]float64{c[0] * 1.08, c[1] * 0.95, c[2] * 0.72} })
	}},
	{"q40", 40, func(m *image.RGBA) image.Image { return m }},
}

// degraded are the variants written only when asked for (-variants): a
// page degraded past what a reader is tuned on, to measure that what it
// reads wrongly there is named (docs/reading.md): saved again at JPEG
// quality 5, and shrunk to 480 pixels on its long side, then saved at
// quality 5, and with the shadow of a phone held over its left part. The
// truth files are copied as they are (a JSON truth's
// corners then no longer fit the shrunk picture; its digits do).
var degraded = []variant{
	{"q5", 5, func(m *image.RGBA) image.Image { return m }},
	{"w480q5", 5, func(m *image.RGBA) image.Image {
		b := m.Bounds()
		return scale(m, 480/float64(max(b.Dx(), b.Dy())))
	}},
	{"shadow", 92, func(m *image.RGBA) image.Image { return shadow(m, 0.5) }},
}

// run writes the chosen variants of every picture of in with a truth file
// into out and returns how many pictures it read.
func run(in, out string, chosen []variant) (int, error) {
	ents, err := os.ReadDir(in)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, err
	}
	n := 0
	for _, e := range ents {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if ext != ".jpg" && ext != ".jpeg" && ext != ".png" {
			continue
		}
		base := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
		truth, err := truthOf(in, base)
		if err != nil || truth == "" {
			continue
		}
		pic, err := load(filepath.Join(in, e.Name()))
		if err != nil {
			return n, err
		}
		data, err := os.ReadFile(filepath.Join(in, truth))
		if err != nil {
			return n, err
		}
		for _, v := range chosen {
			name := base + "_" + v.tag
			if err := save(filepath.Join(out, name+".jpg"), v.change(pic), v.quality); err != nil {
				return n, err
			}
			if err := os.WriteFile(filepath.Join(out, name+filepath.Ext(truth)), data, 0o644); err != nil {
				return n, err
			}
		}
		n++
	}
	return n, nil
}

// truthOf returns the name of the truth file of picture base in dir, ""
// when it has none.
func truthOf(dir, base string) (string, error) {
	for _, ext := range []string{".dat", ".json"} {
		if _, err := os.Stat(filepath.Join(dir, base+ext)); err == nil {
			return base + ext, nil
		}
	}
	return "", nil
}

// load decodes the picture in file as RGBA.
func load(file string) (*image.RGBA, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	b := img.Bounds()
	m := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Bounds(), img, b.Min, draw.Src)
	return m, nil
}

// save writes img to file as a JPEG of the given quality.
func save(file string, img image.Image, quality int) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := jpeg.Encode(f, img, &jpeg.Options{Quality: quality}); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// scale returns m scaled by s (Catmull-Rom).
func scale(m *image.RGBA, s float64) image.Image {
	b := m.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, int(float64(b.Dx())*s), int(float64(b.Dy())*s)))
	draw.CatmullRom.Scale(dst, dst.Bounds(), m, b, draw.Src, nil)
	return dst
}

// turn returns m turned by deg degrees about its middle (bilinear), the
// same size; what the turn brings in takes the colour of m's pixel (1, 1).
func turn(m *image.RGBA, deg float64) image.Image {
	w, h := m.Bounds().Dx(), m.Bounds().Dy()
	dst := image.NewRGBA(m.Bounds())
	cos, sin := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	cx, cy := float64(w)/2, float64(h)/2
	fill := m.RGBAAt(1, 1)
	for y := range h {
		for x := range w {
			dx, dy := float64(x)-cx, float64(y)-cy
			sx, sy := cos*dx+sin*dy+cx, -sin*dx+cos*dy+cy
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			if x0 < 0 || y0 < 0 || x0+1 >= w || y0+1 >= h {
				dst.SetRGBA(x, y, fill)
				continue
			}
			fx, fy := sx-float64(x0), sy-float64(y0)
			corners := [4]color.RGBA{m.RGBAAt(x0, y0), m.RGBAAt(x0+1, y0), m.RGBAAt(x0, y0+1), m.RGBAAt(x0+1, y0+1)}
			weights := [4]float64{(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy}
			var r, g, b float64
			for k, c := range corners {
				r += weights[k] * float64(c.R)
				g += weights[k] * float64(c.G)
				b += weights[k] * float64(c.B)
			}
			dst.SetRGBA(x, y, color.RGBA{uint8(r + 0.5), uint8(g + 0.5), uint8(b + 0.5), 255})
		}
	}
	return dst
}

// channels returns m with f applied to each pixel's red, green and blue,
// as shares of 255, clipped to [0, 1].
func channels(m *image.RGBA, f func([3]float64) [3]float64) image.Image {
	dst := image.NewRGBA(m.Bounds())
	for i := 0; i+3 < len(m.Pix); i += 4 {
		c := f([3]float64{float64(m.Pix[i]) / 255, float64(m.Pix[i+1]) / 255, float64(m.Pix[i+2]) / 255})
		for k := range 3 {
			dst.Pix[i+k] = uint8(math.Round(255 * min(1, max(0, c[k]))))
		}
		dst.Pix[i+3] = 255
	}
	return dst
}

// shadow returns m with its left part in a shadow that lets through the
// share light of the light: the shadow's edge runs from 40% of the width
// at the top to 50% at the bottom and fades over 4% of the width, as the
// shadow of a phone held above the page does.
func shadow(m *image.RGBA, light float64) image.Image {
	w, h := m.Bounds().Dx(), m.Bounds().Dy()
	dst := image.NewRGBA(m.Bounds())
	soft := 0.04 * float64(w)
	for y := range h {
		edge := (0.4 + 0.1*float64(y)/float64(h)) * float64(w)
		for x := range w {
			t := min(1, max(0, (float64(x)-edge)/soft+0.5))
			t = t * t * (3 - 2*t) // smoothstep: 0 in the shadow, 1 out of it
			f := light + (1-light)*t
			i := y*m.Stride + 4*x
			for k := range 3 {
				dst.Pix[i+k] = uint8(math.Round(float64(m.Pix[i+k]) * f))
			}
			dst.Pix[i+3] = 255
		}
	}
	return dst
}
