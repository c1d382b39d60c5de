package exact

import (
	"cmp"
	"context"
	"slices"

	"github.com/minesat/minesat/game"
)

// Reveal returns the Split of p, where p is sp's puzzle with cell, closed
// there, now revealed: the same Split as NewSplit(p), made from sp's work.
// A new hint can only change the components next to it, so only those are
// propagated and joined again, the new hint's closed neighbours with them;
// every other component is sp's own, shared. p must agree with sp's puzzle
// everywhere but at cell (this is not checked). A lookahead, which splits a
// position once for every hint value each guess could show, does this
// instead of splitting the whole board again.
//
// When sp has a Contradiction, or propagation settles cell in sp, Reveal is
// NewSplit(p).
func (sp *Split) Reveal(p *game.Puzzle, cell int) (*Split, error) {
	return sp.reveal(p, cell, nil)
}

// reveal is Reveal, its Split and new components in r's memory when r is
// not nil.
func (sp *Split) reveal(p *game.Puzzle, cell int, r *Reveals) (*Split, error) {
	if sp.Contradiction != nil || p == nil || sp.Puzzle == nil || p.Board != sp.Puzzle.Board ||
		len(p.Cells) != p.Board.Len() || cell < 0 || cell >= len(p.Cells) || p.Cells[cell].State != game.Revealed {
		return NewSplit(p)
	}
	b := p.Board
	sc := getSplitScratch(len(p.Cells))
	defer splitScratchPool.Put(sc)
	value := sc.value // per cell: settled by sp or now
	for _, i := range sp.Mines {
		value[i] = mine
	}
	for _, i := range sp.Safe {
		value[i] = safe
	}
	if value[cell] != undecided || (sp.Puzzle != p && sp.Puzzle.Cells[cell].State != game.Unknown) {
		return NewSplit(p)
	}
	old := sc.comp // per cell: 1 + its component in sp, 0 for none
	for c, co := range sp.Components {
		for _, i := range co.Cells {
			old[i] = int32(c + 1)
		}
	}
	var hitBuf [9]int32
	hit := hitBuf[:0] // 1 + each component next to cell
	touch := func(i int) {
		if c := old[i]; c > 0 && !slices.Contains(hit, c) {
			hit = append(hit, c)
		}
	}
	touch(cell)
	for _, j := range b.Neighbors(cell) {
		touch(int(j))
	}

	// The hints to propagate again: those of the components hit, with cell
	// no longer free, and the new one. need and free are as in NewSplit.
	need, free := sc.need, sc.free
	size := 8
	for _, c := range hit {
		size += len(sp.Components[c-1].Cells)
	}
	// the cells that may be undecided, and the hints propagated again, in
	// the scratch NewSplit uses for its own
	cells, hints := slices.Grow(sc.front[:0], size), slices.Grow(sc.hints[:0], size)
	defer func() { sc.front, sc.hints = cells[:0], hints[:0] }()
	for _, c := range hit {
		co := sp.Components[c-1]
		for _, i := range co.Cells {
			if i != cell {
				cells = append(cells, i)
			}
		}
		for _, con := range co.cons {
			h := con.hint
			need[h], free[h] = int32(con.need), int32(len(con.vars))
			for _, v := range con.vars {
				if co.Cells[v] == cell {
					free[h]--
				}
			}
			hints = append(hints, h)
		}
	}
	nd, fr := int32(p.Cells[cell].Hint), int32(0)
	for _, j := range b.Neighbors(cell) {
		switch {
		case p.Cells[j].State == game.Flagged || (p.Cells[j].State == game.Unknown && value[j] == mine):
			nd--
		case p.Cells[j].State == game.Unknown && value[j] == undecided:
			fr++
			if old[j] == 0 {
				cells = append(cells, int(j)) // interior until now
			}
		}
	}
	need[cell], free[cell] = nd, fr
	hints = append(hints, cell)

	var out *Split
	var kept []*Component // memory for out.Components
	if r != nil {
		out, kept = &r.split, r.split.Components[:0]
	} else {
		out = new(Split)
	}
	*out = Split{Puzzle: p, Flags: sp.Flags, Left: sp.Left, NoTotal: sp.NoTotal}
	queue := sc.queue[:0]
	for _, h := range hints {
		queue = append(queue, int32(h))
	}
	if out.Contradiction = sc.propagate(p, queue); out.Contradiction != nil {
		return out, nil
	}
	var mines, safes []int // cells settled now
	for _, j := range sc.settled {
		if value[j] == mine {
			mines = append(mines, int(j))
		} else {
			safes = append(safes, int(j))
		}
	}

	// Join the cells left undecided through those hints, as NewSplit
	// does, and number the new components by their first cell.
	slices.Sort(cells)
	slices.Sort(hints)
	sc.join(p, hints)
	var ar *compArena
	if r != nil {
		ar = &r.comps
	}
	made := sc.components(p, hints, cells, ar)

	if n := len(sp.Components) - len(hit) + len(made); n > 0 {
		if cap(kept) < n {
			kept = make([]*Component, 0, n)
		}
		out.Components = kept
	}
	for c, co := range sp.Components {
		if !slices.Contains(hit, int32(c+1)) {
			out.Components = append(out.Components, co)
		}
	}
	out.Components = append(out.Components, made...)
	slices.SortFunc(out.Components, func(x, y *Component) int { return cmp.Compare(x.Cells[0], y.Cells[0]) })
	out.Mines = merged(sp.Mines, mines)
	out.Safe = merged(sp.Safe, safes)
	out.Left -= len(mines)
	// The interior loses cell and its closed neighbours, now settled or on
	// the frontier. out shares sp's interior and lists the cells it lost
	// (sp's interior is built first if sp lost cells of its own).
	var gone [9]int
	gone[0] = cell
	for k, j := range b.Neighbors(cell) {
		gone[k+1] = int(j)
	}
	drop := gone[:1+len(b.Neighbors(cell))]
	slices.Sort(drop)
	out.interior = sp.Interior()
	for _, i := range drop {
		if _, found := slices.BinarySearch(out.interior, i); found {
			out.gone[out.ngone] = i
			out.ngone++
		}
	}
	if out.ngone == len(out.interior) {
		out.interior, out.ngone = nil, 0 // as NewSplit leaves it
	}
	return out, nil
}

