package human

import (
	"math/bits"
	"slices"
)

// SE's chaining rules (its Chaining class): bidirectional cycles and
// forcing chains, Nishio, multiple (cell and region) forcing chains,
// dynamic forcing chains, and dynamic chains whose propagation nests
// other rules, level by level.

// Causes of a potential, as SE records them.
const (
	seCauseNone = iota
	seCauseNaked
	seCauseBlock
	seCauseRow
	seCauseCol
	seCauseAdvanced
)

// sePot is SE's Potential: a candidate assumed on or off, with the
// potentials it follows from.
type sePot struct {
	cell, val int8
	on        bool
	cause     int8
	parents   []*sePot
	// by is the hint of the nested rule that removed an advanced
	// potential.
	by *seHint
	// one holds the parent of a potential that has one.
	one [1]*sePot
}

// nested returns the chaining hint nested in an advanced potential, or
// nil when a simple rule (or none) removed it.
func (p *sePot) nested() *seHint {
	if p.by != nil && p.by.chain != nil {
		return p.by
	}
	return nil
}

func (p *sePot) key() int { return int(p.cell)*9 + int(p.val) - 1 }

// fullKey tells on from off.
func (p *sePot) fullKey() int {
	if p.on {
		return p.key() + 729
	}
	return p.key()
}

// potSet is SE's LinkedSet of potentials of one polarity: insertion
// order and lookup by candidate (idx holds a potential's place in list,
// plus one).
type potSet struct {
	idx  [729]int16
	list []*sePot
}

func newPotSet() *potSet { return &potSet{} }

func (s *potSet) get(k int) *sePot {
	if i := s.idx[k]; i > 0 {
		return s.list[i-1]
	}
	return nil
}

func (s *potSet) has(k int) bool { return s.idx[k] > 0 }

// add inserts p unless an equal potential is there already.
func (s *potSet) add(p *sePot) bool {
	k := p.key()
	if s.idx[k] > 0 {
		return false
	}
	s.list = append(s.list, p)
	s.idx[k] = int16(len(s.list))
	return true
}

// reset empties s, in the time of its length.
func (s *potSet) reset() {
	for _, p := range s.list {
		s.idx[p.key()] = 0
	}
	s.list = s.list[:0]
}

// copyOf makes s a copy of t and returns s.
func (s *potSet) copyOf(t *potSet) *potSet {
	s.reset()
	s.list = append(s.list, t.list...)
	for i, p := range s.list {
		s.idx[p.key()] = int16(i + 1)
	}
	return s
}

// retain keeps the potentials also in t, in s's order.
func (s *potSet) retain(t *potSet) {
	out := s.list[:0]
	s.idx = [729]int16{}
	for _, p := range s.list {
		if t.has(p.key()) {
			out = append(out, p)
			s.idx[p.key()] = int16(len(out))
		}
	}
	s.list = out
}

// seChain is what a chaining hint keeps to be rated and nested: its
// targets, its kind and the rule that found it.
type seChain struct {
	targets    []*sePot
	sortKey    int
	complexity int
	// region is the region of a region forcing chain (type, index), and
	// cellChain marks a cell forcing chain, for the nested rule parents.
	region    [2]int
	isRegion  bool
	cellChain bool
}

// seChaining is one of SE's Chaining rules.
type seChaining struct {
	multiple, dynamic, nishio bool
	level                     int
	// quick stops a search at the first cell or region that concludes
	// anything (the hint ladder's use; a rating searches them all), and
	// leaves the cycles out of the forcing chains nested in it (their
	// eliminations are forcing chains' too, and they cost half the time).
	quick bool
	// noCycles leaves the bidirectional cycles out (see quick).
	noCycles bool
	// others are the rules nested in the propagation (levels > 0).
	others []seNested
	// search runs the cycles and forcing chains on the grid's graph.
	search *seSearch
	// links is the chaining's buffer of links; slab stores its
	// potentials; pendOn and pendOff hold its queues.
	links           []seLink
	pendOn, pendOff []*sePot
	slab            []sePot
	// scratch are sets a search of cells and regions reuses; sets are
	// those of its chainings (setsUsed of them in use).
	scratch  [6]potSet
	sets     []*potSet
	setsUsed int
	// positions are those of the grid of a chaining, kept as it removes
	// candidates; start are those of grid startOf, where the chainings of
	// one search start.
	positions, start sePositions
	startOf          [81]uint16
	startMade        bool
	// cache holds the nested rules' results by grid, for one search.
	cache map[[81]uint16][]seAdvanced
	// nest holds the nested rules' hints by grid, shared by the rules of
	// one rating (or one hint) at every level.
	nest *seNestCache
}

