package exact

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/minesat/minesat/game"
)

// Budget bounds the exponential part of counting: the size of a
// component's solution diagram. The zero Budget is the default.
type Budget struct {
	// MaxStates is the most diagram nodes built for one component before
	// giving up with ErrBudget; 0 means DefaultMaxStates.
	MaxStates int
}

// DefaultMaxStates is the default diagram budget per component, about
// 100 MB at worst; Count, Probabilities, FindForced and Solve use it.
const DefaultMaxStates = 1 << 22

func (b Budget) maxStates() int {
	if b.MaxStates <= 0 {
		return DefaultMaxStates
	}
	return b.MaxStates
}

// ErrBudget is returned, wrapped, when counting a component needs more
// states than the Budget allows.
var ErrBudget = errors.New("exact: counting budget exhausted")

// diagram is every solution of one component, as a layered decision
// diagram: layer t decides variable order[t], each node stands for one
// state of the constraints still open (the mines each must still receive),
// and child[2u+x] is the node reached from u by giving order[t] the value x
// (1 mine, 0 safe), or -1 when that breaks a constraint. Nodes with equal
// states merge, so the diagram is as wide as the number of distinct
// partial states, not of partial solutions ("frontier-based search"). Only
// nodes on some root-to-terminal path are kept, so every path is a solution
// and every solution a path. Layer 0 holds the root, layer n the terminal.
type diagram struct {
	n      int     // variables (layers 0..n)
	order  []int32 // order[t]: the local variable decided at layer t
	start  []int32 // layer t's nodes are start[t]..start[t+1]-1
	child  []int32 // child[2u+x], or -1
	lo, hi []int32 // per node: fewest and most mines on a path from the root

	// Room for the forward pass's header and a small set of totals, in
	// the diagram's own allocation (see forward and totals).
	fl     flow
	totBuf [2]uint64
}

// nodes returns the number of nodes.
func (d *diagram) nodes() int { return int(d.start[d.n+1]) }

// empty reports whether the component has no solution.
func (d *diagram) empty() bool { return d.nodes() == 0 }

// stepCon is one constraint met at a layer, as the build sees it.
type stepCon struct {
	slot  int32 // nibble of the state holding its remaining need while open
	need  int32 // its full need, used when the layer opens it
	rem   int32 // its variables decided after this layer
	first bool  // this layer opens it
}

// buildDiagram builds c's diagram, deciding variables in the order with
// the narrowest state (see chooseOrder). It fails with ErrBudget when more
// than maxStates nodes are needed, and with ctx's error when cancelled.
//
// The order and the slots depend only on the shape of c (its number of
// cells and its constraints' variables), not on the mines each constraint
// needs: a lookahead builds one component again and again with only the
// new hint's need changed, and the scratch remembers the last shape's.
func buildDiagram(ctx context.Context, c *Component, b *game.Board, maxStates int) (*diagram, error) {
	sc := buildPool.Get().(*buildScratch)
	defer buildPool.Put(sc)
	if !sc.shape.same(c) {
		order := chooseOrder(c, b)
		pos := sc.layers(order)
		slotOf, width := sc.slots(c, pos)
		sc.shape.remember(c, order, width)
		sc.shape.pos, sc.shape.slotOf = append(sc.shape.pos[:0], pos...), append(sc.shape.slotOf[:0], slotOf...)
	}
	m := &sc.shape
	return sc.build(ctx, c, m.order, m.pos, m.slotOf, m.width, maxStates)
}

// buildDiagramOrder builds c's diagram deciding variables in the given
// order, a permutation of 0..len(Cells)-1. Any order gives the same
// solutions; the order decides only the diagram's size.
func buildDiagramOrder(ctx context.Context, c *Component, order []int32, maxStates int) (*diagram, error) {
	sc := buildPool.Get().(*buildScratch)
	defer buildPool.Put(sc)
	pos := sc.layers(order)
	slotOf, width := sc.slots(c, pos)
	return sc.build(ctx, c, order, pos, slotOf, width, maxStates)
}

