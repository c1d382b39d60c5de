package exact

import (
	"fmt"
	"iter"
	"slices"
	"sync"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/disjoint"
)

// Split is a puzzle cut into parts that are solved and counted apart:
// the cells unit propagation settles, the connected components of the
// constraint graph over the remaining frontier cells, and the interior.
//
// Unit propagation works on the hints alone: a hint whose remaining count is
// 0 makes its undecided neighbours safe, and one whose count equals its
// undecided neighbours makes them mines, until nothing changes. Each settled
// cell is forced in every solution: its opposite falsifies a hint by unit
// propagation, the first step of any SAT solver's refutation.
//
// Two frontier cells are in the same Component when a chain of hints with
// undecided neighbours links them. Components share no hint, so a solution
// is one solution per component plus any placement of the remaining mines
// in the interior; only the global mine count ties them together.
//
// A Split is read-only: splits made by Reveal share their unchanged
// components and slices with the split they came from.
type Split struct {
	Puzzle     *game.Puzzle
	Components []*Component // ordered by their first cell
	Mines      []int        // unknown cells unit propagation proves mines, increasing
	Safe       []int        // unknown cells unit propagation proves safe, increasing
	Flags      int          // flagged cells (known mines)
	Left       int          // mines the components and the interior hold together; 0 with NoTotal
	// NoTotal is set when the puzzle's mine total is unknown
	// (game.UnknownMines): every layout that agrees with the hints and the
	// flags is a solution, whatever its number of mines, and Left means
	// nothing.
	NoTotal bool
	// Contradiction is non-nil when the hints alone have no solution: a
	// hint sees more flags than it shows, or propagation overfills or
	// starves one. The rest of the Split is then incomplete.
	Contradiction error

	// The interior (see Interior) is the cells of interior except
	// gone[:ngone] (increasing, each in interior): a split made by Reveal
	// shares its base's interior instead of copying it, since a lookahead
	// mostly needs only its size.
	interior []int
	gone     [9]int
	ngone    int

	indexOnce sync.Once
	index     []int32 // per cell: see cellIndex
}

// Codes of Split.cellIndex besides 1 + a component's index: a closed cell
// propagation settled as a mine, or as safe.
const cellMine, cellSafe = -1, -2

// cellIndex returns, per cell, 1 + the index in sp.Components of the
// component holding it, cellMine or cellSafe for a cell in Mines or Safe,
// and 0 for any other. It is built on the first call, in O(frontier and
// settled cells), and kept: a reveal from sp reads what it needs of the
// cells around its new hint from it in constant time.
func (sp *Split) cellIndex() []int32 {
	sp.indexOnce.Do(func() {
		idx := make([]int32, len(sp.Puzzle.Cells))
		for c, co := range sp.Components {
			for _, i := range co.Cells {
				idx[i] = int32(c + 1)
			}
		}
		for _, i := range sp.Mines {
			idx[i] = cellMine
		}
		for _, i := range sp.Safe {
			idx[i] = cellSafe
		}
		sp.index = idx
	})
	return sp.index
}

// Interior returns the unknown cells next to no hint, increasing; nil when
// there are none. For a split made by Reveal it is built anew on each call.
func (sp *Split) Interior() []int {
	if sp.ngone == 0 {
		return sp.interior
	}
	if sp.ngone == len(sp.interior) {
		return nil
	}
	return slices.AppendSeq(make([]int, 0, sp.InteriorLen()), sp.interiorCells())
}

// interiorCells yields the cells of Interior, increasing, without building
// it: interior except gone.
func (sp *Split) interiorCells() iter.Seq[int] {
	return func(yield func(int) bool) {
		gone := sp.gone[:sp.ngone]
		for _, i := range sp.interior {
			if len(gone) > 0 && gone[0] == i {
				gone = gone[1:]
				continue
			}
			if !yield(i) {
				return
			}
		}
	}
}

