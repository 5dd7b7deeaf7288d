package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/solver"
)

// puzzle is a checked puzzle with its one solution, and where it came from.
type puzzle struct {
	grid     solver.Grid
	solution solver.Grid
	photo    bool            // read from a photo
	reading  engines.Reading // what the reader found, for a photo
	read     time.Duration   // the time reading the photo took
	// doubts are the digits of grid, read from a photo, that were not read
	// surely: the bot asks about them before answering from grid.
	doubts []engines.Doubt
	// settled is set when the solution holds whichever way the doubts are
	// read (see ocr.Puzzle.Settled): an answer that is the solution alone
	// need not wait for them.
	settled bool
	// progress is the check of the player's work in a photo, against
	// solution.
	progress engines.Progress
	// partial is what goes with an error about this puzzle (the picture of
	// a grid as read from a photo).
	partial Reply
}

// Messages used in several places.
const (
	msgNoPhotoReader = "Reading photos is not available on this bot right now. Please type the puzzle instead: 81 digits row by row, with 0 or . for the blanks."
	msgNoGrid        = "I could not find a Sudoku grid in this photo, try a straighter shot with the whole grid in view."
	msgHowToSend     = "Send me a puzzle as text: 81 digits row by row, with 0 or . for the blanks (9 lines of 9 work too), or attach a photo of it."
)

// puzzle reads the grid of what was sent, from its text or by reading its
// photo, and solves it: once, as the photo reader's check already does.
func (b *Bot) puzzle(ctx context.Context, in input) (puzzle, error) {
	var pz puzzle
	var err error
	if in.photo != nil {
		pz.photo = true
		pz.reading, pz.read, err = b.readPhoto(ctx, in.photo)
		if err != nil {
			return pz, err
		}
		pz.grid, pz.solution, err = pz.reading.Grid, pz.reading.Solution, pz.reading.SolveErr
		if res := pz.reading.Result; res != nil {
			if p, perr := res.Puzzle(); perr == nil {
				// The givens, or all the digits read when only they
				// make one puzzle: see ocr.Result.Puzzle.
				pz.grid, pz.solution, pz.doubts, pz.settled, err = p.Grid, p.Solution, p.Doubts, p.Settled, nil
				pz.progress = res.ProgressFrom(p)
			}
		}
		var clash *solver.Clash
		if errors.As(err, &clash) {
			pz.partial = b.readPicture(pz)
			return pz, userErrorf(err, "I read the grid, but %s, so I probably misread a digit.%s Check the picture of what I read, then send a straighter photo or type the puzzle.%s", err, gridsNote(pz), readBack(pz.grid))
		}
	} else {
		if strings.TrimSpace(in.text) == "" {
			return pz, userErrorf(nil, "%s", msgHowToSend)
		}
		pz.grid, err = solver.Parse(in.text)
		if err != nil {
			var clash *solver.Clash
			if errors.As(err, &clash) {
				return pz, userErrorf(err, "This puzzle breaks the rules: %s.", err)
			}
			return pz, userErrorf(err, "I couldn't read a Sudoku grid in your text: %s. %s", err, msgHowToSend)
		}
		pz.solution, err = solver.SolveUnique(pz.grid)
	}
	switch {
	case err == nil:
		return pz, nil
	case errors.Is(err, solver.ErrMultipleSolutions):
		if pz.grid.Givens() == 0 {
			return pz, userErrorf(err, "This grid is empty: give me the puzzle's digits. %s", msgHowToSend)
		}
		return pz, b.misread(&pz, userErrorf(err, "This puzzle has more than one solution (it has %d given%s), so there is no single answer. Check that no digit is missing.", pz.grid.Givens(), plural(pz.grid.Givens())))
	case errors.Is(err, solver.ErrNoSolution):
		return pz, b.misread(&pz, userErrorf(err, "This puzzle has no solution: %s. Check that every digit was copied right.", strings.TrimPrefix(err.Error(), "no solution: ")))
	}
	return pz, fmt.Errorf("solve %s: %w", pz.grid, err)
}

// misread adds, for a photo, the picture of the grid as read and a remark
// that the reading may be at fault.
func (b *Bot) misread(pz *puzzle, err error) error {
	if !pz.photo {
		return err
	}
	pz.partial = b.readPicture(*pz)
	var ue *userError
	if errors.As(err, &ue) {
		ue.msg += gridsNote(*pz) + " I may have misread the photo: compare it with the picture of what I read." + readBack(pz.grid)
	}
	return err
}

