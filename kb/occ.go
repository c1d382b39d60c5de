package kb

import "github.com/minesat/minesat/cnf"

// occTable maps each literal to a list (of clause ids, or of firstRefs),
// holding a list only for the literals that were given one: an int32 a
// literal, 8 bytes a cell, and the lists. A slice of lists indexed by
// literal cost 48 bytes a cell for each of KB's three tables even on a
// board where almost no literal has a clause (a big board opened by one
// click: every cell settles by a unit, which no table holds).
type occTable[T any] struct {
	slot  []int32 // per literal: 1 + its list's index in lists, or 0 for none
	lists [][]T   // the lists given, in order; lists[used:] are kept for reuse
	used  int
}

// reset empties the table for n literals, keeping the lists' memory.
func (o *occTable[T]) reset(n int) {
	o.slot = resize(o.slot, n)
	clear(o.slot)
	for i := range o.used {
		o.lists[i] = o.lists[i][:0]
	}
	o.used = 0
}

// get returns l's list; nil if it has none.
func (o *occTable[T]) get(l cnf.Lit) []T {
	if s := o.slot[l]; s > 0 {
		return o.lists[s-1]
	}
	return nil
}

// set makes s l's list.
func (o *occTable[T]) set(l cnf.Lit, s []T) {
	if o.slot[l] == 0 && s == nil {
		return
	}
	o.lists[o.index(l)] = s
}

// add appends v to l's list.
func (o *occTable[T]) add(l cnf.Lit, v T) {
	i := o.index(l)
	o.lists[i] = append(o.lists[i], v)
}

// truncate empties l's list, keeping its memory.
func (o *occTable[T]) truncate(l cnf.Lit) {
	if s := o.slot[l]; s > 0 {
		o.lists[s-1] = o.lists[s-1][:0]
	}
}

// index returns the index of l's list in lists, giving it one (empty) if
// it has none.
func (o *occTable[T]) index(l cnf.Lit) int {
	if s := o.slot[l]; s > 0 {
		return int(s - 1)
	}
	if o.used == len(o.lists) {
		o.lists = append(o.lists, nil)
	}
	o.used++
	o.slot[l] = int32(o.used)
	return o.used - 1
}
