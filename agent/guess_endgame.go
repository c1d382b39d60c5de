package agent

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"slices"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/disjoint"
)

// The endgame search. When few layouts remain, the chance of winning from
// a position is computed exactly over them, as a game tree: opening a cell
// loses in the layouts where it is a mine, and in the others shows a hint
// that splits them into the groups that agree on it. With S the layouts
// left (equally likely),
//
//	W(S) = 1 if |S| = 1, else max over cells x of sum over groups G of x in S: |G|/|S| * W(G)
//
// where the groups are the layouts in which x is safe, by the hint x shows
// (its number of mine neighbours). A cell safe in every layout of S with
// the same hint in all of them teaches nothing and is skipped. A 0 in the
// real game also opens its neighbours, which the search does not model and
// need not: they are safe in every layout of the 0's group, so the search
// can open them at no risk and learns the same, and W is exact. Memoised on
// S, the search is bounded by endgameBudget evaluations; past it, the
// guesser falls back to its lookahead.

// endgameBudget bounds the positions one endgame search evaluates.
const endgameBudget = 20000

// errEndgameBudget stops a search over its budget.
var errEndgameBudget = errors.New("agent: endgame search over budget")

// endgameResult is the best first move of an endgame and its chance.
type endgameResult struct {
	cell      int     // the cell to open, row-major
	win       float64 // the chance of winning the game by opening it first and playing on perfectly
	runner    int     // the second best cell, or -1
	runnerWin float64 // its chance
	parts     int     // the independent parts searched apart (see solveEndgame)
}

// endgame holds the layouts of one search. A set of layouts is a bitset
// over their indices, words long.
type endgame struct {
	cells  []int      // the unknown cells, row-major; local index k is cells[k]
	shows  [][]uint64 // per local cell: shownMine+1 bitsets, of the layouts where it shows 0..8 or a mine
	kinds  []uint16   // per local cell: bit v set when it shows v in some layout
	words  int
	memo   *memoTable
	budget int

	// Stacks for the search's scratch slices: a call takes its slices off
	// the top and gives them back on return. A deeper call may move a
	// stack; the slices taken before it stay valid, in the old array.
	cellStack  []int32
	riskyStack []risky
	setStack   []uint64
}

// shownMine is what a cell shows in a layout where it is a mine: the
// index of that bitset in endgame.shows.
const shownMine = 9

// solveEndgame enumerates v's layouts and searches the game tree, evaluating
// at most budget positions. ok is false when v has more than maxLayouts
// layouts or none, or when the search ran over its budget.
//
// When the layouts are a product of independent parts (cells of different
// parts are never neighbours, and every combination of the parts' own
// layouts is a layout), each part is searched on its own and the game is
// won by winning every part: W is the product of the parts' W, and the
// best first move of any part is a best first move of the game. A search
// over p parts of q layouts each costs about p*q where the whole would cost
// q^p.
func solveEndgame(ctx context.Context, v *game.Puzzle, maxLayouts, budget int, sc *endgameScratch) (endgameResult, bool, error) {
	if sc == nil {
		sc = new(endgameScratch)
	}
	var cells []int // the unknown cells, row-major; local index k is cells[k]
	for i, c := range v.Cells {
		if c.State == game.Unknown {
			cells = append(cells, i)
		}
	}
	local := localIndex(v.Board, cells)
	var layouts [][]bool // per layout, per local cell: a mine
	_, err := backtrack.Enumerate(ctx, v, backtrack.Options{Order: backtrack.OrderMRVDegree, FC: true, MaxNodes: 1 << 20}, func(mines []int) bool {
		m := make([]bool, len(cells))
		for _, i := range mines {
			if k := local[i]; k >= 0 {
				m[k] = true
			}
		}
		layouts = append(layouts, m)
		return len(layouts) <= maxLayouts
	})
	var gaveUp *backtrack.GaveUpError
	if errors.As(err, &gaveUp) && errors.Is(err, backtrack.ErrBudget) {
		return endgameResult{}, false, nil
	}
	if err != nil {
		return endgameResult{}, false, err
	}
	if len(layouts) == 0 || len(layouts) > maxLayouts {
		return endgameResult{}, false, nil
	}
	if len(layouts) == 1 {
		// One layout: every safe cell is known; any of them wins.
		for k, mine := range layouts[0] {
			if !mine {
				return endgameResult{cell: cells[k], win: 1, runner: -1, parts: 1}, true, nil
			}
		}
		return endgameResult{}, false, nil
	}
	parts := independentParts(v.Board, cells, layouts)
	if parts == nil {
		res, err := searchEndgame(ctx, v.Board, cells, layouts, &budget, sc)
		if errors.Is(err, errEndgameBudget) {
			return endgameResult{}, false, nil
		}
		res.parts = 1
		return res, err == nil && res.cell >= 0, err
	}
	// Each part's best cell wins the game with the same chance, the product;
	// the safest of them is opened first, and another part's is the runner-up.
	res := endgameResult{cell: -1, runner: -1, win: 1, parts: len(parts)}
	bestSafe := -1.0
	for _, pt := range parts {
		r, err := searchEndgame(ctx, v.Board, pt.cells, pt.layouts, &budget, sc)
		if errors.Is(err, errEndgameBudget) {
			return endgameResult{}, false, nil
		}
		if err != nil {
			return endgameResult{}, false, err
		}
		if r.cell < 0 {
			return endgameResult{}, false, nil
		}
		res.win *= r.win
		k := slices.Index(pt.cells, r.cell)
		safe := 0
		for _, m := range pt.layouts {
			if !m[k] {
				safe++
			}
		}
		if sf := float64(safe) / float64(len(pt.layouts)); sf > bestSafe+probEps {
			bestSafe = sf
			res.runner, res.cell = res.cell, r.cell
		} else if res.runner < 0 {
			res.runner = r.cell
		}
	}
	res.runnerWin = res.win
	return res, true, nil
}