// build builds c's diagram in the given order, whose inverse is pos, with
// the constraints in the given slots (see slots).
func (sc *buildScratch) build(ctx context.Context, c *Component, order, pos, slotOf []int32, width int32, maxStates int) (*diagram, error) {
	n := len(c.Cells)
	steps := sc.steps(c, pos, slotOf)
	d := &diagram{n: n, order: order, start: grown(&sc.start, n+2)}
	if err := sc.sweep(ctx, d, steps, width, maxStates); err != nil {
		return nil, err
	}
	d.prune(sc)
	d.windows()
	return d, nil
}

// layers returns pos, the inverse of order: pos[v] is the layer deciding
// variable v.
func (sc *buildScratch) layers(order []int32) []int32 {
	pos := grown(&sc.pos, len(order))
	for t, v := range order {
		pos[v] = int32(t)
	}
	return pos
}

// slots gives each constraint of c a slot of the state, from the layer
// deciding its first variable to the layer deciding its last, reusing the
// slots of the constraints closed before; slotOf[k] is constraint k's, and
// width the number of slots used.
func (sc *buildScratch) slots(c *Component, pos []int32) (slotOf []int32, width int32) {
	n := len(pos)
	spans := grown(&sc.spans, len(c.cons))
	for k, con := range c.cons {
		s := span{int32(n), -1}
		for _, v := range con.vars {
			s.first = min(s.first, pos[v])
			s.last = max(s.last, pos[v])
		}
		spans[k] = s
	}
	// The constraints each layer opens and closes, in constraint order.
	opensAt, closesAt := &sc.opens, &sc.closes
	opensAt.reset(n)
	closesAt.reset(n)
	for _, s := range spans {
		opensAt.count(s.first)
		closesAt.count(s.last)
	}
	opensAt.place()
	closesAt.place()
	for k, s := range spans {
		opensAt.put(s.first, int32(k))
		closesAt.put(s.last, int32(k))
	}
	slotOf = grown(&sc.slotOf, len(c.cons))
	freeSlots := sc.freeSlots[:0]
	for t := range n {
		for _, k := range opensAt.of(t) {
			if len(freeSlots) > 0 {
				slotOf[k] = freeSlots[len(freeSlots)-1]
				freeSlots = freeSlots[:len(freeSlots)-1]
			} else {
				slotOf[k] = width
				width++
			}
		}
		for _, k := range closesAt.of(t) {
			freeSlots = append(freeSlots, slotOf[k])
		}
	}
	sc.freeSlots = freeSlots
	return slotOf, width
}

// steps returns, for each layer t, the constraints of c that hold the
// variable it decides, in constraint order, as that layer sees them (all
// layers' entries share one slab).
func (sc *buildScratch) steps(c *Component, pos, slotOf []int32) [][]stepCon {
	n := len(pos)
	at := grown(&sc.at, n+1) // layer t's entries start at at[t]
	clear(at)
	for _, con := range c.cons {
		for _, v := range con.vars {
			at[pos[v]+1]++
		}
	}
	for t := range n {
		at[t+1] += at[t]
	}
	slab := grown(&sc.slab, int(at[n]))
	steps := grown(&sc.stepsOf, n)
	for t := range n {
		steps[t] = slab[at[t]:at[t]:at[t+1]]
	}
	ps := sc.ps[:0]
	for k, con := range c.cons {
		ps = ps[:0]
		for _, v := range con.vars {
			ps = append(ps, pos[v])
		}
		slices.Sort(ps)
		for i, p := range ps {
			steps[p] = append(steps[p], stepCon{
				slot: slotOf[k], need: int32(con.need), rem: int32(len(ps) - 1 - i), first: i == 0,
			})
		}
	}
	sc.ps = ps
	return steps
}

