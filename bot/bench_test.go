package bot

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/solver"
)

// BenchmarkHandleSolveText measures a text puzzle from request to reply,
// picture and rating included:
//
//	go test -run '^$' -bench HandleSolveText -benchmem ./bot/
func BenchmarkHandleSolveText(b *testing.B) {
	bot, _ := newTestBot(b, nil)
	req := Request{Text: puzzleText}
	for b.Loop() {
		if rep := bot.Handle(context.Background(), req); rep.Failed {
			b.Fatal(rep.Text)
		}
	}
}

// BenchmarkEncodeState measures packing a hint button's state.
func BenchmarkEncodeState(b *testing.B) {
	s := State{Action: ActionNext, Grid: solver.MustGrid(puzzleText), Step: 7, Level: 2}
	for b.Loop() {
		if _, err := EncodeState(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHandleSolveText900 is BenchmarkHandleSolveText with the
// production picture size (900 pixels):
//
//	go test -run '^$' -bench HandleSolveText900 -benchmem ./bot/
func BenchmarkHandleSolveText900(b *testing.B) {
	bot := New(Options{Engines: engines.New(engines.Options{})})
	req := Request{Text: puzzleText}
	for b.Loop() {
		if rep := bot.Handle(context.Background(), req); rep.Failed {
			b.Fatal(rep.Text)
		}
	}
}

// BenchmarkHandleSolvePhoto measures a photo from request to reply with the
// real engines, the photo's digits read without Tesseract (package
// ocr/tesseract measures Tesseract's share): reading it, rating, and the
// three pictures (the grid as read, the solution, the solution drawn on the
// photo):
//
//	go test -run '^$' -bench HandleSolvePhoto ./bot/
func BenchmarkHandleSolvePhoto(b *testing.B) {
	bot := New(Options{Engines: engines.New(engines.Options{})})
	data, err := os.ReadFile(filepath.Join("testdata", "photo.jpg"))
	if err != nil {
		b.Fatal(err)
	}
	req := Request{Command: CmdSolve, Photo: &Photo{Name: "photo.jpg", Data: data}}
	for b.Loop() {
		if rep := bot.Handle(context.Background(), req); rep.Failed {
			b.Fatal(rep.Text)
		}
	}
}
