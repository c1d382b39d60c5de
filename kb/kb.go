package kb

// The clause knowledge base (the course assignment's KB and KB0, done
// right): this file holds the KB and its invariants; clause.go its
// literals and clauses, resolve.go resolution, reason.go the reasons.

import (
	"errors"
	"fmt"
	"slices"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/probe"
)

// ErrContradiction is returned when the knowledge given to a KB has no
// model: a clause became empty, or a literal and its negation were both
// settled. Sound play on a real game never produces it.
var ErrContradiction = errors.New("kb: contradiction")

// assign is a cell's value in KB0.
type assign uint8

const (
	unassigned assign = iota
	assignedMine
	assignedSafe
)

// noClause marks "no clause": an asserted literal's reason, a root's
// missing parents.
const noClause = -1

// clauseRec is one clause of the KB, alive or not. Clauses are immutable:
// simplifying a clause by KB0 kills it and adds the shorter clause, whose
// root stays the clause as first derived, so every reason can be shown as
// it was derived.
//
// A record takes 32 bytes, one a settled cell at least (a unit is recorded
// as its reason): the origin is stored flat, a hint root's cell in p1.
type clauseRec struct {
	off, n int32  // literals are KB.lits[off : off+n]
	sig    uint64 // signature of the literals, for subsumption tests
	root   int32  // the clause as first derived (itself for a root)
	p1, p2 int32  // for a resolvent root: the clauses resolved; for a hint root: p1 the hint's cell; else noClause
	alive  bool   // in the KB (not subsumed, satisfied or shrunk)
	source Source // how the root was derived: SourceHint, SourceResolution or SourceTotal
}

// newClauseRec appends the record of a dead clause with origin o (its own
// root if o.root is noClause) and returns its id. It writes the record in
// place, field by field: a record built aside and copied in was read back
// in 16-byte words just after being written in 4-byte ones, which stalls
// the store-to-load forwarding.
func (k *KB) newClauseRec(off, n int32, sig uint64, o *origin) int32 {
	id := k.cls.add()
	c := k.cls.at(id)
	c.off, c.n, c.sig = off, n, sig
	c.root, c.p1, c.p2, c.source = o.root, o.p1, o.p2, o.source
	if o.root == noClause {
		c.root = id
	}
	if o.source == SourceHint {
		c.p1 = o.hint
	}
	return id
}

// setSimplified makes o the origin of a clause simplified from c: c's
// root, source and hint, and no parents of its own.
func (o *origin) setSimplified(c *clauseRec) {
	o.source, o.root, o.p1, o.p2, o.hint = c.source, c.root, noClause, noClause, c.hint()
}

// hint returns a hint root's cell, or -1.
func (c *clauseRec) hint() int32 {
	if c.source == SourceHint {
		return c.p1
	}
	return -1
}

// origin is where a clause came from. The KB passes origins by pointer and
// sets their fields in place (setRoot, setSimplified): an origin built
// aside and copied into a variable (or an argument) was read back in
// 16-byte words just after being written field by field, which stalls the
// store-to-load forwarding.
type origin struct {
	source Source // how the root was derived: SourceHint, SourceResolution or SourceTotal
	root   int32  // the clause as first derived; noClause in a new root's origin
	p1, p2 int32  // for a resolvent root: the clauses resolved; noClause otherwise
	hint   int32  // for a hint root: the hint's cell; -1 otherwise
}

// setRoot makes o the origin of a clause that is its own root.
func (o *origin) setRoot(r Source, hint, p1, p2 int32) {
	o.source, o.root, o.p1, o.p2, o.hint = r, noClause, p1, p2, hint
}

// Limits bound the resolution a KB performs. The zero value of a field
// selects its default.
type Limits struct {
	// Short is the resolution restriction: a pair of clauses is resolved
	// if one of them has at most Short literals. The default, 2, keeps
	// every resolvent no longer than its longer parent, so clause length
	// never exceeds the longest clause given (8 for a hint) and the KB
	// stays polynomial in the number of cells. A negative Short lifts the
	// restriction (every pair is resolved; resolvents are then bounded
	// by MaxLen and MaxClauses only).
	Short int
	// NoMerge turns off merge resolution. With it on (the default) two
	// long clauses are resolved too when the resolvent is no longer than
	// the longer of them: they share all their other literals but one at
	// most, as the clauses of overlapping hints do. Resolvents then never
	// outgrow their parents either, so clause length never exceeds the
	// longest clause given, and the KB stays polynomial.
	NoMerge bool
	// MaxLen skips resolvents longer than this. The default, 0, means no
	// limit beyond what Short and merging imply.
	MaxLen int
	// MaxClauses stops adding resolvents while the KB holds this many
	// clauses (default 1<<16). Clauses from hints and counts are always
	// added. Stats.Dropped counts the resolvents lost to the bound.
	MaxClauses int
}

