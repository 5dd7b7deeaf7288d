package ocr

import "slices"

// Progress is what the reading of a puzzle in progress says of the
// player's work, checked against the solution of the givens. A cell is
// called wrong only when it was read surely; the others are Unsure: the
// player is asked about them, never told they are wrong.
type Progress struct {
	// Entries counts the player's entries read.
	Entries int
	// Wrong lists the entries read surely that differ from the solution,
	// by cell index (row*9 + col).
	Wrong []int
	// MarksWrong lists the cells whose pencil marks, read surely, leave
	// out the solution's digit.
	MarksWrong []int
	// Unsure lists the cells holding an entry or pencil marks that were
	// not read surely, and the cells read as empty that may hold a faint
	// entry: nothing is said of them but that they should be checked.
	Unsure []int
	// UnsureEntries counts the entries among Unsure (the others hold
	// pencil marks): Entries - UnsureEntries were read surely.
	UnsureEntries int
	// Filled reports whether every cell holds a given or an entry.
	Filled bool
}

// Right reports whether nothing is wrong and nothing unsure.
func (p Progress) Right() bool {
	return len(p.Wrong) == 0 && len(p.MarksWrong) == 0 && len(p.Unsure) == 0
}

// Progress checks the player's entries and pencil marks read from the
// picture against the solution of the givens read. It returns [Result.Err]
// when the givens are not a proper puzzle: then there is nothing to check
// against.
func (r *Result) Progress() (Progress, error) {
	var p Progress
	if err := r.Err(); err != nil {
		return p, err
	}
	p.Filled = true
	for i, c := range r.Cells {
		given := r.Grid.Cell(i)
		entry := r.Entered.Cell(i)
		if given == 0 && entry == 0 {
			p.Filled = false
		}
		right := r.Solution.Cell(i)
		switch {
		case entry != 0:
			p.Entries++
			switch {
			case c.Confidence < SureConfidence, entry != right && c.Confidence < AccuseConfidence:
				p.Unsure = append(p.Unsure, i)
				p.UnsureEntries++
			case entry != right:
				p.Wrong = append(p.Wrong, i)
			}
		case given == 0 && c.Kind == KindEmpty && c.Confidence < SureConfidence && c.OtherDigit() != 0:
			// Read as empty, not surely: a faint entry, maybe.
			p.Unsure = append(p.Unsure, i)
		case given == 0 && r.Marks[i] != 0:
			switch {
			case r.Marks[i].Has(right):
			case c.MarksConfidence < AccuseConfidence:
				// Unsure marks are asked about only when, as read,
				// they would be wrong.
				p.Unsure = append(p.Unsure, i)
			default:
				p.MarksWrong = append(p.MarksWrong, i)
			}
		}
	}
	slices.Sort(p.Unsure)
	return p, nil
}
