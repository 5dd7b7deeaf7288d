package human

import "math/bits"

// SE's bidirectional cycles and forcing chains (its getLoopHintList) work
// on a grid that does not change while they run, so what each potential
// gives is the same in every search of one grid. seGraph holds it once,
// as flat lists in SE's order, and seSearch runs the searches on an
// arena of nodes (parents by index), building potentials only for the
// chains found. Rated nested in dynamic chains, these searches run on
// thousands of grids a step; the allocations of one potential per node
// were most of SE's time and of ours.

// seLink is a potential a potential gives: the candidate (c*9+d-1) and
// the cause.
type seLink struct {
	key   int16
	cause int8
}

// seGraph is the implication graph of one grid. For candidate k,
// cellOff[k] are the other candidates of its cell (off when k is on),
// peerOff[k] the same digit in its block, row and column (off when k is
// on), cellOn[k] the other candidate of a cell with two (on when k is
// off) and regionOn[k] the other place of its digit in each region where
// it has two (on when k is off).
type seGraph struct {
	links                              []seLink
	cellOff, peerOff, cellOn, regionOn [729][2]int32
	// positions are those of the grid's digits.
	positions sePositions
	// slot numbers the candidates of the grid (keys lists them): the
	// potentials of reach are 2*slot (on) and 2*slot+1 (off).
	slot [729]int32
	keys []int16
	// reach[y] tells which potentials lead to which, with and without
	// the links within cells (made when first asked).
	reach [2]seReach
}

// span is a [start, end) range of links.
func (gr *seGraph) span(r [2]int32) []seLink { return gr.links[r[0]:r[1]] }

// build fills gr for g, reusing its storage. Only the entries of g's
// candidates are set: the searches never ask about others.
func (gr *seGraph) build(g *seGrid) {
	gr.links, gr.keys = gr.links[:0], gr.keys[:0]
	g.fillPositions(&gr.positions)
	gr.reach[0].made, gr.reach[1].made = false, false
	for c := range 81 {
		if g.val[c] != 0 {
			continue
		}
		for d := 1; d <= 9; d++ {
			if !g.has(c, d) {
				continue
			}
			k := c*9 + d - 1
			gr.slot[k] = int32(len(gr.keys))
			gr.keys = append(gr.keys, int16(k))
			start := int32(len(gr.links))
			gr.links = cellOthers(g, c, d, gr.links)
			gr.cellOff[k] = [2]int32{start, int32(len(gr.links))}
			gr.cellOn[k] = [2]int32{}
			if g.count(c) == 2 {
				gr.cellOn[k] = gr.cellOff[k]
			}
			start = int32(len(gr.links))
			gr.links = onToOff(g, &gr.positions, c, d, false, gr.links)
			gr.peerOff[k] = [2]int32{start, int32(len(gr.links))}
			start = int32(len(gr.links))
			gr.links = offToOn(g, &gr.positions, c, d, false, true, gr.links)
			gr.regionOn[k] = [2]int32{start, int32(len(gr.links))}
		}
	}
}

// seNode is a potential of a search: candidate, polarity, cause and the
// index of its parent (-1 for the assumption).
type seNode struct {
	key    int16
	on     bool
	cause  int8
	parent int32
}

// seSearch runs the searches of one graph; its storage is reused.
type seSearch struct {
	gr              *seGraph
	nodes           []seNode
	pendOn, pendOff []int32
	onMark, offMark [729]uint32
	stamp           uint32
}

func (s *seSearch) reset() {
	s.nodes = s.nodes[:0]
	s.newStamp()
}

// newStamp starts a search that keeps the nodes of the earlier ones.
func (s *seSearch) newStamp() {
	s.pendOn, s.pendOff = s.pendOn[:0], s.pendOff[:0]
	s.stamp++
	if s.stamp == 0 {
		s.onMark, s.offMark = [729]uint32{}, [729]uint32{}
		s.stamp = 1
	}
}

func (s *seSearch) add(key int16, on bool, cause int8, parent int32) int32 {
	s.nodes = append(s.nodes, seNode{key, on, cause, parent})
	return int32(len(s.nodes) - 1)
}

// links returns what node n gives, in SE's order, as two lists: when
// n is on, the other candidates of its cell (with yChain) and its peers
// (SE's getOnToOff); when off, the other candidate of its cell (with
// yChain) and the other places of its digit (with xChain; SE's
// getOffToOn on a grid that does not change).
func (s *seSearch) links(n seNode, yChain, xChain bool) (a, b []seLink) {
	gr := s.gr
	if n.on {
		if yChain {
			a = gr.span(gr.cellOff[n.key])
		}
		return a, gr.span(gr.peerOff[n.key])
	}
	if yChain {
		a = gr.span(gr.cellOn[n.key])
	}
	if xChain {
		b = gr.span(gr.regionOn[n.key])
	}
	return a, b
}