// DefaultLimits are the limits New uses: Short 2 with merge resolution, no
// length bound, at most 65536 clauses.
var DefaultLimits = Limits{Short: 2, MaxClauses: 1 << 16}

func (l Limits) withDefaults() Limits {
	if l.Short == 0 {
		l.Short = DefaultLimits.Short
	}
	if l.Short < 0 {
		l.Short = 1 << 30
	}
	if l.MaxLen <= 0 {
		l.MaxLen = 1 << 30
	}
	if l.MaxClauses <= 0 {
		l.MaxClauses = DefaultLimits.MaxClauses
	}
	return l
}

// Stats counts a KB's work since New or Reset.
type Stats struct {
	Added      int // clauses stored
	Subsumed   int // clauses not stored because one in the KB subsumes them
	Removed    int // stored clauses removed because a new one subsumes them
	Satisfied  int // stored clauses removed because KB0 satisfies them
	Resolved   int // resolvents computed (pairs with exactly one clash)
	Skipped    int // pairs that clash on several cells, or whose resolvent is over the length bound
	Resolvents int // resolvents stored (a subset of Added)
	Dropped    int // resolvents dropped by Limits.MaxClauses
	Rounds     int // calls of Resolve that found work to do
}

// KB is a knowledge base over the cells of one board: a set of clauses over
// cell variables plus KB0, the settled literals. It keeps these
// invariants after every exported call returns:
//
//   - no stored clause mentions a cell settled in KB0 (clauses are
//     simplified as literals settle; a clause that would become a unit
//     settles its literal instead);
//   - no stored clause subsumes another, and none is stored twice;
//   - every literal KB0 settles follows from what was given (hints,
//     assertions, counts) by unit propagation and restricted resolution.
//
// Literals and clause ids are plain integers and clauses index by
// literal, so adding a hint costs time in the clauses it touches, not in
// the board. A KB is not safe for concurrent use.
type KB struct {
	board    *game.Board
	limits   Limits
	val      []assign    // KB0 by cell
	reason   []int32     // per settled cell: the clause that settled it, or noClause
	hintN    []uint8     // per opened cell: its hint, as given to AddHint
	kb0      []cnf.Lit   // settled literals in the order they settled
	lits     []cnf.Lit   // arena of every clause's literals
	cls      clauseTable // the clause records, by id
	occ      occTable    // per literal: the clauses holding it
	shortOn  bool        // the short lists are kept (Resolve has needed them since Reset)
	alive    int         // stored clauses
	workNext int32       // the first clause id not yet resolved against the KB
	lastKept int32       // the id of the clause last stored, or -1
	queue    []cnf.Lit   // settled literals whose clauses are not yet simplified
	scratch  []cnf.Lit
	cand     []int32
	res      []cnf.Lit
	broken   error // set once a contradiction is found; every later call returns it
	stats    Stats
}

// New returns an empty KB over board b with the default limits.
func New(b *game.Board) *KB {
	return NewWithLimits(b, DefaultLimits)
}

// NewWithLimits returns an empty KB over board b with the given resolution
// limits.
func NewWithLimits(b *game.Board, l Limits) *KB {
	probe.KBs.Add(1)
	k := &KB{limits: l.withDefaults()}
	k.Reset(b)
	return k
}

// Reset empties the KB for a new game on board b, keeping its memory.
func (k *KB) Reset(b *game.Board) {
	n := b.Len()
	k.board = b
	k.val = resize(k.val, n)
	clear(k.val)
	k.reason = resize(k.reason, n)
	k.hintN = resize(k.hintN, n)
	// Every cell settles at most once, most by a unit recorded as its
	// reason: room for a settled literal and a unit's literal a cell from
	// the start, rather than doubling (and copying) up to three times that
	// on a big board.
	// The clauses kept besides (hints next to mines, resolvents) get a
	// margin, so that a board opened by one flood, a unit a cell and a few
	// more, does not grow the literals by a quarter for them. The records
	// grow by chunks, never copied (clauseTable).
	k.kb0 = resize(k.kb0, n)[:0]
	k.lits = resize(k.lits, n+n/16+256)[:0]
	k.cls.reset()
	k.occ.reset(2*n + 2)
	k.shortOn = false
	k.alive = 0
	k.workNext, k.lastKept = 0, -1
	k.queue = k.queue[:0]
	k.broken = nil
	k.stats = Stats{}
}

