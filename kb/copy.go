package kb

// CopyFrom makes k a copy of src: the same board, limits, clauses, KB0,
// reasons and statistics, so that what either is told next leaves the
// other as it was. It reuses k's memory: a player that plays on from one
// position many times copies into one KB and allocates nothing once it has
// room. Its cost is proportional to src's cells, clauses and occurrence
// lists.
func (k *KB) CopyFrom(src *KB) {
	if k == src {
		return
	}
	k.board, k.limits = src.board, src.limits
	k.val = append(k.val[:0], src.val...)
	k.reason = append(k.reason[:0], src.reason...)
	k.hintN = append(k.hintN[:0], src.hintN...)
	k.kb0 = append(k.kb0[:0], src.kb0...)
	k.lits = append(k.lits[:0], src.lits...)
	k.cls.copyFrom(&src.cls)
	k.occ.copyFrom(&src.occ)
	k.shortOn, k.alive = src.shortOn, src.alive
	k.workNext, k.lastKept = src.workNext, src.lastKept
	k.queue = append(k.queue[:0], src.queue...)
	k.broken, k.stats = src.broken, src.stats
}

// copyFrom makes t a copy of src's records, reusing t's chunks.
func (t *clauseTable) copyFrom(src *clauseTable) {
	t.n = src.n
	used := (int(src.n) + 1<<chunkShift - 1) >> chunkShift
	for len(t.chunks) < used {
		t.chunks = append(t.chunks, new([1 << chunkShift]clauseRec))
	}
	for c := range used {
		n := min(1<<chunkShift, int(src.n)-c<<chunkShift)
		copy(t.chunks[c][:n], src.chunks[c][:n])
	}
}

// copyFrom makes o a copy of src's lists, reusing o's.
func (o *occTable) copyFrom(src *occTable) {
	o.slot = append(o.slot[:0], src.slot...)
	for len(o.lists) < src.used {
		o.lists = append(o.lists, occLists{})
	}
	for i := range src.used {
		d, s := &o.lists[i], &src.lists[i]
		d.all = append(d.all[:0], s.all...)
		d.short = append(d.short[:0], s.short...)
		d.first = append(d.first[:0], s.first...)
	}
	for i := src.used; i < o.used; i++ {
		d := &o.lists[i]
		d.all, d.short, d.first = d.all[:0], d.short[:0], d.first[:0]
	}
	o.used = src.used
}