// seNested is a rule nested in dynamic chains: id names it in the cache
// of nested hints, and run passes every hint it finds on g to f.
type seNested struct {
	id  int
	run func(g *seGrid, f func(*seHint))
}

// Ids of the nested rules: the four simple rules, then the chainings.
const (
	seNestLoops = 4 + iota
	seNestMultiple
	seNestDynamic
	// seNestLevel+L is the dynamic chaining nesting rules at level L.
	seNestLevel
)

// seNestCache holds the hints of nested rules by rule and grid. A rule's
// hints depend on the grid only (which of them a chain may use depends
// on the chain's start too, and is worked out at each use), so the
// dynamic chains of every level, which meet the same grids, find them
// once. It is emptied when it holds too many grids.
type seNestCache struct {
	hints map[seNestKey][]*seHint
	// graph is the implication graph last built, of the grid graphOf.
	graph     *seGraph
	graphOf   [81]uint16
	graphMade bool
}

type seNestKey struct {
	rule int
	cand [81]uint16
}

// seNestCacheMax bounds the grids a cache holds.
const seNestCacheMax = 20000

func newSENestCache() *seNestCache { return &seNestCache{hints: map[seNestKey][]*seHint{}} }

// reset empties the cache.
func (nc *seNestCache) reset() {
	clear(nc.hints)
	nc.graphMade = false
}

// get returns the hints of rule on g, found once.
func (nc *seNestCache) get(rule seNested, g *seGrid) []*seHint {
	k := seNestKey{rule.id, g.cand}
	if hs, ok := nc.hints[k]; ok {
		return hs
	}
	var hs []*seHint
	rule.run(g, func(h *seHint) { hs = append(hs, h) })
	if len(nc.hints) >= seNestCacheMax {
		nc.reset()
	}
	nc.hints[k] = hs
	return hs
}

// seAdvanced is a removal found by a nested rule: the candidate, the
// candidates whose removal it needs, and the hint.
type seAdvanced struct {
	remove  int
	parents []int
	hint    *seHint
}

func (ch *seChaining) baseDiff() int {
	switch {
	case ch.level >= 2:
		return 95 + 5*(ch.level-2)
	case ch.level > 0:
		return 85 + 5*ch.level
	case ch.nishio:
		return 75
	case ch.dynamic:
		return 85
	}
	return 80
}

func nestedSuffix(level int) string {
	switch {
	case level == 1:
		return " (+)"
	case level == 2:
		return " (+ Forcing Chains)"
	case level == 3:
		return " (+ Multiple Forcing Chains)"
	case level == 4:
		return " (+ Dynamic Forcing Chains)"
	case level >= 5:
		return " (+ Dynamic Forcing Chains" + nestedSuffix(level-3) + ")"
	}
	return ""
}

func (ch *seChaining) namePrefix() string {
	if ch.level > 0 || (ch.dynamic && !ch.nishio) {
		return "Dynamic "
	}
	if ch.nishio {
		return "Nishio "
	}
	return ""
}

func (ch *seChaining) nameSuffix() string { return " Chains" + nestedSuffix(ch.level) }

// first returns the easiest hint of the rule on g (SE sorts its hints by
// difficulty, complexity and kind, and the solver takes the first).
func (ch *seChaining) first(g *seGrid) *seHint {
	hs := ch.hints(g)
	if len(hs) == 0 {
		return nil
	}
	return hs[0]
}

// hints returns the rule's hints on g, sorted and without two that remove
// the same candidates.
func (ch *seChaining) hints(g *seGrid) []*seHint {
	ch.cache = nil
	var out []*seHint
	switch {
	case ch.multiple && !ch.dynamic:
		ch.buildGraph(g)
		out = ch.staticMultipleHints(g)
	case ch.multiple || ch.dynamic:
		out = ch.multipleHints(g)
	default:
		ch.buildGraph(g)
		out = ch.loopHints(g, false, true)
		out = append(out, ch.loopHints(g, true, false)...)
		out = append(out, ch.loopHints(g, true, true)...)
	}
	slices.SortStableFunc(out, func(a, b *seHint) int {
		if a.diff != b.diff {
			return a.diff - b.diff
		}
		if a.chain.complexity != b.chain.complexity {
			return a.chain.complexity - b.chain.complexity
		}
		return a.chain.sortKey - b.chain.sortKey
	})
	seen := map[string]bool{}
	res := out[:0]
	for _, h := range out {
		k := h.removeKey()
		if !seen[k] {
			seen[k] = true
			res = append(res, h)
		}
	}
	ch.cache = nil
	return res
}