// merged returns the increasing union of the increasing s and the
// unordered, disjoint extra: s itself when extra is empty, a new slice
// otherwise.
func merged(s, extra []int) []int {
	if len(extra) == 0 {
		return s
	}
	out := make([]int, 0, len(s)+len(extra))
	out = append(append(out, s...), extra...)
	slices.Sort(out)
	return out
}

// AnalyzeReveal is AnalyzeCached for p, where p is base's puzzle with
// cell, closed there, now revealed: it splits p from base's Split (see
// Split.Reveal), and is otherwise the same analysis, bit for bit.
func AnalyzeReveal(ctx context.Context, base *Analysis, p *game.Puzzle, cell int, budget Budget, c *Cache) (*Analysis, error) {
	return (*Reveals)(nil).Analyze(ctx, base, p, cell, budget, c)
}

// Reveals holds the memory of analyses made one after the other, each
// dropped before the next is made, as a lookahead makes them for the hint
// values of the cell it weighs: what each takes for itself (the Analysis,
// its Split and the components the new hint forms) it takes from here
// instead of allocating. The zero value is ready to use; a nil *Reveals
// allocates, as AnalyzeReveal does. A Reveals is not safe for concurrent
// use.
type Reveals struct {
	a     Analysis
	split Split
	comps compArena
}

// Analyze is AnalyzeReveal, the same analysis bit for bit, made in r's
// memory: the Analysis returned, its Split and its components are valid
// until the next call on r, which overwrites them. base must not be r's
// own (an analysis two moves ahead needs a second Reveals). What the
// cache keeps (the counted diagrams) is never r's, so it outlives the
// analysis.
func (r *Reveals) Analyze(ctx context.Context, base *Analysis, p *game.Puzzle, cell int, budget Budget, c *Cache) (*Analysis, error) {
	sp, err := base.Split.reveal(p, cell, r)
	if err != nil {
		return nil, err
	}
	var into *Analysis
	if r != nil {
		into = &r.a
	}
	return analyzeSplitInto(ctx, into, sp, budget, false, c, base)
}