func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// Board returns the board the KB reasons about.
func (k *KB) Board() *game.Board { return k.board }

// Limits returns the KB's resolution limits, defaults filled in.
func (k *KB) Limits() Limits { return k.limits }

// Stats returns the work done since New or Reset.
func (k *KB) Stats() Stats { return k.stats }

// Len returns the number of clauses stored.
func (k *KB) Len() int { return k.alive }

// Value reports what KB0 knows of cell i: known is false if the cell is not
// settled; otherwise mine says which way it settled.
func (k *KB) Value(i int) (mine, known bool) {
	switch k.val[i] {
	case assignedMine:
		return true, true
	case assignedSafe:
		return false, true
	}
	return false, false
}

// Settled returns KB0, the settled literals, in the order they settled. The
// slice is shared and grows as literals settle: callers must not modify it,
// and may remember its length to find the literals settled since.
func (k *KB) Settled() []cnf.Lit { return k.kb0 }

// Clauses returns a copy of the stored clauses, in the order they were
// stored.
func (k *KB) Clauses() []cnf.Clause {
	out := make([]cnf.Clause, 0, k.alive)
	for id := range int32(k.cls.len()) {
		if k.cls.at(id).alive {
			out = append(out, append(cnf.Clause(nil), k.litsOf(int32(id))...))
		}
	}
	return out
}

// Pending reports whether resolution has clauses left to try: if not, a
// call of Resolve would add nothing.
func (k *KB) Pending() bool { return k.workNext <= k.lastKept }

// Err returns the contradiction found so far, or nil.
func (k *KB) Err() error { return k.broken }

// Assert settles literal l (a cell opened safe, a mine flagged, a cell
// proved by SAT) and propagates it. Asserting a settled literal again does
// nothing; asserting its negation is a contradiction.
func (k *KB) Assert(l cnf.Lit) error {
	if k.broken != nil {
		return k.broken
	}
	if err := k.settle(l, noClause); err != nil {
		return err
	}
	return k.propagate()
}

// AddHint records that cell i was opened and shows hint n: the cell is
// safe, and exactly n - (settled mines among its neighbours) of its
// unsettled neighbours hold mines, added as binomial clauses (at most
// C(8,4)+C(8,4) = 140 of them) and propagated.
func (k *KB) AddHint(i, n int) error {
	if k.broken != nil {
		return k.broken
	}
	if n < 0 || n > 8 {
		return fmt.Errorf("kb: hint %d at %v: want 0..8", n, k.board.Pos(i))
	}
	if err := k.settle(SafeLit(i), noClause); err != nil {
		return err
	}
	if err := k.propagate(); err != nil {
		return err
	}
	k.hintN[i] = uint8(n)
	hint := n
	var cells [8]int
	free := cells[:0]
	for _, j := range k.board.Neighbors(i) {
		switch k.val[j] {
		case unassigned:
			free = append(free, int(j))
		case assignedMine:
			n--
		}
	}
	if n < 0 || n > len(free) {
		return k.fail(fmt.Errorf("kb: hint %d at %v: %d unsettled neighbours must hold %d mines: %w",
			hint, k.board.Pos(i), len(free), n, ErrContradiction))
	}
	var from origin
	from.setRoot(SourceHint, int32(i), noClause, noClause)
	if err := k.addBinomial(free, n, &from); err != nil {
		return k.fail(err)
	}
	return k.propagate()
}

// addBinomial adds the binomial encoding of "exactly n of cells hold
// mines" (cells increasing, 0 <= n <= len(cells)), clause by clause in the
// order cnf.Binomial writes them, with origin from: a unit per cell when n
// is 0 or every cell; otherwise every n+1 cells have a safe one, then every
// len(cells)-n+1 cells have a mine, each set of cells visited in
// lexicographic order (cnf.NextSubset). It writes the clauses itself: going
// through the cnf writer's buffers and calls cost as much as adding them.
// A hint's at most 8 cells take no allocation. Every cell is unsettled,
// and a unit settles no other cell, nor does storing clauses of two or
// more literals: KB0 leaves each clause as it is, so it goes to store.
func (k *KB) addBinomial(cells []int, n int, from *origin) error {
	m := len(cells)
	var smallBuf [8]cnf.Lit
	var smallIdx [8]int
	buf, idx := smallBuf[:], smallIdx[:]
	if m > len(smallBuf) {
		buf, idx = make([]cnf.Lit, m), make([]int, m)
	}
	if n == 0 || n == m {
		for _, c := range cells {
			buf[0] = CellLit(c, n != 0)
			if err := k.store(buf[:1], from); err != nil {
				return err
			}
		}
		return nil
	}
	for _, sub := range [2]struct {
		size int
		mine bool
	}{{n + 1, false}, {m - n + 1, true}} {
		size := sub.size
		for i := range size {
			idx[i] = i
		}
		for {
			for j, i := range idx[:size] {
				buf[j] = CellLit(cells[i], sub.mine)
			}
			if err := k.store(buf[:size], from); err != nil {
				return err
			}
			if !cnf.NextSubset(idx[:size], m) {
				break
			}
		}
	}
	return nil
}