// buildGraph makes the implication graph of g for the rule's searches,
// or takes the one the rules sharing its cache made last, when it is g's
// (the cycles and forcing chains, and the multiple forcing chains nested
// after them, run on the same grids; neither runs another rule while it
// searches, so the graph does not change under it).
func (ch *seChaining) buildGraph(g *seGrid) {
	if ch.search == nil {
		ch.search = &seSearch{}
	}
	ch.search.nodes = ch.search.nodes[:0]
	nc := ch.nest
	if nc == nil {
		ch.search.gr = &seGraph{}
		ch.search.gr.build(g)
		return
	}
	if nc.graph == nil {
		nc.graph = &seGraph{}
	}
	if !nc.graphMade || nc.graphOf != g.cand {
		nc.graph.build(g)
		nc.graphOf, nc.graphMade = g.cand, true
	}
	ch.search.gr = nc.graph
}

// lengthDiff is SE's getLengthDifficulty in tenths.
func lengthDiff(complexity int) int {
	added, ceil, odd := 0, 4, false
	for length := complexity - 2; length > ceil; {
		added++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// ancestors counts the distinct potentials p follows from, p included.
func ancestors(p *sePot) int {
	n := 0
	walkChain(p, func(*sePot) { n++ })
	return n
}

// chainOf returns p and its ancestors, each once, breadth first.
func chainOf(p *sePot) []*sePot {
	var out []*sePot
	walkChain(p, func(q *sePot) { out = append(out, q) })
	return out
}

// walkChain calls f with p and each of its ancestors once, breadth first
// (one queue; a potential is taken when first met at its turn).
func walkChain(p *sePot, f func(*sePot)) {
	var done [1458]bool
	var buf [64]*sePot
	queue := append(buf[:0], p)
	for i := 0; i < len(queue); i++ {
		q := queue[i]
		if k := q.fullKey(); !done[k] {
			done[k] = true
			f(q)
			queue = append(queue, q.parents...)
		}
	}
}

// nestedComplexity adds the complexity of the chains nested in c's.
func nestedComplexity(targets []*sePot) int {
	n := 0
	seen := map[*seHint]bool{}
	for _, t := range targets {
		for _, p := range chainOf(t) {
			if h := p.nested(); h != nil && !seen[h] {
				seen[h] = true
				n += h.chain.complexity
			}
		}
	}
	return n
}

// newChainHint builds a chaining hint with its flat complexity.
func (ch *seChaining) newChainHint(name string, base int, remove []Candidate, res *sePot, c *seChain, flat int) *seHint {
	c.complexity = flat + nestedComplexity(c.targets)
	h := &seHint{name: name, diff: base + lengthDiff(c.complexity), remove: remove, cell: -1, chain: c}
	if res != nil && res.on {
		h.cell, h.value = int(res.cell), int(res.val)
	}
	return h
}

// removeOthers is the removal of every candidate of p's cell but p's.
func removeOthers(g *seGrid, c, d int) []Candidate {
	var out []Candidate
	for v := 1; v <= 9; v++ {
		if v != d && g.has(c, v) {
			out = append(out, Candidate{c, v})
		}
	}
	return out
}

func regionCause(t int) int8 {
	switch t {
	case seBlock:
		return seCauseBlock
	case seRow:
		return seCauseRow
	}
	return seCauseCol
}

func causeRegion(c int8) int {
	switch c {
	case seCauseBlock:
		return seBlock
	case seCauseRow:
		return seRow
	case seCauseCol:
		return seCol
	}
	return -1
}

// onToOff appends to buf what candidate d of cell c being on gives on
// g, as links in SE's order (its getOnToOff); pt holds the positions of
// g's digits.
func onToOff(g *seGrid, pt *sePositions, c, d int, yChain bool, buf []seLink) []seLink {
	if yChain {
		buf = cellOthers(g, c, d, buf)
	}
	var seen [81]bool
	for t := range 3 {
		i := seRegionOf[t][c]
		for m := pt[t][i][d] &^ (1 << uint(sePosIn[t][c])); m != 0; m &= m - 1 {
			if o := seRegions[t][i][bits.TrailingZeros16(m)]; !seen[o] {
				seen[o] = true
				buf = append(buf, seLink{int16(o*9 + d - 1), regionCause(t)})
			}
		}
	}
	return buf
}

// cellOthers appends to buf the candidates of cell c other than d, with
// the naked cause.
func cellOthers(g *seGrid, c, d int, buf []seLink) []seLink {
	for v := 1; v <= 9; v++ {
		if v != d && g.has(c, v) {
			buf = append(buf, seLink{int16(c*9 + v - 1), seCauseNaked})
		}
	}
	return buf
}

// offToOn appends to buf what candidate d of cell c being off gives on
// g, as links in SE's order (its getOffToOn); pt holds the positions of
// g's digits.
func offToOn(g *seGrid, pt *sePositions, c, d int, yChain, xChain bool, buf []seLink) []seLink {
	if yChain && g.count(c) == 2 {
		other := 0
		for v := 1; v <= 9; v++ {
			if v != d && g.has(c, v) {
				other = v
			}
		}
		buf = append(buf, seLink{int16(c*9 + other - 1), seCauseNaked})
	}
	if xChain {
		var seen [81]bool
		for _, t := range []int{seBlock, seRow, seCol} {
			i := seRegionOf[t][c]
			m := pt[t][i][d]
			if bits.OnesCount16(m) != 2 {
				continue
			}
			// The other place (the last of the two when c has none).
			o := seRegions[t][i][bits.Len16(m&^(1<<uint(sePosIn[t][c])))-1]
			if !seen[o] {
				seen[o] = true
				buf = append(buf, seLink{int16(o*9 + d - 1), regionCause(t)})
			}
		}
	}
	return buf
}

// hiddenParents adds to q, made on by p being off in a dynamic chain,
// the potentials found off so far (offs) whose removal from source left
// q's cell or region with two candidates: SE's hidden parents.
func hiddenParents(q, p *sePot, g, source *seGrid, offs *potSet) {
	c, d := int(p.cell), int(p.val)
	if q.cause == seCauseNaked {
		for v := 1; v <= 9; v++ {
			if source.has(c, v) && !g.has(c, v) {
				if par := offs.get(c*9 + v - 1); par != nil {
					q.parents = append(q.parents, par)
				}
			}
		}
		return
	}
	t := causeRegion(q.cause)
	for _, x := range seRegions[t][seRegionOf[t][c]] {
		if source.has(x, d) && !g.has(x, d) {
			if par := offs.get(x*9 + d - 1); par != nil {
				q.parents = append(q.parents, par)
			}
		}
	}
}

// newPot returns a potential for link l with parent p, from the rule's
// store (potentials are made by the million in the nested levels).
func (ch *seChaining) newPot(l seLink, on bool, p *sePot) *sePot {
	if len(ch.slab) == cap(ch.slab) {
		ch.slab = make([]sePot, 0, 256)
	}
	ch.slab = ch.slab[:len(ch.slab)+1]
	q := &ch.slab[len(ch.slab)-1]
	q.cell, q.val, q.on, q.cause = int8(l.key/9), int8(l.key%9+1), on, l.cause
	q.one[0] = p
	q.parents = q.one[:1:1]
	return q
}

// isParent reports whether parent is on the first-parent path of child.
func isParent(child, parent *sePot) bool {
	k := parent.fullKey()
	for p := child; len(p.parents) > 0; {
		p = p.parents[0]
		if p.fullKey() == k {
			return true
		}
	}
	return false
}

// loopHints is SE's getLoopHintList: cycles and forcing chains from every
// candidate of every cell with two or more.
func (ch *seChaining) loopHints(g *seGrid, yChain, xChain bool) []*seHint {
	return fromEachCandidate(g, func(c, d int) []*seHint { return ch.unary(g, c, d, yChain, xChain) })
}

// fromEachCandidate collects the hints f finds from each candidate, on,
// of every cell with two or more.
func fromEachCandidate(g *seGrid, f func(c, d int) []*seHint) []*seHint {
	var out []*seHint
	for c := range 81 {
		if g.val[c] != 0 || g.count(c) < 2 {
			continue
		}
		for d := 1; d <= 9; d++ {
			if g.has(c, d) {
				out = append(out, f(c, d)...)
			}
		}
	}
	return out
}

func (ch *seChaining) unary(g *seGrid, c, d int, yChain, xChain bool) []*seHint {
	if g.count(c) > 2 && !xChain {
		return nil
	}
	s := ch.search
	key := int16(c*9 + d - 1)
	var cycles, chains []*sePot
	strong := s.strong(key, yChain, xChain)
	if !ch.noCycles && strong {
		for _, i := range s.cycles(key, yChain, xChain) {
			cycles = append(cycles, s.pot(i))
		}
	}
	if xChain {
		if i := s.forcingChain(key, true, yChain); i >= 0 {
			chains = append(chains, s.pot(i))
		}
		if strong {
			if i := s.forcingChain(key, false, yChain); i >= 0 {
				chains = append(chains, s.pot(i))
			}
		}
	}
	return ch.unaryHints(g, cycles, chains, yChain, xChain)
}

// unaryHints makes the hints of the cycles and forcing chains found from
// one candidate.
func (ch *seChaining) unaryHints(g *seGrid, cycles, chains []*sePot, yChain, xChain bool) []*seHint {
	var out []*seHint
	for _, dstOn := range cycles {
		if h := ch.cycleHint(g, dstOn, reversedCycle(dstOn), yChain, xChain); h != nil {
			out = append(out, h)
		}
	}
	for _, t := range chains {
		var remove []Candidate
		if !t.on {
			remove = []Candidate{{int(t.cell), int(t.val)}}
		} else {
			remove = removeOthers(g, int(t.cell), int(t.val))
		}
		if len(remove) == 0 {
			continue
		}
		name, base, key := "Forcing Chain", 70, 4
		if !yChain {
			name, base, key = "Forcing X-Chain", 66, 2
			if ancestors(t) == 6 {
				name = "Turbot Fish"
			}
		} else if !xChain {
			name, base, key = "Forcing Y-Chain", 66, 3
		}
		c := &seChain{targets: []*sePot{t}, sortKey: key}
		out = append(out, ch.newChainHint(name, base, remove, t, c, ancestors(t)))
	}
	return out
}

func reversedCycle(org *sePot) *sePot {
	var list []*sePot
	for org != nil {
		rev := &sePot{cell: org.cell, val: org.val, on: !org.on}
		list = append([]*sePot{rev}, list...)
		if len(org.parents) > 0 {
			org = org.parents[0]
		} else {
			org = nil
		}
	}
	for i := 0; i+1 < len(list); i++ {
		list[i].parents = append(list[i].parents, list[i+1])
	}
	return list[0]
}

func (ch *seChaining) cycleHint(g *seGrid, dstOn, dstOff *sePot, yChain, xChain bool) *seHint {
	var cells cellSet
	for p := dstOn; len(p.parents) > 0; p = p.parents[0] {
		cells.add(int(p.cell))
	}
	var forw, back [729]bool
	for p := dstOn; len(p.parents) > 0; p = p.parents[0] {
		d := int(p.val)
		for o := range peers[p.cell].all() {
			if !cells.has(o) && g.has(o, d) {
				if p.on {
					forw[o*9+d-1] = true
				} else {
					back[o*9+d-1] = true
				}
			}
		}
	}
	var remove []Candidate
	for k := range 729 {
		if forw[k] && back[k] {
			remove = append(remove, Candidate{k / 9, k%9 + 1})
		}
	}
	if len(remove) == 0 {
		return nil
	}
	name, base, key := "Bidirectional Cycle", 70, 4
	if !yChain {
		name, base, key = "Bidirectional X-Cycle", 65, 2
		if cells.count() == 4 {
			name = "Generalized X-Wing"
		}
	} else if !xChain {
		name, base, key = "Bidirectional Y-Cycle", 65, 3
	}
	c := &seChain{targets: []*sePot{dstOn, dstOff}, sortKey: key}
	return ch.newChainHint(name, base, remove, nil, c, ancestors(dstOn))
}

// chaining is SE's doChaining: it completes toOn and toOff with what
// follows from them and returns the two potentials of a contradiction,
// or nil. In dynamic mode the candidates found off are taken out of g
// while it runs.
func (ch *seChaining) chaining(g *seGrid, toOn, toOff *potSet) (*sePot, *sePot) {
	save := *g
	defer func() { *g = save }()
	pt := &ch.positions
	if !ch.startMade || ch.startOf != g.cand {
		g.fillPositions(&ch.start)
		ch.startOf, ch.startMade = g.cand, true
	}
	*pt = ch.start
	// The queues, in buffers of the rule (a chaining does not run
	// itself: the nested rules are other rules).
	pendingOn := append(ch.pendOn[:0], toOn.list...)
	pendingOff := append(ch.pendOff[:0], toOff.list...)
	defer func() { ch.pendOn, ch.pendOff = pendingOn[:0], pendingOff[:0] }()
	iOn, iOff := 0, 0
	for iOn < len(pendingOn) || iOff < len(pendingOff) {
		if iOn < len(pendingOn) {
			p := pendingOn[iOn]
			iOn++
			ch.links = onToOff(g, pt, int(p.cell), int(p.val), !ch.nishio, ch.links[:0])
			for _, l := range ch.links {
				if on := toOn.get(int(l.key)); on != nil {
					return on, ch.newPot(l, false, p)
				}
				if !toOff.has(int(l.key)) {
					q := ch.newPot(l, false, p)
					toOff.add(q)
					pendingOff = append(pendingOff, q)
				}
			}
		} else {
			p := pendingOff[iOff]
			iOff++
			ch.links = offToOn(g, pt, int(p.cell), int(p.val), !ch.nishio, true, ch.links[:0])
			for _, l := range ch.links {
				off := toOff.get(int(l.key))
				if off == nil && toOn.has(int(l.key)) {
					continue
				}
				q := ch.newPot(l, true, p)
				if ch.dynamic {
					hiddenParents(q, p, g, &save, toOff)
				}
				if off != nil {
					return q, off
				}
				toOn.add(q)
				pendingOn = append(pendingOn, q)
			}
			if ch.dynamic {
				g.cand[p.cell] &^= 1 << uint(p.val)
				for t := range 3 {
					pt[t][seRegionOf[t][p.cell]][p.val] &^= 1 << uint(sePosIn[t][p.cell])
				}
			}
		}
		if iOn == len(pendingOn) && iOff == len(pendingOff) && ch.level > 0 {
			for _, q := range ch.advanced(g, &save, toOff) {
				if toOff.add(q) {
					pendingOff = append(pendingOff, q)
				}
			}
		}
	}
	return nil, nil
}

// nestedRules returns the rules nested at the rule's level, in SE's
// order.
func (ch *seChaining) nestedRules() []seNested {
	if ch.others != nil {
		return ch.others
	}
	rules := []seNested{
		{0, func(g *seGrid, f func(*seHint)) { seLocking(g, false, f) }},
		{1, func(g *seGrid, f func(*seHint)) { seHiddenSet(g, 2, false, f) }},
		{2, func(g *seGrid, f func(*seHint)) { seNakedSet(g, 2, f) }},
		{3, func(g *seGrid, f func(*seHint)) { seFish(g, 2, f) }},
	}
	sub := func(id int, c *seChaining) seNested {
		c.noCycles = ch.quick
		c.nest = ch.nest
		return seNested{id, func(g *seGrid, f func(*seHint)) {
			for _, h := range c.hints(g) {
				f(h)
			}
		}}
	}
	if ch.level < 4 {
		if ch.level >= 2 {
			rules = append(rules, sub(seNestLoops, &seChaining{}))
		}
		if ch.level >= 3 {
			rules = append(rules, sub(seNestMultiple, &seChaining{multiple: true}))
		}
	} else {
		rules = append(rules, sub(seNestDynamic, &seChaining{multiple: true, dynamic: true}))
		if ch.level >= 5 {
			rules = append(rules, sub(seNestLevel+ch.level-3, &seChaining{multiple: true, dynamic: true, level: ch.level - 3}))
		}
	}
	ch.others = rules
	return rules
}

// advanced is SE's getAdvancedPotentials: the removals of the first
// nested rule that finds some relying on the chain's own removals, each
// with those removals as parents.
func (ch *seChaining) advanced(g, source *seGrid, offs *potSet) []*sePot {
	if ch.cache == nil {
		ch.cache = map[[81]uint16][]seAdvanced{}
	}
	found, ok := ch.cache[g.cand]
	if !ok {
		for _, rule := range ch.nestedRules() {
			for _, h := range ch.nest.get(rule, g) {
				var parents []int
				if h.chain != nil {
					parents = chainRuleParents(h.chain, source, g)
				} else if h.parents != nil {
					parents = h.parents(source, g)
				}
				if len(parents) == 0 {
					continue
				}
				for _, r := range h.remove {
					found = append(found, seAdvanced{r.Cell*9 + r.Digit - 1, parents, h})
				}
			}
			if len(found) > 0 {
				break
			}
		}
		ch.cache[g.cand] = found
	}
	var out []*sePot
	for _, a := range found {
		p := &sePot{cell: int8(a.remove / 9), val: int8(a.remove%9 + 1), cause: seCauseAdvanced, by: a.hint}
		for _, k := range a.parents {
			if real := offs.get(k); real != nil {
				p.parents = append(p.parents, real)
			}
		}
		out = append(out, p)
	}
	return out
}

// chainRuleParents is SE's collectRuleParents over a chaining hint's
// targets: the candidates gone from initial that the chain's singles
// relied on.
func chainRuleParents(c *seChain, initial, current *seGrid) []int {
	var out []int
	seen := map[int]bool{}
	addOut := func(k int) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, t := range c.targets {
		for _, p := range chainOf(t) {
			cause := p.cause
			if cause == seCauseNone {
				switch {
				case c.cellChain:
					cause = seCauseNaked
				case c.isRegion:
					cause = regionCause(c.region[0])
				}
			}
			if !p.on || cause == seCauseNone {
				continue
			}
			cell := int(p.cell)
			if cause == seCauseNaked {
				for v := 1; v <= 9; v++ {
					if initial.has(cell, v) && !current.has(cell, v) {
						addOut(cell*9 + v - 1)
					}
				}
				continue
			}
			if t := causeRegion(cause); t >= 0 {
				for _, x := range seRegions[t][seRegionOf[t][cell]] {
					if initial.has(x, int(p.val)) && !current.has(x, int(p.val)) {
						addOut(x*9 + int(p.val) - 1)
					}
				}
			}
		}
	}
	return out
}

// multipleHints is SE's getMultipleChainsHintList.
func (ch *seChaining) multipleHints(g *seGrid) []*seHint {
	var out []*seHint
	memo := map[int][2]*potSet{}
	ch.setsUsed = 0
	for c := range 81 {
		if g.val[c] != 0 {
			continue
		}
		n := g.count(c)
		if n > 2 || (n > 1 && ch.dynamic) {
			out = append(out, ch.cellHints(g, c, n, memo)...)
			if ch.quick && len(out) > 0 {
				break
			}
		}
	}
	return out
}

// newSet returns an empty set for one search of cells and regions: the
// sets of the rule's last search are reused.
func (ch *seChaining) newSet() *potSet {
	if ch.setsUsed == len(ch.sets) {
		ch.sets = append(ch.sets, newPotSet())
	} else {
		ch.sets[ch.setsUsed].reset()
	}
	ch.setsUsed++
	return ch.sets[ch.setsUsed-1]
}

// onChaining returns what follows from candidate k being on, memoised
// for one search (the result depends on the grid only). The sets
// returned are shared: callers must not change them.
func (ch *seChaining) onChaining(g *seGrid, k int, memo map[int][2]*potSet) (*potSet, *potSet, *sePot, *sePot) {
	if r, ok := memo[k]; ok {
		return r[0], r[1], nil, nil
	}
	toOn, toOff := ch.newSet(), ch.newSet()
	toOn.add(&sePot{cell: int8(k / 9), val: int8(k%9 + 1), on: true})
	a, b := ch.chaining(g, toOn, toOff)
	if a == nil {
		memo[k] = [2]*potSet{toOn, toOff}
	}
	return toOn, toOff, a, b
}

func (ch *seChaining) cellHints(g *seGrid, c, n int, memo map[int][2]*potSet) []*seHint {
	var out []*seHint
	valueToOn := map[int]*potSet{}
	valueToOff := map[int]*potSet{}
	var cellToOn, cellToOff *potSet
	for d := 1; d <= 9; d++ {
		if !g.has(c, d) {
			continue
		}
		pOn := &sePot{cell: int8(c), val: int8(d), on: true}
		pOff := &sePot{cell: int8(c), val: int8(d)}
		doDouble := n >= 3 && !ch.nishio && ch.dynamic
		doContradiction := ch.dynamic || ch.nishio
		onToOn, onToOff, absOn, absOff := ch.onChaining(g, c*9+d-1, memo)
		if doContradiction && absOn != nil {
			out = append(out, ch.binaryHint(g, absOn, absOff, pOn, pOn, true, false))
		}
		offToOn, offToOff := &ch.scratch[0], &ch.scratch[1]
		offToOn.reset()
		offToOff.reset()
		offToOff.add(pOff)
		absOn, absOff = ch.chaining(g, offToOn, offToOff)
		if doContradiction && absOn != nil {
			if h := ch.binaryHint(g, absOn, absOff, pOff, pOff, true, true); h != nil {
				out = append(out, h)
			}
		}
		if doDouble {
			for _, p := range onToOn.list {
				if q := offToOn.get(p.key()); q != nil {
					if h := ch.binaryHint(g, p, q, pOn, p, false, true); h != nil {
						out = append(out, h)
					}
				}
			}
			for _, p := range onToOff.list {
				if q := offToOff.get(p.key()); q != nil {
					out = append(out, ch.binaryHint(g, p, q, pOff, q, false, false))
				}
			}
		}
		if !ch.nishio {
			out = append(out, ch.regionHints(g, c, d, onToOn, onToOff, memo)...)
		}
		valueToOn[d], valueToOff[d] = onToOn, onToOff
		if cellToOn == nil {
			cellToOn, cellToOff = ch.scratch[2].copyOf(onToOn), ch.scratch[3].copyOf(onToOff)
		} else {
			cellToOn.retain(onToOn)
			cellToOff.retain(onToOff)
		}
	}
	if !ch.nishio && (n == 2 || (ch.multiple && n > 2)) {
		var digits []int
		for d := 1; d <= 9; d++ {
			if g.has(c, d) {
				digits = append(digits, d)
			}
		}
		mk := func() *seChain { return &seChain{sortKey: 5, cellChain: true} }
		out = ch.reductions(g, out, "Cell Forcing", mk, digits, cellToOn, valueToOn)
		out = ch.reductions(g, out, "Cell Forcing", mk, digits, cellToOff, valueToOff)
	}
	return out
}

// reductions appends to out the cell or region forcing chains that
// conclude each potential of common, which follows from every branch
// (branches[b] is what follows from branch b).
func (ch *seChaining) reductions(g *seGrid, out []*seHint, kind string, mk func() *seChain, branches []int, common *potSet, by map[int]*potSet) []*seHint {
	for _, p := range common.list {
		remove := reductionRemove(g, p)
		if len(remove) == 0 {
			continue
		}
		c := mk()
		flat := 0
		for _, b := range branches {
			t := by[b].get(p.key())
			c.targets = append(c.targets, t)
			flat += ancestors(t)
		}
		out = append(out, ch.newChainHint(ch.namePrefix()+kind+ch.nameSuffix(), ch.baseDiff(), remove, c.targets[0], c, flat))
	}
	return out
}

// reductionRemove is what a forcing chain concluding p removes: p's
// candidate when p is off, the others of its cell when on.
func reductionRemove(g *seGrid, p *sePot) []Candidate {
	if p.on {
		return removeOthers(g, int(p.cell), int(p.val))
	}
	return []Candidate{{int(p.cell), int(p.val)}}
}

// binaryHint builds SE's BinaryChainingHint; onResult tells whether the
// conclusion places target (true) or removes it.
func (ch *seChaining) binaryHint(g *seGrid, dstOn, dstOff, source, target *sePot, absurd, onResult bool) *seHint {
	var remove []Candidate
	if onResult {
		remove = removeOthers(g, int(target.cell), int(target.val))
		if len(remove) == 0 {
			return nil
		}
	} else {
		remove = []Candidate{{int(target.cell), int(target.val)}}
	}
	kind, key := "Double Forcing", 1
	if ch.nishio {
		kind = "Forcing"
	} else if absurd {
		kind = "Contradiction Forcing"
	}
	if absurd {
		key = 7
	}
	var res *sePot
	if ch.nishio || absurd {
		res = &sePot{cell: source.cell, val: source.val, on: !source.on}
	} else {
		res = dstOn
	}
	c := &seChain{targets: []*sePot{dstOn, dstOff}, sortKey: key}
	return ch.newChainHint(ch.namePrefix()+kind+ch.nameSuffix(), ch.baseDiff(), remove, res, c, ancestors(dstOn)+ancestors(dstOff))
}

func (ch *seChaining) regionHints(g *seGrid, c, d int, onToOn, onToOff *potSet, memo map[int][2]*potSet) []*seHint {
	var out []*seHint
	for _, t := range []int{seBlock, seRow, seCol} {
		i := seRegionOf[t][c]
		m, n := g.positions(t, i, d)
		if !(n == 2 || (ch.multiple && n > 2)) {
			continue
		}
		first := -1
		for pos := range 9 {
			if m&(1<<uint(pos)) != 0 {
				first = seRegions[t][i][pos]
				break
			}
		}
		if first != c {
			continue
		}
		posToOn := map[int]*potSet{}
		posToOff := map[int]*potSet{}
		var regionToOn, regionToOff *potSet
		for pos, x := range seRegions[t][i] {
			if m&(1<<uint(pos)) == 0 {
				continue
			}
			if x == c {
				posToOn[pos], posToOff[pos] = onToOn, onToOff
				regionToOn, regionToOff = ch.scratch[4].copyOf(onToOn), ch.scratch[5].copyOf(onToOff)
				continue
			}
			on, off, _, _ := ch.onChaining(g, x*9+d-1, memo)
			posToOn[pos], posToOff[pos] = on, off
			regionToOn.retain(on)
			regionToOff.retain(off)
		}
		var positions []int
		for pos := range 9 {
			if m&(1<<uint(pos)) != 0 {
				positions = append(positions, pos)
			}
		}
		mk := func() *seChain { return &seChain{sortKey: 6, isRegion: true, region: [2]int{t, i}} }
		out = ch.reductions(g, out, "Region Forcing", mk, positions, regionToOn, posToOn)
		out = ch.reductions(g, out, "Region Forcing", mk, positions, regionToOff, posToOff)
	}
	return out
}
