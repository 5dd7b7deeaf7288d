package human

import "testing"

// TestSegments checks the box-line segment tables of the grouped
// nodes: three segments in a line, six in a box, ten seen from a cell.
func TestSegments(t *testing.T) {
	segmentsOnce.Do(fillSegments)
	for u := range 27 {
		want := 3
		if u >= 18 {
			want = 6
		}
		if got := len(unitSegments[u]); got != want {
			t.Errorf("%s holds %d segments, want %d", unitName(u), got, want)
		}
	}
	for c := range 81 {
		if got := len(cellSegments[c]); got != 10 {
			t.Errorf("%s sees %d segments, want 10", cellName(c), got)
		}
	}
	for g := range 54 {
		cells := unitSet[segmentLine(g)].and(unitSet[18+g/6])
		if cells.count() != 3 || segmentOf(cells) != g {
			t.Errorf("segment %d: cells %v, found again as %d", g, cells.list(), segmentOf(cells))
		}
	}
}
