package guess

import (
	"context"
	"errors"
	"math"
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
var errEndgameBudget = errors.New("guess: endgame search over budget")

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
	cells   []int    // the unknown cells, row-major; local index k is cells[k]
	layouts int      // how many
	words   int      // the words of a bitset of layouts
	shows   []uint64 // per local cell, shownMine+1 bitsets: of the layouts where it shows 0..8 or a mine (see set)
	shown   []uint8  // per local cell, per layout: what it shows there, at k*layouts + s
	kinds   []uint16 // per local cell: bit v set when it shows v in some layout
	memo    *memoTable
	budget  int

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
	if len(roots) < 2 {
		return nil // one group at most: no two parts
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
// the runner-up; cell is -1 when no cell teaches anything. Its memo,
// tables and stacks come from sc, and go back there grown.
func searchEndgame(ctx context.Context, b *game.Board, cells []int, layouts [][]bool, budget *int, sc *endgameScratch) (endgameResult, error) {
	e := &endgame{cells: cells, layouts: len(layouts), words: (len(layouts) + 63) / 64, budget: *budget, memo: &sc.memo,
		cellStack: sc.cells[:0], riskyStack: sc.risky[:0], setStack: sc.sets[:0]}
	defer func() {
		*budget = e.budget
		sc.cells, sc.risky, sc.sets = e.cellStack[:0], e.riskyStack[:0], e.setStack[:0]
		sc.shows, sc.shown = e.shows, e.shown
	}()
	local := localIndex(b, cells)
	e.memo.init()
	e.shows = slices.Grow(sc.shows[:0], len(cells)*(shownMine+1)*e.words)[:len(cells)*(shownMine+1)*e.words]
	clear(e.shows)
	e.shown = slices.Grow(sc.shown[:0], len(cells)*len(layouts))[:len(cells)*len(layouts)]
	e.kinds = make([]uint16, len(cells))
	live := make([]int32, 0, len(cells)) // the cells that show different things in different layouts
	for k, i := range cells {
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
			e.shows[e.set(k, shown)+s/64] |= 1 << (s % 64)
			e.shown[k*len(layouts)+s] = uint8(shown)
			e.kinds[k] |= 1 << shown
		}
		if bits.OnesCount16(e.kinds[k]) > 1 {
			live = append(live, int32(k))
		}
	}
	all := make([]uint64, e.words)
	for s := range layouts {
		all[s/64] |= 1 << (s % 64)
	}
	res := endgameResult{cell: -1, runner: -1}
	for k := range e.cells {
		// A cell that cannot beat the runner-up needs no exact value.
		bound := -1.0
		if res.runner >= 0 {
			bound = res.runnerWin
		}
		val, informative, err := e.open(ctx, all, len(layouts), live, k, bound)
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

// set returns where the bitset of the layouts where local cell k shows v
// starts in e.shows.
func (e *endgame) set(k, v int) int { return (k*(shownMine+1) + v) * e.words }

// risky is a cell that is a mine in some layouts of a set and safe in the
// others, with the number of layouts where it is safe.
type risky struct {
	k    int32
	safe int32
}

// sortRisky sorts cands by safe, decreasing, keeping the order of ties: a
// stable insertion sort (the lists are short).
func sortRisky(cands []risky) {
	for i := 1; i < len(cands); i++ {
		c, j := cands[i], i
		for ; j > 0 && cands[j-1].safe < c.safe; j-- {
			cands[j] = cands[j-1]
		}
		cands[j] = c
	}
}

// count returns the number of layouts of S, whose nonzero words lie in
// [lo, hi), where local cell k shows v.
func (e *endgame) count(S []uint64, lo, hi, k, v int) int {
	at := e.set(k, v)
	set := e.shows[at+lo : at+hi]
	n := 0
	for w, x := range S[lo:hi] {
		n += bits.OnesCount64(x & set[w])
	}
	return n
}

// differs reports whether some layout of S, whose nonzero words lie in
// [lo, hi), is outside the set of those where local cell k shows v.
func (e *endgame) differs(S []uint64, lo, hi, k, v int) bool {
	at := e.set(k, v)
	set := e.shows[at+lo : at+hi]
	for w, x := range S[lo:hi] {
		if x&^set[w] != 0 {
			return true
		}
	}
	return false
}

// bounded is a value of the search: W exactly, or an upper bound on W.
type bounded struct {
	w     float64
	exact bool
}

// value returns W(S) for the n layouts of S, or, when W(S) is below need
// (give or take probEps), possibly only an upper bound on it that is below
// need: the caller then knows all it needs, that S cannot reach need. S's
// nonzero words are those in [lo, hi) (the words outside are not read),
// and h is their running hash (see memoHash). live holds every local cell
// that shows different things in different layouts of S (others teach
// nothing there, nor in any subset of S), and maybe others. Two shortcuts
// keep the search exact and small:
//   - A cell safe in every layout of S whose hint differs between them is
//     free information: opening it first loses nothing, and knowing more can
//     only help, so W(S) is the value of opening it.
//   - Otherwise the risky cells are tried safest first, and the loop stops
//     at the first one whose chance of surviving cannot beat the best so far
//     or need.
func (e *endgame) value(ctx context.Context, S []uint64, lo, hi, n int, h uint64, live []int32, need float64) (bounded, error) {
	if n == 1 {
		return bounded{1, true}, nil
	}
	nz := S[lo:hi]
	h = memoFinish(h)
	slot, entry := e.memo.find(nz, lo, h)
	if entry >= 0 {
		if v := e.memo.value(entry); v.exact || v.w <= need+probEps {
			return v, nil
		}
	}
	entries := len(e.memo.entries)
	e.budget--
	if e.budget < 0 {
		return bounded{}, errEndgameBudget
	}
	if e.budget&255 == 0 {
		if err := ctx.Err(); err != nil {
			return bounded{}, err
		}
	}
	first := lo*64 + bits.TrailingZeros64(S[lo]) // the first layout of S
	if n == 2 {
		res := e.pair(S, lo, first, live, need)
		e.store(slot, entry, entries, nz, lo, h, res)
		return res, nil
	}
	markCells, markRisky := len(e.cellStack), len(e.riskyStack)
	free := -1
	for _, k := range live {
		// A cell a mine in some layouts of S and safe in others shows two
		// things at least: one count settles it. A cell safe in all of them
		// teaches something when some layout shows another hint than the
		// first.
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
			if !e.differs(S, lo, hi, int(k), int(e.shown[int(k)*e.layouts+first])) {
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
		// The free cell survives always: it beats need unless need is 1.
		res = bounded{1, false}
		if 1 > need+probEps {
			v, err := e.split(ctx, S, lo, hi, n, n, still, free, need)
			if err != nil {
				return bounded{}, err
			}
			res = v
		}
	} else {
		// best is the best exact value found; above lies the bound on the
		// cells known only to fall short of max(best, need).
		best, above := 0.0, 0.0
		sortRisky(cands)
		for _, c := range cands {
			bar := max(best, need)
			if sf := float64(c.safe) / float64(n); sf <= bar+probEps {
				above = max(above, sf) // no cell left can survive more often than bar
				break
			}
			v, err := e.split(ctx, S, lo, hi, n, int(c.safe), still, int(c.k), bar)
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
	e.store(slot, entry, entries, nz, lo, h, res)
	e.cellStack, e.riskyStack = e.cellStack[:markCells], e.riskyStack[:markRisky]
	return res, nil
}

// store enters v as the value of the set nz from word lo (hashed h), for
// which the memo held entry (or -1 and the empty slot) when it had entries
// entries.
func (e *endgame) store(slot, entry, entries int, nz []uint64, lo int, h uint64, v bounded) {
	if entry < 0 && len(e.memo.entries) != entries {
		slot, entry = e.memo.find(nz, lo, h) // the search since moved the slots
	}
	if entry >= 0 {
		e.memo.set(entry, v)
	} else {
		e.memo.add(slot, nz, lo, h, v)
	}
}

// pair is value for a set S of two layouts, the first of them first, in
// closed form (one move down, the search meets only single layouts): a
// cell safe in both with different hints wins both, 1; otherwise a cell
// that is a mine in one wins the other, 1/2. The value and its exactness
// against need are those the search would return.
func (e *endgame) pair(S []uint64, lo, first int, live []int32, need float64) bounded {
	rest := S[lo] & (S[lo] - 1) // S without the first layout
	w := lo
	for rest == 0 {
		w++
		rest = S[w]
	}
	second := w*64 + bits.TrailingZeros64(rest)
	risk := false
	for _, k := range live {
		a, b := e.shown[int(k)*e.layouts+first], e.shown[int(k)*e.layouts+second]
		switch {
		case a == b:
		case a != shownMine && b != shownMine: // free
			return bounded{1, 1 > need+probEps}
		default:
			risk = true
		}
	}
	switch {
	case !risk:
		return bounded{0, 0 >= need-probEps}
	case 0.5 <= max(0, need)+probEps:
		return bounded{0.5, false}
	}
	return bounded{0.5, true}
}

// open returns the chance of winning from the n layouts of S, all of
// e.words words, by opening local cell k and playing on perfectly, or,
// when that cannot beat bound (give or take probEps), possibly only an
// upper bound on it that does not beat bound; a negative bound prunes
// nothing. informative is false when the cell is a mine in every layout,
// or safe in every layout with the same hint. live is as for value.
func (e *endgame) open(ctx context.Context, S []uint64, n int, live []int32, k int, bound float64) (val bounded, informative bool, err error) {
	kinds, mines := 0, 0 // the hints shown, the layouts where k is a mine
	for m := e.kinds[k]; m != 0; m &= m - 1 {
		v := bits.TrailingZeros16(m)
		c := e.count(S, 0, len(S), k, v)
		switch {
		case v == shownMine:
			mines = c
		case c > 0:
			kinds++
		}
	}
	safe := n - mines
	if safe == 0 || (safe == n && kinds == 1) {
		return bounded{0, true}, false, nil
	}
	if sf := float64(safe) / float64(n); sf <= bound+probEps {
		return bounded{sf, false}, true, nil // cannot beat the best so far
	}
	val, err = e.split(ctx, S, 0, len(S), n, safe, live, k, bound)
	return val, true, err
}

// split is open for a cell k that is informative and safe in safe of the
// n layouts of S, safe/n beating bound: it splits S's layouts where k is
// safe into groups by the hint k shows and values each group in turn,
// stopping when even winning every group left cannot beat bound. S's
// nonzero words are in [lo, hi), as for value. Each group is made and
// counted in one pass, its running hash with it.
func (e *endgame) split(ctx context.Context, S []uint64, lo, hi, n, safe int, live []int32, k int, bound float64) (bounded, error) {
	mark := len(e.setStack)
	e.setStack = slices.Grow(e.setStack, e.words)[:mark+e.words]
	group := e.setStack[mark:len(e.setStack):len(e.setStack)] // only [lo, hi) is written and read
	src, dst := S[lo:hi], group[lo:hi]
	sum, left := 0.0, float64(safe)
	for m := e.kinds[k] &^ (1 << shownMine); m != 0; m &= m - 1 {
		at := e.set(k, bits.TrailingZeros16(m)) + lo
		set := e.shows[at : at+len(src)]
		count, glo, ghi := 0, -1, 0
		var h uint64
		for w, x := range src {
			x &= set[w]
			dst[w] = x
			if x != 0 {
				count += bits.OnesCount64(x)
				if glo < 0 {
					glo = w
				}
				ghi = w + 1
				h = memoHashWord(h, lo+w, x)
			}
		}
		if count == 0 {
			continue
		}
		size := float64(count)
		left -= size
		// The group must win more than need for k to beat bound.
		need := (bound*float64(n) - sum - left) / size
		v, err := e.value(ctx, group, lo+glo, lo+ghi, count, h, live, need)
		if err != nil {
			return bounded{}, err
		}
		sum += size * v.w
		if (sum+left)/float64(n) <= bound+probEps {
			// Even winning every group left cannot beat bound.
			e.setStack = e.setStack[:mark]
			return bounded{(sum + left) / float64(n), false}, nil
		}
	}
	e.setStack = e.setStack[:mark]
	return bounded{sum / float64(n), true}, nil
}

// endgameScratch is what endgame searches reuse from one to the next: the
// memo, the tables of hints and the stacks of scratch slices, grown to the
// largest search so far. A search can fill megabytes, which a fresh table
// would allocate and fault in again, and a sync.Pool would lose them at
// garbage collections. A player keeps one
// (State.endgame); it is not safe for concurrent use.
type endgameScratch struct {
	memo  memoTable
	shows []uint64 // endgame.shows
	shown []uint8  // endgame.shown
	cells []int32
	risky []risky
	sets  []uint64
}

// memoTable is the endgame search's memo: the value of each set of layouts
// searched, keyed by the set's nonzero words and where they start. It is
// an open addressing table of entries, each stored with its key in one
// slice: a Go map keyed by the sets as strings spent a quarter of the
// search hashing, allocating and growing. A slot holds half the entry's
// hash, so that a probe reads no other entry, and a found entry is one
// run of words: a lookup touches about two cache lines.
type memoTable struct {
	slots   []uint64 // 0 empty, else the entry's hash's high 32 bits and 1 + its offset in data; a power of two long
	data    []uint64 // the entries one after another, each its hash, lo<<32 | n<<1 | exact, its value's bits, then the n nonzero words of the set from word lo
	entries []int32  // the entries' offsets in data
}

// init empties m, keeping its arrays for reuse; a slot array that a large
// search grew past 4,096 is replaced, not cleared for every later search
// (most are small).
func (m *memoTable) init() {
	if len(m.slots) == 0 || len(m.slots) > 1<<12 {
		m.slots = make([]uint64, 256)
	}
	clear(m.slots)
	m.data, m.entries = m.data[:0], m.entries[:0]
}

// memoHashWord adds word w of a set, x, to the running hash h of the
// set's words before it. Only nonzero words are added, in increasing w,
// starting from h = 0; memoFinish turns the result into the set's hash.
// The set is then hashed in the pass that makes it (endgame.split).
func memoHashWord(h uint64, w int, x uint64) uint64 {
	return bits.RotateLeft64((h^x^uint64(w+1)*0x9E3779B97F4A7C15)*0xFF51AFD7ED558CCD, 27)
}

// memoFinish returns the hash of a set whose running hash is h:
// MurmurHash3's finaliser, so that every bit of h reaches the low bits.
func memoFinish(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	h *= 0xC4CEB9FE1A85EC53
	return h ^ h>>33
}

// memoHash returns the hash of a set whose nonzero words are nz, from
// word lo: memoFinish of its running hash.
func memoHash(nz []uint64, lo int) uint64 {
	var h uint64
	for w, x := range nz {
		if x != 0 {
			h = memoHashWord(h, lo+w, x)
		}
	}
	return memoFinish(h)
}

// get returns the value of the set nz from word lo (hashed h), if the
// table holds it.
func (m *memoTable) get(nz []uint64, lo int, h uint64) (bounded, bool) {
	if _, e := m.find(nz, lo, h); e >= 0 {
		return m.value(e), true
	}
	return bounded{}, false
}

// put sets the value of the set nz from word lo (hashed h).
func (m *memoTable) put(nz []uint64, lo int, h uint64, v bounded) {
	if i, e := m.find(nz, lo, h); e >= 0 {
		m.set(e, v)
	} else {
		m.add(i, nz, lo, h, v)
	}
}

// value returns the value of the entry at offset e.
func (m *memoTable) value(e int) bounded {
	return bounded{math.Float64frombits(m.data[e+2]), m.data[e+1]&1 != 0}
}

// set sets the value of the entry at offset e.
func (m *memoTable) set(e int, v bounded) {
	m.data[e+1] &^= 1
	if v.exact {
		m.data[e+1] |= 1
	}
	m.data[e+2] = math.Float64bits(v.w)
}

// find returns the slot of the set nz from word lo (hashed h) and its
// entry's offset, or the empty slot where it would go and -1.
func (m *memoTable) find(nz []uint64, lo int, h uint64) (slot, entry int) {
	mask, tag := len(m.slots)-1, h>>32<<32
	key := uint64(lo)<<32 | uint64(len(nz))<<1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		s := m.slots[i]
		if s == 0 {
			return i, -1
		}
		if s&^(1<<32-1) != tag {
			continue
		}
		e := int(uint32(s)) - 1
		if m.data[e+1]&^1 == key && slices.Equal(m.data[e+3:e+3+len(nz)], nz) {
			return i, e
		}
	}
}

// add enters the set nz from word lo (hashed h) with value v in slot, the
// empty slot find returned for it with no entry added since, growing the
// table past half full.
func (m *memoTable) add(slot int, nz []uint64, lo int, h uint64, v bounded) {
	e := len(m.data)
	m.entries = append(m.entries, int32(e))
	m.data = append(m.data, h, uint64(lo)<<32|uint64(len(nz))<<1, 0)
	m.data = append(m.data, nz...)
	m.set(e, v)
	m.slots[slot] = h>>32<<32 | uint64(e+1)
	if 2*len(m.entries) > len(m.slots) {
		m.slots = make([]uint64, 2*len(m.slots))
		mask := len(m.slots) - 1
		for _, e := range m.entries {
			h := m.data[e]
			j := int(h) & mask
			for m.slots[j] != 0 {
				j = (j + 1) & mask
			}
			m.slots[j] = h>>32<<32 | uint64(e+1)
		}
	}
}
