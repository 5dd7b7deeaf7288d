// Command stages draws the stages of reading one picture side by side, for
// docs/reading.md: the picture with the grid found, the grid rectified and
// cut, what the cell classifier is given (each cell at 32x32), and what was
// read (givens black, the player's entries blue, pencil marks grey, cells
// to check framed in red).
//
//	go run ./train/stages -o docs/reading-stages.png PHOTO
package main

import (
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/ocr/digitnet"
)

const panel = 360 // side of each panel in pixels

func main() {
	out := flag.String("o", "docs/reading-stages.png", "the picture to write")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: stages [-o OUT.png] PHOTO")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *out); err != nil {
		fmt.Fprintln(os.Stderr, "stages:", err)
		os.Exit(1)
	}
}

func run(path, out string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dec, err := ocr.Decode(data, ocr.DefaultDecodeLimits)
	if err != nil {
		return err
	}
	res, err := ocr.ReadDecoded(context.Background(), dec, ocr.Options{Recognizer: ocr.NewRecognizer(nil)})
	if err != nil {
		return err
	}
	gray := ocr.ToGray(dec.Image)
	cells, _ := ocr.GridCells(dec.Image, gray, res.Corners)
	const gap, head = 16, 34
	img := image.NewRGBA(image.Rect(0, 0, 4*panel+5*gap, panel+head+gap))
	draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
	faces := newFaces()
	for k, p := range []struct {
		title string
		img   image.Image
	}{
		{"1. the grid found", photoPanel(dec.Image, res.Corners)},
		{"2. rectified, cells cut", cellsPanel(cells)},
		{"3. the classifier's input", inputsPanel(cells)},
		{"4. read and checked", readingPanel(res, faces)},
	} {
		x := gap + k*(panel+gap)
		text(img, faces.title, p.title, x, 24, color.Black)
		draw.Draw(img, image.Rect(x, head, x+panel, head+panel), p.img, p.img.Bounds().Min, draw.Src)
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

type faces struct{ title, digit, mark font.Face }

func newFaces() faces {
	face := func(ttf []byte, size float64) font.Face {
		f, err := opentype.Parse(ttf)
		if err != nil {
			panic(err)
		}
		fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic(err)
		}
		return fc
	}
	return faces{face(gobold.TTF, 18), face(goregular.TTF, 28), face(goregular.TTF, 11)}
}

func text(dst draw.Image, f font.Face, s string, x, y int, c color.Color) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// fit scales src into a panel, keeping its shape.
func fit(src image.Image) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, panel, panel))
	draw.Draw(dst, dst.Rect, image.White, image.Point{}, draw.Src)
	b := src.Bounds()
	s := min(float64(panel)/float64(b.Dx()), float64(panel)/float64(b.Dy()))
	w, h := int(float64(b.Dx())*s), int(float64(b.Dy())*s)
	r := image.Rect((panel-w)/2, (panel-h)/2, (panel-w)/2+w, (panel-h)/2+h)
	xdraw.CatmullRom.Scale(dst, r, src, b, draw.Src, nil)
	return dst
}

// photoPanel is the picture with the grid's outline drawn on it.
func photoPanel(src image.Image, q ocr.Quad) image.Image {
	b := src.Bounds()
	rgba := image.NewRGBA(b)
	draw.Draw(rgba, b, src, b.Min, draw.Src)
	w := max(2, b.Dx()/200)
	for k := range 4 {
		a, c := q[k], q[(k+1)%4]
		for t := 0.0; t <= 1; t += 0.5 / float64(b.Dx()+b.Dy()) {
			x, y := int(a.X+(c.X-a.X)*t), int(a.Y+(c.Y-a.Y)*t)
			draw.Draw(rgba, image.Rect(x-w, y-w, x+w, y+w), image.NewUniform(color.RGBA{230, 30, 30, 255}), image.Point{}, draw.Src)
		}
	}
	return fit(rgba)
}

// cellsPanel is the rectified grid with each cell's box outlined.
func cellsPanel(c ocr.Cells) image.Image {
	rgba := image.NewRGBA(c.Raw.Rect)
	draw.Draw(rgba, rgba.Rect, c.Raw, c.Raw.Rect.Min, draw.Src)
	green := image.NewUniform(color.RGBA{40, 170, 70, 255})
	for _, r := range c.Rects {
		for _, e := range []image.Rectangle{{r.Min, image.Pt(r.Max.X, r.Min.Y+1)}, {image.Pt(r.Min.X, r.Max.Y-1), r.Max},
			{r.Min, image.Pt(r.Min.X+1, r.Max.Y)}, {image.Pt(r.Max.X-1, r.Min.Y), r.Max}} {
			draw.Draw(rgba, e, green, image.Point{}, draw.Src)
		}
	}
	return fit(rgba)
}

// inputsPanel tiles the 81 inputs of the classifier, ink dark.
func inputsPanel(c ocr.Cells) image.Image {
	const side, gap = digitnet.Side, 2
	g := image.NewGray(image.Rect(0, 0, 9*(side+gap), 9*(side+gap)))
	for i := range g.Pix {
		g.Pix[i] = 200
	}
	lv := digitnet.GridLevels(c.Img, c.Rects[:])
	in := make([]float32, digitnet.InputLen)
	for i, r := range c.Rects {
		digitnet.Prepare(c.Img, r, lv, in)
		x0, y0 := (i%9)*(side+gap), (i/9)*(side+gap)
		for y := range side {
			for x := range side {
				g.Pix[(y0+y)*g.Stride+x0+x] = uint8(255 - 255*min(in[y*side+x], 1))
			}
		}
	}
	return fit(g)
}

// readingPanel draws what was read.
func readingPanel(res *ocr.Result, f faces) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, panel, panel))
	draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
	cell := panel / 9
	line := func(r image.Rectangle, c color.Color) {
		draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
	}
	for k := range 10 {
		w := 1
		if k%3 == 0 {
			w = 3
		}
		p := min(k*cell, panel-w)
		line(image.Rect(p, 0, p+w, panel), color.Black)
		line(image.Rect(0, p, panel, p+w), color.Black)
	}
	doubt := map[int]bool{}
	for _, i := range res.Doubtful {
		doubt[i] = true
	}
	for i, c := range res.Cells {
		x, y := (i%9)*cell, (i/9)*cell
		switch c.Kind {
		case ocr.KindGiven:
			text(img, f.digit, fmt.Sprint(c.Digit), x+cell/2-8, y+cell/2+10, color.Black)
		case ocr.KindEntry:
			text(img, f.digit, fmt.Sprint(c.Digit), x+cell/2-8, y+cell/2+10, color.RGBA{30, 80, 220, 255})
		case ocr.KindMarks:
			for d := 1; d <= 9; d++ {
				if c.Marks&(1<<(d-1)) != 0 {
					text(img, f.mark, fmt.Sprint(d), x+4+((d-1)%3)*cell/3, y+12+((d-1)/3)*cell/3, color.RGBA{110, 110, 110, 255})
				}
			}
		}
		if doubt[i] {
			red := color.RGBA{220, 30, 30, 255}
			line(image.Rect(x+2, y+2, x+cell-1, y+4), red)
			line(image.Rect(x+2, y+cell-3, x+cell-1, y+cell-1), red)
			line(image.Rect(x+2, y+2, x+4, y+cell-1), red)
			line(image.Rect(x+cell-3, y+2, x+cell-1, y+cell-1), red)
		}
	}
	return img
}