// gridsNote says, for a photo of several grids, which one was read (" 2
// grids in the picture: read the one on the left, the largest."), and ""
// otherwise.
func gridsNote(pz puzzle) string {
	if res := pz.reading.Result; pz.photo && res != nil {
		if n := res.GridsNote(); n != "" {
			return " " + capitalize(n) + "."
		}
	}
	return ""
}

// readBack offers the grid read from a photo as text, to correct the digit
// or two the reader got wrong and send back rather than typing it all.
func readBack(g solver.Grid) string {
	return "\nWhat I read, to correct and send back: `" + g.String() + "`"
}

// readPhoto decodes and reads a photo, and returns the reading and the time
// it took (decoding included). The caller holds a photo worker.
func (b *Bot) readPhoto(ctx context.Context, p *photoInput) (engines.Reading, time.Duration, error) {
	start := b.clock()
	dec, err := p.header.Decode()
	if err != nil {
		return engines.Reading{}, b.clock().Sub(start), err
	}
	r, err := b.opt.Engines.ReadPhoto(ctx, dec)
	read := b.clock().Sub(start)
	if err != nil {
		return r, read, err
	}
	if r.Grid.IsZero() {
		return r, read, engines.ErrNoGrid
	}
	return r, read, nil
}

// readPicture returns a reply holding the picture of the grid as read.
func (b *Bot) readPicture(pz puzzle) Reply {
	var rep Reply
	if f, ok := b.draw("read.png", func() ([]byte, error) {
		if !b.offers(engines.Pictures) {
			return nil, errUnavailable
		}
		return b.opt.Engines.DrawGrid(pz.grid, pz.reading.Doubtful)
	}); ok {
		rep.Files = append(rep.Files, f)
	}
	return rep
}

var errUnavailable = errors.New("unavailable")

// draw runs a renderer; a failure is logged and leaves the picture out, as
// the text says everything that matters.
func (b *Bot) draw(name string, f func() ([]byte, error)) (File, bool) {
	data, err := f()
	if err != nil {
		if !errors.Is(err, errUnavailable) {
			b.log.Error("drawing failed", "file", name, "err", err)
		}
		return File{}, false
	}
	ct := "image/png"
	if strings.HasSuffix(name, ".jpg") {
		ct = "image/jpeg"
	}
	return File{Name: name, ContentType: ct, Data: data}, true
}

// solutionText writes the solution as 9 lines of 9 digits (spaces between
// boxes) behind one spoiler.
func solutionText(sol solver.Grid) string {
	return "||" + strings.Join(sol.Rows(), "\n") + "||"
}

// solve answers with the solution.
func (b *Bot) solve(ctx context.Context, pz puzzle, ephemeral bool) (Reply, error) {
	var sb strings.Builder
	sb.WriteString("**Solved!**")
	if r, err := b.rating(ctx, pz.grid); err == nil {
		fmt.Fprintf(&sb, " Difficulty: %s.", r)
	}
	from := "your text"
	if pz.photo {
		from = "your photo"
	}
	fmt.Fprintf(&sb, " I read %d givens from %s.%s", pz.grid.Givens(), from, gridsNote(pz))
	if d := pz.reading.Doubtful; len(d) > 0 {
		them := "them"
		if len(d) == 1 {
			them = "it"
		}
		fmt.Fprintf(&sb, " I was not sure about %s: please check %s in the picture of what I read.", cellList(pz.grid, d), them)
	}
	sb.WriteString("\n")
	sb.WriteString(solutionText(pz.solution))
	rep := Reply{Ephemeral: ephemeral}
	if pz.photo {
		rep.Files = append(rep.Files, b.readPicture(pz).Files...)
	}
	if f, ok := b.draw("SPOILER_solution.png", func() ([]byte, error) {
		if !b.offers(engines.Pictures) {
			return nil, errUnavailable
		}
		return b.opt.Engines.DrawSolution(pz.grid, pz.solution)
	}); ok {
		rep.Files = append(rep.Files, f)
	}
	if pz.photo {
		if f, ok := b.draw("SPOILER_solution-on-photo.jpg", func() ([]byte, error) {
			if pz.reading.DrawOnPhoto == nil {
				return nil, errUnavailable
			}
			return pz.reading.DrawOnPhoto(pz.solution)
		}); ok {
			rep.Files = append(rep.Files, f)
		}
	}
	if !b.offers(engines.Pictures) {
		sb.WriteString("\n(Pictures are not available on this bot right now.)")
	}
	rep.Text = sb.String()
	return rep, nil
}

