package exact

import (
	"context"
	"fmt"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/internal/third_party/gophersat/solver"
)

// The mine total ties the parts of a Split together: a solution puts k_c
// mines in each component c, with k_c one of the totals c's own solutions
// take (its set K_c), and the rest, Left - sum k_c, in the interior, which
// must hold between 0 and len(Interior) of them. The functions here compute
// the K_c and, from them, the totals each component may take in a full
// solution (its allowed set A_c).

// lits returns the positive literals of c's local variables 1..len(Cells).
func (c *Component) lits() []cnf.Lit {
	out := make([]cnf.Lit, len(c.Cells))
	for v := range out {
		out[v] = cnf.Var(v + 1).Pos()
	}
	return out
}

// satProblem returns c's hints as pseudo-boolean constraints over variables
// 1..len(Cells) (local variable v is SAT variable v+1).
func (c *Component) satProblem() *satProblem {
	sp := newSATProblem(len(c.Cells))
	for _, con := range c.cons {
		lits := make([]cnf.Lit, len(con.vars))
		for k, v := range con.vars {
			lits[k] = cnf.Var(v + 1).Pos()
		}
		sp.exactly(lits, con.need)
	}
	return sp
}

// minMines returns the fewest mines a solution of sp puts among lits, or -1
// when sp has no solution, by gophersat's Minimize, which stops when ctx
// ends (its answer is then dropped for ctx's error).
func minMines(ctx context.Context, sp *satProblem, lits []cnf.Lit) (int, error) {
	pb := sp.parse()
	if pb.Status == solver.Unsat {
		return -1, nil
	}
	cost := make([]solver.Lit, len(lits))
	weights := make([]int, len(lits))
	for i, l := range lits {
		cost[i] = solver.IntToLit(int32(l.Dimacs()))
		weights[i] = 1
	}
	// Explicit unit weights: with nil weights Minimize sorts its
	// hypotheses by an empty weight slice and panics.
	pb.SetCostFunc(cost, weights)
	s := solver.New(pb)
	s.Interrupt = ctx.Done()
	n := s.Minimize()
	if ctx.Err() != nil {
		return 0, interrupted(ctx)
	}
	return n, nil
}

// satTotals returns K_c, the mine totals c's solutions take, as a bitset
// over 0..len(Cells), by SAT alone: gophersat minimizes and maximizes the
// total, then one query per total in between, each under a selector
// literal. It is the fallback for components too large to count; every
// search stops when ctx ends.
func (c *Component) satTotals(ctx context.Context) (bitset, error) {
	n := len(c.Cells)
	out := newBitset(n + 1)
	lits := c.lits()
	base := c.satProblem()
	lo, err := minMines(ctx, base, lits)
	if err != nil || lo < 0 {
		return out, err
	}
	neg := make([]cnf.Lit, n)
	for i, l := range lits {
		neg[i] = l.Not()
	}
	most, err := minMines(ctx, base, neg)
	if err != nil {
		return nil, err
	}
	hi := n - most
	out.set(lo)
	out.set(hi)
	if hi-lo < 2 {
		return out, nil
	}
	sp := c.satProblem()
	sels := make([]cnf.Lit, hi-lo+1)
	for k := lo + 1; k < hi; k++ {
		sels[k-lo] = sp.newVar().Pos()
		sp.betweenIf(sels[k-lo], lits, k, k)
	}
	ss := sp.build(ctx)
	for k := lo + 1; k < hi; k++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("exact: mine totals of a %d-cell component: %w", n, err)
		}
		_, ok, err := ss.solve(sels[k-lo])
		if err != nil {
			return nil, err
		}
		if ok {
			out.set(k)
		}
	}
	return out, nil
}

// allowedTotals returns, for each component, the set A_c of totals k such
// that some choice of totals from the other components' K_d, with k, leaves
// between 0 and interior mines for the interior out of left. totals[c] is
// K_c. When no choice works at all, ok is false.
//
// When every K_d's largest gap is at most interior+1, every sum of them
// also has gaps of at most interior+1, so a window of interior+1
// consecutive totals meets the sum as soon as it meets its range: A_c is
// the interval [left-interior-hi_c', left-lo_c'], with lo_c' and hi_c' the
// least and greatest totals of the others. Otherwise sums are computed
// exactly, as bitsets, with prefix and suffix sums.
func allowedTotals(totals []bitset, left, interior int) (allowed []bitset, ok bool) {
	return allowedTotalsIn(totals, left, interior, nil, nil)
}