// AddTotal records that exactly n of cells hold mines (the global mine
// count: cells are every cell not yet opened, n the level's mines). Settled
// cells are taken out first. The constraint is added as binomial clauses
// only if it needs at most maxClauses of them; added reports whether it
// was.
func (k *KB) AddTotal(cells []int, n, maxClauses int) (added bool, err error) {
	if k.broken != nil {
		return false, k.broken
	}
	free := make([]int, 0, len(cells))
	for _, j := range cells {
		switch k.val[j] {
		case unassigned:
			free = append(free, j)
		case assignedMine:
			n--
		}
	}
	if n < 0 || n > len(free) {
		return false, k.fail(fmt.Errorf("kb: %d mines left for %d unsettled cells: %w", n, len(free), ErrContradiction))
	}
	if cnf.BinomialSize(len(free), n) > maxClauses {
		return false, nil
	}
	slices.Sort(free)
	var from origin
	from.setRoot(SourceTotal, -1, noClause, noClause)
	if err := k.addBinomial(free, n, &from); err != nil {
		return false, k.fail(err)
	}
	return true, k.propagate()
}

func (k *KB) fail(err error) error {
	if k.broken == nil {
		k.broken = err
	}
	return k.broken
}

func (k *KB) litsOf(id int32) []cnf.Lit {
	c := k.cls.at(id)
	return k.lits[c.off : c.off+c.n]
}

// live compacts list in place, dropping dead clause ids, and returns it.
// A list with no dead id is returned as it is, without writing to it.
func (k *KB) live(list []int32) []int32 {
	for i, id := range list {
		if !k.cls.at(id).alive {
			out := list[:i]
			for _, id := range list[i+1:] {
				if k.cls.at(id).alive {
					out = append(out, id)
				}
			}
			return out
		}
	}
	return list
}

// settle puts l in KB0 with the clause that forced it (noClause when
// asserted) and queues it for propagation.
func (k *KB) settle(l cnf.Lit, why int32) error {
	c := CellOf(l)
	want := assignedMine
	if !IsMine(l) {
		want = assignedSafe
	}
	switch k.val[c] {
	case want:
		return nil
	case unassigned:
		k.val[c] = want
		k.reason[c] = why
		k.kb0 = append(k.kb0, l)
		k.queue = append(k.queue, l)
		return nil
	}
	return k.fail(fmt.Errorf("kb: %v is settled both as a mine and as safe: %w", k.board.Pos(c), ErrContradiction))
}

// propagate simplifies the clauses by every queued literal, settling the
// literals of the clauses that become units, to a fixpoint.
func (k *KB) propagate() error {
	for len(k.queue) > 0 {
		l := k.queue[len(k.queue)-1]
		k.queue = k.queue[:len(k.queue)-1]
		if p := k.occ.get(l); p != nil {
			p.first = p.first[:0] // first, so that kill need not search it
			for _, id := range p.all {
				if k.cls.at(id).alive {
					k.kill(id) // moves no lists
					k.stats.Satisfied++
				}
			}
			p.all, p.short = p.all[:0], p.short[:0]
		}
		nl := l.Not()
		p := k.occ.get(nl)
		if p == nil {
			continue
		}
		// Every clause holding -l shrinks. The list is detached first: the
		// shorter clauses never hold -l, so nothing is appended to it.
		list := p.all
		p.all, p.short, p.first = nil, p.short[:0], p.first[:0]
		for _, id := range list {
			if !k.cls.at(id).alive {
				continue
			}
			k.kill(id)
			var o origin
			o.setSimplified(k.cls.at(id))
			if err := k.add(k.litsOf(id), &o); err != nil {
				return err
			}
		}
		k.occ.get(nl).all = list[:0] // add may have moved the lists
	}
	return k.broken
}