// cellList names cells like "r3c4, r7c1 and r9c9", at most ten of them.
func cellList(g solver.Grid, cells []int) string {
	names := make([]string, 0, len(cells))
	for i, c := range cells {
		if i == 10 {
			names = append(names, fmt.Sprintf("%d more", len(cells)-10))
			break
		}
		names = append(names, g.CellName(c))
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// ratingText is a rating as users read it.
type ratingText engines.Rating

// String writes the rating like "**Hard** (score 1200, hardest step: X-Wing)".
func (r ratingText) String() string {
	s := "**" + r.Level + "**"
	var extra []string
	if r.Score > 0 {
		extra = append(extra, "score "+strconv.FormatFloat(r.Score, 'f', -1, 64))
	}
	if r.Hardest != "" {
		extra = append(extra, "hardest step: "+r.Hardest)
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// rating rates g, or returns errUnavailable.
func (b *Bot) rating(ctx context.Context, g solver.Grid) (ratingText, error) {
	if !b.offers(engines.Ratings) {
		return ratingText{}, errUnavailable
	}
	r, err := b.opt.Engines.Rate(ctx, g)
	if err != nil {
		if !errors.Is(err, engines.ErrNot9x9) {
			b.log.Error("rating failed", "grid", g.String(), "err", err)
		}
		return ratingText{}, err
	}
	return ratingText(r), nil
}

// rateReply answers /rate.
func (b *Bot) rateReply(ctx context.Context, pz puzzle) (Reply, error) {
	if !b.offers(engines.Ratings) {
		return Reply{}, userErrorf(nil, "Rating is not available on this bot right now; /solve and /check work.")
	}
	r, err := b.rating(ctx, pz.grid)
	if errors.Is(err, engines.ErrNot9x9) {
		return Reply{}, userErrorf(err, "Ratings work on 9x9 puzzles only; /solve handles this one.")
	}
	if err != nil {
		return Reply{}, fmt.Errorf("rate %s: %w", pz.grid, err)
	}
	return Reply{Text: fmt.Sprintf("Difficulty: %s. The puzzle has %d givens and exactly one solution.", r, pz.grid.Givens())}, nil
}

// hint answers with step n of pz's logical solution at the given level,
// and the buttons to go on.
func (b *Bot) hint(ctx context.Context, pz puzzle, n, level int, ephemeral bool) (Reply, error) {
	if !b.offers(engines.Hints) {
		return Reply{}, userErrorf(nil, "Hints are not available on this bot right now; /solve and /check work.")
	}
	if pz.grid.IsComplete() {
		return Reply{}, userErrorf(nil, "This grid is already full: there is nothing left to hint.")
	}
	st, err := b.opt.Engines.Step(ctx, pz.grid, n)
	if errors.Is(err, engines.ErrNot9x9) {
		return Reply{}, userErrorf(err, "Hints work on 9x9 puzzles only; /solve handles this one.")
	}
	if errors.Is(err, engines.ErrNoMoreSteps) {
		return Reply{Text: "No steps left: that was the last one, the puzzle is solved!\n" + solutionText(pz.solution), Ephemeral: ephemeral}, nil
	}
	if err != nil {
		return Reply{}, fmt.Errorf("hint step %d of %s: %w", n, pz.grid, err)
	}
	return b.stepReply(pz.grid, st, n, level, ephemeral), nil
}

// stepReply answers with step n (counting from 0) of grid's logical
// solution, st, at a level of help: the step in words, its picture and
// the buttons to go on.
func (b *Bot) stepReply(grid solver.Grid, st engines.StepAt, n, level int, ephemeral bool) Reply {
	s := st.Step
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Step %d** · level %d of 3", n+1, level)
	if level >= 2 && s.Technique != "" {
		fmt.Fprintf(&sb, " · %s", s.Technique)
	}
	sb.WriteString("\n")
	switch level {
	case 1:
		sb.WriteString(firstOf(s.Nudge, s.Area, s.Explanation))
	case 2:
		sb.WriteString(firstOf(s.Area, s.Nudge, s.Explanation))
	default:
		sb.WriteString(firstOf(s.Explanation, s.Area, s.Nudge))
	}
	if s.BruteForce {
		sb.WriteString("\n(No technique I know applies here, so this step comes from trial and error, not logic.)")
	}
	rep := Reply{Ephemeral: ephemeral}
	if f, ok := b.draw("hint.png", func() ([]byte, error) {
		if !b.offers(engines.Pictures) {
			return nil, errUnavailable
		}
		return b.opt.Engines.DrawHint(grid, st.Before, st.Candidates, s, level)
	}); ok {
		rep.Files = append(rep.Files, f)
	}
	buttons, err := hintButtons(grid, n, level)
	if err != nil {
		sb.WriteString("\n(Buttons are not available for this grid size: ask /hint again for the next step.)")
	}
	rep.Buttons = buttons
	rep.Text = sb.String()
	return rep
}

// hintButtons returns "Next step", "More detail" (below level 3) and "Show
// solution" for step n of g.
func hintButtons(g solver.Grid, n, level int) ([]Button, error) {
	var out []Button
	if n+1 <= MaxStep {
		id, err := EncodeState(State{Action: ActionNext, Grid: g, Step: n + 1, Level: level})
		if err != nil {
			return nil, err
		}
		out = append(out, Button{Label: "Next step", CustomID: id, Style: StylePrimary})
	}
	if level < 3 {
		id, err := EncodeState(State{Action: ActionDetail, Grid: g, Step: n, Level: level + 1})
		if err != nil {
			return nil, err
		}
		out = append(out, Button{Label: "More detail", CustomID: id, Style: StyleSecondary})
	}
	id, err := EncodeState(State{Action: ActionSolution, Grid: g, Step: n, Level: level})
	if err != nil {
		return nil, err
	}
	out = append(out, Button{Label: "Show solution", CustomID: id, Style: StyleDanger})
	return out, nil
}

func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// check answers /check: which filled cells of current are wrong.
func (b *Bot) check(_ context.Context, pz puzzle, current string, ephemeral bool) (Reply, error) {
	if strings.TrimSpace(current) == "" {
		return Reply{}, userErrorf(nil, "Give me your current grid as well as the original puzzle: /check original:<puzzle> current:<your grid>, blanks as 0 or ., or a picture of your grid in progress: /check photo:<picture>.")
	}
	cur, err := solver.ParseRaw(current)
	if err != nil {
		return Reply{}, userErrorf(err, "I couldn't read your current grid: %s.", err)
	}
	if cur.Side() != pz.grid.Side() {
		return Reply{}, userErrorf(nil, "Your current grid is %dx%d but the puzzle is %dx%d.", cur.Side(), cur.Side(), pz.grid.Side(), pz.grid.Side())
	}
	// Against the one solution, the wrong cells are the filled cells
	// that differ from it: changed givens among them.
	cells, err := solver.Check(pz.grid, cur, pz.solution)
	if err != nil {
		return Reply{}, fmt.Errorf("check against %s: %w", pz.grid, err)
	}
	var wrong, changed []int
	for _, w := range cells {
		wrong = append(wrong, w.Cell)
		if pz.grid.Cell(w.Cell) != 0 {
			changed = append(changed, w.Cell)
		}
	}
	filled := cur.Givens()
	rep := Reply{Ephemeral: ephemeral}
	total := cur.NumCells()
	switch {
	case len(wrong) == 0 && filled == total:
		rep.Text = "**Solved!** Every cell is right. Well done!"
		return rep, nil
	case len(wrong) == 0:
		rep.Text = fmt.Sprintf("Everything you filled in is right so far: %d of %d cells done, %d to go.", filled, total, total-filled)
		return rep, nil
	}
	n := len(wrong)
	rep.Text = fmt.Sprintf("%d cell%s %s wrong: %s. The other %d you filled in are right.",
		n, plural(n), map[bool]string{true: "is", false: "are"}[n == 1], cellList(cur, wrong), filled-n)
	if len(changed) > 0 {
		rep.Text += fmt.Sprintf(" Note: %s differ%s from the puzzle's givens.", cellList(cur, changed), map[bool]string{true: "s", false: ""}[len(changed) == 1])
	}
	if f, ok := b.draw("check.png", func() ([]byte, error) {
		if !b.offers(engines.Pictures) {
			return nil, errUnavailable
		}
		return b.opt.Engines.DrawWrong(pz.grid, cur, wrong)
	}); ok {
		rep.Files = append(rep.Files, f)
	}
	return rep, nil
}

// button answers a pressed hint button. The reply is always ephemeral: the
// buttons may sit under a public message that anyone can press.
func (b *Bot) button(ctx context.Context, req Request) (Reply, error) {
	st, err := DecodeState(req.Button)
	if err != nil {
		return Reply{}, userErrorf(err, "I don't recognise this button: it may be from an older version of me. Run /hint again.")
	}
	if st.Action.fixing() && len(st.Doubts) > 0 {
		return b.askNext(st), nil
	}
	if err := st.Grid.Validate(); err != nil {
		if st.Action.fixing() {
			return Reply{}, userErrorf(err, "With your answers the grid breaks the rules: %s. I misread another digit: please send the puzzle as text.%s", err, readBack(st.Grid))
		}
		return Reply{}, userErrorf(err, "This button's puzzle breaks the rules (%s). Run /hint again.", err)
	}
	sol, err := solver.SolveUnique(st.Grid)
	if err != nil {
		if st.Action.fixing() {
			return Reply{}, userErrorf(err, "With your answers the grid has no single solution (%s). I misread another digit: please send the puzzle as text.%s", err, readBack(st.Grid))
		}
		return Reply{}, userErrorf(err, "This button's puzzle has no single solution. Run /hint again.")
	}
	pz := puzzle{grid: st.Grid, solution: sol}
	switch st.Action {
	case ActionFixSolve, ActionFixHint:
		return b.fixed(ctx, st, pz)
	case ActionSolution:
		return b.solve(ctx, pz, true)
	default:
		return b.hint(ctx, pz, st.Step, st.Level, true)
	}
}

// helpReply lists what the bot can do, with the console's commands when
// asked on the console.
func helpReply(b *Bot, console bool) Reply {
	var sb strings.Builder
	sb.WriteString("**I solve Sudoku puzzles** from text or photos.\n")
	if console {
		sb.WriteString("• Paste a grid: 81 digits on one line, or 9 lines of 9 (0 or . for blanks). A path to a photo or a text file works too.\n")
		sb.WriteString("• `/solve <grid or file>`: the solution. `/hint [1-3] <grid or file>`: one logical step (1 a nudge, 2 the technique and where, 3 the full explanation), then `/next`, `/more` or `/solution`.\n")
		sb.WriteString("• `/rate <grid or file>`: how hard it is. `/check <original> <current>`: which of your digits are wrong. `/quit` to leave.\n")
	} else {
		sb.WriteString("• `/solve` with a `puzzle` (81 digits, 0 or . for blanks; 9 lines work too) or a `photo`: the solution, hidden behind spoilers.\n")
		sb.WriteString("• `/hint` with a puzzle or photo and a `level` (1 a nudge, 2 the technique and where, 3 the full explanation): one logical step, only for you, with buttons for the next step.\n")
		sb.WriteString("• `/rate`: how hard a puzzle is. `/check` with a `photo` of your grid in progress (or the `original` puzzle and your `current` grid as text): which of your digits are wrong.\n")
		sb.WriteString("• Right-click a message → Apps → **Solve Sudoku** or **Sudoku hint**.\n")
		sb.WriteString("• Or just send me a grid or a photo in a DM, or mention me with one. A photo of a grid you are working on gets your mistakes, or else the next step from where you are.\n")
	}
	fmt.Fprintf(&sb, "Photos up to %s.", humanBytes(b.opt.MaxPhotoBytes))
	var off []string
	if !b.offers(engines.Photos) {
		off = append(off, "reading photos")
	}
	if !b.offers(engines.Hints) {
		off = append(off, "hints")
	}
	if !b.offers(engines.Ratings) {
		off = append(off, "ratings")
	}
	if !b.offers(engines.Pictures) {
		off = append(off, "pictures")
	}
	if len(off) > 0 {
		fmt.Fprintf(&sb, "\nNot available on this bot right now: %s.", strings.Join(off, ", "))
	}
	return Reply{Text: sb.String(), Ephemeral: true}
}

// The answers from a photo whose puzzle rests on digits not read surely
// (see ocr.Puzzle.Sure) wait until the player says what those digits are:
// the bot asks about the least sure one ("is r1c5 a 1 or a 7?") with a
// button for each of its likeliest digits and one that takes the reading
// as it is; each answer asks about the next doubt, and the last one brings
// the solution, or the first hint. The console, which has no buttons, asks
// in words and offers the grid read to correct and send back.

// maxChoices is the most digits offered for one doubtful cell: with "Take
// it as read" they fill Discord's row of five buttons.
const maxChoices = 4

// askDoubts answers a photo whose puzzle rests on digits not read surely
// (pz.doubts) by asking about them; then says what follows the answers (a
// hint at level, or the solution).
func (b *Bot) askDoubts(pz puzzle, then Action, level int, console bool) Reply {
	var sb strings.Builder
	rest := make([]int, 0, len(pz.doubts))
	for _, d := range pz.doubts[1:] {
		rest = append(rest, d.Cell)
	}
	first := pz.doubts[0]
	fmt.Fprintf(&sb, "I could not read every given surely, so I will not answer from them yet: **%s**", first.Ask())
	if len(rest) > 0 {
		fmt.Fprintf(&sb, " I am not sure of %s either.", cellList(pz.grid, rest))
	}
	rep := b.readPicture(pz)
	if console {
		sb.WriteString(" Please correct the grid below and send it back.")
		sb.WriteString(readBack(pz.grid))
		rep.Text = sb.String()
		return rep
	}
	sb.WriteString(" Press the right digit, or take what I read as it is.")
	sb.WriteString(readBack(pz.grid))
	rep.Text = sb.String()
	rep.Buttons = fixButtons(pz.grid, first.Cell, first.Choices(maxChoices), rest, then, level)
	return rep
}

// askNext asks about the next doubt of a pressed answer, offering the digit
// read there and the others the grid allows.
func (b *Bot) askNext(st State) Reply {
	c, rest := st.Doubts[0], st.Doubts[1:]
	read := st.Grid.Cell(c)
	choices := []int{read}
	g := st.Grid
	g.SetCell(c, 0)
	for _, d := range g.Candidates()[c].Digits() {
		if d != read && len(choices) < maxChoices {
			choices = append(choices, d)
		}
	}
	text := fmt.Sprintf("Thanks. **Is %s %s?**", st.Grid.CellName(c), aDigit(read))
	if len(rest) > 0 {
		text += fmt.Sprintf(" Then %d more to go.", len(rest))
	}
	return Reply{Text: text, Ephemeral: true, Buttons: fixButtons(st.Grid, c, choices, rest, st.Action, st.Level)}
}

// fixButtons are a button for each digit cell may hold, and "Take it as
// read": each keeps the grid with that answer, and the doubts left.
func fixButtons(g solver.Grid, cell int, digits, rest []int, then Action, level int) []Button {
	var out []Button
	for _, d := range digits {
		fixed := g
		fixed.SetCell(cell, d)
		if id, err := EncodeState(State{Action: then, Grid: fixed, Level: max(level, 1), Doubts: rest}); err == nil {
			out = append(out, Button{Label: fmt.Sprintf("%s is %d", g.CellName(cell), d), CustomID: id, Style: StylePrimary})
		}
	}
	if id, err := EncodeState(State{Action: then, Grid: g, Level: max(level, 1)}); err == nil {
		out = append(out, Button{Label: "Take it as read", CustomID: id, Style: StyleSecondary})
	}
	return out
}

// fixed answers the last answer about a photo's doubtful digits: the
// solution, or the first hint, of the grid as the player confirmed it.
func (b *Bot) fixed(ctx context.Context, st State, pz puzzle) (Reply, error) {
	pz.photo = true
	if st.Action == ActionFixHint {
		return b.hint(ctx, pz, 0, st.Level, true)
	}
	return b.solve(ctx, pz, true)
}

// aDigit is a digit with its article: "a 7", "an 8".
func aDigit(d int) string {
	if d == 8 {
		return "an 8"
	}
	return fmt.Sprintf("a %d", d)
}
