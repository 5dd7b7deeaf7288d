package traindata

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"github.com/sudokubot/sudokubot/ocr/digitnet"
)

// Kinds of cell, as the network's kind head numbers them; KindUnknown is a
// cell whose kind the truth does not say (a digit of a book photo that may
// be printed or written): its kind is not trained on.
const (
	KindEmpty   = digitnet.KindEmpty
	KindPrinted = digitnet.KindPrinted
	KindHand    = digitnet.KindHand
	KindMarks   = digitnet.KindMarks
	KindUnknown = -1
)

// Source says where a record comes from, for the report.
type Source uint8

// The sources of records.
const (
	SynthPrinted Source = iota
	SynthHand
	SynthMarks
	SynthEmpty
	Newspaper
	Mixed
	Book
	Sheets
	Screens
	SynthPictures
	numSources
)

var sourceNames = [numSources]string{"synthetic printed", "synthetic handwritten", "synthetic marks", "synthetic empty",
	"newspaper-dev", "mixed-dev", "handwritten-dev", "handwriting-sheets-dev", "screens-dev", "synthetic pictures"}

// String names the source.
func (s Source) String() string {
	if s < numSources {
		return sourceNames[s]
	}
	return fmt.Sprintf("source %d", s)
}

// Record is one cell of the training data: the network's input and what
// the cell holds.
type Record struct {
	// Input is digitnet.Prepare's output.
	Input [digitnet.InputLen]float32
	// Kind is the cell's kind, or KindUnknown.
	Kind int8
	// Digit is the cell's digit 1-9 for a cell holding one, 0 otherwise
	// (or unknown).
	Digit int8
	// Marks has bit d-1 set for each digit d among the pencil marks;
	// MarksKnown says whether they are known.
	Marks      uint16
	MarksKnown bool
	// Source is where the cell comes from.
	Source Source
}

// The file format: the magic "SDKD", a little-endian uint32 version, then
// records of RecordSize bytes: the input as bytes (value times inputScale,
// rounded, clipped to 255), kind (int8), digit (int8), marks (uint16),
// marks known (0 or 1), source (uint8).
const (
	fileMagic   = "SDKD"
	fileVersion = 1
	inputScale  = 200
	// RecordSize is the size of one record in a data file.
	RecordSize = digitnet.InputLen + 6
)

// Writer writes records to a data file.
type Writer struct {
	f   *os.File
	w   *bufio.Writer
	buf [RecordSize]byte
	n   int
}

// Create makes a data file at path.
func Create(path string) (*Writer, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := &Writer{f: f, w: bufio.NewWriterSize(f, 1<<20)}
	w.w.WriteString(fileMagic)
	binary.Write(w.w, binary.LittleEndian, uint32(fileVersion))
	return w, nil
}

// Write appends a record.
func (w *Writer) Write(r *Record) error {
	for i, v := range r.Input {
		w.buf[i] = byte(min(max(v*inputScale+0.5, 0), 255))
	}
	o := digitnet.InputLen
	w.buf[o], w.buf[o+1] = byte(r.Kind), byte(r.Digit)
	binary.LittleEndian.PutUint16(w.buf[o+2:], r.Marks)
	w.buf[o+4] = 0
	if r.MarksKnown {
		w.buf[o+4] = 1
	}
	w.buf[o+5] = byte(r.Source)
	w.n++
	_, err := w.w.Write(w.buf[:])
	return err
}

// Count is the number of records written.
func (w *Writer) Count() int { return w.n }

// Close flushes and closes the file.
func (w *Writer) Close() error {
	if err := w.w.Flush(); err != nil {
		w.f.Close()
		return err
	}
	return w.f.Close()
}

// ReadAll reads every record of a data file (for tests and checks).
func ReadAll(r io.Reader) ([]Record, error) {
	br := bufio.NewReader(r)
	head := make([]byte, 8)
	if _, err := io.ReadFull(br, head); err != nil || string(head[:4]) != fileMagic || binary.LittleEndian.Uint32(head[4:]) != fileVersion {
		return nil, fmt.Errorf("not a data file of version %d", fileVersion)
	}
	var out []Record
	var buf [RecordSize]byte
	for {
		if _, err := io.ReadFull(br, buf[:]); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, fmt.Errorf("record %d: %w", len(out), err)
		}
		var rec Record
		for i := range rec.Input {
			rec.Input[i] = float32(buf[i]) / inputScale
		}
		o := digitnet.InputLen
		rec.Kind, rec.Digit = int8(buf[o]), int8(buf[o+1])
		rec.Marks = binary.LittleEndian.Uint16(buf[o+2:])
		rec.MarksKnown = buf[o+4] == 1
		rec.Source = Source(buf[o+5])
		out = append(out, rec)
	}
}
