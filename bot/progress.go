package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/solver"
)

// A picture of a puzzle in progress (the player's digits, written or
// typed, and pencil marks beside the printed givens) is answered from the
// player's position, here and nowhere else:
//
//   - mistakes first: the entries and pencil marks read surely that
//     disagree with the solution, named and marked on a picture of the
//     grid and on the player's own photo, without giving the right digit;
//   - otherwise, for /check: that everything filled in is right (or
//     "solved correctly!" for a full grid);
//   - otherwise, for /hint and a plain message: the next logical step from
//     the player's grid, their pencil marks as the candidates when they
//     were read surely.
//
// Cells that were not read surely are asked about, never called wrong, and
// so is every entry when the givens were not all read surely. The words are
// the reading's own (package ocr's Progress), as sudoku check's are.

// progress answers a picture of a puzzle in progress; check says whether
// the user asked for a check rather than a step. Its words are the
// reading's own ([engines.Progress] and its Lines method), as sudoku check's are.
func (b *Bot) progress(ctx context.Context, pz puzzle, check bool, level int, ephemeral bool) (Reply, error) {
	p := pz.progress
	rep := Reply{Ephemeral: ephemeral}
	var sb strings.Builder
	switch {
	case p.Mistaken():
		b.mistakes(&sb, &rep, pz)
	case check || p.Filled || p.GivensUnsure:
		if p.Filled && p.Right() {
			sb.WriteString("**Solved correctly!** ")
		}
		sb.WriteString(sentence(p.Summary()))
	default:
		st, err := b.stepFrom(ctx, pz)
		if err != nil {
			return Reply{}, err
		}
		rep = b.stepReply(p.Current, st, 0, max(level, 1), ephemeral)
		sb.WriteString(rep.Text)
	}
	if asks := p.Asks(); len(asks) > 0 {
		sb.WriteString("\nPlease check these, I could not be sure of them:")
		writeList(&sb, asks)
	}
	rep.Text = sb.String()
	return rep, nil
}

// maxListed is the most lines of a list a reply holds.
const maxListed = 10

// writeList writes lines as a bulleted list, at most maxListed of them.
func writeList(sb *strings.Builder, lines []string) {
	for i, l := range lines {
		if i == maxListed && len(lines) > maxListed+1 {
			fmt.Fprintf(sb, "\n• and %d more", len(lines)-maxListed)
			break
		}
		sb.WriteString("\n• " + l)
	}
}

// sentence is a line of the reading's words as a sentence: capital first
// letter, full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// mistakes names the player's mistakes and adds the pictures that mark
// them: their grid as read, and their own photo.
func (b *Bot) mistakes(sb *strings.Builder, rep *Reply, pz puzzle) {
	p := pz.progress
	sb.WriteString("**Mistakes**, circled in the pictures (the right digits are not given away: ask /solve for them):")
	writeList(sb, p.Mistakes())
	all := append(append([]int{}, p.Wrong...), p.MarksWrong...)
	if f, ok := b.draw("mistakes.png", func() ([]byte, error) {
		if !b.offers(engines.Pictures) {
			return nil, errUnavailable
		}
		return b.opt.Engines.DrawWrong(pz.reading.Grid, p.Current, all)
	}); ok {
		rep.Files = append(rep.Files, f)
	}
	if f, ok := b.draw("mistakes-on-photo.jpg", func() ([]byte, error) {
		if pz.reading.RingOnPhoto == nil {
			return nil, errUnavailable
		}
		return pz.reading.RingOnPhoto(all)
	}); ok {
		rep.Files = append(rep.Files, f)
	}
}

// stepFrom finds the next step from the player's grid, their pencil marks
// read surely as the candidates.
func (b *Bot) stepFrom(ctx context.Context, pz puzzle) (engines.StepAt, error) {
	if !b.offers(engines.Hints) {
		return engines.StepAt{}, userErrorf(nil, "Hints are not available on this bot right now; /solve and /check work.")
	}
	p := pz.progress
	st, err := b.opt.Engines.StepFrom(ctx, pz.grid, p.Current, p.Marks)
	var wrong *solver.WrongGridError
	switch {
	case errors.As(err, &wrong) && p.Marks != nil:
		// Marks read surely but wrong after all: work without them.
		return b.opt.Engines.StepFrom(ctx, pz.grid, p.Current, nil)
	case errors.Is(err, engines.ErrSolved):
		return engines.StepAt{}, userErrorf(err, "Your grid is full and right: solved correctly!")
	case err != nil:
		return engines.StepAt{}, fmt.Errorf("next step from %s: %w", p.Current, err)
	}
	return st, nil
}
