package traindata

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Config says what [Make] writes.
type Config struct {
	// Shared is the folder holding ocr/*-dev.
	Shared string
	// MNIST is the folder of MNIST's files.
	MNIST string
	// Out is where train.bin and val.bin go.
	Out string
	// Fonts is the folder of the font packages.
	Fonts string
	// Seed fixes the synthetic cells.
	Seed uint64
	// PerKind is the number of synthetic cells of each kind for training;
	// validation gets a fifth as many.
	PerKind int
	// Pictures is the number of whole synthetic pictures (the looks in
	// turn) whose cells are cut as the reader cuts them, for training;
	// validation gets a fifth as many.
	Pictures int
	// Log receives progress and the counts.
	Log io.Writer
}

// Make writes the training data (train.bin) and the validation data
// (val.bin) into c.Out: the real cells of the development folders, the
// cells of whole synthetic pictures, and synthetic cells of each kind.
func Make(c Config) error {
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return err
	}
	train, err := Create(filepath.Join(c.Out, "train.bin"))
	if err != nil {
		return err
	}
	defer train.Close()
	val, err := Create(filepath.Join(c.Out, "val.bin"))
	if err != nil {
		return err
	}
	defer val.Close()
	emit := func(r *Record, v bool) error {
		if v {
			return val.Write(r)
		}
		return train.Write(r)
	}
	for _, f := range DevFolders(c.Shared) {
		st, err := RealCells(f, c.Seed, emit)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Dir, err)
		}
		fmt.Fprintf(c.Log, "%s: %s\n", f.Source, st)
	}
	fonts := FindFonts(c.Fonts)
	trainFonts, valFonts := SplitFonts(fonts)
	if err := needTypefaces(trainFonts, "training", c.Fonts); err != nil {
		return err
	}
	if err := needTypefaces(valFonts, "validation", c.Fonts); err != nil {
		return err
	}
	fmt.Fprintf(c.Log, "fonts: %d for training, %d for validation\n", len(trainFonts), len(valFonts))
	var trainHand, valHand *Handwriting
	if c.MNIST != "" {
		if trainHand, err = LoadMNIST(c.MNIST, false); err != nil {
			return err
		}
		if valHand, err = LoadMNIST(c.MNIST, true); err != nil {
			return err
		}
	}
	for _, part := range []struct {
		fonts []Font
		hand  *Handwriting
		n     int
		seed  uint64
		val   bool
	}{
		{trainFonts, trainHand, c.Pictures, c.Seed + 2000, false},
		{valFonts, valHand, c.Pictures / 5, c.Seed + 3000, true},
	} {
		emitPart := func(r *Record) error { return emit(r, part.val) }
		st, err := SynthPictureCells(NewSynth(part.seed, part.fonts, part.hand), part.n, !part.val, emitPart)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.Log, "synthetic pictures (validation %v): %s\n", part.val, st)
	}
	for _, part := range []struct {
		w     *Writer
		fonts []Font
		hand  *Handwriting
		n     int
		seed  uint64
	}{
		{train, trainFonts, trainHand, c.PerKind, c.Seed},
		{val, valFonts, valHand, c.PerKind / 5, c.Seed + 1000},
	} {
		if len(part.fonts) == 0 {
			return fmt.Errorf("no fonts for a split: install the font packages (train/deps)")
		}
		s := NewSynth(part.seed, part.fonts, part.hand)
		var rec Record
		for i := range 4 * part.n {
			s.Cell(int8(i%4), &rec)
			if err := part.w.Write(&rec); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(c.Log, "records: %d for training, %d for validation\n", train.Count(), val.Count())
	if err := train.Close(); err != nil {
		return err
	}
	return val.Close()
}
