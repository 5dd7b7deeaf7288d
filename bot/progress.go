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
// Cells that were not read surely are asked about, never called wrong.

// progress answers a picture of a puzzle in progress; check says whether
// the user asked for a check rather than a step.
func (b *Bot) progress(ctx context.Context, pz puzzle, check bool, level int, ephemeral bool) (Reply, error) {
	r := pz.reading
	p := r.Progress
	cur := current(r.Grid, r.Entered)
	rep := Reply{Ephemeral: ephemeral}
	var sb strings.Builder
	switch {
	case len(p.Wrong)+len(p.MarksWrong) > 0:
		b.mistakes(&sb, &rep, pz, cur)
	case check || p.Filled:
		switch {
		case p.Filled && len(p.Unsure) == 0:
			fmt.Fprintf(&sb, "**Solved correctly!** All %s are right. Well done!", entries(p.Entries))
		case p.Entries == 0 && len(p.Unsure) == 0:
			sb.WriteString("Your picture shows the puzzle's givens only: there is nothing of yours to check yet.")
		case len(p.Unsure) > 0:
			fmt.Fprintf(&sb, "No mistake among the %s I could read surely.", entries(p.Entries-p.UnsureEntries))
		default:
			left := 81 - r.Grid.Givens() - p.Entries
			fmt.Fprintf(&sb, "Everything you filled in is right so far: %s, %d cell%s to go.", entries(p.Entries), left, plural(left))
		}
	default:
		st, err := b.stepFrom(ctx, pz, cur)
		if err != nil {
			return Reply{}, err
		}
		rep = b.stepReply(cur, st, 0, max(level, 1), ephemeral)
		sb.WriteString(rep.Text)
	}
	if len(p.Unsure) > 0 {
		fmt.Fprintf(&sb, "\n%s", unsureText(r.Grid, r.Entered, r.Marks, r.Cells, p.Unsure))
	}
	rep.Text = sb.String()
	return rep, nil
}

// mistakes names the player's mistakes and adds the pictures that mark
// them: their grid as read, and their own photo.
func (b *Bot) mistakes(sb *strings.Builder, rep *Reply, pz puzzle, cur solver.Grid) {
	r := pz.reading
	p := r.Progress
	if n := len(p.Wrong); n > 0 {
		fmt.Fprintf(sb, "**%d of your %s %s wrong:** %s.", n, entries(p.Entries), isAre(n), cellList(cur, p.Wrong))
	}
	if n := len(p.MarksWrong); n > 0 {
		if sb.Len() > 0 {
			sb.WriteString(" ")
		}
		fmt.Fprintf(sb, "The pencil marks of %s leave out the digit that belongs there.", cellList(cur, p.MarksWrong))
	}
	sb.WriteString(" They are circled in the pictures; the right digits are not given away: ask /solve for them.")
	all := append(append([]int{}, p.Wrong...), p.MarksWrong...)
	if f, ok := b.draw("mistakes.png", func() ([]byte, error) {
		if !b.offers(engines.Pictures) {
			return nil, errUnavailable
		}
		return b.opt.Engines.DrawWrong(r.Grid, cur, all)
	}); ok {
		rep.Files = append(rep.Files, f)
	}
	if f, ok := b.draw("mistakes-on-photo.jpg", func() ([]byte, error) {
		if r.RingOnPhoto == nil {
			return nil, errUnavailable
		}
		return r.RingOnPhoto(all)
	}); ok {
		rep.Files = append(rep.Files, f)
	}
}

// stepFrom finds the next step from the player's grid cur, their pencil
// marks read surely as the candidates.
func (b *Bot) stepFrom(ctx context.Context, pz puzzle, cur solver.Grid) (engines.StepAt, error) {
	if !b.offers(engines.Hints) {
		return engines.StepAt{}, userErrorf(nil, "Hints are not available on this bot right now; /solve and /check work.")
	}
	r := pz.reading
	var marks []solver.DigitSet
	for i, m := range r.Marks {
		if m != 0 && r.Cells[i].MarksConfidence >= engines.SureConfidence {
			if marks == nil {
				marks = make([]solver.DigitSet, 81)
			}
			marks[i] = m
		}
	}
	st, err := b.opt.Engines.StepFrom(ctx, r.Grid, cur, marks)
	var wrong *solver.WrongGridError
	switch {
	case errors.As(err, &wrong) && marks != nil:
		// Marks read surely but wrong after all: work without them.
		return b.opt.Engines.StepFrom(ctx, r.Grid, cur, nil)
	case errors.Is(err, engines.ErrSolved):
		return engines.StepAt{}, userErrorf(err, "Your grid is full and right: solved correctly!")
	case err != nil:
		return engines.StepAt{}, fmt.Errorf("next step from %s: %w", cur, err)
	}
	return st, nil
}

// current is the player's grid: the givens with their entries.
func current(givens, entered solver.Grid) solver.Grid {
	cur := givens
	for i := range givens.NumCells() {
		if d := entered.Cell(i); d != 0 {
			cur.SetCell(i, d)
		}
	}
	return cur
}

// unsureText asks about the cells not read surely.
func unsureText(givens, entered solver.Grid, marks [81]solver.DigitSet, cells [81]engines.CellReading, unsure []int) string {
	var parts []string
	for _, i := range unsure {
		name := givens.CellName(i)
		c := cells[i]
		switch {
		case entered.Cell(i) != 0:
			parts = append(parts, fmt.Sprintf("%s, read as %d%s", name, entered.Cell(i), orDigit(c)))
		case marks[i] != 0:
			parts = append(parts, fmt.Sprintf("%s, pencil marks read as %s", name, marks[i]))
		default:
			parts = append(parts, fmt.Sprintf("%s, read as empty%s", name, orDigit(c)))
		}
		if len(parts) == 10 && len(unsure) > 10 {
			parts = append(parts, fmt.Sprintf("%d more", len(unsure)-10))
			break
		}
	}
	return "I could not read these surely, so I said nothing about them: please check " + strings.Join(parts, "; ") + "."
}

// orDigit is " (or 9?)", the likeliest other digit a cell may hold, or ""
// when there is none.
func orDigit(c engines.CellReading) string {
	if d := c.OtherDigit(); d != 0 {
		return fmt.Sprintf(" (or %d?)", d)
	}
	return ""
}

// entries is "1 entry" or "n entries".
func entries(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return fmt.Sprintf("%d entries", n)
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
