// Command secondop measures what Tesseract's second opinion on the digits
// adds to the cell classifier's reading, on folders of pictures with their
// truth. It is the measurement behind the rule ocr/recognize_net.go uses
// (secondBelow = 0.999, startBelow = 0.97 and secondWeight = 0.3): in a
// picture where the network reads a printed digit with less than 0.97 (one
// it would name as doubtful), Tesseract reads again the printed digits it
// gives less than 0.999, among the other printed digits of the picture,
// and its probabilities, raised to the power 0.3, multiply the network's.
//
//	OMP_THREAD_LIMIT=1 go run ./train/secondop [-csv FILE] FOLDER...
//
// For instance, on the development folders and the synthetic test pictures
// (build/synth-test):
//
//	OMP_THREAD_LIMIT=1 go run ./train/secondop ../shared/ocr/newspaper-dev ../shared/ocr/screens-dev build/synth-test
//
// Every picture is read as the product reads it, the network alone finding
// the grid; then the network (package ocr/digitnet) reads each of the 81
// cells, and Tesseract (package ocr/tesseract) the glyph of every cell
// holding a digit's ink, whatever the network thinks of it. From the two
// opinions the command computes the reading each of ten rules gives:
//
//   - the network alone;
//   - Tesseract's weight 0.3, asked below a confidence of 0.999 in the
//     pictures with a digit below 0.97 (the product's rule);
//   - weight 0.5, the same (the product's rule until 2026-11-28, measured
//     with the single network before the ensemble);
//   - weight 0.5, asked below 0.999 in every picture (the product's rule
//     until 2026-11-27);
//   - weight 0.5, asked below 0.97;
//   - weights 0.4 and 0.2, as the product's rule;
//   - weight 0.5, asked on every digit the network reads;
//   - weight 1.0, on every digit;
//   - weight 0.3, on every digit.
//
// The network reads a digit when the probability of a digit (printed or
// handwritten) times that of its best digit is more than both the
// probability of empty and that of pencil marks; that product is its
// confidence. When Tesseract is asked, the network's distribution over the
// digits is approximated from its two best digits (the rest spread evenly
// over the other seven) and Tesseract's from its best digit (the rest
// spread over the other eight); each digit's probability is multiplied by
// Tesseract's raised to the power of the weight, and the best digit is read
// with its renormalised probability times that of a digit as confidence,
// unless that is less than the probability of empty or of marks, when the
// cell is read empty. The measured rules, unlike the product, do not tell
// printed digits from handwritten ones when they ask Tesseract; the cells
// counted are printed (given) digits, digits of a truth that does not tell
// givens from entries, and empty cells, not the player's entries or pencil
// marks.
//
// For each folder, and for all of them together (ALL), it prints a
// Markdown table with one row per rule: the cells Tesseract was asked
// about and the pictures it was asked about (each waits for Tesseract to
// start, when read by a command), the cells read wrong, those read wrong with a confidence of at
// least 0.97 (the mistakes the reader would not flag for checking), and
// the cells read with a confidence under 0.97 (those it would flag). A
// good rule makes fewer mistakes, fewer sure mistakes and fewer unsure
// cells, and asks Tesseract, which is slow, about as few cells as it can:
// asked below 0.999 does as well as asking on every digit while asking a
// small fraction of the cells, and asked only in the pictures with a
// doubtful digit, in a small fraction of the pictures. With the ensemble
// of 2026-11-28, weight 0.5 read more digits wrong, and more of them
// surely, than the network alone; weight 0.3 fewer (docs/reading.md).
//
// Pictures that cannot be read from disk or decoded, or whose grid is not
// found, are skipped: each is named on standard error, and the tables give
// how many were. The folder mixed-dev takes its givens from the
// newspaper-dev beside it. With -csv FILE the command also writes every
// cell's raw opinions to FILE (folder, picture, cell, truth and its kind,
// the network's kind probabilities pe, pp, ph and pm, its two best digits
// d1 and d2 with their probabilities p1 and p2, Tesseract's best digit td
// with its probability tp, and tok, whether Tesseract read the cell). The
// tables are computed from the probabilities themselves, the CSV rounds
// them to five decimals (Tesseract's to four): a rule evaluated on the CSV
// may count differently a cell whose confidence lies right at a threshold
// (one cell of 24658 at 0.999 on the folders above).
//
// OMP_THREAD_LIMIT=1 makes each Tesseract call about three times faster;
// the command re-executes itself with it set when it is missing.
package main
