// Package render draws Sudoku grids, solutions, hint steps and checked
// grids as square PNG pictures for chat: about 900 pixels wide, crisp on a
// phone, and readable on Discord's light and dark backgrounds.
//
// Every picture is drawn by one function that takes the grids to show and
// an [Options] value and returns an *image.Paletted of at most 256 colours:
//
//   - [Grid] draws a puzzle, optionally with pencil marks;
//   - [Solution] draws a solution over its puzzle, the solver's digits in a
//     colour distinct from the givens;
//   - [Hint] draws one step of the hint engine (package solver/human) at a
//     level of help from 1 to 3;
//   - [Wrong] draws a player's grid with the wrong digits marked.
//
// [EncodePNG] writes such a picture as a small PNG. Pictures are
// deterministic: the same input gives the same bytes, so golden files can
// check them. The glyphs come from the Go fonts embedded in
// golang.org/x/image/font/gofont, so the output does not depend on the
// machine's fonts.
//
// For drawing a solution onto a photo, [DigitMask] returns one digit's
// coverage mask at a given cell size, and [Theme.Palette] gives the colours
// of the pictures.
//
// The package is safe for concurrent use.
package render