// sweep builds d's layers from the root down, in scratch arrays (prune
// replaces them with its own): the states of each layer, the children of
// each node as built (d.child), and d.start. A state holds 4 bits per slot
// (a need is at most 8), width slots in all. It fails with ErrBudget when
// more than maxStates nodes are needed, and with ctx's error when
// cancelled.
func (sc *buildScratch) sweep(ctx context.Context, d *diagram, steps [][]stepCon, width int32, maxStates int) error {
	n := d.n
	words := max(1, int(width+15)/16)
	clear(d.start)
	kids := sc.kids[:0]
	cur := grown(&sc.cur, words) // layer 0: the root, every slot 0
	clear(cur)
	// cur and the table's arena swap at every layer, and kids may grow:
	// give them back however the build ends, or the next one would share
	// an array.
	defer func() { sc.cur, sc.kids = cur, kids[:0] }()
	curLen := 1
	next := &sc.next
	next.init(words)
	key := grown(&sc.key, words)
	for t := range n {
		if t&63 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("exact: counting a %d-cell component: %w", n, err)
			}
		}
		d.start[t+1] = d.start[t] + int32(curLen)
		next.reset()
		base := d.start[t+1]
		for i := range curLen {
			if i&4095 == 4095 {
				if err := ctx.Err(); err != nil {
					return fmt.Errorf("exact: counting a %d-cell component: %w", n, err)
				}
			}
			src := cur[i*words : (i+1)*words]
			for x := int32(0); x <= 1; x++ {
				copy(key, src)
				child := int32(-1)
				if step(key, steps[t], x) {
					child = base + next.insert(key)
				}
				kids = append(kids, child)
			}
		}
		if int(base)+next.len() > maxStates {
			return fmt.Errorf("%w: a %d-cell component needs more than %d diagram states", ErrBudget, n, maxStates)
		}
		cur, curLen = next.keys(cur), next.len()
	}
	// The last layer holds at most one node, every slot closed.
	d.start[n+1] = d.start[n] + int32(curLen)
	kids = append(kids, -1, -1)[:2*int(d.start[n+1])]
	d.child = kids
	return nil
}

// step gives the layer's variable the value x (1 mine, 0 safe) in state
// key, which it updates in place: each constraint of the layer (cons)
// opens with its full need or takes its remaining need from its slot, and
// keeps what is left. It reports false, leaving key partly updated, when a
// constraint would need fewer than no mines or more than its variables
// still to decide.
func step(key []uint64, cons []stepCon, x int32) bool {
	for _, st := range cons {
		w, sh := st.slot>>4, uint(st.slot&15)*4 // the slot's word and shift
		r := st.need
		if !st.first {
			r = int32(key[w]>>sh) & 15
		}
		r -= x
		if r < 0 || r > st.rem {
			return false
		}
		key[w] = key[w]&^(15<<sh) | uint64(r)<<sh
	}
	return true
}

// span is the layers from the first to the last of a constraint's
// variables.
type span struct{ first, last int32 }

// buildScratch is the working memory of buildDiagramOrder and bfsOrder,
// pooled: a lookahead builds thousands of small diagrams a second, and
// their scratch slices were about a quarter of an expert game's
// allocations (7,066 a game before, 5,253 after). The arrays are small, so
// a pool that the garbage collector empties costs little.
type buildScratch struct {
	pos, slotOf, at, ps, freeSlots []int32
	spans                          []span
	opens, closes, consOf          buckets
	stepsOf                        [][]stepCon
	slab                           []stepCon
	cur, key                       []uint64
	next                           layerTable
	alive, reach, seen             []bool
	newID, start, kids, newStart   []int32
	shape                          shapeMemo // buildDiagram's
}

// shapeMemo is the order and slots of the last component shape a
// buildScratch built (see buildDiagram).
type shapeMemo struct {
	cells  int     // the shape: the number of cells,
	lens   []int32 // each constraint's number of variables,
	vars   []int32 // and their variables, all constraints in a row
	order  []int32 // shared by the diagrams built in it, which never write to it
	pos    []int32
	slotOf []int32
	width  int32
}

// same reports whether c has the remembered shape.
func (m *shapeMemo) same(c *Component) bool {
	if m.order == nil || len(c.Cells) != m.cells || len(c.cons) != len(m.lens) {
		return false
	}
	vars := m.vars
	for k, con := range c.cons {
		if int(m.lens[k]) != len(con.vars) || !slices.Equal(con.vars, vars[:len(con.vars)]) {
			return false
		}
		vars = vars[len(con.vars):]
	}
	return true
}

// remember makes c's shape the remembered one, with its order and width
// (the caller copies pos and slotOf).
func (m *shapeMemo) remember(c *Component, order []int32, width int32) {
	m.cells, m.lens, m.vars = len(c.Cells), m.lens[:0], m.vars[:0]
	for _, con := range c.cons {
		m.lens = append(m.lens, int32(len(con.vars)))
		m.vars = append(m.vars, con.vars...)
	}
	m.order, m.width = order, width
}