// localIndex maps each board cell to its index in cells, or -1.
func localIndex(b *game.Board, cells []int) []int {
	local := make([]int, b.Len())
	for i := range local {
		local[i] = -1
	}
	for k, i := range cells {
		local[i] = k
	}
	return local
}

// endgamePart is one independent part of an endgame: its cells, row-major,
// and its own layouts over them.
type endgamePart struct {
	cells   []int
	layouts [][]bool
}

// independentParts splits the layouts over cells into independent parts, or
// returns nil when they do not split into two or more with several layouts
// each. Cells that are mines in every layout are left out: they change no
// hint between layouts. The rest are joined when neighbours; the layouts
// are a product of the groups' projections exactly when their number is
// the product of the projections' numbers. Groups with one projection are
// dropped: nothing there is left to learn.
func independentParts(b *game.Board, cells []int, layouts [][]bool) []endgamePart {
	always := make([]bool, len(cells)) // a mine in every layout
	for k := range cells {
		always[k] = true
		for _, m := range layouts {
			if !m[k] {
				always[k] = false
				break
			}
		}
	}
	sets := disjoint.New(len(cells))
	local := localIndex(b, cells)
	for k, i := range cells {
		if always[k] {
			continue
		}
		for _, j := range b.Neighbors(i) {
			if l := local[j]; l >= 0 && !always[l] {
				sets.Union(int32(l), int32(k))
			}
		}
	}
	members := make([][]int, len(cells)) // by root, local indices in order
	var roots []int32
	for k := range cells {
		if always[k] {
			continue
		}
		r := sets.Find(int32(k))
		if members[r] == nil {
			roots = append(roots, r)
		}
		members[r] = append(members[r], k)
	}
	var parts []endgamePart
	product := 1
	for _, r := range roots {
		ks := members[r]
		seen := map[string]bool{}
		pt := endgamePart{}
		for _, k := range ks {
			pt.cells = append(pt.cells, cells[k])
		}
		key := make([]byte, len(ks))
		for _, m := range layouts {
			for x, k := range ks {
				key[x] = 0
				if m[k] {
					key[x] = 1
				}
			}
			if seen[string(key)] {
				continue
			}
			seen[string(key)] = true
			own := make([]bool, len(ks))
			for x := range key {
				own[x] = key[x] == 1
			}
			pt.layouts = append(pt.layouts, own)
		}
		product *= len(pt.layouts)
		if product > len(layouts) {
			return nil
		}
		if len(pt.layouts) > 1 {
			parts = append(parts, pt)
		}
	}
	if product != len(layouts) || len(parts) < 2 {
		return nil
	}
	return parts
}

