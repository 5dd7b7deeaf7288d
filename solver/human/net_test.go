// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import "testing"

// TestNetSegments checks the box-line segment tables of the grouped
// nodes: three segments in a line, six in a box, ten seen from a cell.
func TestNetSegments(t *testing.T) {
	netSegmentsOnce.Do(netSegmentTables)
	for u := range 27 {
		want := 3
		if u >= 18 {
			want = 6
		}
		if got := len(netUnitSegments[u]); got != want {
			t.Errorf("%s holds %d segments, want %d", unitName(u), got, want)
		}
	}
	for c := range 81 {
		if got := len(netCellSegments[c]); got != 10 {
			t.Errorf("%s sees %d segments, want 10", cellName(c), got)
		}
	}
	for g := range 54 {
		cells := unitSet[netSegmentLine(g)].and(unitSet[18+g/6])
		if cells.count() != 3 || netSegment(cells) != g {
			t.Errorf("segment %d: cells %v, found again as %d", g, cells.list(), netSegment(cells))
		}
	}
}
