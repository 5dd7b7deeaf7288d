package traindata

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// SetConfig says what [WriteSet] writes.
type SetConfig struct {
	// Out is the folder; N the number of pictures, the looks in turn.
	Out string
	N   int
	// Test picks the typefaces and MNIST writers held apart from
	// training.
	Test bool
	// MNIST is the folder of MNIST's files ("" for typefaces only);
	// Fonts the folder of the font packages.
	MNIST, Fonts string
	Seed         uint64
	// Looks, when not empty, are the looks drawn in turn instead of
	// [Looks] or [TestLooks].
	Looks []string
}

// setTruth is a picture's truth file, in the format of the screenshot
// folder.
type setTruth struct {
	Givens      string            `json:"givens"`
	Entered     string            `json:"entered"`
	Pencil      bool              `json:"pencil"`
	PencilMarks map[string]string `json:"pencil_marks"`
	Corners     [4][2]float64     `json:"corners"`
	Look        string            `json:"look"`
	Font        string            `json:"font"`
	Size        [2]int            `json:"size"`
}

// WriteSet writes a folder of synthetic pictures with their truth.
func WriteSet(c SetConfig) error {
	for _, l := range c.Looks {
		if !slices.Contains(TestLooks, l) && !slices.Contains(HeldApartLooks, l) {
			return fmt.Errorf("no look %q: the looks are %s", l, strings.Join(append(slices.Clone(TestLooks), HeldApartLooks...), ", "))
		}
	}
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return err
	}
	train, test := SplitFonts(FindFonts(c.Fonts))
	fonts, what := train, "the training split"
	if c.Test {
		fonts, what = test, "the test split"
	}
	if err := needTypefaces(fonts, what, c.Fonts); err != nil {
		return err
	}
	var hand *Handwriting
	if c.MNIST != "" {
		var err error
		if hand, err = LoadMNIST(c.MNIST, c.Test); err != nil {
			return err
		}
	}
	s := NewSynth(c.Seed, fonts, hand)
	looks := Looks
	if c.Test {
		looks = TestLooks
	}
	if len(c.Looks) > 0 {
		looks = c.Looks
	}
	for k := range c.N {
		look := looks[k%len(looks)]
		img, t := s.Picture(look)
		name := fmt.Sprintf("synth_%s_%03d", look, k)
		ext := ".png"
		if t.JPEG {
			ext = ".jpg"
		}
		f, err := os.Create(filepath.Join(c.Out, name+ext))
		if err != nil {
			return err
		}
		if err := Encode(f, img, t); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		js := setTruth{Givens: t.Givens.String(), Entered: t.Entered.String(), Pencil: len(t.Marks) > 0,
			PencilMarks: map[string]string{}, Corners: t.Corners, Look: look, Font: t.Font,
			Size: [2]int{img.Bounds().Dx(), img.Bounds().Dy()}}
		for i, m := range t.Marks {
			js.PencilMarks[strconv.Itoa(i)] = m
		}
		b, err := json.MarshalIndent(js, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(c.Out, name+".json"), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
