package api

import (
	"crypto/rand"
	"encoding/hex"
	"slices"
	"sync"
	"time"
)

// store holds the sessions, at most max of them and at most maxCells
// cells of boards in all, each for at most idle after its last use. A
// game is dropped only when idle too long or deleted, never to make room:
// a new game that does not fit is refused. The ids of the games dropped
// for idleness are remembered (the last max of them), so that asking for
// one says it is gone rather than that it never was.
type store struct {
	mu       sync.Mutex
	max      int
	maxCells int
	idle     time.Duration
	now      func() time.Time
	m        map[string]*session
	cells    int // the cells of the boards in m
	gone     goneIDs
}

func newStore(max, maxCells int, idle time.Duration, now func() time.Time) *store {
	return &store{max: max, maxCells: maxCells, idle: idle, now: now, m: make(map[string]*session), gone: goneIDs{max: max}}
}

// room refuses (with full) a game of n cells that the store, once the
// games idle too long are dropped, has no room for; nil when it fits.
func (st *store) room(n int) *Refusal {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireLocked()
	return st.roomLocked(n)
}

// roomLocked is room, the caller holding st.mu and having expired the
// idle games.
func (st *store) roomLocked(n int) *Refusal {
	switch {
	case len(st.m) >= st.max:
		return refuse(CodeFull, "no room for a new game: this server holds %d games, its most (--max-games); a game is let go after %v unused", len(st.m), st.idle)
	case st.cells+n > st.maxCells:
		return refuse(CodeFull, "no room for a new game of %d cells: the games this server holds have %d cells of its %d (--max-held-cells); a game is let go after %v unused",
			n, st.cells, st.maxCells, st.idle)
	}
	return nil
}

// add stores s under a new id, after dropping the games idle too long;
// it refuses (with full) when s does not fit beside the games held.
func (st *store) add(s *session) *Refusal {
	st.mu.Lock()
	defer st.mu.Unlock()
	now := st.expireLocked()
	n := s.g.Board().Len()
	if err := st.roomLocked(n); err != nil {
		return err
	}
	s.id = newID()
	s.used = now
	st.m[s.id] = s
	st.cells += n
	return nil
}

// expire drops the games idle too long.
func (st *store) expire() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireLocked()
}

// expireLocked drops the games idle too long, the caller holding st.mu,
// and returns the time it took as now.
func (st *store) expireLocked() time.Time {
	now := st.now()
	for id, x := range st.m {
		if now.Sub(x.used) > st.idle {
			st.drop(id)
			st.gone.add(id)
		}
	}
	return now
}

// drop removes session id, the caller holding st.mu.
func (st *store) drop(id string) bool {
	s, ok := st.m[id]
	if ok {
		st.cells -= s.g.Board().Len()
		delete(st.m, id)
	}
	return ok
}

// get returns the session id and marks it used; nil when there is none,
// gone telling whether it was dropped for idleness (now, or before).
func (st *store) get(id string) (s *session, gone bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s = st.m[id]
	if s == nil {
		return nil, st.gone.has(id)
	}
	now := st.now()
	if now.Sub(s.used) > st.idle {
		st.drop(id)
		st.gone.add(id)
		return nil, true
	}
	s.used = now
	return s, false
}

// remove drops session id, reporting whether there was one.
func (st *store) remove(id string) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.drop(id)
}

// goneIDs remembers the last max ids of games dropped for idleness.
type goneIDs struct {
	max   int
	ids   map[string]struct{}
	order []string // oldest first; the ids of ids
}

func (g *goneIDs) add(id string) {
	if g.ids == nil {
		g.ids = make(map[string]struct{})
	}
	if len(g.order) >= g.max {
		delete(g.ids, g.order[0])
		g.order = slices.Delete(g.order, 0, 1)
	}
	g.ids[id] = struct{}{}
	g.order = append(g.order, id)
}

func (g *goneIDs) has(id string) bool {
	_, ok := g.ids[id]
	return ok
}

// size returns the number of sessions held and their cells.
func (st *store) size() (games, cells int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.m), st.cells
}

// newID returns 16 random bytes in hex: a game id nobody can guess.
func newID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