// allowedTotalsIn is allowedTotals, the sets and their words taken from
// sets and words when they have room (the sets A_c are then theirs).
func allowedTotalsIn(totals []bitset, left, interior int, sets []bitset, words []uint64) (allowed []bitset, ok bool) {
	nc := len(totals)
	var losBuf, hisBuf [smallParts]int
	los, his := losBuf[:], hisBuf[:]
	if nc > smallParts {
		los, his = make([]int, nc), make([]int, nc)
	}
	los, his = los[:nc], his[:nc]
	sumLo, sumHi, gap := 0, 0, 0
	for c, k := range totals {
		los[c], his[c] = k.min(), k.max()
		if los[c] < 0 {
			return nil, false
		}
		sumLo += los[c]
		sumHi += his[c]
		gap = max(gap, k.maxGap())
	}
	if cap(sets) >= nc {
		allowed = sets[:nc]
	} else {
		allowed = make([]bitset, nc)
	}
	// The sets A_c, each over 0..his[c], in one allocation.
	n := 0
	for c := range nc {
		n += (his[c] + 64) / 64
	}
	var block bitset
	if cap(words) >= n {
		block = words[:n]
		clear(block)
	} else {
		block = make(bitset, n)
	}
	newAllowed := func(c int) bitset {
		n := (his[c] + 64) / 64
		a := block[:n:n]
		block = block[n:]
		return a
	}
	if gap <= interior+1 {
		if sumLo > left || sumHi < left-interior {
			return nil, false
		}
		for c, k := range totals {
			a := newAllowed(c)
			lo := max(los[c], left-interior-(sumHi-his[c]))
			hi := min(his[c], left-(sumLo-los[c]))
			for t := lo; t <= hi; t++ {
				if k.has(t) {
					a.set(t)
				}
			}
			allowed[c] = a
		}
		return allowed, true
	}
	// Exact sums: prefix[c] is the set of totals of components 0..c-1,
	// suffix[c] that of c..nc-1.
	width := sumHi + 1
	prefix := make([]bitset, nc+1)
	suffix := make([]bitset, nc+1)
	prefix[0] = newBitset(width)
	prefix[0].set(0)
	for c := range nc {
		prefix[c+1] = sumset(prefix[c], totals[c], width)
	}
	suffix[nc] = newBitset(width)
	suffix[nc].set(0)
	for c := nc - 1; c >= 0; c-- {
		suffix[c] = sumset(suffix[c+1], totals[c], width)
	}
	feasible := false
	for s := max(0, left-interior); s <= min(left, sumHi); s++ {
		if prefix[nc].has(s) {
			feasible = true
			break
		}
	}
	if !feasible {
		return nil, false
	}
	for c, k := range totals {
		others := sumset(prefix[c], suffix[c+1], width)
		a := newAllowed(c)
		for t := los[c]; t <= his[c]; t++ {
			if !k.has(t) {
				continue
			}
			for s := max(0, left-interior-t); s <= left-t; s++ {
				if others.has(s) {
					a.set(t)
					break
				}
			}
		}
		allowed[c] = a
	}
	return allowed, true
}

// pickTotals chooses one total per component from totals (the K_c) so that
// left minus their sum lies in 0..interior, preferring each component's
// current total cur[c]. It reports false when no choice exists.
func pickTotals(totals []bitset, cur []int, left, interior int) ([]int, bool) {
	allowed, ok := allowedTotals(totals, left, interior)
	if !ok {
		return nil, false
	}
	// Greedy with exact look-ahead: fix components one at a time, keeping
	// the remaining ones' allowed sets valid by recomputing them. Each fix
	// keeps a solution reachable, since the pick lies in A_c.
	pick := make([]int, len(totals))
	rest := append([]bitset(nil), totals...)
	for c := range totals {
		t := cur[c]
		if !allowed[c].has(t) {
			t = allowed[c].min()
			for u := allowed[c].min(); u <= allowed[c].max(); u++ {
				if allowed[c].has(u) && absInt(u-cur[c]) < absInt(t-cur[c]) {
					t = u
				}
			}
		}
		pick[c] = t
		one := newBitset(t + 1)
		one.set(t)
		rest[c] = one
		if allowed, ok = allowedTotals(rest, left, interior); !ok {
			panic("exact: pickTotals lost every solution")
		}
	}
	return pick, true
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
