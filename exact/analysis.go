package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sync"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/probe"
)

// ErrNoSolution is returned by Probabilities and FindForced for a
// puzzle with no solution, where probabilities are undefined and every
// cell would be vacuously forced. Solve reports it as ok false, and Count
// as 0.
var ErrNoSolution = errors.New("exact: the puzzle has no solution")

// Analysis is a puzzle's Split with every component's solutions counted by
// number of mines: the shared first step of Count, Probabilities and
// FindForced. Making one costs O(cells) plus, per component, time and
// memory proportional to its diagram, which grows exponentially only with
// the number of hints a sweep across the component keeps open at once
// (about its width), bounded by a Budget. A component whose diagram
// outgrows a first, smaller budget is shrunk first: gophersat proves which
// of its cells are forced by its own hints (a backbone search), those are
// fixed, and what is left splits into smaller components. An Analysis is
// immutable and safe for concurrent use.
type Analysis struct {
	Split *Split

	parts    []*Component // the components counted: Split's, some shrunk and split further
	mines    []int        // cells the shrinking proved mines, by SAT, increasing
	safe     []int        // cells the shrinking proved safe, by SAT, increasing
	left     int          // mines the parts and the interior hold together
	diagrams []*diagram   // per part; nil where over budget (partial analyses only)
	flows    []*flow      // forward counts, per diagram
	totals   []bitset     // K_c: the mine totals of each part's solutions
	allowed  []bitset     // A_c: the totals each part takes in full solutions
	feasible bool         // the puzzle has a solution
	over     error        // the first part's budget error, when a part has no diagram
	states   int          // the budget's maxStates it was counted under
	shrank   bool         // a component of Split was shrunk: parts differ from Split.Components
	// per component of Split: its index in parts, -1 when shrunk; set
	// when shrank and the parts were all counted (see partIndex)
	partAt []int32

	summaryOnce sync.Once
	summary     *totalsSummary // revealSatisfiable's, made once

	// Room for the per-part slices of an analysis with few parts, the
	// usual case, in the Analysis's own allocation.
	partsBuf    [smallParts]*Component
	diagramsBuf [smallParts]*diagram
	flowsBuf    [smallParts]*flow
	totalsBuf   [smallParts]bitset
	allowedBuf  [smallParts]bitset
	wordsBuf    [2 * smallParts]uint64 // the words of allowed's sets
}

// partSlices are the per-part slices of an Analysis.
type partSlices struct {
	parts    []*Component
	diagrams []*diagram
	flows    []*flow
	totals   []bitset
}

// smallParts is the number of parts an Analysis holds without allocating
// its per-part slices.
const smallParts = 4

// firstStates is the diagram budget tried before shrinking a component.
const firstStates = 1 << 18

// Analyze splits p and counts each component within budget. It fails with
// ErrBudget (wrapped) when a component's diagram outgrows the budget even
// after shrinking, and with ctx's error when cancelled. It is
// NewAnalyzerCache(budget, nil).Analyze(ctx, p).
func Analyze(ctx context.Context, p *game.Puzzle, budget Budget) (*Analysis, error) {
	z := Analyzer{budget: budget}
	return z.Analyze(ctx, p)
}

