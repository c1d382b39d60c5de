package agent

import (
	"context"
	"errors"
	"slices"
	"unsafe"

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

// endgame holds the layouts of one search.
type endgame struct {
	cells  []int     // the unknown cells, row-major; local index k is cells[k]
	mine   [][]bool  // per layout, per local cell
	hint   [][]uint8 // per layout, per local cell: mine neighbours among the unknown cells
	memo   map[string]float64
	budget int
}

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
	_, err := backtrack.Enumerate(ctx, v, backtrack.Options{Order: backtrack.OrderMRVDegree, FC: true, MaxNodes: 1 << 20}, func(mines []int) bool {
		m := make([]bool, len(e.cells))
		for _, i := range mines {
			if k := local[i]; k >= 0 {
				m[k] = true
			}
		}
		e.mine = append(e.mine, m)
		return len(e.mine) <= maxLayouts
	})
	var gaveUp *backtrack.GaveUpError
	if errors.As(err, &gaveUp) && errors.Is(err, backtrack.ErrBudget) {
		return endgameResult{}, false, nil
	}
	if err != nil {
		return endgameResult{}, false, err
	}
	if len(e.mine) == 0 || len(e.mine) > maxLayouts {
		return endgameResult{}, false, nil
	}
	e.hint = make([][]uint8, len(e.mine))
	for s, m := range e.mine {
		h := make([]uint8, len(e.cells))
		for k, i := range e.cells {
			for _, j := range b.Neighbors(i) {
				if l := local[j]; l >= 0 && m[l] {
					h[k]++
				}
			}
		}
		e.hint[s] = h
	}
	all := make([]int32, len(e.mine))
	for s := range all {
		all[s] = int32(s)
	}
	res := endgameResult{cell: -1, runner: -1}
	if len(all) == 1 {
		// One layout: every safe cell is known; any of them wins.
		for k := range e.cells {
			if !e.mine[0][k] {
				res.cell, res.win = e.cells[k], 1
				return res, true, nil
			}
		}
		return endgameResult{}, false, nil
	}
	for k := range e.cells {
		val, informative, err := e.open(ctx, all, k, -1)
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

// value returns W(S).
func (e *endgame) value(ctx context.Context, S []int32) (float64, error) {
	if len(S) == 1 {
		return 1, nil
	}
	key := unsafe.String((*byte)(unsafe.Pointer(&S[0])), 4*len(S))
	if w, ok := e.memo[key]; ok {
		return w, nil
	}
	e.budget--
	if e.budget < 0 {
		return 0, errEndgameBudget
	}
	if e.budget&255 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	best := 0.0
	for k := range e.cells {
		val, _, err := e.open(ctx, S, k, best)
		if err != nil {
			return 0, err
		}
		best = max(best, val)
		if best >= 1-probEps {
			break
		}
	}
	e.memo[string(slices.Clone([]byte(key)))] = best
	return best, nil
}

// open returns the chance of winning from S by opening local cell k and
// playing on perfectly, or 0 when that cannot beat bound (a negative bound
// prunes nothing); informative is false when the cell is a mine in every
// layout, or safe in every layout with the same hint.
func (e *endgame) open(ctx context.Context, S []int32, k int, bound float64) (val float64, informative bool, err error) {
	var groups [9][]int32 // by hint
	safe, kinds := 0, 0
	for _, s := range S {
		if e.mine[s][k] {
			continue
		}
		safe++
		h := e.hint[s][k]
		if groups[h] == nil {
			kinds++
		}
		groups[h] = append(groups[h], s)
	}
	if safe == 0 || (safe == len(S) && kinds == 1) {
		return 0, false, nil
	}
	if float64(safe)/float64(len(S)) <= bound+probEps {
		return 0, true, nil // cannot beat the best so far
	}
	sum := 0.0
	for _, g := range groups {
		if g == nil {
			continue
		}
		w, err := e.value(ctx, g)
		if err != nil {
			return 0, true, err
		}
		sum += float64(len(g)) * w
	}
	return sum / float64(len(S)), true, nil
}
