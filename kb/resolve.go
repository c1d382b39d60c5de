package kb

// Resolve runs restricted resolution: it resolves pairs of stored clauses
// that clash on exactly one cell, where one clause of the pair has at most
// Limits.Short literals or (merge resolution, unless Limits.NoMerge) the
// resolvent is no longer than the longer clause, stores each resolvent
// that nothing in the KB subsumes, and propagates the units this produces.
//
// It works as a given-clause loop. Every stored clause is queued once when
// it is stored, and taking it from the queue resolves it against every
// clause stored so far, so each pair is tried exactly when the later of
// its two clauses is taken, and a KB whose queue is empty is closed under
// restricted resolution: a full round of pairwise resolution would add
// nothing (the agent is then stuck). Clauses that KB0 shrinks re-enter the
// queue as new clauses.
//
// Resolve returns early, after the clause in hand, as soon as a literal has
// settled, so that the caller can act on it first; settled counts the
// literals settled by this call. Call it until Pending reports false (or a
// literal settles) to saturate the KB.
//
// Cost: a clause of length n is resolved against the clauses holding the
// negation of one of its literals (only the short ones, if it is long and
// merging is off), so a call costs O(sum of those occurrence lists) merges
// and subset tests of at most max(n, 8) literals each; resolvents are
// never longer than the longer parent under the default restriction.
func (k *KB) Resolve() (settled int, err error) {
	if k.broken != nil {
		return 0, k.broken
	}
	before := len(k.kb0)
	if k.Pending() {
		k.stats.Rounds++
	}
	// The clauses to take are those stored since the last taken, in the
	// order stored: the ids from workNext on that are alive (a unit's
	// record never is).
	for k.workNext <= k.lastKept && len(k.kb0) == before {
		id := k.workNext
		k.workNext++
		if !k.cls.at(id).alive {
			continue
		}
		if err := k.resolveWith(id); err != nil {
			return len(k.kb0) - before, err
		}
	}
	return len(k.kb0) - before, nil
}

// keepShort fills the short lists, kept from now on until Reset: each
// literal's live clauses of at most Limits.Short literals, in the order
// stored, as the lists would hold them (once their dead ids are dropped)
// had they been kept from the start. Only the resolution of a long clause
// without merging reads them, which the fast preset, never resolving, and
// the default limits, merging, never do.
func (k *KB) keepShort() {
	k.shortOn = true
	for id := range int32(k.cls.len()) {
		c := k.cls.at(id)
		if !c.alive || int(c.n) > k.limits.Short {
			continue
		}
		for _, l := range k.litsOf(int32(id)) {
			p := k.occ.get(l)
			p.short = append(p.short, int32(id))
		}
	}
}

// resolveWith resolves clause id against every stored clause it may be
// paired with, then propagates. If a resolvent kills id (subsumes it, or
// settles a literal that satisfies or shrinks it) it stops: the survivor
// takes its place in every later pair.
func (k *KB) resolveWith(id int32) error {
	n := int(k.cls.at(id).n)
	merge := !k.limits.NoMerge
	short := n <= k.limits.Short || merge
	// Collect the partners first: storing resolvents and propagating may
	// compact the occurrence lists while they are walked.
	if !short && !k.shortOn {
		k.keepShort()
	}
	cand := k.cand[:0]
	for _, l := range k.litsOf(id) {
		p := k.occ.get(l.Not())
		if p == nil {
			continue
		}
		if short {
			p.all = k.live(p.all)
			cand = append(cand, p.all...)
		} else {
			p.short = k.live(p.short)
			cand = append(cand, p.short...)
		}
	}
	k.cand = cand
	res := k.res[:0]
	defer func() { k.res = res[:0] }()
	for _, d := range cand {
		if !k.cls.at(id).alive {
			break
		}
		if !k.cls.at(d).alive || d == id {
			continue
		}
		dn := int(k.cls.at(d).n)
		limit := k.limits.MaxLen
		if n > k.limits.Short && dn > k.limits.Short {
			if !merge {
				continue
			}
			limit = min(limit, max(n, dn)) // a merge, or outside the restriction
		}
		var ok bool
		res, ok = resolveMax(res[:0], k.litsOf(id), k.litsOf(d), limit)
		if !ok {
			k.stats.Skipped++
			continue
		}
		k.stats.Resolved++
		if len(res) > 1 && k.alive >= k.limits.MaxClauses {
			k.stats.Dropped++
			continue
		}
		before := k.stats.Added
		var o origin
		o.setRoot(SourceResolution, -1, id, d)
		if err := k.add(res, &o); err != nil {
			return err
		}
		if k.stats.Added > before {
			k.stats.Resolvents++
		}
		if len(k.queue) > 0 {
			if err := k.propagate(); err != nil {
				return err
			}
		}
	}
	return nil
}
