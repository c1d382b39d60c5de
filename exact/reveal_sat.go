package exact

import (
	"context"
	"slices"

	"github.com/minesat/minesat/game"
)

// revealSatisfiable is Analyzer.RevealSatisfiable, in r's memory (nil:
// allocate).
//
// It decides from the components next to cell alone when it can: the
// others are base's, unchanged, and with a mine total they enter only
// through the sums of their least and largest totals as long as no part
// has two successive totals further apart than the interior can fill (see
// allowedTotalsIn). Its work then grows with the components next to cell,
// not with the board or the number of components; otherwise (a part with
// such a gap, base shrunk or counted under another budget, or a reveal
// that splits p anew) it is the full reveal.
func (z *Analyzer) revealSatisfiable(ctx context.Context, r *Reveals, base *Analysis, p *game.Puzzle, cell int) (bool, error) {
	full := func() (bool, error) {
		a, err := z.reveal(ctx, r, base, p, cell)
		if err != nil {
			return false, err
		}
		return a.Satisfiable(), nil
	}
	sp := base.Split
	if !base.feasible || base.shrank || base.states != z.budget.maxStates() {
		return full()
	}
	var ar *compArena
	mini, into := new(Split), (*Analysis)(nil)
	if r != nil {
		ar, into = &r.comps, &r.a
	}
	var loc revealed
	if !sp.revealLocal(p, cell, ar, &loc) {
		return full()
	}
	if loc.contradiction != nil {
		return false, nil
	}
	left := sp.Left - len(loc.mines)
	if left < 0 && !sp.NoTotal {
		return false, nil
	}
	// The new components counted alone, as Analyze counts them; with
	// NoTotal, so that only their own solutions decide.
	*mini = Split{Puzzle: p, Components: loc.made, Left: left, NoTotal: true}
	z.stats.Reveals++
	a, err := z.count(ctx, mini, countOpts{into: into})
	if err != nil {
		return false, err
	}
	if sp.NoTotal || !a.feasible {
		return a.feasible, nil
	}
	interior := sp.InteriorLen()
	idx := sp.cellIndex()
	for _, i := range loc.drop() {
		if idx[i] == 0 && (i == cell || p.Cells[i].State == game.Unknown) {
			interior--
		}
	}
	sum := base.totalsSummary()
	lo, hi, gap := sum.lo, sum.hi, sum.widestBut(loc.hit)
	for _, h := range loc.hit {
		t := base.totals[h-1] // base not shrunk: its parts are its split's components
		lo, hi = lo-t.min(), hi-t.max()
	}
	for _, t := range a.totals {
		lo, hi, gap = lo+t.min(), hi+t.max(), max(gap, t.maxGap())
	}
	if gap > interior+1 {
		return full()
	}
	return lo <= a.left && hi >= a.left-interior, nil
}

// totalsSummary is what revealSatisfiable reads of an analysis's parts,
// made once: the sums of their least and of their largest totals, and the
// parts with the widest gaps between two successive totals.
type totalsSummary struct {
	lo, hi int
	widest [10]partGap // widest first; more than a reveal can join (9)
}

// partGap is a part's widest gap between two successive totals.
type partGap struct{ part, gap int }

// totalsSummary returns a's summary, made on the first call in O(parts).
// a must be feasible and not shrunk: its parts are its split's components,
// every one counted.
func (a *Analysis) totalsSummary() *totalsSummary {
	a.summaryOnce.Do(func() {
		s := &totalsSummary{}
		for k := range s.widest {
			s.widest[k] = partGap{-1, 0}
		}
		for c, t := range a.totals {
			s.lo, s.hi = s.lo+t.min(), s.hi+t.max()
			g := partGap{c, t.maxGap()}
			for k := range s.widest {
				if g.gap > s.widest[k].gap || s.widest[k].part < 0 {
					g, s.widest[k] = s.widest[k], g
				}
				if g.part < 0 {
					break
				}
			}
		}
		a.summary = s
	})
	return a.summary
}

// widestBut returns the widest gap of a part not in hit (each 1 + a part's
// index), 0 when there is none.
func (s *totalsSummary) widestBut(hit []int32) int {
	for _, g := range s.widest {
		if g.part < 0 {
			break
		}
		if !slices.Contains(hit, int32(g.part+1)) {
			return g.gap
		}
	}
	return 0
}
