package kb

import "github.com/minesat/minesat/cnf"

// occLists are a literal's occurrence lists.
type occLists struct {
	all   []int32    // ids of the clauses holding the literal (may hold dead ids)
	short []int32    // ids of those of at most Limits.Short literals, kept once needed (see KB.shortOn)
	first []firstRef // the live clauses whose smallest literal it is
}

// firstRef is an entry of a first list: a clause, with its length and
// signature.
type firstRef struct {
	sig   uint64
	id, n int32
}

// occTable maps each literal to its occurrence lists, holding lists only
// for the literals that were given some: an int32 a literal, 8 bytes a
// cell, and the lists. A slice of lists indexed by literal would cost 144
// bytes a cell even on a board where almost no literal has a clause (a big
// board opened by one click: every cell settles by a unit, which no list
// holds). A literal's three lists sit together, found by one look-up: the
// KB reads or writes several of them at once for a literal.
//
// A pointer that get or of returns stays valid until the next call of of
// (which may give a literal lists, moving them all).
type occTable struct {
	slot  []int32    // per literal: 1 + its lists' index in lists, or 0 for none
	lists []occLists // the lists given, in order; lists[used:] are kept for reuse
	used  int
}

// reset empties the table for n literals, keeping the lists' memory.
func (o *occTable) reset(n int) {
	o.slot = resize(o.slot, n)
	clear(o.slot)
	for i := range o.used {
		p := &o.lists[i]
		p.all, p.short, p.first = p.all[:0], p.short[:0], p.first[:0]
	}
	o.used = 0
}

// get returns l's lists, or nil if it has none.
func (o *occTable) get(l cnf.Lit) *occLists {
	if s := o.slot[l]; s > 0 {
		return &o.lists[s-1]
	}
	return nil
}

// of returns l's lists, giving it empty ones if it has none.
func (o *occTable) of(l cnf.Lit) *occLists {
	if s := o.slot[l]; s > 0 {
		return &o.lists[s-1]
	}
	if o.used == len(o.lists) {
		o.lists = append(o.lists, occLists{})
	}
	o.used++
	o.slot[l] = int32(o.used)
	return &o.lists[o.used-1]
}

// all returns the ids of the clauses holding l; nil if it has none.
func (o *occTable) all(l cnf.Lit) []int32 {
	if p := o.get(l); p != nil {
		return p.all
	}
	return nil
}

// first returns the live clauses whose smallest literal is l; nil if none.
func (o *occTable) first(l cnf.Lit) []firstRef {
	if p := o.get(l); p != nil {
		return p.first
	}
	return nil
}