// InteriorLen returns len(sp.Interior()) without building it.
func (sp *Split) InteriorLen() int { return len(sp.interior) - sp.ngone }

// Component is a connected part of the frontier. Its cells are variables
// 0..len(Cells)-1 (local variable v is cell Cells[v]); its constraints are
// the hints that see them, each reduced by propagation to "exactly need of
// these variables are mines".
type Component struct {
	Cells []int     // row-major cell indices, increasing
	cons  []compCon // the hints over this component
}

// compCon is one hint's constraint over a component's local variables.
type compCon struct {
	hint int     // the hint cell, row-major
	need int     // mines among vars
	vars []int32 // local variables, increasing
}

// NewSplit splits p. It fails only on a malformed puzzle (cells not matching
// the board); a puzzle without solutions gives a Split whose Contradiction
// says why, or one whose parts admit no mine total (see Count). The cost is
// O(cells).
func NewSplit(p *game.Puzzle) (*Split, error) {
	if p == nil || p.Board == nil || len(p.Cells) != p.Board.Len() {
		return nil, fmt.Errorf("exact: malformed puzzle: cells do not match the board")
	}
	b := p.Board
	n := len(p.Cells)
	sp := &Split{Puzzle: p}

	sc := getSplitScratch(n)
	sc.dirty = n // written all over
	defer splitScratchPool.Put(sc)
	value := sc.value // per cell: undecided, mine or safe
	need := sc.need   // per hint: mines still to place among its undecided neighbours
	free := sc.free   // per hint: undecided unknown neighbours
	// hints to examine, and every hint, increasing: sized first, since on a
	// big board growing them by appends allocated several times their size
	shown := 0
	for _, c := range p.Cells {
		if c.State == game.Revealed {
			shown++
		}
	}
	queue := slices.Grow(sc.queue[:0], shown)
	hints := slices.Grow(sc.hints[:0], shown)
	unknowns := 0
	for i, c := range p.Cells {
		switch c.State {
		case game.Unknown:
			unknowns++
		case game.Flagged:
			sp.Flags++
		case game.Revealed:
			nd, fr := int32(c.Hint), int32(0)
			for _, j := range b.Neighbors(i) {
				switch p.Cells[j].State {
				case game.Flagged:
					nd--
				case game.Unknown:
					fr++
				}
			}
			need[i], free[i] = nd, fr
			queue = append(queue, int32(i))
			hints = append(hints, i)
		}
	}
	sp.Left = p.Mines - sp.Flags
	if !p.MinesKnown() {
		sp.NoTotal, sp.Left = true, 0
	}
	if sp.Contradiction = sc.propagate(p, queue); sp.Contradiction != nil {
		return sp, nil
	}
	sc.join(p, hints)
	front := sc.front[:0] // the undecided cells next to a hint, increasing
	for i, c := range p.Cells {
		if c.State != game.Unknown {
			continue
		}
		switch {
		case value[i] == mine:
			sp.Mines = append(sp.Mines, i)
		case value[i] == safe:
			sp.Safe = append(sp.Safe, i)
		case !sc.frontier[i]:
			// No hint is next to i: a hint next to an undecided cell
			// counts it as free, and join marks it.
			if sp.interior == nil {
				sp.interior = make([]int, 0, unknowns)
			}
			sp.interior = append(sp.interior, i)
		default:
			front = append(front, i)
		}
	}
	sp.Left -= len(sp.Mines)
	sp.Components = sc.components(p, hints, front, nil)
	sc.hints, sc.front = hints[:0], front[:0]
	return sp, nil
}

// Values of splitScratch.value: an unknown cell undecided (or a cell not
// unknown), or settled as a mine or safe by propagation.
const undecided, mine, safe = 0, 1, 2