var buildPool = sync.Pool{New: func() any { return new(buildScratch) }}

// grown returns (*s)[:n], reallocating *s when it is too short; the
// contents are not cleared.
func grown[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
	}
	*s = (*s)[:n]
	return *s
}

// buckets groups values by a key in 0..n-1, each group in the order its
// values were put: a slice of slices in flat arrays. Fill it in two passes:
// reset, count every key once per value, place, then put every value.
type buckets struct {
	at, end, items []int32 // group t is items[at[t]:at[t+1]]; end[t] is where its next value goes
}

func (b *buckets) reset(n int) { clear(grown(&b.at, n+1)) }

func (b *buckets) count(t int32) { b.at[t+1]++ }

// place turns the counts into the groups' starts.
func (b *buckets) place() {
	n := len(b.at) - 1
	for t := range n {
		b.at[t+1] += b.at[t]
	}
	copy(grown(&b.end, n), b.at[:n])
	grown(&b.items, int(b.at[n]))
}

func (b *buckets) put(t, v int32) {
	b.items[b.end[t]] = v
	b.end[t]++
}

// of returns group t.
func (b *buckets) of(t int) []int32 { return b.items[b.at[t]:b.at[t+1]] }

// prune keeps only the nodes on a root-to-terminal path and renumbers them,
// layer by layer.
func (d *diagram) prune(sc *buildScratch) {
	total := int(d.start[d.n+1])
	alive := grown(&sc.alive, total)
	clear(alive)
	if d.start[d.n+1] > d.start[d.n] {
		alive[d.start[d.n]] = true
	}
	for u := int(d.start[d.n]) - 1; u >= 0; u-- {
		for x := range 2 {
			if v := d.child[2*u+x]; v >= 0 && !alive[v] {
				d.child[2*u+x] = -1
			}
		}
		alive[u] = d.child[2*u] >= 0 || d.child[2*u+1] >= 0
	}
	// Nodes unreachable from the root cannot occur: every node was
	// created as some live-or-dead node's child, so a forward pass keeps
	// only those whose parents are alive.
	reach := grown(&sc.reach, total)
	clear(reach)
	if total > 0 && alive[0] {
		reach[0] = true
	}
	newID := grown(&sc.newID, total)
	id := int32(0)
	newStart := grown(&sc.newStart, d.n+2)
	for t := 0; t <= d.n; t++ {
		newStart[t] = id
		for u := d.start[t]; u < d.start[t+1]; u++ {
			if alive[u] && reach[u] {
				newID[u] = id
				id++
				for x := range 2 {
					if v := d.child[2*u+int32(x)]; v >= 0 {
						reach[v] = true
					}
				}
			} else {
				newID[u] = -1
			}
		}
	}
	newStart[d.n+1] = id
	// The new start, child, and windows' lo and hi share one array.
	m, nn := d.n+2, int(id)
	slab := make([]int32, m+4*nn)
	copy(slab, newStart)
	newStart = slab[:m:m]
	child := slab[m : m+2*nn : m+2*nn]
	d.lo, d.hi = slab[m+2*nn:m+3*nn:m+3*nn], slab[m+3*nn:]
	for u := range int32(total) {
		if nu := newID[u]; nu >= 0 {
			for x := range int32(2) {
				v := d.child[2*u+x]
				if v >= 0 {
					v = newID[v]
				}
				child[2*nu+x] = v
			}
		}
	}
	d.start, d.child = newStart, child
}

// windows computes lo and hi, the range of mines on root paths to each node.
func (d *diagram) windows() {
	nn := d.nodes()
	if len(d.lo) != nn || len(d.hi) != nn { // prune gives room for them
		d.lo, d.hi = make([]int32, nn), make([]int32, nn)
	}
	for u := range d.lo {
		d.lo[u], d.hi[u] = 1<<30, -1
	}
	if nn == 0 {
		return
	}
	d.lo[0], d.hi[0] = 0, 0
	for u := range int32(d.start[d.n]) {
		for x := range int32(2) {
			if v := d.child[2*u+x]; v >= 0 {
				d.lo[v] = min(d.lo[v], d.lo[u]+x)
				d.hi[v] = max(d.hi[v], d.hi[u]+x)
			}
		}
	}
}

