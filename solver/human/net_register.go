// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import (
	"slices"
	"sort"
)

// netFinders are the finders of the chain and forcing engine, with
// HoDoKu's solver-order indices (NICE_LOOP 5600, FORCING_CHAIN 8500,
// FORCING_NET 8600).
var netFinders = []finder{
	{5600, NiceLoop, findNetNiceLoop, false},
	{5650, netGroupedNiceLoop, findNetGroupedNiceLoop, false},
	{8500, ForcingChainContr, func(s *state) (Step, bool) { return findNetContradiction(s, false) }, false},
	{8600, ForcingNetContr, func(s *state) (Step, bool) { return findNetContradiction(s, true) }, false},
}

// netNewTechniques are the techniques this engine adds to the table,
// with HoDoKu's level and score (GROUPED_NICE_LOOP: Unfair, 300), each
// listed in reports after the technique named with it.
var netNewTechniques = []struct {
	name, after string
	info        techniqueInfo
}{
	{netGroupedNiceLoop, AIC, techniqueInfo{Unfair, 300}},
	{netGroupedAIC, netGroupedNiceLoop, techniqueInfo{Unfair, 300}},
}

// init adds each finder of netFinders to the ladder unless a finder of
// that name is there already, and keeps the ladder in solver order. It
// also rates the techniques it adds that the table lacks.
func init() {
	for _, t := range netNewTechniques {
		if _, ok := techniques[t.name]; ok {
			continue
		}
		techniques[t.name] = t.info
		i := slices.Index(techniqueOrder, t.after)
		if i < 0 {
			i = len(techniqueOrder) - 1
		}
		techniqueOrder = slices.Insert(techniqueOrder, i+1, t.name)
	}
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