// propagate settles p's undecided unknown cells by unit propagation from
// the hints in queue (which it consumes): a hint that needs no more mines
// makes its undecided neighbours safe, one that needs as many as it has
// makes them mines, and each cell settled updates need and free of the
// hints around it. sc.value, need and free hold the state, as NewSplit
// sets it; each cell settled is appended to sc.settled. It returns the
// first hint found needing fewer than no mines or more than its undecided
// neighbours, or nil.
func (sc *splitScratch) propagate(p *game.Puzzle, queue []int32) error {
	b := p.Board
	value, need, free := sc.value, sc.need, sc.free
	defer func() { sc.queue = queue[:0] }()
	for len(queue) > 0 {
		h := int(queue[len(queue)-1])
		queue = queue[:len(queue)-1]
		nd, fr := need[h], free[h]
		if nd < 0 || nd > fr {
			return &hintContradiction{hint: p.Cells[h].Hint, at: b.Pos(h), free: fr, need: nd}
		}
		if fr == 0 || (nd != 0 && nd != fr) {
			continue
		}
		v := uint8(safe)
		if nd == fr {
			v = mine
		}
		for _, j := range b.Neighbors(h) {
			if p.Cells[j].State != game.Unknown || value[j] != undecided {
				continue
			}
			value[j] = v
			sc.settled = append(sc.settled, j)
			for _, k := range b.Neighbors(int(j)) {
				if p.Cells[k].State != game.Revealed {
					continue
				}
				free[k]--
				if v == mine {
					need[k]--
				}
				queue = append(queue, k)
			}
		}
	}
	return nil
}

// join unions, through each of hints that still sees an undecided unknown
// cell, the undecided unknown cells it sees (in sc.sets), and marks them in
// sc.frontier.
func (sc *splitScratch) join(p *game.Puzzle, hints []int) {
	b := p.Board
	sets := sc.sets
	for _, h := range hints {
		if sc.free[h] == 0 {
			continue
		}
		first := int32(-1)
		for _, j := range b.Neighbors(h) {
			if p.Cells[j].State != game.Unknown || sc.value[j] != undecided {
				continue
			}
			sc.frontier[j] = true
			if first < 0 {
				first = sets.Find(j)
			} else if r := sets.Find(j); r != first {
				sets[r] = first
			}
		}
	}
}

// components returns the components join formed over the undecided cells
// among cells (increasing), numbered by their first cell, each with the
// constraints of the hints (increasing) that still see one of its cells,
// over its local variables in neighbour order. The components, their cells,
// their constraints and the constraints' variables take one allocation
// each, or come from ar's memory when ar is not nil.
func (sc *splitScratch) components(p *game.Puzzle, hints, cells []int, ar *compArena) []*Component {
	b := p.Board
	find := sc.sets.Find
	owner, local := sc.owner, sc.local // root -> 1 + component; cell -> local variable
	size := sc.compSize[:0]            // per component: its cells, then its constraints
	total := 0
	for _, i := range cells {
		if sc.value[i] != undecided {
			continue
		}
		r := find(int32(i))
		if owner[r] == 0 {
			size = append(size, 0)
			owner[r] = int32(len(size))
		}
		c := owner[r] - 1
		local[i] = size[c]
		size[c]++
		total++
	}
	if len(size) == 0 {
		sc.compSize = size
		return nil
	}
	if ar == nil {
		ar = new(compArena) // empty: every grab allocates
	}
	comps := grab(&ar.comps, len(size))
	out := grab(&ar.ptrs, len(size))
	slab := grab(&ar.slab, total)
	for c := range comps {
		n := int(size[c])
		comps[c].Cells, slab = slab[:0:n], slab[n:]
		out[c] = &comps[c]
		size[c] = 0
	}
	for _, i := range cells {
		if sc.value[i] == undecided {
			co := out[owner[find(int32(i))]-1]
			co.Cells = append(co.Cells, i)
		}
	}
	// The constraints: the component of each hint's first undecided
	// neighbour, counted, then filled in.
	owned := sc.hintComp[:0] // per hint with undecided neighbours: its component
	nvars, ncons := 0, 0
	for _, h := range hints {
		if sc.free[h] == 0 {
			continue
		}
		for _, j := range b.Neighbors(h) {
			if p.Cells[j].State == game.Unknown && sc.value[j] == undecided {
				c := owner[find(j)] - 1
				owned = append(owned, c)
				size[c]++
				break
			}
		}
		nvars += int(sc.free[h])
		ncons++
	}
	cons := grab(&ar.cons, ncons)
	for c := range comps {
		n := int(size[c])
		comps[c].cons, cons = cons[:0:n], cons[n:]
	}
	vars := grab(&ar.vars, nvars)[:0]
	k := 0
	for _, h := range hints {
		if sc.free[h] == 0 {
			continue
		}
		start := len(vars)
		for _, j := range b.Neighbors(h) {
			if p.Cells[j].State == game.Unknown && sc.value[j] == undecided {
				vars = append(vars, local[j])
			}
		}
		co := &comps[owned[k]]
		k++
		co.cons = append(co.cons, compCon{hint: h, need: int(sc.need[h]), vars: vars[start:len(vars):len(vars)]})
	}
	sc.compSize, sc.hintComp = size[:0], owned[:0]
	return out
}

