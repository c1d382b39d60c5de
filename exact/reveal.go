package exact

import (
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
	var ar *compArena
	if r != nil {
		ar = &r.comps
	}
	var loc revealed
	if !sp.revealLocal(p, cell, ar, &loc) {
		return NewSplit(p)
	}
	var out *Split
	var kept []*Component // memory for out.Components
	if r != nil {
		out, kept = &r.split, r.split.Components[:0]
	} else {
		out = new(Split)
	}
	*out = Split{Puzzle: p, Flags: sp.Flags, Left: sp.Left, NoTotal: sp.NoTotal}
	if out.Contradiction = loc.contradiction; out.Contradiction != nil {
		return out, nil
	}
	if n := len(sp.Components) - len(loc.hit) + len(loc.made); n > 0 {
		if cap(kept) < n {
			kept = make([]*Component, 0, n)
		}
		out.Components = kept
	}
	out.Components = mergeComponents(out.Components, sp.Components, loc.hit, loc.made)
	out.Mines = merged(sp.Mines, loc.mines)
	out.Safe = merged(sp.Safe, loc.safes)
	out.Left -= len(loc.mines)
	// The interior loses cell and its closed neighbours, now settled or on
	// the frontier. out shares sp's interior and lists the cells it lost
	// (sp's interior is built first if sp lost cells of its own).
	out.interior = sp.Interior()
	for _, i := range loc.drop() {
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

// revealed is what a new hint changes in a split (revealLocal): the
// components it joins again and those they become, the cells propagation
// settles, or a contradiction.
type revealed struct {
	cell          int
	nbrs          []int32 // cell's neighbours
	hitBuf        [9]int32
	hit           []int32 // 1 + each component of the split next to cell, in hitBuf
	contradiction error   // the hints have no solution; the rest is unset
	mines, safes  []int   // cells settled now
	made          []*Component
}

// drop returns cell and its neighbours, increasing: the cells the interior
// may lose.
func (loc *revealed) drop() []int {
	var gone [9]int
	gone[0] = loc.cell
	for k, j := range loc.nbrs {
		gone[k+1] = int(j)
	}
	drop := gone[:1+len(loc.nbrs)]
	slices.Sort(drop)
	return drop
}

// revealLocal propagates and joins again the components of sp next to
// cell, revealed in p, with the new hint's closed neighbours, into loc (the
// new components in ar's memory when ar is not nil). Its work grows with
// those components, not with the board: it reads sp's index of cells
// (cellIndex) and touches the scratch only around them. It reports false
// when Reveal must split p anew: sp has a Contradiction, p does not fit
// sp's board, or cell is not a closed cell sp left undecided.
func (sp *Split) revealLocal(p *game.Puzzle, cell int, ar *compArena, loc *revealed) bool {
	if sp.Contradiction != nil || p == nil || sp.Puzzle == nil || p.Board != sp.Puzzle.Board ||
		len(p.Cells) != p.Board.Len() || cell < 0 || cell >= len(p.Cells) || p.Cells[cell].State != game.Revealed {
		return false
	}
	idx := sp.cellIndex()
	if idx[cell] < 0 || (sp.Puzzle != p && sp.Puzzle.Cells[cell].State != game.Unknown) {
		return false
	}
	b := p.Board
	*loc = revealed{cell: cell, nbrs: b.Neighbors(cell)}
	hit := loc.hitBuf[:0]
	touch := func(i int) {
		if c := idx[i]; c > 0 && !slices.Contains(hit, c) {
			hit = append(hit, c)
		}
	}
	touch(cell)
	for _, j := range loc.nbrs {
		touch(int(j))
	}
	loc.hit = hit

	sc := getSplitScratch(len(p.Cells))
	defer splitScratchPool.Put(sc)
	// The cells the scratch is read and written at: cell, the hints of the
	// components hit and the neighbours of both. Their settled values come
	// from idx; after, they are cleared again, so the scratch stays clean.
	around := sc.around[:0]
	around = append(append(around, int32(cell)), loc.nbrs...)
	for _, c := range hit {
		for _, con := range sp.Components[c-1].cons {
			around = append(append(around, int32(con.hint)), b.Neighbors(con.hint)...)
		}
	}
	value := sc.value // per cell: settled by sp or now
	for _, i := range around {
		switch idx[i] {
		case cellMine:
			value[i] = mine
		case cellSafe:
			value[i] = safe
		}
	}
	defer func() { sc.around = sc.clearAround(around) }()

	// The hints to propagate again: those of the components hit, with cell
	// no longer free, and the new one. need and free are as in NewSplit.
	need, free := sc.need, sc.free
	size := 8 // the new hint's neighbours
	for _, c := range hit {
		size += len(sp.Components[c-1].Cells)
	}
	// the cells that may be undecided, and the hints propagated again, in
	// the scratch NewSplit uses for its own
	cells, hints := slices.Grow(sc.front[:0], size), slices.Grow(sc.hints[:0], size)
	defer func() { sc.front, sc.hints = cells[:0], hints[:0] }()
	cells, hints = sc.reopen(sp, hit, cell, cells, hints)
	nd, fr := int32(p.Cells[cell].Hint), int32(0)
	for _, j := range loc.nbrs {
		switch {
		case p.Cells[j].State == game.Flagged || (p.Cells[j].State == game.Unknown && value[j] == mine):
			nd--
		case p.Cells[j].State == game.Unknown && value[j] == undecided:
			fr++
			if idx[j] == 0 {
				cells = append(cells, int(j)) // interior until now
			}
		}
	}
	need[cell], free[cell] = nd, fr
	hints = append(hints, cell)

	queue := sc.queue[:0]
	for _, h := range hints {
		queue = append(queue, int32(h))
	}
	if loc.contradiction = sc.propagate(p, queue); loc.contradiction != nil {
		return true
	}
	for _, j := range sc.settled {
		if value[j] == mine {
			loc.mines = append(loc.mines, int(j))
		} else {
			loc.safes = append(loc.safes, int(j))
		}
	}

	// Join the cells left undecided through those hints, as NewSplit
	// does, and number the new components by their first cell.
	slices.Sort(cells)
	slices.Sort(hints)
	sc.join(p, hints)
	loc.made = sc.components(p, hints, cells, ar)
	return true
}

// mergeComponents appends to dst the components of old but those hit
// names (each 1 + an index in old), and those of made, ordered by first
// cell, as old and made each are: a merge, in O(len(old)+len(made)).
func mergeComponents(dst, old []*Component, hit []int32, made []*Component) []*Component {
	for c, co := range old {
		if slices.Contains(hit, int32(c+1)) {
			continue
		}
		for len(made) > 0 && made[0].Cells[0] < co.Cells[0] {
			dst, made = append(dst, made[0]), made[1:]
		}
		dst = append(dst, co)
	}
	return append(dst, made...)
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

// Reveals holds the memory of analyses made one after the other, each
// dropped before the next is made, as a lookahead makes them for the hint
// values of the cell it weighs: what each takes for itself (the Analysis,
// its Split and the components the new hint forms) it takes from here
// instead of allocating. An Analyzer holds one for its Reveal; a caller
// that keeps several analyses at once holds several (Analyzer.RevealIn).
// The zero value is ready to use; a nil *Reveals allocates. A Reveals is
// not safe for concurrent use.
type Reveals struct {
	a     Analysis
	split Split
	comps compArena
}

// reopen appends to cells the cells of sp's components in hit (each 1 + a
// component's index) but cell, and to hints their hints, with need and
// free set as NewSplit keeps them and cell no longer free.
func (sc *splitScratch) reopen(sp *Split, hit []int32, cell int, cells, hints []int) ([]int, []int) {
	for _, c := range hit {
		co := sp.Components[c-1]
		for _, i := range co.Cells {
			if i != cell {
				cells = append(cells, i)
			}
		}
		for _, con := range co.cons {
			h := con.hint
			sc.need[h], sc.free[h] = int32(con.need), int32(len(con.vars))
			for _, v := range con.vars {
				if co.Cells[v] == cell {
					sc.free[h]--
				}
			}
			hints = append(hints, h)
		}
	}
	return cells, hints
}
