package render

import (
	"fmt"
	"image/color"
	"strings"
)

// Theme is a colour scheme. The zero value is [Light].
type Theme uint8

// The themes: Light suits Discord's light background (#ffffff) and Dark its
// dark one (#313338).
const (
	Light Theme = iota
	Dark
)

// themeNames are the names [ParseTheme] accepts, indexed by theme.
var themeNames = [...]string{Light: "light", Dark: "dark"}

// String returns the theme's name, "light" or "dark".
func (t Theme) String() string {
	if int(t) < len(themeNames) {
		return themeNames[t]
	}
	return fmt.Sprintf("Theme(%d)", uint8(t))
}

// ParseTheme returns the theme with the given name, ignoring case and
// surrounding spaces.
func ParseTheme(name string) (Theme, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for i, s := range themeNames {
		if n == s {
			return Theme(i), nil
		}
	}
	return 0, fmt.Errorf("unknown theme %q: the themes are %s", name, strings.Join(themeNames[:], " and "))
}

// Palette holds the colours of one theme. All colours are opaque.
type Palette struct {
	// Background is the paper: the whole picture behind the grid.
	Background color.RGBA
	// Label is the colour of the row and column numbers in the margin.
	Label color.RGBA
	// ThinLine separates cells, ThickLine boxes and the outer border.
	ThinLine, ThickLine color.RGBA
	// Given is the colour of the puzzle's digits.
	Given color.RGBA
	// Filled is the colour of digits filled in by the solver or a player.
	Filled color.RGBA
	// Candidate is the colour of pencil marks.
	Candidate color.RGBA
	// UnitShade fills the rows, columns and boxes a hint reasons about;
	// CellShade the cells that prove it, on top.
	UnitShade, CellShade color.RGBA
	// Target rings the cell a hint fills and writes its digit;
	// TargetShade fills that cell.
	Target, TargetShade color.RGBA
	// Eliminated strikes through and writes the candidates a hint
	// removes; EliminatedShade fills their cells.
	Eliminated, EliminatedShade color.RGBA
	// Wrong writes a wrong digit, WrongShade fills its cell.
	Wrong, WrongShade color.RGBA
	// Link draws the arrows of a chain.
	Link color.RGBA
	// Group are the discs behind the candidates of a pattern, by
	// highlight group (0 main, 1 second colour, 2 third).
	Group [3]color.RGBA
}

// palettes are the colours of each theme. The light theme is ink on
// paper; the dark theme is a slightly darker sheet than Discord's dark
// background (#313338) so that the picture's edge shows, with light ink.
var palettes = [...]Palette{
	Light: {
		Background:      rgb(0xffffff),
		Label:           rgb(0x8a9099),
		ThinLine:        rgb(0xbfc4cc),
		ThickLine:       rgb(0x24262b),
		Given:           rgb(0x1c1d21),
		Filled:          rgb(0x2563d6),
		Candidate:       rgb(0x5f6670),
		UnitShade:       rgb(0xeaf0fa),
		CellShade:       rgb(0xfdeaa7),
		Target:          rgb(0x15925a),
		TargetShade:     rgb(0xd5f5e3),
		Eliminated:      rgb(0xd92b2b),
		EliminatedShade: rgb(0xfde4e4),
		Wrong:           rgb(0xd92b2b),
		WrongShade:      rgb(0xfdd8d8),
		Link:            rgb(0x7048e8),
		Group:           [3]color.RGBA{rgb(0x9ec5ff), rgb(0xffc078), rgb(0xd0a8f5)},
	},
	Dark: {
		Background:      rgb(0x222327),
		Label:           rgb(0x80858e),
		ThinLine:        rgb(0x474a52),
		ThickLine:       rgb(0xc4c8cf),
		Given:           rgb(0xf2f3f5),
		Filled:          rgb(0x7fb2ff),
		Candidate:       rgb(0xa3a9b3),
		UnitShade:       rgb(0x2f3a52),
		CellShade:       rgb(0x5e4b14),
		Target:          rgb(0x3ddc8e),
		TargetShade:     rgb(0x1d4a33),
		Eliminated:      rgb(0xff6b6b),
		EliminatedShade: rgb(0x4d2426),
		Wrong:           rgb(0xff7070),
		WrongShade:      rgb(0x5c2326),
		Link:            rgb(0xb197fc),
		Group:           [3]color.RGBA{rgb(0x2f5aa8), rgb(0x9a5a14), rgb(0x6b3fa0)},
	},
}

// Palette returns the colours of t. An unknown theme gets the light
// colours.
func (t Theme) Palette() Palette {
	if int(t) < len(palettes) {
		return palettes[t]
	}
	return palettes[Light]
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}
