// Package ocr turns a photo of a Sudoku into a checked 81-cell grid: the
// puzzle's givens, the player's entries and pencil marks, the solution or
// what is wrong, and the cells to check by eye.
//
// # The stages
//
// [Read] (or [ReadDecoded], for a photo decoded already) runs the stages
// below in order and returns a [Result]. Each stage is a function whose
// input and output are named types, timed under the stage's name in
// [Result.Stages] ("timings_ms" in the JSON of sudoku read). The stages
// from rectify to check run once for every angle of the photo tried (see
// The photo's angle), and for the lattices a cell off the detected one
// when no angle's digits make a puzzle (read_shift.go); each stage file says at its top what the stage does
// and where it is tested.
//
//	stage      files                 entry function        fills in (Result)             tests
//	decode     decode.go,            Decode, ToGray        Width, Height, Orientation    decode_test.go,
//	           decode_scaled.go                                                          decode_scaled_test.go
//	detect     detect.go,            Detect                DetectScore, and Corners      detect_test.go,
//	           detect_maps.go,                             once turned (upright.go)      detect_looks_test.go,
//	           detect_outlines.go,
//	           detect_lattice.go,
//	           detect_quality.go,
//	           detect_around.go,                                                         detect_board_test.go
//	           detect_board.go
//	rectify    rectify.go,           RectifyGrid, and      Inverted; the Confidence of   rectify_test.go,
//	           rectify_colour.go,    seatOf once cut       the cells where the lattice   polarity_test.go,
//	           rectify_polarity.go,                        does not sit on the picture's rectify_fit_test.go,
//	           rectify_light.go,                           lines (after split)           rectify_light_test.go
//	           rectify_fit.go
//	cut        cut.go                Cut                   (the Cells recognized)        cut_test.go
//	recognize  recognize.go,         recognize, and a      Cells[i].Digit, Confidence,   recognize_test.go,
//	           recognize_net.go,     Recognizer's          Alternatives, Marks,          recognize_marks_test.go,
//	           recognize_marks.go,   Recognize             MarksConfidence, Hand         smallhand_test.go,
//	           recognize_place.go,   (NewRecognizer)                                     recognize_ink_test.go,
//	           recognize_ink.go                                                          recognize_shade_test.go,
//	                                                                                     recognize_place_test.go
//	split      split.go,             splitCells            Cells[i].Kind, Grid,          split_test.go,
//	           split_style.go,                             Entered, Marks                split_style_test.go,
//	           split_population.go,                                                      split_population_test.go,
//	           split_typeface.go,                                                        split_typeface_test.go,
//	           split_look.go,                                                            split_look_test.go,
//	           split_symmetry.go,                                                        split_symmetry_test.go,
//	           split_entries.go,                                                         split_entries_test.go,
//	           split_givens.go                                                           split_givens_test.go
//	check      check.go,             check, and Correct    Solutions, Solution,          check_correct_test.go,
//	           check_correct.go                            SolveErr, Problem, Doubtful   progress_test.go (TestToCheck)
//
// Around the stages:
//
//	read.go            Read, ReadDecoded, Options, Result, GridCells  read_test.go, read_bench_test.go
//	upright.go         readUpright: the photo's angle; Turns          read_test.go (TestReadOrientation)
//	read_shift.go      readShifted: a lattice a cell off the one      read_shift_test.go
//	                   detected, read when no angle's digits make
//	                   a puzzle
//	picture.go         GridError: what a picture that is no 9x9       picture_test.go
//	                   puzzle is (another size, cropped, empty);
//	                   Result.GridsNote (several grids)
//	overlay.go         DrawOverlay, DrawRings (after Read)            read_test.go (TestDrawOverlay, TestDrawRings)
//	progress.go        Result.Progress: the player's work checked     progress_test.go
//	progress_settled.go Puzzle.Settled: doubts that cannot            progress_settled_test.go
//	                   change the solution
//	cells.go           Cells, CellReading, CellKind, Recognizer       (the types the stages hand on)
//	measure.go         grayLevel, inkCut, lineRemains                 (measures of a box of gray pixels that
//	                                                                   several stages share)
//	doc.go             this overview
//
// Package ocr/digitnet is the trained cell classifier the recognizer runs
// (pure Go, its weights embedded), and package ocr/tesseract the
// [DigitReader] that gives a second opinion with Tesseract; everything
// else here is pure Go. Package internal/ocreval measures the whole
// pipeline against folders of photos with truth files (the command sudoku
// ocr-report).
//
// # What each stage does
//
//   - decode: [Decode] accepts JPEG, PNG, GIF and WebP. It refuses files
//     over [DecodeLimits].MaxBytes and, from the header alone, before any
//     pixel is decoded, images over MaxPixels (decompression bombs):
//     [ErrTooLarge] with a [LimitError] saying which limit. A large JPEG
//     (a phone's photo, or one over the pixel limit but not too far over
//     it) is decoded at a reduced scale in the DCT domain, keeping a short
//     side of 1400 pixels (decode_scaled.go, internal/jpeg); Result.Scale
//     says by how much, Result.InFile gives the file's own pixels. It reads the
//     EXIF orientation tag of JPEGs but does not apply it, and how
//     coarsely a JPEG kept its colours (Decoded.ChromaStep, which the
//     split weighs). [ToGray] gives the gray levels the next stages work
//     on.
//   - detect: [Detect] finds the puzzle's grid as a [Quad] in the stored
//     pixels, on a copy scaled to at most 800 pixels: grid lines are looked
//     for in several maps of the picture, the outlines of their components
//     give candidate grids, ten lines each way are fitted to each, and the
//     lattices are judged on the gray picture itself; a board told from
//     the page by its edge, with box lines and no cell lines to fit, is
//     looked for by its edge and its box lines (detect_board.go). The
//     other grids as large are kept ([Result.OtherGrids]); when the
//     reading is not a proper puzzle, the lines around the grid say
//     whether it is a grid of another size or one the picture cuts
//     (detect_around.go), and [Read] answers with a [*GridError].
//   - rectify: [RectifyGrid] warps the grid to [GridSize] pixels square,
//     dark ink on light paper: a grid of light print on a dark board is
//     read from its negative, a picture in colour by each pixel's distance
//     in colour from its cell's background. On paper, the light falling on
//     each part of the grid (the paper's level once the strokes are filled
//     in) is divided out first, so that a shadow's edge across a cell does
//     not look like ink (rectify_light.go).
//   - cut: [Cut] finds the cell lines per band of cells (curved paper) and
//     paints out grid-line remains inside each cell: the [Cells].
//   - recognize: a [Recognizer] reads every cell ([CellReading]: the digit
//     or none, a calibrated confidence, ranked alternatives, pencil marks,
//     how likely the digit is handwritten). This package's
//     ([NewRecognizer]) runs the classifier on every cell, reads pencil
//     marks one small digit at a time (on a page of legible marks, in the
//     cells whose middle is blank too: an app draws marks along a cell's
//     sides; a cell it takes for marks at low odds against an empty one
//     is empty; on a page that keeps each digit's mark in its place of a
//     keypad, a mark's place is weighed with its shape; marks set one
//     above the other, touching, are cut apart when the network reads
//     them likelier so), and can ask a [DigitReader] about the printed
//     digits the classifier is least sure of. It also proposes
//     each cell's kind (print or hand, one digit or pencil marks, by the
//     classifier and its rules over the whole grid), because the second
//     opinion is asked only about the digits it takes for print. recognize
//     then doubts the cells the photo's frame cuts. [Read] asks the second
//     opinion only when the givens, split and checked, do not make a
//     proper puzzle read surely, and then splits and checks again.
//   - split: splitCells settles the kind of every cell: given, the
//     player's entry, pencil marks or empty. A page whose digits are one
//     ink is one population and has no typed entries (split_population.go:
//     a further ink must explain the colours better by a cost measured on
//     the dev folders; a stroke's weight alone is no ink); entries typed
//     into an app are another ink than the givens (split_style.go); a
//     pen's digits are told by the recognizer's view of each hand and the
//     likeness of each digit to the others of its digit on the page
//     (split_typeface.go), weighed with what the digits read surely look
//     like in this picture (split_look.go), its entries standing only
//     when they are a population of their own, another ink, height or
//     shape than the print (split_population.go); the symmetry of most
//     puzzles' givens settles the few
//     cells that break it (split_symmetry.go). Each candidate split's
//     givens are checked with the solver once (givensChecks) and corrected
//     from their alternatives ([Correct]) when a clearly likeliest change
//     gives one solution. The entries are never corrected but, when the
//     givens make a proper puzzle, weighed against its solution
//     (split_entries.go), and the doubtful givens and empty cells against
//     its having one solution (split_givens.go).
//     On a page so degraded that most of its digits are read unsurely,
//     the probabilities of the network's readings (digits, and cells it
//     read as empty or as pencil marks) are spread by a temperature that
//     rises with that share (check_page.go): the few read surely there
//     are not right as often as on a clear page.
//   - check: what the solver's verdict on the givens means: exactly one
//     solution, or the problem and the least sure cells and those in a
//     clash as [Result.Doubtful]; with one solution, the cells read with
//     less than [SureConfidence] and the entries that would be mistakes
//     read with less than [AccuseConfidence].
//
// # The photo's angle
//
// EXIF tags are a hint. [Read] reads the grid in the stored pixels'
// orientation first and then, when the tag asks for a turn, in the tag's,
// unless the first reading's givens are all sure, with one solution and a
// mean confidence over 0.9 (sureAngle). Tesseract is asked only after
// both were read, and not when one of them is read so. When neither gives
// a proper puzzle, the other quarter turns are tried until one does. A
// clearly more confident reading wins, and between close ones one with a
// unique solution that names no more cells to check than the other
// (betterTry). The photo is warped once;
// the other angles turn the warp. The other angles get a glance, side by
// side: the network's reading, without Tesseract, who is asked only where
// a glance gives a proper puzzle or, when none does, at the likeliest
// angle if it beats the angles tried. So most photos are read once, and
// the photos that do not check out are glanced at three times more.
//
// # The result
//
// [Result] holds the grid read, the player's entries and marks, every
// cell's reading, the grid's corners in the photo (for drawing on it with
// [DrawOverlay] and [DrawRings]) and the time spent in every stage. A grid
// that was read but has a clash, no solution or several comes back with a
// nil error and [Result.Err] naming the doubtful cells: callers show that,
// never the grid as if it were right. [Result.Progress] checks the player's
// entries and marks against the solution.
//
// # Contract for recognizers
//
// The types in cells.go are the interface between the stages:
//
//   - [Cells].Img is the rectified grid, a Size x Size grayscale square whose
//     outer grid border runs along the image edge (dark ink on light paper,
//     not binarised, contrast not normalised), with the grid-line remains
//     the cut found inside the cell boxes painted with the paper's shade.
//   - [Cells].Rects[i] is the box of cell i (row-major: i = row*9 + col)
//     inside Img, with the grid lines around it excluded as far as they were
//     found. Boxes need not be equal in size: on curved paper the lines are
//     not evenly spaced. Small remains of grid lines can still touch a box's
//     edge; a recognizer should ignore ink connected to the box border.
//   - A recognizer returns one [CellReading] per cell in the same order.
//     Digit 0 means no digit. Confidence is the recognizer's probability in
//     [0, 1] that Digit (including "no digit") is right. Alternatives lists
//     other candidates (digit 0 allowed, meaning "maybe empty") by
//     decreasing confidence, never repeating Digit. Kind may be left for
//     the split stage; a digit whose kind is not an entry becomes a given.
//   - The readings are not final: [Read] lowers the confidence of cells the
//     photo's frame cuts and of those where the lattice does not sit on
//     the picture's lines (rectify_fit.go), the split stage settles every cell's kind,
//     corrects the givens from their alternatives and weighs the entries
//     against the solution, and the check stage names the doubtful cells.
//   - Recognize must honour ctx cancellation, must not keep references to
//     Cells.Img after returning, and must be safe to call from one goroutine
//     at a time per Recognizer value unless its documentation says more.
package ocr
