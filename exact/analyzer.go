package exact

import (
	"context"
	"fmt"

	"github.com/minesat/minesat/game"
)

// Analyzer answers positions exactly. It holds what its analyses share:
// the counting Budget, a Cache of the components they counted, and the
// working memory of the analyses a lookahead makes one after the other
// (Reveal). Report answers a position in one call: satisfiability, the
// number of layouts, the forced cells, the probabilities and the dead
// cells, as asked, with the forced cells proved by SAT alone when counting
// runs out of budget, and the Conflict when no layout fits.
//
// An Analyzer is not safe for concurrent use; the Analyses it returns are
// (but Reveal's, which live in its memory until the next Reveal).
type Analyzer struct {
	budget Budget
	cache  *Cache
	mem    *Reveals // Reveal's memory, made at the first Reveal
	stats  Stats    // what it has done, for tests
}

// Stats counts what an Analyzer has done, for tests that follow a path
// through it.
type Stats struct {
	Reports   int // Reports made
	Positions int // positions analysed whole: one a Report, Analyze or Forced, two for a Conflict with flags
	Reveals   int // positions analysed from that of the position before a cell was opened (Reveal, RevealIn, RevealSatisfiable, Dead)
}

// NewAnalyzer returns an Analyzer that counts within budget, with a new
// Cache.
func NewAnalyzer(budget Budget) *Analyzer {
	return &Analyzer{budget: budget, cache: NewCache()}
}

// NewAnalyzerCache returns an Analyzer that counts within budget and keeps
// the components it counts in c, which may be nil (none are kept) and may
// be shared with analyses made without the Analyzer, one at a time.
func NewAnalyzerCache(budget Budget, c *Cache) *Analyzer {
	return &Analyzer{budget: budget, cache: c}
}

// Budget returns the budget z counts within.
func (z *Analyzer) Budget() Budget { return z.budget }

// Cache returns the Cache of the components z counted; nil when it keeps
// none.
func (z *Analyzer) Cache() *Cache { return z.cache }

// Within returns an Analyzer that counts within b: z itself when z counts
// within the same number of states, else a new one that shares z's cache
// (none when z is nil).
func (z *Analyzer) Within(b Budget) *Analyzer {
	if z == nil {
		return NewAnalyzerCache(b, nil)
	}
	if z.budget.maxStates() == b.maxStates() {
		return z
	}
	return NewAnalyzerCache(b, z.cache)
}

// Stats returns what z has done so far.
func (z *Analyzer) Stats() Stats { return z.stats }

// Analyze splits p and counts each component within z's budget, reusing
// the components z's cache holds. It fails with ErrBudget (wrapped) when a
// component's diagram outgrows the budget even after shrinking, and with
// ctx's error when cancelled.
func (z *Analyzer) Analyze(ctx context.Context, p *game.Puzzle) (*Analysis, error) {
	return z.analyze(ctx, p, false)
}

// analyze is Analyze; with partial, components over budget are left
// without a diagram and their totals are found by SAT instead (the first
// budget error is kept in the Analysis's over).
func (z *Analyzer) analyze(ctx context.Context, p *game.Puzzle, partial bool) (*Analysis, error) {
	sp, err := NewSplit(p)
	if err != nil {
		return nil, err
	}
	z.stats.Positions++
	return z.count(ctx, sp, countOpts{partial: partial})
}

// countOpts say how Analyzer.count makes an analysis beyond z's budget and
// cache.
type countOpts struct {
	into    *Analysis // memory to overwrite; nil for a new Analysis
	base    *Analysis // an analysis whose components sp may share; may be nil
	partial bool      // leave components over budget uncounted (see analyze)
}

// Reveal is the analysis of p, where p is base's puzzle with cell, closed
// there, now revealed: it splits p from base's Split (see Split.Reveal),
// and is otherwise Analyze(ctx, p), bit for bit, made in z's memory. The
// Analysis returned, its Split and its components are valid until the
// next Reveal or RevealSatisfiable on z, which overwrites them; base must
// not be one of them.
func (z *Analyzer) Reveal(ctx context.Context, base *Analysis, p *game.Puzzle, cell int) (*Analysis, error) {
	return z.reveal(ctx, z.memory(), base, p, cell)
}

// RevealSatisfiable reports whether p, base's puzzle with cell (closed
// there) now revealed, has a solution: Reveal's Satisfiable, with its
// errors, in z's memory. It decides from the components next to cell
// alone when it can, so that its work grows with them, not with the board
// or the number of components: a position's dead cells are tested so, each
// closed cell opened on each hint it could show (Dead).
func (z *Analyzer) RevealSatisfiable(ctx context.Context, base *Analysis, p *game.Puzzle, cell int) (bool, error) {
	return z.revealSatisfiable(ctx, z.memory(), base, p, cell)
}

// RevealIn is Reveal made in r's memory rather than z's, for a caller
// that keeps several reveals at once (one Reveals each); a nil r
// allocates. The Analysis returned, its Split and its components are
// valid until the next use of r; base must not be r's own (an analysis
// two moves ahead needs a second Reveals). What z's cache keeps (the
// counted diagrams) is never r's, so it outlives the analysis.
func (z *Analyzer) RevealIn(ctx context.Context, r *Reveals, base *Analysis, p *game.Puzzle, cell int) (*Analysis, error) {
	return z.reveal(ctx, r, base, p, cell)
}

// memory returns Reveal's memory.
func (z *Analyzer) memory() *Reveals {
	if z.mem == nil {
		z.mem = new(Reveals)
	}
	return z.mem
}

// reveal is Reveal made in mem, which may be nil (allocate).
func (z *Analyzer) reveal(ctx context.Context, mem *Reveals, base *Analysis, p *game.Puzzle, cell int) (*Analysis, error) {
	sp, err := base.Split.reveal(p, cell, mem)
	if err != nil {
		return nil, err
	}
	z.stats.Reveals++
	o := countOpts{base: base}
	if mem != nil {
		o.into = &mem.a
	}
	return z.count(ctx, sp, o)
}

// Forced returns every unknown cell that is a mine in all of p's
// solutions and every one that is safe in all of them, the mine count
// honoured, as FindForced proves them: by counting where a component fits
// z's budget, by SAT alone where it does not. A puzzle without solutions
// gives ErrNoSolution.
func (z *Analyzer) Forced(ctx context.Context, p *game.Puzzle) (Forced, error) {
	a, err := z.analyze(ctx, p, true)
	if err != nil {
		return Forced{}, fmt.Errorf("exact: forced: %w", err)
	}
	return a.Forced(ctx)
}

// Conflict says why p, a puzzle with no solution, has none: the flags to
// blame when the hints and the total alone have a solution, else the hint
// that propagation finds overfilled or starved, or nothing finer
// (BlameHints, BlameNone). It counts within z's budget, with z's cache;
// past the budget, or on a puzzle with a solution, it blames nothing
// (BlameNone). The result is never nil.
func (z *Analyzer) Conflict(ctx context.Context, p *game.Puzzle) *Conflict {
	return z.conflict(ctx, p, nil)
}
