package ocr

import (
	"image"
	"testing"
)

// TestLightOnDark tells dark-mode screenshots (light print on a dark
// ground) from photos of ink on paper, dim ones included.
func TestLightOnDark(t *testing.T) {
	picture := func(ground, ink uint8) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 300, 300))
		for i := range g.Pix {
			g.Pix[i] = ground
			if (i/300)%10 == 0 || (i%300)%10 == 0 { // a lattice of lines
				g.Pix[i] = ink
			}
		}
		return g
	}
	tests := []struct {
		name        string
		ground, ink uint8
		want        bool
	}{
		{"newspaper in daylight", 220, 30, false},
		{"newspaper in dim light", 90, 20, false},
		{"dark theme", 49, 230, true},
		{"black and white negative", 0, 255, true},
		{"blank dark picture", 40, 40, false},
	}
	for _, tt := range tests {
		if got := lightOnDark(picture(tt.ground, tt.ink)); got != tt.want {
			t.Errorf("%s: lightOnDark = %v, want %v", tt.name, got, tt.want)
		}
	}
	// Light specks on a dark ground: a board of small, thin digits (1.2%
	// of the pixels) is light on dark; a blank one with a few specks of
	// noise (0.2%) is not.
	specks := func(every int) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 300, 300))
		for i := range g.Pix {
			g.Pix[i] = 40
			if i%every == 0 {
				g.Pix[i] = 230
			}
		}
		return g
	}
	for _, tt := range []struct {
		name  string
		every int
		want  bool
	}{
		{"small thin digits on a dark board", 83, true},
		{"specks on a blank dark board", 499, false},
	} {
		if got := lightOnDark(specks(tt.every)); got != tt.want {
			t.Errorf("%s: lightOnDark = %v, want %v", tt.name, got, tt.want)
		}
	}
	// The same on screenshots whose detected corners are a fraction of a
	// pixel off the true ones.
	for _, name := range []string{"looks/app-small-dark-sparse.png", "looks/app-small-dark-sparse.jpg"} {
		pic := detected(t, name)
		if !pic.gridAt(0).Inverted {
			t.Errorf("%s: a dark board read as dark ink on light paper", name)
		}
	}
	// A newspaper in daylight with a shadow over most of it: the lit
	// paper is brighter than the median of the picture, but not than
	// the paper around it.
	g := image.NewGray(image.Rect(0, 0, 300, 300))
	for i := range g.Pix {
		x, y := i%300, i/300
		switch {
		case x%25 == 0 || y%25 == 0: // thin lines
			g.Pix[i] = 30
		case x < 120:
			g.Pix[i] = 220
		default:
			g.Pix[i] = 140
		}
	}
	if lightOnDark(g) {
		t.Error("newspaper half in shadow: lightOnDark = true, want false")
	}
}