// hintContradiction is a Split's Contradiction: a hint that propagation
// left needing fewer than no mines, or more than its undecided cells. It is
// formatted only when read: a lookahead splits many positions that have
// none.
type hintContradiction struct {
	hint       uint8
	at         game.Pos
	free, need int32
}

func (e *hintContradiction) Error() string {
	return "exact: no solution: " + HintConflict{At: e.at, N: int(e.hint), Free: int(e.free), Need: int(e.need)}.String()
}

// Frontier returns the number of cells in all components.
func (sp *Split) Frontier() int {
	n := 0
	for _, c := range sp.Components {
		n += len(c.Cells)
	}
	return n
}

// refine fixes some of c's variables (fixed[v] is 1 for a mine, 2 for
// safe, 0 for free), propagates units through c's constraints, and returns
// the components the free variables form. fixed is updated with every
// variable propagation settles. A contradiction, which fixing forced values
// never causes, is an error.
func (c *Component) refine(fixed []uint8) ([]*Component, error) {
	n := len(c.Cells)
	consOf := make([][]int32, n)
	need := make([]int, len(c.cons))
	free := make([]int, len(c.cons))
	for k, con := range c.cons {
		need[k] = con.need
		for _, v := range con.vars {
			consOf[v] = append(consOf[v], int32(k))
			switch fixed[v] {
			case 0:
				free[k]++
			case 1:
				need[k]--
			}
		}
	}
	queue := make([]int32, len(c.cons))
	for k := range queue {
		queue[k] = int32(k)
	}
	for len(queue) > 0 {
		k := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if need[k] < 0 || need[k] > free[k] {
			return nil, fmt.Errorf("exact: internal error: fixing forced cells contradicts hint %v", c.cons[k].hint)
		}
		if free[k] == 0 || (need[k] != 0 && need[k] != free[k]) {
			continue
		}
		val := uint8(2)
		if need[k] == free[k] {
			val = 1
		}
		for _, v := range c.cons[k].vars {
			if fixed[v] != 0 {
				continue
			}
			fixed[v] = val
			for _, j := range consOf[v] {
				free[j]--
				if val == 1 {
					need[j]--
				}
				queue = append(queue, j)
			}
		}
	}
	// Components of the free variables, through constraints still open.
	sets := disjoint.New(n)
	find := sets.Find
	for k, con := range c.cons {
		if free[k] == 0 {
			continue
		}
		first := int32(-1)
		for _, v := range con.vars {
			if fixed[v] != 0 {
				continue
			}
			if first < 0 {
				first = find(v)
			} else if r := find(v); r != first {
				sets[r] = first
			}
		}
	}
	index := make([]int32, n) // root -> sub index + 1
	local := make([]int32, n)
	var subs []*Component
	for v := range int32(n) {
		if fixed[v] != 0 {
			continue
		}
		r := find(v)
		if index[r] == 0 {
			subs = append(subs, &Component{})
			index[r] = int32(len(subs))
		}
		s := subs[index[r]-1]
		local[v] = int32(len(s.Cells))
		s.Cells = append(s.Cells, c.Cells[v])
	}
	for k, con := range c.cons {
		if free[k] == 0 {
			continue
		}
		sc := compCon{hint: con.hint, need: need[k]}
		var s *Component
		for _, v := range con.vars {
			if fixed[v] == 0 {
				s = subs[index[find(v)]-1]
				sc.vars = append(sc.vars, local[v])
			}
		}
		s.cons = append(s.cons, sc)
	}
	return subs, nil
}

