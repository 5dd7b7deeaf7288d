package bot

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// MaxCustomID is Discord's limit on the length of a button's custom_id.
const MaxCustomID = 100

// Action is what a button does.
type Action byte

// The button actions.
const (
	ActionNext     Action = 'n' // the next step
	ActionDetail   Action = 'd' // the same step, one level more detailed
	ActionSolution Action = 's' // the whole solution
	// ActionFixSolve and ActionFixHint answer a question about a digit
	// read from a photo: the button's grid holds the answer; the
	// solution, or the first step at the button's level, follows once no
	// doubt is left.
	ActionFixSolve Action = 'f'
	ActionFixHint  Action = 'g'
)

// fixing reports whether a answers a question about a digit read.
func (a Action) fixing() bool { return a == ActionFixSolve || a == ActionFixHint }

// State is what a hint button remembers: the puzzle, which step of its
// logical solution is shown, at which level, and what pressing does.
type State struct {
	Action Action
	Grid   solver.Grid
	Step   int // from 0, at most MaxStep
	Level  int // 1 to 3
	// Doubts are the cells of Grid, read from a photo, still to ask
	// about (fixing actions only).
	Doubts []int
}

// MaxStep is the largest step number a custom_id can hold.
const MaxStep = 255

// statePrefix starts every custom_id the bot makes; the digit is the format
// version, so a later format can still read old buttons.
const statePrefix = "s1"

// EncodeState packs s into a custom_id of at most [MaxCustomID] characters:
// "s1", the action, the level, then base64url of one byte for the grid side,
// one for the step, the grid's digits as one number in base side+1 and, for
// the fixing actions, one bit per cell for Doubts. A 9x9 grid takes 48
// characters whatever its digits (67 with the doubts); 16x16 grids do not
// fit and return an error.
func EncodeState(s State) (string, error) {
	side := s.Grid.Side()
	if side != 4 && side != 9 {
		return "", fmt.Errorf("a %dx%d grid does not fit in a button", side, side)
	}
	if s.Step < 0 || s.Step > MaxStep {
		return "", fmt.Errorf("step %d is beyond %d", s.Step, MaxStep)
	}
	if s.Level < 1 || s.Level > 3 {
		return "", fmt.Errorf("level %d is not 1 to 3", s.Level)
	}
	if !s.Action.known() {
		return "", fmt.Errorf("unknown action %q", s.Action)
	}
	n := new(big.Int)
	base := big.NewInt(int64(side + 1))
	for i := range s.Grid.NumCells() {
		n.Mul(n, base)
		n.Add(n, big.NewInt(int64(s.Grid.Cell(i))))
	}
	buf := make([]byte, 2+gridBytes(side), 2+gridBytes(side)+maskBytes(side))
	buf[0], buf[1] = byte(side), byte(s.Step)
	n.FillBytes(buf[2:])
	if s.Action.fixing() {
		mask := make([]byte, maskBytes(side))
		for _, c := range s.Doubts {
			if c < 0 || c >= side*side {
				return "", fmt.Errorf("doubtful cell %d is outside the grid", c)
			}
			mask[c/8] |= 1 << (c % 8)
		}
		buf = append(buf, mask...)
	}
	id := statePrefix + string(s.Action) + string(rune('0'+s.Level)) + base64.RawURLEncoding.EncodeToString(buf)
	if len(id) > MaxCustomID {
		return "", fmt.Errorf("custom_id of %d characters is over %d", len(id), MaxCustomID)
	}
	return id, nil
}

// known reports whether a is one of the button actions.
func (a Action) known() bool {
	switch a {
	case ActionNext, ActionDetail, ActionSolution, ActionFixSolve, ActionFixHint:
		return true
	}
	return false
}

// maskBytes is the number of bytes of one bit per cell of a grid.
func maskBytes(side int) int { return (side*side + 7) / 8 }

// gridBytes is the number of bytes that hold any grid of the given side as
// a number in base side+1.
func gridBytes(side int) int {
	max := new(big.Int).Exp(big.NewInt(int64(side+1)), big.NewInt(int64(side*side)), nil)
	return (max.BitLen() + 7) / 8
}

// errNotOurs is returned by DecodeState for a custom_id another bot version
// or another application made.
var errNotOurs = errors.New("this button is not one of mine, or it is from an older version")

// DecodeState reads a custom_id made by [EncodeState]. It never panics:
// custom_ids come from the network.
func DecodeState(id string) (State, error) {
	if len(id) > MaxCustomID || len(id) < len(statePrefix)+3 || !strings.HasPrefix(id, statePrefix) {
		return State{}, errNotOurs
	}
	rest := id[len(statePrefix):]
	s := State{Action: Action(rest[0]), Level: int(rest[1] - '0')}
	if !s.Action.known() {
		return State{}, errNotOurs
	}
	if s.Level < 1 || s.Level > 3 {
		return State{}, errNotOurs
	}
	buf, err := base64.RawURLEncoding.DecodeString(rest[2:])
	if err != nil || len(buf) < 2 {
		return State{}, errNotOurs
	}
	side := int(buf[0])
	if side != 4 && side != 9 {
		return State{}, errNotOurs
	}
	size := 2 + gridBytes(side)
	if s.Action.fixing() {
		size += maskBytes(side)
	}
	if len(buf) != size {
		return State{}, errNotOurs
	}
	for c := range side * side {
		if s.Action.fixing() && buf[2+gridBytes(side)+c/8]&(1<<(c%8)) != 0 {
			s.Doubts = append(s.Doubts, c)
		}
	}
	buf = buf[:2+gridBytes(side)]
	s.Step = int(buf[1])
	g, err := solver.NewGrid(side)
	if err != nil {
		return State{}, errNotOurs
	}
	n := new(big.Int).SetBytes(buf[2:])
	base := big.NewInt(int64(side + 1))
	d := new(big.Int)
	for i := g.NumCells() - 1; i >= 0; i-- {
		n.DivMod(n, base, d)
		g.SetCell(i, int(d.Int64()))
	}
	if n.Sign() != 0 {
		return State{}, errNotOurs
	}
	s.Grid = g
	return s, nil
}