// isParent reports whether the off potential key is on the parent path
// of node i (i excluded).
func (s *seSearch) isParent(i int32, key int16) bool {
	for p := s.nodes[i].parent; p >= 0; p = s.nodes[p].parent {
		if n := s.nodes[p]; n.key == key && !n.on {
			return true
		}
	}
	return false
}

// pot builds the potentials of node i and its parent path.
func (s *seSearch) pot(i int32) *sePot {
	n := s.nodes[i]
	p := &sePot{cell: int8(n.key / 9), val: int8(n.key%9 + 1), on: n.on, cause: n.cause}
	if n.parent >= 0 {
		p.parents = []*sePot{s.pot(n.parent)}
	}
	return p
}

// forcingChain is SE's doForcingChains from one assumption (key, on):
// the first potential found that is the assumption's opposite, as a node
// index, or -1. SE goes on searching, but the rest of its search changes
// nothing.
func (s *seSearch) forcingChain(key int16, on, yChain bool) int32 {
	y := 0
	if yChain {
		y = 1
	}
	r := &s.gr.reach[y]
	if !r.made {
		r.make(s.gr, yChain)
	}
	from, to := 2*s.gr.slot[key], 2*s.gr.slot[key]+1
	if !on {
		from, to = to, from
	}
	if !r.leads(from, to) {
		return -1
	}
	s.reset()
	root := s.add(key, on, seCauseNone, -1)
	if on {
		s.onMark[key] = s.stamp
		s.pendOn = append(s.pendOn, root)
	} else {
		s.offMark[key] = s.stamp
		s.pendOff = append(s.pendOff, root)
	}
	for len(s.pendOn) > 0 || len(s.pendOff) > 0 {
		if f := s.forcingLayer(&s.pendOn, &s.pendOff, false, &s.offMark, yChain, key, on); f >= 0 {
			return f
		}
		if f := s.forcingLayer(&s.pendOff, &s.pendOn, true, &s.onMark, yChain, key, !on); f >= 0 {
			return f
		}
	}
	return -1
}

// forcingLayer expands the nodes of from into the new potentials of
// polarity on they give, appended to to and marked in mark. With stop,
// it returns the first potential that is key (the assumption's
// opposite), or -1.
func (s *seSearch) forcingLayer(from, to *[]int32, on bool, mark *[729]uint32, yChain bool, key int16, stop bool) int32 {
	defer func() { *from = (*from)[:0] }()
	for _, p := range *from {
		a, b := s.links(s.nodes[p], yChain, true)
		for _, ls := range [2][]seLink{a, b} {
			for _, l := range ls {
				if stop && l.key == key {
					return s.add(l.key, on, l.cause, p)
				}
				if mark[l.key] != s.stamp {
					mark[l.key] = s.stamp
					*to = append(*to, s.add(l.key, on, l.cause, p))
				}
			}
		}
	}
	return -1
}

// strong reports whether some potential being off makes key on: whether
// key's cell has two candidates (with yChain) or its digit two places in
// one of its regions (with xChain). A search can come back to key on,
// or reach it from key off, only then.
func (s *seSearch) strong(key int16, yChain, xChain bool) bool {
	gr := s.gr
	return (yChain && gr.cellOn[key][1] > gr.cellOn[key][0]) || (xChain && gr.regionOn[key][1] > gr.regionOn[key][0])
}

// cycles is SE's doCycles from the assumption that key is on: the nodes
// where the search comes back to it, four or more steps on.
func (s *seSearch) cycles(key int16, yChain, xChain bool) []int32 {
	s.reset()
	root := s.add(key, true, seCauseNone, -1)
	s.onMark[key] = s.stamp
	s.pendOn = append(s.pendOn, root)
	var out []int32
	length := 0
	for len(s.pendOn) > 0 || len(s.pendOff) > 0 {
		length++
		for _, p := range s.pendOn {
			a, b := s.links(s.nodes[p], yChain, xChain)
			for _, ls := range [2][]seLink{a, b} {
				for _, l := range ls {
					if !s.isParent(p, l.key) {
						s.pendOff = append(s.pendOff, s.add(l.key, false, l.cause, p))
					}
				}
			}
		}
		s.pendOn = s.pendOn[:0]
		length++
		for _, p := range s.pendOff {
			a, b := s.links(s.nodes[p], yChain, xChain)
			for _, ls := range [2][]seLink{a, b} {
				for _, l := range ls {
					if length >= 4 && l.key == key {
						out = append(out, s.add(l.key, true, l.cause, p))
					}
					if s.onMark[l.key] != s.stamp {
						s.onMark[l.key] = s.stamp
						s.pendOn = append(s.pendOn, s.add(l.key, true, l.cause, p))
					}
				}
			}
		}
		s.pendOff = s.pendOff[:0]
	}
	return out
}

