package exact

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/game"
)

// Forced lists the unknown cells whose value is the same in every solution,
// as row-major indices in increasing order.
type Forced struct {
	Mines []int // a mine in every solution
	Safe  []int // safe in every solution
}

// FindForced returns every unknown cell that is a mine in all of p's
// solutions and every one that is safe in all of them, the mine count
// honoured. A puzzle without solutions gives ErrNoSolution.
//
// Each cell is proved: unit propagation on the hints settles some (the
// opposite value empties a hint's room or overfills it); every other
// frontier cell is proved by gophersat, on its component's hints and the
// totals the rest of the board allows that component (A_c, see
// allowedTotals), with the cell's opposite value assumed: the answer must
// be unsatisfiable. Interior cells are forced only through the mine count:
// when the components' possible totals leave the interior no choice, each
// component's set of totals is certified by gophersat (no solution of the
// component has a total outside it), and the rest is arithmetic.
//
// Which cells to try is decided by exact counting where a component fits
// DefaultMaxStates: a cell some allowed solution gives each value is not
// forced, so gophersat is asked only about the cells that are, and asked
// about them together: "some of these cells takes its other value" is
// unsatisfiable, which proves every one of them at once. A component too
// wide to count is first shrunk by a backbone search on its hints (a model
// first, then one query per cell every model so far agrees on); the cells
// that proves forced are forced in every solution, and the rest is
// counted.
//
// It is NewAnalyzerCache(Budget{}, nil).Forced(ctx, p).
func FindForced(ctx context.Context, p *game.Puzzle) (Forced, error) {
	z := Analyzer{}
	return z.Forced(ctx, p)
}

// Forced returns the puzzle's forced cells, proved as FindForced proves
// them, from this analysis: after Analyze, an agent gets both Forced and
// Probabilities from one count. A puzzle without solutions gives
// ErrNoSolution. Forced takes the package's gophersat lock.
func (a *Analysis) Forced(ctx context.Context) (Forced, error) {
	if !a.feasible {
		return Forced{}, ErrNoSolution
	}
	var err error
	sp := a.Split
	f := Forced{
		Mines: append(slices.Clone(sp.Mines), a.mines...),
		Safe:  append(slices.Clone(sp.Safe), a.safe...),
	}

	for c, co := range a.parts {
		if err := ctx.Err(); err != nil {
			return Forced{}, fmt.Errorf("exact: forced: %w", err)
		}
		prob := func() *satProblem { return co.satProblemWithin(a.totals[c], a.allowed[c]) }
		var mines, safe []int
		if d := a.diagrams[c]; d != nil {
			mines, safe, err = forcedCounted(ctx, d, a.flows[c], a.allowed[c], prob)
		} else {
			mines, safe, err = forcedBackbone(ctx, len(co.Cells), prob())
		}
		if err != nil {
			return Forced{}, fmt.Errorf("exact: forced: %w", err)
		}
		for _, v := range mines {
			f.Mines = append(f.Mines, co.Cells[v])
		}
		for _, v := range safe {
			f.Safe = append(f.Safe, co.Cells[v])
		}
	}
	if sp.InteriorLen() > 0 {
		mine, safe, err := a.forcedInterior(ctx)
		if err != nil {
			return Forced{}, fmt.Errorf("exact: forced: %w", err)
		}
		if mine {
			f.Mines = append(f.Mines, sp.Interior()...)
		}
		if safe {
			f.Safe = append(f.Safe, sp.Interior()...)
		}
	}
	slices.Sort(f.Mines)
	slices.Sort(f.Safe)
	return f, nil
}

