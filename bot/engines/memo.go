package engines

import (
	"sync"

	"github.com/sudokubot/sudokubot/solver"
)

// explainCacheSize is the number of explained puzzles kept: pressing "Next
// step" on a hard puzzle then costs nothing, instead of the second or two
// that explaining the hardest puzzles takes.
const explainCacheSize = 256

// solutionCacheSize is the number of solution pictures kept (about 40 KB
// each): the day's newspaper puzzle, asked by many people in a server, is
// drawn once.
const solutionCacheSize = 128

// gridMemo remembers the results of a function of a grid for the last size
// grids, the oldest going first. It is safe for concurrent use.
type gridMemo[V any] struct {
	mu    sync.Mutex
	size  int
	vals  map[solver.Grid]V
	order []solver.Grid
}

func newGridMemo[V any](size int) *gridMemo[V] {
	return &gridMemo[V]{size: size, vals: map[solver.Grid]V{}}
}

// get returns f(g), from memory when g was seen lately. Errors are not
// remembered. The values returned are shared: callers must not change
// them.
func (m *gridMemo[V]) get(g solver.Grid, f func(solver.Grid) (V, error)) (V, error) {
	m.mu.Lock()
	v, ok := m.vals[g]
	m.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := f(g)
	if err != nil {
		return v, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.vals[g]; !ok {
		if len(m.order) >= m.size {
			delete(m.vals, m.order[0])
			m.order = m.order[1:]
		}
		m.vals[g] = v
		m.order = append(m.order, g)
	}
	return v, nil
}