// searchEndgame searches the game tree over the layouts (at least two) of
// cells, row-major, spending budget, and returns the best first move and
// the runner-up; cell is -1 when no cell teaches anything. Its memo and
// stacks come from sc, and go back there grown.
func searchEndgame(ctx context.Context, b *game.Board, cells []int, layouts [][]bool, budget *int, sc *endgameScratch) (endgameResult, error) {
	e := &endgame{cells: cells, budget: *budget, memo: &sc.memo,
		cellStack: sc.cells[:0], riskyStack: sc.risky[:0], setStack: sc.sets[:0]}
	defer func() {
		*budget = e.budget
		sc.cells, sc.risky, sc.sets = e.cellStack[:0], e.riskyStack[:0], e.setStack[:0]
	}()
	local := localIndex(b, cells)
	e.words = (len(layouts) + 63) / 64
	e.memo.init()
	e.shows = make([][]uint64, len(e.cells))
	e.kinds = make([]uint16, len(e.cells))
	block := make([]uint64, len(e.cells)*(shownMine+1)*e.words)
	for k, i := range e.cells {
		e.shows[k], block = block[:(shownMine+1)*e.words], block[(shownMine+1)*e.words:]
		for s, m := range layouts {
			shown := shownMine
			if !m[k] {
				shown = 0
				for _, j := range b.Neighbors(i) {
					if l := local[j]; l >= 0 && m[l] {
						shown++
					}
				}
			}
			e.shows[k][shown*e.words+s/64] |= 1 << (s % 64)
			e.kinds[k] |= 1 << shown
		}
	}
	all := make([]uint64, e.words)
	for s := range layouts {
		all[s/64] |= 1 << (s % 64)
	}
	live := make([]int32, len(e.cells))
	for k := range live {
		live[k] = int32(k)
	}
	res := endgameResult{cell: -1, runner: -1}
	for k := range e.cells {
		// A cell that cannot beat the runner-up needs no exact value.
		bound := -1.0
		if res.runner >= 0 {
			bound = res.runnerWin
		}
		val, informative, err := e.open(ctx, all, 0, len(all), len(layouts), live, k, bound)
		if err != nil {
			return endgameResult{}, err
		}
		if !informative || !val.exact {
			continue // teaches nothing, or falls short of the runner-up
		}
		switch {
		case res.cell < 0 || val.w > res.win+probEps:
			res.runner, res.runnerWin = res.cell, res.win
			res.cell, res.win = e.cells[k], val.w
		case res.runner < 0 || val.w > res.runnerWin+probEps:
			res.runner, res.runnerWin = e.cells[k], val.w
		}
	}
	return res, nil
}

// risky is a cell that is a mine in some layouts of a set and safe in the
// others, with the number of layouts where it is safe.
type risky struct {
	k    int32
	safe int32
}

// count returns the number of layouts of S, whose nonzero words lie in
// [lo, hi), where local cell k shows v.
func (e *endgame) count(S []uint64, lo, hi, k, v int) int {
	set := e.shows[k][v*e.words:]
	n := 0
	for w := lo; w < hi; w++ {
		n += bits.OnesCount64(S[w] & set[w])
	}
	return n
}

// nonzero returns the range [lo, hi) of S's nonzero words; S has some.
func nonzero(S []uint64) (lo, hi int) {
	lo, hi = 0, len(S)
	for S[lo] == 0 {
		lo++
	}
	for S[hi-1] == 0 {
		hi--
	}
	return lo, hi
}

// bounded is a value of the search: W exactly, or an upper bound on W.
type bounded struct {
	w     float64
	exact bool
}