// terminal returns the terminal node; the diagram must not be empty.
func (d *diagram) terminal() int32 { return d.start[d.n] }

// layerTable is an open-addressing hash set of fixed-width keys, the states
// of the layer being built, numbered in insertion order.
type layerTable struct {
	words int
	arena []uint64 // key i is arena[i*words : (i+1)*words]
	slots []int32  // key index + 1, or 0 for empty
	n     int
}

// init readies lt for keys of the given width, keeping its arrays; a slot
// array a large build grew past 4,096 is replaced, since every layer
// clears it.
func (lt *layerTable) init(words int) {
	lt.words = words
	if len(lt.slots) == 0 || len(lt.slots) > 1<<12 {
		lt.slots = make([]int32, 64)
	}
}

func (lt *layerTable) reset() {
	lt.arena = lt.arena[:0]
	clear(lt.slots)
	lt.n = 0
}

func (lt *layerTable) len() int { return lt.n }

// keys returns the arena, swapping in spare as the next arena.
func (lt *layerTable) keys(spare []uint64) []uint64 {
	a := lt.arena
	lt.arena = spare[:0]
	return a
}

func hashKey(key []uint64) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for _, w := range key {
		h ^= w
		h *= 0xBF58476D1CE4E5B9
		h ^= h >> 29
	}
	return h
}

// insert returns key's number, adding it if new; len(key) must be words.
func (lt *layerTable) insert(key []uint64) int32 {
	if 2*(lt.n+1) > len(lt.slots) {
		lt.grow()
	}
	mask := len(lt.slots) - 1
	for i := int(hashKey(key)) & mask; ; i = (i + 1) & mask {
		s := lt.slots[i]
		if s == 0 {
			lt.arena = append(lt.arena, key...)
			lt.n++
			lt.slots[i] = int32(lt.n)
			return int32(lt.n - 1)
		}
		k := int(s-1) * lt.words
		if slices.Equal(lt.arena[k:k+lt.words], key) {
			return s - 1
		}
	}
}

func (lt *layerTable) grow() {
	slots := make([]int32, 2*len(lt.slots))
	mask := len(slots) - 1
	for _, s := range lt.slots {
		if s == 0 {
			continue
		}
		k := int(s-1) * lt.words
		i := int(hashKey(lt.arena[k:k+lt.words])) & mask
		for slots[i] != 0 {
			i = (i + 1) & mask
		}
		slots[i] = s
	}
	lt.slots = slots
}

// chooseOrder returns the order in which c's variables are decided: breadth
// first through shared hints, from c's first cell in row-major order (a
// cell on the component's edge). The state of a layer is the remaining
// need of each open hint, so the order decides the diagram's size. Measured
// on the benchmark boards (go test ./exact -bench), this order builds 1.2 to
// 4 times fewer states than the best of row-major, column-major, greedy
// least-open and reversed orders, and is within a factor of two of the
// best of them all on every board.
func chooseOrder(c *Component, _ *game.Board) []int32 { return bfsOrder(c, 0) }

// bfsOrder returns c's variables in breadth-first order through shared
// constraints, from variable from, neighbours taken in increasing order.
func bfsOrder(c *Component, from int32) []int32 {
	n := len(c.Cells)
	sc := buildPool.Get().(*buildScratch)
	defer buildPool.Put(sc)
	// The constraints of each variable, in constraint order.
	consOf := &sc.consOf
	consOf.reset(n)
	for _, con := range c.cons {
		for _, v := range con.vars {
			consOf.count(v)
		}
	}
	consOf.place()
	for k, con := range c.cons {
		for _, v := range con.vars {
			consOf.put(v, int32(k))
		}
	}
	seen := grown(&sc.seen, n)
	clear(seen)
	order := make([]int32, 0, n)
	order = append(order, from)
	seen[from] = true
	for i := 0; i < len(order); i++ {
		v := order[i]
		mark := len(order)
		for _, k := range consOf.of(int(v)) {
			for _, w := range c.cons[k].vars {
				if !seen[w] {
					seen[w] = true
					order = append(order, w)
				}
			}
		}
		slices.Sort(order[mark:])
	}
	return order
}