// kill removes clause id: it is marked dead, left in the all and short
// lists (walks skip it or drop it, see live), and taken out of its first
// list at once, since subsumption checks scan the first lists and would
// otherwise read dead entries there until a compaction. It gives no
// literal lists, so it moves none.
func (k *KB) kill(id int32) {
	c := k.cls.at(id)
	c.alive = false
	k.alive--
	p := k.occ.get(k.lits[c.off])
	for i, r := range p.first {
		if r.id == id {
			last := len(p.first) - 1
			p.first[i] = p.first[last]
			p.first = p.first[:last]
			break
		}
	}
}

// add simplifies c by KB0 and stores it unless something in the KB
// subsumes it, removing the clauses it subsumes. A clause that simplifies
// to a unit settles its literal instead (propagated by the caller's next
// propagate). o gives the provenance: a new root has o.root == noClause; a
// clause simplified from another keeps that clause's root. c may alias the
// arena: it is copied before the arena grows.
func (k *KB) add(c []cnf.Lit, o *origin) error {
	s := k.scratch[:0]
	for _, l := range c {
		switch k.val[CellOf(l)] {
		case unassigned:
			s = append(s, l)
		case assignedMine:
			if IsMine(l) {
				k.scratch = s
				return nil // satisfied
			}
		case assignedSafe:
			if !IsMine(l) {
				k.scratch = s
				return nil
			}
		}
	}
	k.scratch = s
	return k.store(s, o)
}

// store is add for a clause s that KB0 leaves as it is: every literal
// unsettled. s may alias the arena or the scratch (it is read after the
// arena grows: the old array keeps its contents).
func (k *KB) store(s []cnf.Lit, o *origin) error {
	switch len(s) {
	case 0:
		return k.fail(fmt.Errorf("kb: a clause became empty: %w", ErrContradiction))
	case 1:
		// A unit is recorded, so that its literal has a reason, but never
		// stored: it settles instead.
		id := k.newClauseRec(int32(len(k.lits)), 1, signature(s), o)
		k.lits = append(k.lits, s[0])
		return k.settle(s[0], id)
	}
	sig := signature(s)
	if k.subsumed(s, sig) {
		k.stats.Subsumed++
		return nil
	}
	k.removeSubsumedBy(s, sig)
	k.keep(s, sig, o)
	return nil
}

// keep stores clause s (of two literals or more, signature sig) as it is,
// alive, and returns its id.
func (k *KB) keep(s []cnf.Lit, sig uint64, o *origin) int32 {
	id := k.newClauseRec(int32(len(k.lits)), int32(len(s)), sig, o)
	k.lits = append(k.lits, s...)
	k.cls.at(id).alive = true
	k.alive++
	k.stats.Added++
	k.lastKept = id
	short := k.shortOn && len(s) <= k.limits.Short
	for x, l := range s {
		p := k.occ.of(l)
		p.all = append(p.all, id)
		if x == 0 {
			p.first = append(p.first, firstRef{sig: sig, id: id, n: int32(len(s))})
		}
		if short {
			p.short = append(p.short, id)
		}
	}
	return id
}

// subsumed reports whether a stored clause is a subset of c (sorted, of
// two literals or more). A subset of c holds its own smallest literal,
// which is in c, so the candidates are the clauses in the first lists for each literal of c: each stored clause
// is looked at once at most. A candidate indexed under c[i] is a subset of
// c[i:], so it has at most len(c)-i literals, and since stored clauses have
// two or more, c's last literal has none. The index holds each clause's
// length and signature, so that most candidates are rejected without
// reading the clause, and only live clauses (see kill).
func (k *KB) subsumed(c []cnf.Lit, sig uint64) bool {
	for i, l := range c[:len(c)-1] {
		room := int32(len(c) - i)
		for _, r := range k.occ.first(l) {
			if r.n > room || r.sig&^sig != 0 {
				continue
			}
			d := k.cls.at(r.id)
			if subset(k.lits[d.off:d.off+d.n], c[i:]) {
				return true
			}
		}
	}
	return false
}

// removeSubsumedBy removes the stored clauses that c, of signature sig,
// subsumes. A superset of c holds every literal of c, so it suffices to
// scan the shortest occurrence list among c's literals.
func (k *KB) removeSubsumedBy(c []cnf.Lit, sig uint64) {
	best := k.occ.all(c[0])
	for _, l := range c[1:] {
		if list := k.occ.all(l); len(list) < len(best) {
			best = list
		}
	}
	for _, d := range best {
		r := k.cls.at(d)
		if !r.alive || r.n <= int32(len(c)) || sig&^r.sig != 0 {
			continue
		}
		if subset(c, k.lits[r.off:r.off+r.n]) {
			k.kill(d)
			k.stats.Removed++
		}
	}
}
