// Package ocr turns a photo of a printed Sudoku into a checked 81-cell grid.
//
// The pipeline has two halves that meet in [Cells]:
//
//   - The front (decode.go, detect.go, warp.go, cells.go, read.go) decodes the
//     image with explicit limits ([DecodeLimits]), finds the puzzle as the
//     largest grid-like quadrilateral, rectifies the perspective ([Rectify])
//     and cuts the 81 cells ([CutCells]).
//   - The recognition half implements [Recognizer]: given the [Cells] it
//     says what every cell holds (nothing, a printed digit, the player's
//     digit, pencil marks) and which digit, returning a [CellReading] per
//     cell with a calibrated confidence and ranked alternatives.
//     [NewRecognizer] is this package's: the trained cell classifier of
//     package ocr/digitnet (pure Go, weights embedded) reads every cell, a
//     [DigitReader] gives a second opinion on the printed digits the
//     classifier is least sure of (package ocr/tesseract reads them with
//     Tesseract; everything else here is pure Go), and pencil marks are
//     read one small digit at a time.
//   - Between the two, [Read] tells the givens from the player's entries
//     (the classifier's print-or-hand verdict, and for an app's typed
//     entries their colour and weight), corrects the least sure givens
//     with the solver ([Correct]) and checks the puzzle.
//
// [Read] runs everything and returns a [Result]: the grid, per-cell
// confidences and alternatives, the four grid corners in the photo (for
// drawing the solution onto it with [DrawOverlay]) and the time spent in
// every stage. A grid that was read but has a clash, no solution or several
// comes back with [Result.Err] naming the doubtful cells: callers show that,
// never the grid as if it were right.
//
// # The front of the pipeline
//
//   - [Decode] accepts JPEG, PNG, GIF and WebP. It refuses files over
//     [DecodeLimits].MaxBytes and, from the header alone, before any pixel is
//     decoded, images over MaxPixels (decompression bombs): [ErrTooLarge]
//     with a [LimitError] saying "image is WxH pixels, the limit is N".
//     It reads the EXIF orientation tag of JPEGs but does not apply it.
//   - [Detect] works on a copy scaled to at most 800 pixels. It looks for
//     grid lines in several maps of the picture, in turn until one gives a
//     nearly complete lattice that is framed (its four outer lines are
//     lines, not the edge of a shadow or of the page): ink darker than its neighbourhood (an
//     adaptive threshold), thin dark lines at three widths and thin light
//     lines (ridges, which ignore large dark areas such as an app's bars or
//     a dark board's surroundings). In each map the large connected
//     components are outlined (the largest quadrilateral on the convex
//     hull, and the bounding box), and each outline's lattice is fitted:
//     the neighbourhood is rectified and the ten evenly spaced lines of
//     each axis are found from the ink profiles of each half of the
//     square, scoring bold box lines above cell lines. Every lattice is
//     then judged on the gray picture itself (how strongly its twenty
//     lines stand out, all along their length, box lines above cell
//     lines), moved by a cell when that fits the lines clearly better.
//     A lattice with hardly any cell lines may be one 3x3 box of a grid
//     whose outline was lost (a curved sheet, a shadow): the grid is
//     looked for around it, and replaces it when its lines stand out
//     across the whole grid and its border is all there. Of the lattices
//     nearly as clear as the best the largest one nearest the middle
//     wins: the puzzle, not its smaller solution grid or a neighbouring
//     puzzle; if it is not framed, a framed lattice of the same grid
//     replaces it. When no component qualifies, the lattice is searched
//     in the whole picture.
//   - Orientation: EXIF tags are a hint. [Read] recognises the grid both in
//     the stored orientation and in the tagged one and keeps the reading
//     that checks out with the solver, else the more confident one.
//   - [Rectify] warps the grid to [GridSize] pixels (a grid of light print
//     on a dark board is read from its negative); [CutCells] finds the
//     cell lines per band of cells (curved paper) and paints out grid-line
//     remains inside each cell.
//
// Package internal/ocreval measures all of it against folders of photos
// with truth files (the command sudoku ocr-report).
//
// # Contract for recognizers
//
// The types in cells.go are the stable interface between the halves:
//
//   - [Cells].Img is the rectified grid, a Size x Size grayscale square whose
//     outer grid border runs along the image edge (dark ink on light paper,
//     not binarised, contrast not normalised). [CutCells] has painted the
//     grid-line remains it found inside the cell boxes with the paper's
//     shade.
//   - [Cells].Rects[i] is the box of cell i (row-major: i = row*9 + col)
//     inside Img, with the grid lines around it excluded as far as they were
//     found. Boxes need not be equal in size: on curved paper the lines are
//     not evenly spaced. Small remains of grid lines can still touch a box's
//     edge; a recognizer should ignore ink connected to the box border.
//   - A recognizer returns one [CellReading] per cell in the same order.
//     Digit 0 means empty. Confidence is the recognizer's probability in
//     [0, 1] that Digit (including "empty") is right. Alternatives lists
//     other candidates (digit 0 allowed, meaning "maybe empty") by decreasing
//     confidence, never repeating Digit.
//   - The readings returned are final: correction from alternatives (for
//     example with the solver) happens inside Recognize, if at all. [Read]
//     then checks the grid with the solver and, when it has a clash, no
//     solution or several, reports it with the least confident cells as
//     doubtful instead of returning it as read.
//   - [Read] may call Recognize twice for one photo (both orientations of a
//     photo whose EXIF orientation tag may be wrong) and keeps the reading
//     that yields a unique solution, else the more confident one.
//   - Recognize must honour ctx cancellation, must not keep references to
//     Cells.Img after returning, and must be safe to call from one goroutine
//     at a time per Recognizer value unless its documentation says more.
package ocr
