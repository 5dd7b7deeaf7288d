package ocr

// Most published puzzles place their givens symmetrically: turned by half
// a turn (the most common), or mirrored left to right, top to bottom or
// about a diagonal. A puzzle that is not symmetric is far from it: on the
// newspaper development folder, 30 of 44 puzzles are symmetric and the
// others have 20 or more cells out of place under every symmetry. So a
// picture whose givens, as split from the player's entries, are
// symmetric but for a few cells (maxAsymmetric) has most likely had those
// split wrong, and [symmetricSplit] settles them with the recognizer's
// view of each digit's hand.
const maxAsymmetric = 6

// minSymmetryHand is how likely to be handwritten, at least, a given must
// be to become an entry only because its partner cell is empty (the
// other explanation being a given missed in the partner cell).
const minSymmetryHand = 0.05

// symmetries map a cell to its partner under each symmetry of the grid.
var symmetries = [...]func(i int) int{
	func(i int) int { return 80 - i },              // half a turn
	func(i int) int { return i/9*9 + 8 - i%9 },     // left to right
	func(i int) int { return (8-i/9)*9 + i%9 },     // top to bottom
	func(i int) int { return i%9*9 + i/9 },         // main diagonal
	func(i int) int { return (8-i%9)*9 + 8 - i/9 }, // the other diagonal
}

// symmetricSplit corrects the split between givens and entries of rs by
// the symmetry of the givens (see maxAsymmetric), when the picture has
// entries at all: for each pair of partner cells of which one is a given
// and the other not, it takes the likelier of "both entries" and "both
// givens" by each digit's Hand, or, when the partner holds no digit,
// makes the given an entry if its hand is at least minSymmetryHand. The
// change is kept only when it leaves the puzzle's symmetry whole and its
// givens with exactly one solution.
func symmetricSplit(rs *[81]CellReading, checks givensChecks) {
	entries := 0
	for i := range rs {
		if rs[i].Kind == KindEntry {
			entries++
		}
	}
	if entries == 0 {
		return
	}
	given := func(rs *[81]CellReading, i int) bool { return rs[i].Kind == KindGiven }
	best, bestN := 0, 82
	for s, f := range symmetries {
		n := 0
		for i := range 81 {
			if given(rs, i) != given(rs, f(i)) {
				n++
			}
		}
		if n < bestN {
			best, bestN = s, n
		}
	}
	if bestN == 0 || bestN > maxAsymmetric {
		return
	}
	f := symmetries[best]
	out := *rs
	for i := range 81 {
		j := f(i)
		if !given(rs, i) || given(rs, j) {
			continue
		}
		hi, hj := rs[i].Hand, rs[j].Hand
		switch {
		case rs[j].Kind == KindEntry && hi*hj > (1-hi)*(1-hj):
			out[i].Kind = KindEntry
		case rs[j].Kind == KindEntry:
			out[j].Kind = KindGiven
		case hi >= minSymmetryHand:
			out[i].Kind = KindEntry
		default:
			return // a given missed in the partner cell, maybe: leave it
		}
	}
	for i := range 81 {
		if given(&out, i) != given(&out, f(i)) {
			return
		}
	}
	if checks.of(&out).read().err != nil {
		return
	}
	*rs = out
}
