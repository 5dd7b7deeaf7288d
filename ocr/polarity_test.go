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
}
