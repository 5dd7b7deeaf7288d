package bottest

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/ocr"
)

// FixedReading is a set of engines whose photo reader reads every photo
// as Reading, or fails with Err when it is set; the other engines are
// those embedded.
type FixedReading struct {
	engines.Engines
	Reading engines.Reading
	Err     error
}

// ReadPhoto returns the fixed reading, or the error.
func (f FixedReading) ReadPhoto(context.Context, *ocr.Decoded) (engines.Reading, error) {
	return f.Reading, f.Err
}

// NoReader is a set of engines whose photo reader fails the test T: the
// bad inputs must be refused before any reading.
type NoReader struct {
	engines.Engines
	T testing.TB
}

// ReadPhoto fails the test.
func (n NoReader) ReadPhoto(context.Context, *ocr.Decoded) (engines.Reading, error) {
	n.T.Error("the photo reader was called")
	return engines.Reading{}, ocr.ErrNoGrid
}

// StuckReader is a set of engines whose photo reader never finishes on
// its own: a reading ends when its context does, with the context's
// error. When Started is not nil, a reading that begins sends on it
// without waiting.
type StuckReader struct {
	engines.Engines
	Started chan<- struct{}
}

// ReadPhoto waits for the end of ctx.
func (s StuckReader) ReadPhoto(ctx context.Context, _ *ocr.Decoded) (engines.Reading, error) {
	if s.Started != nil {
		select {
		case s.Started <- struct{}{}:
		default:
		}
	}
	<-ctx.Done()
	return engines.Reading{}, ctx.Err()
}

// GatedReader is a set of engines whose photo reader counts the readings
// begun in Started, holds each back until Gate is closed (not at all when
// Gate is nil) or its context ends, and then reads with the engines
// embedded.
type GatedReader struct {
	engines.Engines
	Gate    <-chan struct{}
	Started *atomic.Int64
}

// ReadPhoto counts the reading, waits for the gate, and reads.
func (g GatedReader) ReadPhoto(ctx context.Context, photo *ocr.Decoded) (engines.Reading, error) {
	g.Started.Add(1)
	if g.Gate != nil {
		select {
		case <-g.Gate:
		case <-ctx.Done():
			return engines.Reading{}, ctx.Err()
		}
	}
	return g.Engines.ReadPhoto(ctx, photo)
}