// satProblemWithin returns c's hints plus "the total of c lies in allowed",
// over variables 1..len(Cells) and maybe selectors. Totals outside totals
// (K_c) are impossible anyway, so allowed is encoded as its fewest
// intervals that skip no total of K_c: nothing at all when it allows every
// total of K_c (the usual case on large boards, and a large saving: a
// constraint over the whole component slows every propagation); one
// interval, two constraints; or one selector per interval and a clause
// choosing one.
func (c *Component) satProblemWithin(totals, allowed bitset) *satProblem {
	sp := c.satProblem()
	lits := c.lits()
	type run struct{ lo, hi int }
	var runs []run
	lo, hi := allowed.min(), allowed.max()
	if lo < 0 {
		sp.add(cnf.AtLeast(nil, 1)) // nothing allowed: unsatisfiable
		return sp
	}
	binding := false
	for k := totals.min(); k <= totals.max(); k++ {
		if totals.has(k) && !allowed.has(k) {
			binding = true
			break
		}
	}
	if !binding {
		return sp
	}
	start := lo
	for k := lo; k <= hi; k++ {
		if totals.has(k) && !allowed.has(k) {
			runs = append(runs, run{start, k - 1})
			for k+1 <= hi && !allowed.has(k+1) {
				k++
			}
			start = k + 1
		}
	}
	runs = append(runs, run{start, hi})
	if len(runs) == 1 {
		sp.between(lits, lo, hi)
		return sp
	}
	sels := make([]cnf.Lit, len(runs))
	for i, r := range runs {
		sels[i] = sp.newVar().Pos()
		sp.betweenIf(sels[i], lits, r.lo, r.hi)
	}
	sp.add(cnf.AtLeast(sels, 1))
	return sp
}

// forcedCounted proves the forced variables of a counted component. The
// candidates are the variables no allowed solution gives one of the two
// values (an exact zero weight); gophersat confirms them, on the problem
// newProb builds only when there is a candidate.
func forcedCounted(ctx context.Context, d *diagram, fl *flow, allowed bitset, newProb func() *satProblem) (mines, safe []int, err error) {
	t := d.terminal()
	w := vec{lo: int(d.lo[t]), v: make([]float64, d.hi[t]-d.lo[t]+1)}
	for k := range w.v {
		if allowed.has(w.lo + k) {
			w.v[k] = 1
		}
	}
	mw, sw := d.weigh(fl, w, nil)
	// Counting names the candidates and their values. One gophersat query,
	// "some candidate takes its other value", proves them all when it is
	// unsatisfiable, the usual case; otherwise (floating point underflowed
	// somewhere) they are asked one by one. A variable with no weight
	// either way sends the whole component to forcedBackbone.
	m0 := make([]bool, d.n+1)
	var cand []int
	for v := range d.n {
		switch {
		case mw[v] == 0 && sw[v] == 0:
			return forcedBackbone(ctx, d.n, newProb())
		case mw[v] == 0:
			cand = append(cand, v+1)
		case sw[v] == 0:
			m0[v+1] = true
			cand = append(cand, v+1)
		}
	}
	if len(cand) == 0 {
		return nil, nil, nil
	}
	prob := newProb()
	_, sat, err := flipAny(ctx, prob, m0, cand)
	if err != nil {
		return nil, nil, err
	}
	if !sat {
		for _, v := range cand {
			if m0[v] {
				mines = append(mines, v-1)
			} else {
				safe = append(safe, v-1)
			}
		}
		return mines, safe, nil
	}
	return backboneQueries(ctx, prob.build(ctx), m0, cand)
}

// errNoModel is forcedBackbone's error for a problem without models.
var errNoModel = errors.New("internal error: a component with allowed totals has no model")

// forcedBackbone finds the forced variables among 1..n of prob (returned
// as local variables 0..n-1) by SAT alone: a first model m0 makes every
// variable a candidate, then backboneQueries settles them.
func forcedBackbone(ctx context.Context, n int, prob *satProblem) (mines, safe []int, err error) {
	ss := prob.build(ctx)
	m0, sat, err := ss.solve()
	if err != nil {
		return nil, nil, err
	}
	if !sat {
		return nil, nil, errNoModel
	}
	cand := make([]int, n)
	for v := range cand {
		cand[v] = v + 1
	}
	return backboneQueries(ctx, ss, m0, cand)
}