// compArena is memory for the components of one split at a time, reused
// from one split to the next (see Reveals): components fills it instead of
// allocating.
type compArena struct {
	comps []Component
	ptrs  []*Component
	slab  []int
	cons  []compCon
	vars  []int32
}

// grab returns n elements of *buf, grown to hold them. What they held
// before is left for the caller to overwrite.
func grab[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	return (*buf)[:n]
}

// splitScratch is NewSplit's per-cell working memory, pooled: a lookahead
// splits thousands of positions a second, and allocating these each time
// cost more than the splitting.
type splitScratch struct {
	value      []uint8
	need, free []int32
	local      []int32 // per cell: its local variable (components)
	owner      []int32 // per union-find root: 1 + its component (components)
	frontier   []bool
	sets       disjoint.Sets
	queue      []int32
	settled    []int32 // cells propagate settled, in order
	compSize   []int32 // components'
	hintComp   []int32 // components'
	hints      []int   // NewSplit's and Reveal's
	front      []int   // NewSplit's, and Reveal's cells
	around     []int32 // the cells a reveal uses (revealLocal)
	dirty      int     // the per-cell arrays may hold values in [:dirty], as NewSplit leaves them
}

var splitScratchPool = sync.Pool{New: func() any { return new(splitScratch) }}

// getSplitScratch returns scratch for n cells, every array cleared (sets
// holding each element as its own root). A scratch put back clean (as
// revealLocal leaves it) is not cleared again.
func getSplitScratch(n int) *splitScratch {
	sc := splitScratchPool.Get().(*splitScratch)
	if cap(sc.value) < n {
		*sc = splitScratch{around: sc.around, dirty: n, // sets made, not reset
			value: make([]uint8, n), need: make([]int32, n), free: make([]int32, n),
			local: make([]int32, n), owner: make([]int32, n), frontier: make([]bool, n),
			sets: make(disjoint.Sets, n), queue: sc.queue, settled: sc.settled, compSize: sc.compSize, hintComp: sc.hintComp, hints: sc.hints, front: sc.front,
		}
	}
	sc.value, sc.need, sc.free = sc.value[:n], sc.need[:n], sc.free[:n]
	sc.local, sc.owner, sc.frontier, sc.sets = sc.local[:n], sc.owner[:n], sc.frontier[:n], sc.sets[:n]
	if d := sc.dirty; d > 0 {
		clear(sc.value[:d])
		clear(sc.need[:d])
		clear(sc.free[:d])
		clear(sc.local[:d])
		clear(sc.owner[:d])
		clear(sc.frontier[:d])
		sc.sets[:d].Reset()
		sc.dirty = 0
	}
	sc.settled = sc.settled[:0]
	return sc
}

// clearAround clears the per-cell arrays at cells, every cell they were
// written at since they were last clean, and returns cells emptied.
func (sc *splitScratch) clearAround(cells []int32) []int32 {
	for _, i := range cells {
		sc.value[i], sc.need[i], sc.free[i] = 0, 0, 0
		sc.local[i], sc.owner[i], sc.frontier[i], sc.sets[i] = 0, 0, false, i
	}
	return cells[:0]
}
