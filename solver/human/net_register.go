// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import "sort"

// netFinders are the finders of the chain and forcing engine, with
// HoDoKu's solver-order indices (NICE_LOOP 5600, FORCING_CHAIN 8500,
// FORCING_NET 8600; each kind's verity is tried just after its
// contradiction).
var netFinders = []finder{
	{5600, NiceLoop, findNetNiceLoop, false},
	{8500, ForcingChainContr, func(s *state) (Step, bool) { return findNetContradiction(s, false) }, false},
	{8510, ForcingChainVer, func(s *state) (Step, bool) { return findNetVerity(s, false) }, false},
	{8600, ForcingNetContr, func(s *state) (Step, bool) { return findNetContradiction(s, true) }, false},
	{8610, ForcingNetVer, func(s *state) (Step, bool) { return findNetVerity(s, true) }, false},
}

// init adds each finder of netFinders to the ladder unless a finder of
// that name is there already, and keeps the ladder in solver order.
func init() {
	for _, f := range netFinders {
		present := false
		for _, g := range ladder {
			if g.name == f.name {
				present = true
				break
			}
		}
		if !present {
			ladder = append(ladder, f)
		}
	}
	sort.SliceStable(ladder, func(i, j int) bool { return ladder[i].index < ladder[j].index })
}
