package main

import (
	"math"
	"testing"
)

// The expected values are those of the Python analysis the command
// replaces.
func TestCombine(t *testing.T) {
	tests := []struct {
		name      string
		c         cell
		w, below  float64
		netDigit  int
		netConf   float64
		digit     int
		conf      float64
		wantAsked bool
	}{
		{"sure digit, not asked", cell{pp: 1, d1: 5, p1: 0.9995, d2: 3, p2: 0.0003, td: 5, tp: 0.9, tok: true},
			0.5, 0.999, 5, 0.9995, 5, 0.9995, false},
		{"empty, not asked", cell{pe: 0.9, pp: 0.05, pm: 0.05, d1: 4, p1: 0.8, d2: 1, p2: 0.1},
			0.5, 0.999, 0, 0.95, 0, 0.95, false},
		{"Tesseract overrules, w=1", cell{pp: 1, d1: 3, p1: 0.6, d2: 8, p2: 0.3, td: 8, tp: 0.9, tok: true},
			1, every, 3, 0.6, 8, 0.968609865470852, true},
		{"Tesseract overrules, w=0.5", cell{pp: 1, d1: 3, p1: 0.6, d2: 8, p2: 0.3, td: 8, tp: 0.9, tok: true},
			0.5, 0.999, 3, 0.6, 8, 0.7843223558280301, true},
		{"Tesseract read nothing", cell{pp: 1, d1: 3, p1: 0.6, d2: 8, p2: 0.3, td: 8, tp: 0.9},
			0.5, 0.999, 3, 0.6, 3, 0.6, false},
		{"combined falls under empty", cell{pe: 0.45, pp: 0.5, d1: 2, p1: 0.95, d2: 7, p2: 0.04, td: 7, tp: 0.6, tok: true},
			1, every, 2, 0.475, 0, 0.45, true},
		{"Tesseract agrees, w=0.3", cell{pe: 0.1, pp: 0.6, ph: 0.3, d1: 6, p1: 0.99, d2: 5, p2: 0.005, td: 6, tp: 0.95, tok: true},
			0.3, every, 6, 0.891, 6, 0.8979905209565178, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, conf := netRead(&tt.c)
			if d != tt.netDigit || math.Abs(conf-tt.netConf) > 1e-12 {
				t.Errorf("netRead = %d, %v; want %d, %v", d, conf, tt.netDigit, tt.netConf)
			}
			d, conf, asked := combine(&tt.c, tt.w, tt.below)
			if d != tt.digit || math.Abs(conf-tt.conf) > 1e-12 || asked != tt.wantAsked {
				t.Errorf("combine = %d, %v, %v; want %d, %v, %v", d, conf, asked, tt.digit, tt.conf, tt.wantAsked)
			}
		})
	}
}

func TestTally(t *testing.T) {
	cells := []cell{
		// Right and sure.
		{truth: 5, kind: "given", pp: 1, d1: 5, p1: 0.9995, d2: 3, p2: 0.0003, td: 5, tp: 0.9, tok: true},
		// Wrong and sure.
		{truth: 4, kind: "given", pp: 1, d1: 9, p1: 0.999, d2: 4, p2: 0.0005},
		// Wrong and unsure for the network, right and unsure with
		// Tesseract asked.
		{truth: 8, kind: "given", pp: 1, d1: 3, p1: 0.6, d2: 8, p2: 0.3, td: 8, tp: 0.9, tok: true},
	}
	tests := []struct {
		r    rule
		want tally
	}{
		{rules[0], tally{asked: 0, wrong: 2, sureWrong: 1, unsure: 1}},
		{rule{"w=1.0, every digit", 1, every, 0}, tally{asked: 2, wrong: 1, sureWrong: 1, unsure: 1}},
		// Started by the unsure cell, asked about it and the first.
		{rule{"w=1.0, below 0.9999 if one below 0.97", 1, 0.9999, 0.97}, tally{asked: 2, wrong: 1, sureWrong: 1, unsure: 1}},
		// No cell under 0.5: never started.
		{rule{"w=1.0, below 0.9999 if one below 0.5", 1, 0.9999, 0.5}, tally{asked: 0, wrong: 2, sureWrong: 1, unsure: 1}},
	}
	for _, tt := range tests {
		var got tally
		var all []*cell
		for i := range cells {
			all = append(all, &cells[i])
		}
		started := tt.r.starts(all)
		for i := range cells {
			got.add(tt.r, &cells[i], started)
		}
		if got != tt.want {
			t.Errorf("%s: tally %+v, want %+v", tt.r.name, got, tt.want)
		}
	}
}
