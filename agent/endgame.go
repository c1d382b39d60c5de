package agent

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/game"
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
}

// endgame holds the layouts of one search. A set of layouts is a bitset
// over their indices, words long.
type endgame struct {
	cells  []int      // the unknown cells, row-major; local index k is cells[k]
	shows  [][]uint64 // per local cell: shownMine+1 bitsets, of the layouts where it shows 0..8 or a mine
	kinds  []uint16   // per local cell: bit v set when it shows v in some layout
	words  int
	memo   map[string]float64
	key    []byte // scratch for memo keys
	budget int
}

// shownMine is what a cell shows in a layout where it is a mine: the
// index of that bitset in endgame.shows.
const shownMine = 9

// solveEndgame enumerates v's layouts and searches the game tree, evaluating
// at most budget positions. ok is false when v has more than maxLayouts
// layouts or none, or when the search ran over its budget.
func solveEndgame(ctx context.Context, v *game.Puzzle, maxLayouts, budget int) (endgameResult, bool, error) {
	b := v.Board
	e := &endgame{memo: make(map[string]float64), budget: budget}
	local := make([]int, b.Len())
	for i, c := range v.Cells {
		local[i] = -1
		if c.State == game.Unknown {
			local[i] = len(e.cells)
			e.cells = append(e.cells, i)
		}
	}
	var layouts [][]bool // per layout, per local cell: a mine
	_, err := backtrack.Enumerate(ctx, v, backtrack.Options{Order: backtrack.OrderMRVDegree, FC: true, MaxNodes: 1 << 20}, func(mines []int) bool {
		m := make([]bool, len(e.cells))
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
				return endgameResult{cell: e.cells[k], win: 1, runner: -1}, true, nil
			}
		}
		return endgameResult{}, false, nil
	}
	e.words = (len(layouts) + 63) / 64
	e.key = make([]byte, 2+8*e.words)
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
		val, informative, err := e.open(ctx, all, len(layouts), live, k, bound)
		if errors.Is(err, errEndgameBudget) {
			return endgameResult{}, false, nil
		}
		if err != nil {
			return endgameResult{}, false, err
		}
		if !informative {
			continue
		}
		switch {
		case res.cell < 0 || val > res.win+probEps:
			res.runner, res.runnerWin = res.cell, res.win
			res.cell, res.win = e.cells[k], val
		case res.runner < 0 || val > res.runnerWin+probEps:
			res.runner, res.runnerWin = e.cells[k], val
		}
	}
	return res, res.cell >= 0, nil
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

// value returns W(S) for the n layouts of S. live holds every local cell
// that shows different things in different layouts of S (others teach
// nothing there, nor in any subset of S). Two shortcuts keep the search
// exact and small:
//   - A cell safe in every layout of S whose hint differs between them is
//     free information: opening it first loses nothing, and knowing more can
//     only help, so W(S) is the value of opening it.
//   - Otherwise the risky cells are tried safest first, and the loop stops
//     at the first one whose chance of surviving cannot beat the best so far.
func (e *endgame) value(ctx context.Context, S []uint64, n int, live []int32) (float64, error) {
	if n == 1 {
		return 1, nil
	}
	lo, hi := 0, len(S)
	for S[lo] == 0 {
		lo++
	}
	for S[hi-1] == 0 {
		hi--
	}
	e.key[0], e.key[1] = byte(lo), byte(lo>>8)
	key := e.key[:2+8*(hi-lo)]
	for w := lo; w < hi; w++ {
		binary.LittleEndian.PutUint64(key[2+8*(w-lo):], S[w])
	}
	if w, ok := e.memo[string(key)]; ok {
		return w, nil
	}
	memoKey := string(key)
	e.budget--
	if e.budget < 0 {
		return 0, errEndgameBudget
	}
	if e.budget&255 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	var cands []risky
	still := make([]int32, 0, len(live)) // the cells of live that S does not fix
	free := -1
	for _, k := range live {
		shown, safe := 0, n
		for v := range shownMine + 1 {
			if e.kinds[k]>>v&1 == 0 {
				continue
			}
			if c := e.count(S, lo, hi, int(k), v); c > 0 {
				shown++
				if v == shownMine {
					safe -= c
				}
			}
		}
		if shown < 2 {
			continue
		}
		still = append(still, k)
		switch {
		case safe == n:
			free = int(k)
		case safe > 0:
			cands = append(cands, risky{k, int32(safe)})
		}
	}
	best := 0.0
	if free >= 0 {
		w, _, err := e.open(ctx, S, n, still, free, -1)
		if err != nil {
			return 0, err
		}
		best = w
	} else {
		slices.SortStableFunc(cands, func(a, b risky) int { return cmp.Compare(b.safe, a.safe) })
		for _, c := range cands {
			if float64(c.safe)/float64(n) <= best+probEps {
				break // no cell left can survive more often than best
			}
			val, _, err := e.open(ctx, S, n, still, int(c.k), best)
			if err != nil {
				return 0, err
			}
			best = max(best, val)
			if best >= 1-probEps {
				break
			}
		}
	}
	e.memo[memoKey] = best
	return best, nil
}

// open returns the chance of winning from the n layouts of S by opening
// local cell k and playing on perfectly, or at most bound when that cannot
// beat bound (a negative bound prunes nothing); informative is false when
// the cell is a mine in every layout, or safe in every layout with the same
// hint. live is as for value.
func (e *endgame) open(ctx context.Context, S []uint64, n int, live []int32, k int, bound float64) (val float64, informative bool, err error) {
	var count [shownMine + 1]int // layouts by what k shows
	kinds := 0
	for v := range shownMine + 1 {
		if e.kinds[k]>>v&1 != 0 {
			count[v] = e.count(S, 0, len(S), k, v)
			if count[v] > 0 && v != shownMine {
				kinds++
			}
		}
	}
	safe := n - count[shownMine]
	if safe == 0 || (safe == n && kinds == 1) {
		return 0, false, nil
	}
	if float64(safe)/float64(n) <= bound+probEps {
		return 0, true, nil // cannot beat the best so far
	}
	group := make([]uint64, len(S))
	sum, left := 0.0, float64(safe)
	for h := range shownMine {
		if count[h] == 0 {
			continue
		}
		set := e.shows[k][h*e.words:]
		for w := range group {
			group[w] = S[w] & set[w]
		}
		w, err := e.value(ctx, group, count[h], live)
		if err != nil {
			return 0, true, err
		}
		sum += float64(count[h]) * w
		left -= float64(count[h])
		if (sum+left)/float64(n) <= bound+probEps {
			return 0, true, nil // even winning every group left cannot beat bound
		}
	}
	return sum / float64(n), true, nil
}