// backboneQueries proves which candidate variables keep their value in m0
// in every model, and returns them as local variables (0-based), split by
// value. Each candidate still standing is asked for its other value on
// one solver: an unsatisfiable answer proves it; a model clears every
// candidate it flips. (Asking instead for a model flipping any candidate,
// in rounds, costs a solver per round, and models flip few candidates at
// a time: ten times slower on large components.)
func backboneQueries(ctx context.Context, ss *satSolver, m0 []bool, cand []int) (mines, safe []int, err error) {
	flipped := make([]bool, len(m0))
	for i, v := range cand {
		if flipped[v] {
			continue
		}
		if i&63 == 63 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		m, sat, err := ss.solve(cnf.Var(v).Lit(!m0[v]))
		if err != nil {
			return nil, nil, err
		}
		if !sat {
			if m0[v] {
				mines = append(mines, v-1)
			} else {
				safe = append(safe, v-1)
			}
			continue
		}
		for _, u := range cand[i:] {
			if m[u] != m0[u] {
				flipped[u] = true
			}
		}
	}
	return mines, safe, nil
}

// flipAny asks for a model of prob in which some variable of cand takes
// the opposite of its value in m0.
func flipAny(ctx context.Context, prob *satProblem, m0 []bool, cand []int) ([]bool, bool, error) {
	p := prob.clone()
	sel := p.newVar().Pos()
	lits := make([]cnf.Lit, 0, len(cand)+1)
	lits = append(lits, sel.Not())
	for _, v := range cand {
		lits = append(lits, cnf.Var(v).Lit(!m0[v]))
	}
	p.add(cnf.AtLeast(lits, 1))
	return p.build(ctx).solve(sel)
}

// forcedInterior reports whether every interior cell is a mine in all
// solutions, or safe in all. The interior holds left minus the frontier's
// total, and the frontier's totals are the sums of the components' K_c, so
// the claim follows from the K_c by arithmetic; gophersat certifies every
// K_c, component by component (see certifyTotals). One query on the whole
// frontier, with its total bounded, would be a pigeonhole-like counting
// argument that CDCL solvers can take very long to refute.
func (a *Analysis) forcedInterior(ctx context.Context) (mine, safe bool, err error) {
	sp := a.Split
	if sp.NoTotal {
		return false, false, nil // each interior cell may be either, alone
	}
	in := sp.InteriorLen()
	width := 1
	for _, k := range a.totals {
		width += k.max()
	}
	sums := newBitset(width)
	sums.set(0)
	for _, k := range a.totals {
		if err := ctx.Err(); err != nil {
			return false, false, err
		}
		sums = sumset(sums, k, width)
	}
	// Interior totals t = left - s over feasible frontier totals s.
	tMin, tMax := in+1, -1
	for t := 0; t <= in; t++ {
		if sums.has(a.left - t) {
			tMin, tMax = min(tMin, t), max(tMax, t)
		}
	}
	if tMax < 0 {
		return false, false, errors.New("internal error: no feasible interior total")
	}
	if tMax != 0 && tMin != in {
		return false, false, nil
	}
	for c := range a.parts {
		if err := a.certifyTotals(ctx, c); err != nil {
			return false, false, err
		}
	}
	return tMin == in, tMax == 0, nil
}

// certifyTotals proves by gophersat that part c has no solution whose
// total lies outside K_c: none below its least total, none above its
// greatest, none in a hole. K_c found by SAT needs no proof.
func (a *Analysis) certifyTotals(ctx context.Context, c int) error {
	if a.diagrams[c] == nil {
		return nil
	}
	co, k := a.parts[c], a.totals[c]
	lits := co.lits()
	none := func(lo, hi int) error {
		if lo > hi {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		prob := co.satProblem()
		prob.between(lits, lo, hi)
		_, sat, err := prob.build(ctx).solve()
		if err != nil {
			return err
		}
		if sat {
			return fmt.Errorf("internal error: the component at %v has a solution with %d to %d mines, which counting missed",
				a.Split.Puzzle.Board.Pos(co.Cells[0]), lo, hi)
		}
		return nil
	}
	lo, hi := k.min(), k.max()
	if err := none(0, lo-1); err != nil {
		return err
	}
	if err := none(hi+1, len(co.Cells)); err != nil {
		return err
	}
	for t := lo + 1; t < hi; t++ {
		if k.has(t) {
			continue
		}
		end := t
		for end+1 < hi && !k.has(end+1) {
			end++
		}
		if err := none(t, end); err != nil {
			return err
		}
		t = end
	}
	return nil
}