// value returns W(S) for the n layouts of S, or, when W(S) is below need
// (give or take probEps), possibly only an upper bound on it that is below
// need: the caller then knows all it needs, that S cannot reach need. live
// holds every local cell that shows different things in different layouts
// of S (others teach nothing there, nor in any subset of S). Two shortcuts
// keep the search exact and small:
//   - A cell safe in every layout of S whose hint differs between them is
//     free information: opening it first loses nothing, and knowing more can
//     only help, so W(S) is the value of opening it.
//   - Otherwise the risky cells are tried safest first, and the loop stops
//     at the first one whose chance of surviving cannot beat the best so far
//     or need.
func (e *endgame) value(ctx context.Context, S []uint64, n int, live []int32, need float64) (bounded, error) {
	if n == 1 {
		return bounded{1, true}, nil
	}
	lo, hi := nonzero(S)
	h := memoHash(S[lo:hi], lo)
	if v, ok := e.memo.get(S[lo:hi], lo, h); ok && (v.exact || v.w <= need+probEps) {
		return v, nil
	}
	e.budget--
	if e.budget < 0 {
		return bounded{}, errEndgameBudget
	}
	if e.budget&255 == 0 {
		if err := ctx.Err(); err != nil {
			return bounded{}, err
		}
	}
	markCells, markRisky := len(e.cellStack), len(e.riskyStack)
	defer func() { e.cellStack, e.riskyStack = e.cellStack[:markCells], e.riskyStack[:markRisky] }()
	free := -1
	for _, k := range live {
		// A cell a mine in some layouts of S and safe in others shows two
		// things at least: one count settles it. A cell safe in all of them
		// needs two hints seen to teach anything.
		mines := 0
		if e.kinds[k]>>shownMine&1 != 0 {
			mines = e.count(S, lo, hi, int(k), shownMine)
		}
		switch {
		case mines == n:
			continue // a mine throughout: shows one thing
		case mines > 0:
			e.riskyStack = append(e.riskyStack, risky{k, int32(n - mines)})
		default:
			shown := 0
			for m := e.kinds[k] &^ (1 << shownMine); m != 0 && shown < 2; m &= m - 1 {
				if e.count(S, lo, hi, int(k), bits.TrailingZeros16(m)) > 0 {
					shown++
				}
			}
			if shown < 2 {
				continue
			}
			free = int(k)
		}
		e.cellStack = append(e.cellStack, k)
	}
	still := e.cellStack[markCells:len(e.cellStack):len(e.cellStack)] // the cells of live that S does not fix
	cands := e.riskyStack[markRisky:len(e.riskyStack):len(e.riskyStack)]
	var res bounded
	if free >= 0 {
		v, _, err := e.open(ctx, S, lo, hi, n, still, free, need)
		if err != nil {
			return bounded{}, err
		}
		res = v
	} else {
		// best is the best exact value found; above lies the bound on the
		// cells known only to fall short of max(best, need).
		best, above := 0.0, 0.0
		slices.SortStableFunc(cands, func(a, b risky) int { return cmp.Compare(b.safe, a.safe) })
		for _, c := range cands {
			bar := max(best, need)
			if sf := float64(c.safe) / float64(n); sf <= bar+probEps {
				above = max(above, sf) // no cell left can survive more often than bar
				break
			}
			v, _, err := e.open(ctx, S, lo, hi, n, still, int(c.k), bar)
			if err != nil {
				return bounded{}, err
			}
			if v.exact {
				best = max(best, v.w)
			} else {
				above = max(above, v.w)
			}
			if best >= 1-probEps {
				break
			}
		}
		res = bounded{best, true}
		if best < need-probEps {
			res = bounded{max(best, above), false}
		}
	}
	e.memo.put(S[lo:hi], lo, h, res)
	return res, nil
}

// open returns the chance of winning from the n layouts of S by opening
// local cell k and playing on perfectly, or, when that cannot beat bound
// (give or take probEps), possibly only an upper bound on it that does not
// beat bound; a negative bound prunes nothing. informative is false when
// the cell is a mine in every layout, or safe in every layout with the same
// hint. S's nonzero words lie in [lo, hi) (see nonzero); live is as for
// value.
func (e *endgame) open(ctx context.Context, S []uint64, lo, hi, n int, live []int32, k int, bound float64) (val bounded, informative bool, err error) {
	var count [shownMine + 1]int // layouts by what k shows
	kinds := 0
	for m := e.kinds[k]; m != 0; m &= m - 1 {
		v := bits.TrailingZeros16(m)
		count[v] = e.count(S, lo, hi, k, v)
		if count[v] > 0 && v != shownMine {
			kinds++
		}
	}
	safe := n - count[shownMine]
	if safe == 0 || (safe == n && kinds == 1) {
		return bounded{0, true}, false, nil
	}
	if sf := float64(safe) / float64(n); sf <= bound+probEps {
		return bounded{sf, false}, true, nil // cannot beat the best so far
	}
	mark := len(e.setStack)
	defer func() { e.setStack = e.setStack[:mark] }()
	e.setStack = append(e.setStack, S...)
	group := e.setStack[mark:len(e.setStack):len(e.setStack)]
	sum, left := 0.0, float64(safe)
	for h := range shownMine {
		if count[h] == 0 {
			continue
		}
		set := e.shows[k][h*e.words:]
		for w := lo; w < hi; w++ { // group is S outside [lo, hi): 0
			group[w] = S[w] & set[w]
		}
		size := float64(count[h])
		left -= size
		// The group must win more than need for k to beat bound.
		need := (bound*float64(n) - sum - left) / size
		v, err := e.value(ctx, group, count[h], live, need)
		if err != nil {
			return bounded{}, true, err
		}
		sum += size * v.w
		if (sum+left)/float64(n) <= bound+probEps {
			// Even winning every group left cannot beat bound.
			return bounded{(sum + left) / float64(n), false}, true, nil
		}
	}
	return bounded{sum / float64(n), true}, true, nil
}