// count is the analysis of sp, the Split of its puzzle, within z's budget,
// in o.into's memory (which it overwrites) when not nil. Components counted
// at the first attempt are looked up in, and added to, z's cache. A
// component sp shares with o.base (the same *Component, as Split.Reveal
// leaves those the new hint does not touch) takes base's diagram, counts
// and totals, when base was counted under the same budget: what the cache
// would give, without making its key.
func (z *Analyzer) count(ctx context.Context, sp *Split, o countOpts) (*Analysis, error) {
	probe.Analyses.Add(1)
	a, base, partial, cache := o.into, o.base, o.partial, z.cache
	p := sp.Puzzle
	maxStates := z.budget.maxStates()
	if a == nil {
		a = new(Analysis)
	}
	// The per-part slices of the analysis a held before, reused when it
	// allocated them: that analysis is dropped (see Reveals).
	var mem partSlices
	if cap(a.parts) > smallParts {
		mem = partSlices{a.parts[:0], a.diagrams[:0], a.flows[:0], a.totals[:0]}
	}
	*a = Analysis{Split: sp, left: sp.Left, states: maxStates}
	if sp.Contradiction != nil || (sp.Left < 0 && !sp.NoTotal) {
		return a, nil
	}
	if base != nil && base.states != maxStates {
		base = nil
	}
	a.makePartSlices(len(sp.Components), mem)
	queue := sp.Components // popped from the front; shrinking prepends to a new array
	var shrunk map[*Component]bool
	var over []int
	for len(queue) > 0 {
		co := queue[0]
		queue = queue[1:]
		limit := maxStates
		if !shrunk[co] {
			limit = min(limit, firstStates)
		}
		// A component is counted once per cache: its diagram, forward counts
		// and totals come from the cache when it holds them under this limit.
		var part countedPart
		cached := false
		if !shrunk[co] {
			part, cached = countedBefore(co, base, cache, limit)
		}
		var err error
		if !cached {
			part.d, err = buildDiagram(ctx, co, p.Board, limit)
			if errors.Is(err, ErrBudget) && !shrunk[co] {
				subs, err := a.shrink(ctx, co)
				if err != nil {
					return nil, err
				}
				if shrunk == nil {
					shrunk = make(map[*Component]bool)
					a.shrank = true
				}
				for _, s := range subs {
					shrunk[s] = true
				}
				queue = append(subs, queue...)
				continue
			}
		}
		c := a.addPart(co)
		if errors.Is(err, ErrBudget) && partial {
			over = append(over, c)
			if a.over == nil {
				a.over = err
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		if !cached {
			part.fl = part.d.forward()
			if part.totals, err = part.d.totals(ctx, part.fl); err != nil {
				return nil, err
			}
			if !shrunk[co] {
				part.limit = limit
				cache.put(co, part)
			}
		}
		a.diagrams[c], a.flows[c], a.totals[c] = part.d, part.fl, part.totals
		if part.d.empty() {
			return a, nil // this component alone has no solution
		}
	}
	slices.Sort(a.mines)
	slices.Sort(a.safe)
	if shrunk != nil {
		a.partAt = partsOfSplit(sp.Components, a.parts)
	}
	return a.finish(ctx, over)
}

// finish finds by SAT the totals of the parts in over, which have no
// diagram, and then which totals each part takes in full solutions, and
// whether there is one.
func (a *Analysis) finish(ctx context.Context, over []int) (*Analysis, error) {
	for _, c := range over {
		var err error
		if a.totals[c], err = a.parts[c].satTotals(ctx); err != nil {
			return nil, err
		}
		if a.totals[c].min() < 0 {
			return a, nil // this component alone has no solution
		}
	}
	if sp := a.Split; sp.NoTotal {
		// Without a total every part takes each of its totals, alone.
		a.allowed, a.feasible = a.totals, true
	} else {
		a.allowed, a.feasible = allowedTotalsIn(a.totals, a.left, sp.InteriorLen(), a.allowedBuf[:0], a.wordsBuf[:0])
	}
	return a, nil
}

// makePartSlices points a's per-part slices, empty, at room for n parts:
// a's own arrays for a few, mem (the slices of the analysis a held
// before) when they are large enough, else new ones.
func (a *Analysis) makePartSlices(n int, mem partSlices) {
	switch {
	case n <= smallParts:
		a.parts, a.diagrams = a.partsBuf[:0], a.diagramsBuf[:0]
		a.flows, a.totals = a.flowsBuf[:0], a.totalsBuf[:0]
	case cap(mem.parts) >= n:
		a.parts, a.diagrams, a.flows, a.totals = mem.parts, mem.diagrams, mem.flows, mem.totals
	default:
		a.parts, a.diagrams = make([]*Component, 0, n), make([]*diagram, 0, n)
		a.flows, a.totals = make([]*flow, 0, n), make([]bitset, 0, n)
	}
}

// countedBefore returns co's counted part when base (which may be nil)
// counted it whole or cache (which may be nil) holds it counted under
// limit.
func countedBefore(co *Component, base *Analysis, cache *Cache, limit int) (countedPart, bool) {
	if part, ok := base.partOf(co); ok {
		if cache != nil {
			cache.hits++
		}
		return part, true
	}
	part, ok := cache.get(co)
	return part, ok && part.limit == limit
}

// addPart appends co to a's parts, not yet counted, and returns its index.
func (a *Analysis) addPart(co *Component) int {
	a.parts = append(a.parts, co)
	a.diagrams = append(a.diagrams, nil)
	a.flows = append(a.flows, nil)
	a.totals = append(a.totals, nil)
	return len(a.parts) - 1
}

// partOf returns the counted part of co when co is one of a's own
// components, counted whole (not shrunk); a may be nil.
func (a *Analysis) partOf(co *Component) (countedPart, bool) {
	if a == nil {
		return countedPart{}, false
	}
	c := a.partIndex(co)
	if c < 0 || a.diagrams[c] == nil {
		return countedPart{}, false
	}
	return countedPart{d: a.diagrams[c], fl: a.flows[c], totals: a.totals[c], limit: min(a.states, firstStates)}, true
}

// partIndex returns the index of co in a.parts, or -1. A component of
// a.Split is found in constant time, from the split's index of cells
// (Split.cellIndex) and, when some were shrunk, partAt; any other in
// O(parts), as are all when there are at most smallParts.
func (a *Analysis) partIndex(co *Component) int {
	if len(a.parts) > smallParts && len(co.Cells) > 0 {
		k := int(a.Split.cellIndex()[co.Cells[0]]) - 1
		switch {
		case k < 0 || a.Split.Components[k] != co:
			return -1
		case !a.shrank:
			if k < len(a.parts) && a.parts[k] == co {
				return k
			}
			return -1
		case a.partAt != nil:
			return int(a.partAt[k])
		}
	}
	for c, x := range a.parts {
		if x == co {
			return c
		}
	}
	return -1
}

// partsOfSplit returns, per component of split, its index in parts, or -1
// when it is not there (it was shrunk). parts holds split's components in
// their order, with the pieces of those shrunk among them.
func partsOfSplit(split, parts []*Component) []int32 {
	at := make([]int32, len(split))
	c := 0
	for k, co := range split {
		at[k] = -1
		for j := c; j < len(parts); j++ {
			if parts[j] == co {
				at[k], c = int32(j), j+1
				break
			}
		}
	}
	return at
}

// shrink proves, by a gophersat backbone search on co's hints alone, which
// of co's cells are forced, records them, and returns the components the
// other cells form once they are fixed. A component without a solution is
// returned as it is, for its diagram to say so.
func (a *Analysis) shrink(ctx context.Context, co *Component) ([]*Component, error) {
	mines, safe, err := forcedBackbone(ctx, len(co.Cells), co.satProblem())
	if errors.Is(err, errNoModel) {
		return []*Component{co}, nil
	}
	if err != nil {
		return nil, err
	}
	fixed := make([]uint8, len(co.Cells))
	for _, v := range mines {
		fixed[v] = 1
	}
	for _, v := range safe {
		fixed[v] = 2
	}
	subs, err := co.refine(fixed)
	if err != nil {
		return nil, err
	}
	for v, f := range fixed {
		switch f {
		case 1:
			a.mines = append(a.mines, co.Cells[v])
			a.left--
		case 2:
			a.safe = append(a.safe, co.Cells[v])
		}
	}
	return subs, nil
}

// Satisfiable reports whether the puzzle has a solution.
func (a *Analysis) Satisfiable() bool { return a.feasible }

// Count returns the exact number of solutions: per component, the exact
// counts by number of mines; then the product polynomial, each term
// weighted by the binomial count of interior placements. Without a mine
// total, it is the product of the components' counts and 2^interior.
func (a *Analysis) Count(ctx context.Context) (*big.Int, error) {
	if !a.feasible {
		return new(big.Int), nil
	}
	sp := a.Split
	counts := make([][]*big.Int, len(a.diagrams))
	los := make([]int, len(a.diagrams))
	for c, d := range a.diagrams {
		if d == nil {
			return nil, fmt.Errorf("%w: component %d was not counted", ErrBudget, c)
		}
		var err error
		if counts[c], los[c], err = d.exactCounts(ctx); err != nil {
			return nil, err
		}
	}
	if sp.NoTotal {
		return exactFree(counts, sp.InteriorLen()), nil
	}
	return exactTotal(ctx, counts, los, a.left, sp.InteriorLen())
}

// exactFree returns the number of solutions without a mine total: the
// product over the parts of their numbers of solutions (the sums of
// counts[c]), times 2^interior.
func exactFree(counts [][]*big.Int, interior int) *big.Int {
	total := new(big.Int).Lsh(big.NewInt(1), uint(interior))
	var sum big.Int
	for _, cs := range counts {
		sum.SetInt64(0)
		for _, x := range cs {
			sum.Add(&sum, x)
		}
		total.Mul(total, &sum)
	}
	return total
}

// LogCount returns the natural logarithm of the number of solutions, in
// floating point (relative error around 1e-13), or -Inf when there is none.
// Unlike Count it never builds big integers: the components' counts are
// convolved in log space and combined with ln C(interior, mines left), so
// it costs O(product of the components' total ranges) and suits comparing
// positions, as a player weighing a guess does.
func (a *Analysis) LogCount() (float64, error) {
	if !a.feasible {
		return math.Inf(-1), nil
	}
	ar := getFloats()
	defer ar.release()
	all := ar.make(1) // ln of the product polynomial, from total lo
	lo := 0
	for c, d := range a.diagrams {
		if d == nil {
			return 0, fmt.Errorf("%w: component %d was not counted", ErrBudget, c)
		}
		cs, clo, exp := d.terminalCounts(a.flows[c])
		ln := ar.make(len(cs))
		for k, x := range cs {
			ln[k] = math.Log(x) + float64(exp)*math.Ln2
		}
		all, lo = logConv(all, ln, ar), lo+clo
	}
	interior := a.Split.InteriorLen()
	if a.Split.NoTotal {
		return logSumExp(all) + float64(interior)*math.Ln2, nil
	}
	terms := ar.make(len(all))[:0]
	for k, x := range all {
		t := a.left - lo - k
		if t < 0 || t > interior || math.IsInf(x, -1) {
			continue
		}
		terms = append(terms, x+lnBinomial(interior, t))
	}
	return logSumExp(terms), nil
}

// logConv returns the convolution of two vectors given by their
// logarithms, in ar's memory.
func logConv(a, b []float64, ar *floats) []float64 {
	out := ar.make(len(a) + len(b) - 1)
	terms := ar.make(min(len(a), len(b)))[:0]
	for s := range out {
		terms = terms[:0]
		for i := max(0, s-len(b)+1); i <= min(s, len(a)-1); i++ {
			terms = append(terms, a[i]+b[s-i])
		}
		out[s] = logSumExp(terms)
	}
	return out
}

// logSumExp returns ln(sum of exp(x)), -Inf for no terms.
func logSumExp(xs []float64) float64 {
	m := math.Inf(-1)
	for _, x := range xs {
		m = max(m, x)
	}
	if math.IsInf(m, -1) {
		return m
	}
	sum := 0.0
	for _, x := range xs {
		sum += math.Exp(x - m)
	}
	return m + math.Log(sum)
}

// lnBinomial returns ln C(n, k) for 0 <= k <= n.
func lnBinomial(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// lnRho returns the log-odds used to tilt vectors: the density of the
// mines left over the undecided cells.
func (a *Analysis) lnRho() float64 {
	cells := a.Split.InteriorLen()
	for _, co := range a.parts {
		cells += len(co.Cells)
	}
	if a.left <= 0 || a.left >= cells {
		return 0
	}
	p := float64(a.left) / float64(cells)
	return math.Log(p / (1 - p))
}

// MineProbs holds, for every cell of a puzzle (row-major), the probability
// that it holds a mine. Only unknown cells have one: a revealed or flagged
// cell holds NaN, which At reports as no probability. Index it directly
// only for cells known to be unknown.
type MineProbs []float64

// At returns the probability that cell i holds a mine, and ok false (p is
// then NaN) when the cell is revealed or flagged and so has none.
func (m MineProbs) At(i int) (p float64, ok bool) {
	p = m[i]
	return p, !math.IsNaN(p)
}

// Probabilities returns, for every cell, the probability that it holds a
// mine, uniform over all solutions: exact up to floating-point rounding
// (relative error around 1e-14 on small boards). Revealed and flagged cells
// have none (see MineProbs.At); cells unit propagation settles get exactly
// 0 or 1. A puzzle with no solution gives ErrNoSolution.
func (a *Analysis) Probabilities(ctx context.Context) (MineProbs, error) {
	return a.ProbabilitiesInto(ctx, nil)
}

// ProbabilitiesInto is Probabilities written into out when out has room
// for every cell (a new slice otherwise); it returns the slice written.
// It spares the allocation to callers that count many positions of one
// board, such as a lookahead.
func (a *Analysis) ProbabilitiesInto(ctx context.Context, out []float64) (MineProbs, error) {
	ar := getFloats()
	defer ar.release()
	w, interior, err := a.weights(ctx, ar)
	if err != nil {
		return nil, err
	}
	sp := a.Split
	if n := len(sp.Puzzle.Cells); cap(out) >= n {
		out = out[:n]
	} else {
		out = make([]float64, n)
	}
	for i, c := range sp.Puzzle.Cells {
		if c.State != game.Unknown {
			out[i] = math.NaN()
		} else {
			out[i] = 0
		}
	}
	for _, i := range sp.Mines {
		out[i] = 1
	}
	for _, i := range a.mines {
		out[i] = 1
	}
	buf := ar.make(2 * a.widest())
	for c, d := range a.diagrams {
		pm := d.marginals(a.flows[c], w[c], buf)
		for v, cell := range a.parts[c].Cells {
			out[cell] = pm[v]
		}
	}
	for i := range sp.interiorCells() {
		out[i] = interior
	}
	return out, nil
}

// MinProbability returns the lowest probability that Probabilities gives
// an unknown cell, the same to the bit, without a value per cell: the
// chance that the safest cell is a mine, for a lookahead that only needs
// that. It returns 1 when no cell is unknown.
func (a *Analysis) MinProbability(ctx context.Context) (float64, error) {
	ar := getFloats()
	defer ar.release()
	w, interior, err := a.weights(ctx, ar)
	if err != nil {
		return 0, err
	}
	// The unknown cells are the Split's settled cells, the cells the
	// shrinking settled, the parts' cells and the interior, each once.
	sp := a.Split
	if len(sp.Safe) > 0 || len(a.safe) > 0 {
		return 0, nil
	}
	least := 1.0
	buf := ar.make(2 * a.widest())
	for c, d := range a.diagrams {
		for _, pr := range d.marginals(a.flows[c], w[c], buf) {
			least = min(least, pr)
		}
	}
	if sp.InteriorLen() > 0 {
		least = min(least, interior)
	}
	return least, nil
}

// widest returns the most variables of a part.
func (a *Analysis) widest() int {
	n := 0
	for _, co := range a.parts {
		n = max(n, len(co.Cells))
	}
	return n
}

// weights returns the weights each part's mine totals carry in the whole
// puzzle (tilted, see mineWeights), and the probability that an interior
// cell holds a mine (NaN when there is no interior).
func (a *Analysis) weights(ctx context.Context, ar *floats) (w []vec, interior float64, err error) {
	if !a.feasible {
		return nil, 0, ErrNoSolution
	}
	sp := a.Split
	if sp.NoTotal {
		return a.freeWeights(ar)
	}
	lnRho := a.lnRho()
	parts := ar.vecs(len(a.diagrams))
	for c, d := range a.diagrams {
		if d == nil {
			return nil, 0, fmt.Errorf("%w: component %d was not counted", ErrBudget, c)
		}
		cs, lo, _ := d.terminalCounts(a.flows[c])
		parts[c] = tilted(cs, lo, lnRho, ar)
	}
	w, inner, err := mineWeights(ctx, parts, a.left, sp.InteriorLen(), lnRho, ar)
	if err != nil {
		return nil, 0, fmt.Errorf("exact: probabilities: %w", err)
	}
	interior = math.NaN()
	if n := sp.InteriorLen(); n > 0 {
		num, den := 0.0, 0.0
		for k, x := range inner.v {
			num += float64(inner.lo+k) * x
			den += x
		}
		if den == 0 {
			return nil, 0, fmt.Errorf("exact: probabilities: internal error: the interior's weights underflowed")
		}
		interior = num / den / float64(n)
	}
	return w, interior, nil
}

// freeWeights is weights without a mine total: every solution of a part
// weighs 1, whatever its total, and an interior cell is a mine in half of
// the solutions.
func (a *Analysis) freeWeights(ar *floats) (w []vec, interior float64, err error) {
	w = ar.vecs(len(a.diagrams))
	for c, d := range a.diagrams {
		if d == nil {
			return nil, 0, fmt.Errorf("%w: component %d was not counted", ErrBudget, c)
		}
		cs, lo, _ := d.terminalCounts(a.flows[c])
		w[c] = vec{lo: lo, v: ar.make(len(cs))}
		for k := range w[c].v {
			w[c].v[k] = 1
		}
	}
	interior = math.NaN()
	if a.Split.InteriorLen() > 0 {
		interior = 0.5
	}
	return w, interior, nil
}

// Count returns the exact number of solutions of p (flagged cells are
// mines in every solution). It fails with ErrBudget when a component is too
// large to count within DefaultMaxStates.
func Count(ctx context.Context, p *game.Puzzle) (*big.Int, error) {
	a, err := Analyze(ctx, p, Budget{})
	if err != nil {
		return nil, err
	}
	return a.Count(ctx)
}

// Probabilities returns the probability that each cell holds a mine,
// uniform over p's solutions; see Analysis.Probabilities. Revealed and
// flagged cells have none (see MineProbs.At).
func Probabilities(ctx context.Context, p *game.Puzzle) (MineProbs, error) {
	a, err := Analyze(ctx, p, Budget{})
	if err != nil {
		return nil, err
	}
	return a.Probabilities(ctx)
}