// The multiple forcing chains that are not dynamic (SE's cell and region
// forcing chains, nested in the dynamic chains of level 3) follow every
// candidate of a cell, or every place of a digit in a region, on a grid
// that does not change: what each candidate being on gives is found once
// a grid, on the graph, and the branches are intersected as bit sets.

// seClosure is what one candidate being on gives, as SE's doChaining
// finds it: the nodes found on and off in their order, and their
// candidates as bit sets. SE stops at a contradiction, and so does it.
type seClosure struct {
	on, off       []int32
	onSet, offSet seBits
}

// seBits is a set of candidates (c*9+d-1).
type seBits [12]uint64

func (b *seBits) add(k int16)      { b[k>>6] |= 1 << uint(k&63) }
func (b *seBits) has(k int16) bool { return b[k>>6]&(1<<uint(k&63)) != 0 }

// closure follows key on: SE's doChaining, taking one potential on
// while there is one, else one off.
func (s *seSearch) closure(key int16) *seClosure {
	s.newStamp()
	cl := &seClosure{}
	cl.on = append(cl.on, s.add(key, true, seCauseNone, -1))
	cl.onSet.add(key)
	iOn, iOff := 0, 0
	for iOn < len(cl.on) || iOff < len(cl.off) {
		var p int32
		if iOn < len(cl.on) {
			p, iOn = cl.on[iOn], iOn+1
		} else {
			p, iOff = cl.off[iOff], iOff+1
		}
		on := !s.nodes[p].on
		mine, other := &cl.onSet, &cl.offSet
		list := &cl.on
		if !on {
			mine, other, list = other, mine, &cl.off
		}
		a, b := s.links(s.nodes[p], true, true)
		for _, ls := range [2][]seLink{a, b} {
			for _, l := range ls {
				if other.has(l.key) {
					return cl
				}
				if !mine.has(l.key) {
					mine.add(l.key)
					*list = append(*list, s.add(l.key, on, l.cause, p))
				}
			}
		}
	}
	return cl
}

// staticMultipleHints is SE's getMultipleChainsHintList when not
// dynamic: the cell forcing chains of the cells with three candidates or
// more and the region forcing chains of their digits.
func (ch *seChaining) staticMultipleHints(g *seGrid) []*seHint {
	var memo [729]*seClosure
	get := func(k int) *seClosure {
		if memo[k] == nil {
			memo[k] = ch.search.closure(int16(k))
		}
		return memo[k]
	}
	var out []*seHint
	for c := range 81 {
		if g.val[c] != 0 || g.count(c) < 3 {
			continue
		}
		var cells []*seClosure
		for d := 1; d <= 9; d++ {
			if !g.has(c, d) {
				continue
			}
			cells = append(cells, get(c*9+d-1))
			for _, t := range []int{seBlock, seRow, seCol} {
				i := seRegionOf[t][c]
				m, n := g.positions(t, i, d)
				if n < 2 || seRegions[t][i][bits.TrailingZeros16(m)] != c {
					continue
				}
				var places []*seClosure
				for pos, x := range seRegions[t][i] {
					if m&(1<<uint(pos)) != 0 {
						places = append(places, get(x*9+d-1))
					}
				}
				mk := func() *seChain { return &seChain{sortKey: 6, isRegion: true, region: [2]int{t, i}} }
				out = ch.staticReductions(g, out, "Region Forcing", mk, places, true)
				out = ch.staticReductions(g, out, "Region Forcing", mk, places, false)
			}
		}
		mk := func() *seChain { return &seChain{sortKey: 5, cellChain: true} }
		out = ch.staticReductions(g, out, "Cell Forcing", mk, cells, true)
		out = ch.staticReductions(g, out, "Cell Forcing", mk, cells, false)
		if ch.quick && len(out) > 0 {
			break
		}
	}
	return out
}

