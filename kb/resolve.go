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
	for k.workHead < len(k.work) && len(k.kb0) == before {
		id := k.work[k.workHead]
		k.workHead++
		if !k.cls[id].alive {
			continue
		}
		if err := k.resolveWith(id); err != nil {
			return len(k.kb0) - before, err
		}
	}
	if k.workHead == len(k.work) {
		k.work, k.workHead = k.work[:0], 0
	}
	return len(k.kb0) - before, nil
}

// resolveWith resolves clause id against every stored clause it may be
// paired with, then propagates. If a resolvent kills id (subsumes it, or
// settles a literal that satisfies or shrinks it) it stops: the survivor
// takes its place in every later pair.
func (k *KB) resolveWith(id int32) error {
	n := int(k.cls[id].n)
	merge := !k.limits.NoMerge
	short := n <= k.limits.Short || merge
	// Collect the partners first: storing resolvents and propagating may
	// compact the occurrence lists while they are walked.
	cand := k.cand[:0]
	for _, l := range k.litsOf(id) {
		nl := l.Not()
		var list []int32
		if short {
			list = k.live(k.occ.get(nl))
			k.occ.set(nl, list)
		} else {
			list = k.live(k.occShort.get(nl))
			k.occShort.set(nl, list)
		}
		cand = append(cand, list...)
	}
	k.cand = cand
	res := k.res[:0]
	defer func() { k.res = res[:0] }()
	for _, d := range cand {
		if !k.cls[id].alive {
			break
		}
		if !k.cls[d].alive || d == id {
			continue
		}
		dn := int(k.cls[d].n)
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
		if err := k.add(res, rootOrigin(SourceResolution, -1, id, d)); err != nil {
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