// endgameScratch is what endgame searches reuse from one to the next: the
// memo and the stacks of scratch slices, grown to the largest search so
// far. A search can fill megabytes, which a fresh table would allocate and
// fault in again; a sync.Pool lost them at every other garbage collection
// (BenchmarkPlay/expert/full 2.79-3.01 ms with a pool, 2.51-2.66 ms with
// the scratch kept, alternating). A player keeps one (guessScratch.endgame);
// it is not safe for concurrent use.
type endgameScratch struct {
	memo  memoTable
	cells []int32
	risky []risky
	sets  []uint64
}

// memoTable is the endgame search's memo: the value of each set of layouts
// searched, keyed by the set's nonzero words and where they start. It is
// an open addressing table of entry indices, the keys stored one after
// another in one slice: a Go map keyed by the sets as strings spent a
// quarter of the search hashing, allocating and growing.
type memoTable struct {
	slots   []int32  // 0 empty, else 1 + entry; a power of two long
	words   []uint64 // the keys' words, entry after entry
	entries []memoEntry
}

// memoEntry is one set of layouts and its value: the set's nonzero words
// are words[off:off+n], from word lo of the bitset.
type memoEntry struct {
	hash  uint64
	off   int32
	lo, n uint16
	val   bounded
}

// init empties m, keeping its arrays for reuse; a slot array that a large
// search grew past 4,096 is replaced, not cleared for every later search
// (most are small).
func (m *memoTable) init() {
	if len(m.slots) == 0 || len(m.slots) > 1<<12 {
		m.slots = make([]int32, 256)
	}
	clear(m.slots)
	m.words, m.entries = m.words[:0], m.entries[:0]
}

// memoHash returns the hash of a set whose nonzero words are nz, from
// word lo.
func memoHash(nz []uint64, lo int) uint64 {
	h := uint64(lo+1) * 0x9E3779B97F4A7C15
	for _, w := range nz {
		h = bits.RotateLeft64((h^w)*0xFF51AFD7ED558CCD, 27)
	}
	// MurmurHash3's finaliser: every bit of h reaches the low bits.
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	h *= 0xC4CEB9FE1A85EC53
	return h ^ h>>33
}

// find returns the slot of the set nz from word lo (hashed h): its
// entry's, or the empty slot where it would go.
func (m *memoTable) find(nz []uint64, lo int, h uint64) (slot int, found bool) {
	mask := len(m.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		e := m.slots[i]
		if e == 0 {
			return i, false
		}
		en := &m.entries[e-1]
		if en.hash == h && int(en.lo) == lo && int(en.n) == len(nz) && slices.Equal(m.words[en.off:int(en.off)+len(nz)], nz) {
			return i, true
		}
	}
}

// get returns the value of the set nz from word lo, if the table holds it.
func (m *memoTable) get(nz []uint64, lo int, h uint64) (bounded, bool) {
	if i, ok := m.find(nz, lo, h); ok {
		return m.entries[m.slots[i]-1].val, true
	}
	return bounded{}, false
}

// put sets the value of the set nz from word lo, growing the table past
// half full.
func (m *memoTable) put(nz []uint64, lo int, h uint64, v bounded) {
	i, ok := m.find(nz, lo, h)
	if ok {
		m.entries[m.slots[i]-1].val = v
		return
	}
	m.entries = append(m.entries, memoEntry{hash: h, off: int32(len(m.words)), lo: uint16(lo), n: uint16(len(nz)), val: v})
	m.words = append(m.words, nz...)
	m.slots[i] = int32(len(m.entries))
	if 2*len(m.entries) > len(m.slots) {
		m.slots = make([]int32, 2*len(m.slots))
		mask := len(m.slots) - 1
		for e := range m.entries {
			j := int(m.entries[e].hash) & mask
			for m.slots[j] != 0 {
				j = (j + 1) & mask
			}
			m.slots[j] = int32(e + 1)
		}
	}
}