// staticReductions appends to out the forcing chains that conclude each
// potential of polarity on that every branch gives, in the order of the
// first branch (see reductions).
func (ch *seChaining) staticReductions(g *seGrid, out []*seHint, kind string, mk func() *seChain, branches []*seClosure, on bool) []*seHint {
	s := ch.search
	list := func(cl *seClosure) ([]int32, *seBits) {
		if on {
			return cl.on, &cl.onSet
		}
		return cl.off, &cl.offSet
	}
	first, _ := list(branches[0])
	for _, ni := range first {
		k := s.nodes[ni].key
		common := true
		for _, b := range branches[1:] {
			_, set := list(b)
			common = common && set.has(k)
		}
		if !common {
			continue
		}
		remove := reductionRemove(g, &sePot{cell: int8(k / 9), val: int8(k%9 + 1), on: on})
		if len(remove) == 0 {
			continue
		}
		c := mk()
		flat := 0
		for _, b := range branches {
			nodes, _ := list(b)
			for _, bi := range nodes {
				if s.nodes[bi].key == k {
					t := s.pot(bi)
					c.targets = append(c.targets, t)
					flat += ancestors(t)
					break
				}
			}
		}
		out = append(out, ch.newChainHint(ch.namePrefix()+kind+ch.nameSuffix(), ch.baseDiff(), remove, c.targets[0], c, flat))
	}
	return out
}

// seReach tells, for every two potentials of a graph, whether the first
// leads to the second (a search from it finds it): the forcing chains
// from most candidates find nothing, and this answers for all of them at
// once. Potentials in one strongly connected component lead to the same
// ones; Tarjan's algorithm finds the components successors first, so
// each component's set is its potentials and its successors' sets.
type seReach struct {
	made  bool
	words int
	comp  []int32
	sets  []uint64
	// Tarjan's state.
	index, low []int32
	stack      []int32
	onStack    []bool
	next       int32
	ncomp      int32
	gr         *seGraph
	yChain     bool
	start, adj []int32
}

func (r *seReach) make(gr *seGraph, yChain bool) {
	n := 2 * len(gr.keys)
	r.made, r.gr, r.yChain = true, gr, yChain
	r.words = (n + 63) / 64
	r.comp = resize(r.comp, n)
	r.index = resize(r.index, n)
	r.low = resize(r.low, n)
	r.onStack = resize(r.onStack, n)
	r.sets = r.sets[:0]
	r.stack = r.stack[:0]
	r.next, r.ncomp = 0, 0
	for v := range n {
		r.index[v] = -1
	}
	r.successors()
	for v := range int32(n) {
		if r.index[v] < 0 {
			r.visit(v)
		}
	}
}

// resize returns s with n zero elements, reusing its storage.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// successors lists the potentials each potential gives (CSR: those of
// v are adj[start[v]:start[v+1]]).
func (r *seReach) successors() {
	gr := r.gr
	n := 2 * len(gr.keys)
	r.start = resize(r.start, n+1)
	r.adj = r.adj[:0]
	for v := range n {
		r.start[v] = int32(len(r.adj))
		k := gr.keys[v/2]
		var a, b [2]int32
		if v%2 == 0 {
			if r.yChain {
				a = gr.cellOff[k]
			}
			b = gr.peerOff[k]
		} else {
			if r.yChain {
				a = gr.cellOn[k]
			}
			b = gr.regionOn[k]
		}
		off := int32(1 - v%2)
		for _, l := range gr.links[a[0]:a[1]] {
			r.adj = append(r.adj, 2*gr.slot[l.key]+off)
		}
		for _, l := range gr.links[b[0]:b[1]] {
			r.adj = append(r.adj, 2*gr.slot[l.key]+off)
		}
	}
	r.start[n] = int32(len(r.adj))
}

func (r *seReach) visit(v int32) {
	r.index[v], r.low[v] = r.next, r.next
	r.next++
	r.stack = append(r.stack, v)
	r.onStack[v] = true
	for _, w := range r.adj[r.start[v]:r.start[v+1]] {
		if r.index[w] < 0 {
			r.visit(w)
			r.low[v] = min(r.low[v], r.low[w])
		} else if r.onStack[w] {
			r.low[v] = min(r.low[v], r.index[w])
		}
	}
	if r.low[v] != r.index[v] {
		return
	}
	c := r.ncomp
	r.ncomp++
	for range r.words {
		r.sets = append(r.sets, 0)
	}
	set := r.sets[int(c)*r.words : int(c+1)*r.words]
	i := len(r.stack) - 1
	for r.stack[i] != v {
		i--
	}
	members := r.stack[i:]
	for _, m := range members {
		r.onStack[m] = false
		r.comp[m] = c
		set[m/64] |= 1 << uint(m%64)
	}
	for _, m := range members {
		for _, w := range r.adj[r.start[m]:r.start[m+1]] {
			if wc := r.comp[w]; wc != c {
				for j, x := range r.sets[int(wc)*r.words : int(wc+1)*r.words] {
					set[j] |= x
				}
			}
		}
	}
	r.stack = r.stack[:i]
}

// leads reports whether potential from leads to potential to.
func (r *seReach) leads(from, to int32) bool {
	c := r.comp[from]
	return r.sets[int(c)*r.words+int(to/64)]&(1<<uint(to%64)) != 0
}
