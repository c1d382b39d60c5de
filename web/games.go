package web

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/game"
)

// session is one game a person plays.
type session struct {
	id      string
	mu      sync.Mutex // held while a request reads or changes the game
	g       *game.Game
	noGuess bool
	boom    int        // the mine the lost game opened; -1 before
	history history    // the moves played, for undo
	start   []game.Pos // the cells open before the first move (a no-guess board's first click), for undo
	used    time.Time  // the last request; guarded by the store's mutex
}

// store holds the sessions, at most max of them and at most maxCells
// cells of boards in all, each for at most idle after its last use.
type store struct {
	mu       sync.Mutex
	max      int
	maxCells int
	idle     time.Duration
	now      func() time.Time
	m        map[string]*session
	cells    int // the cells of the boards in m
}

func newStore(max, maxCells int, idle time.Duration, now func() time.Time) *store {
	return &store{max: max, maxCells: maxCells, idle: idle, now: now, m: make(map[string]*session)}
}

// add stores s under a new id, dropping first the games idle too long and
// then, while the store would hold too many games or cells, the one unused
// the longest. A game larger than maxCells on its own is the caller's
// error: the server refuses such levels before making the game.
func (st *store) add(s *session) {
	st.mu.Lock()
	defer st.mu.Unlock()
	now := st.expireLocked()
	n := s.g.Board().Len()
	for len(st.m) > 0 && (len(st.m) >= st.max || st.cells+n > st.maxCells) {
		var oldest *session
		for _, x := range st.m {
			if oldest == nil || x.used.Before(oldest.used) {
				oldest = x
			}
		}
		st.drop(oldest.id)
	}
	s.id = newID()
	s.used = now
	st.m[s.id] = s
	st.cells += n
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

// get returns the session id and marks it used; nil when there is none or
// it has been idle too long.
func (st *store) get(id string) *session {
	st.mu.Lock()
	defer st.mu.Unlock()
	s := st.m[id]
	if s == nil {
		return nil
	}
	now := st.now()
	if now.Sub(s.used) > st.idle {
		st.drop(id)
		return nil
	}
	s.used = now
	return s
}

// remove drops session id, reporting whether there was one.
func (st *store) remove(id string) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.drop(id)
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

// randomSeed returns a random non-negative seed below 2^53, so that a
// script can hold it as a number too.
func randomSeed() int64 {
	var b [8]byte
	rand.Read(b[:])
	return int64(binary.LittleEndian.Uint64(b[:]) >> 11)
}

// newGameRequest is POST /api/games's body.
type newGameRequest struct {
	Level   string `json:"level"`    // a level name or RxC/M
	Rules   string `json:"rules"`    // seed, safe or zero; "" for the level's default
	Seed    string `json:"seed"`     // a decimal int64; "" for a random one
	NoGuess bool   `json:"no_guess"` // a board pure logic wins, opened at its first click (when the server can make one)
	Assist  bool   `json:"assist"`   // answer with the analysis of the new position
}

// moveRequest is the body of a move: open, flag and hint (which has no
// cell).
type moveRequest struct {
	Cell   *[2]int `json:"cell"`   // [row, col], 0-based
	Assist bool    `json:"assist"` // answer with the analysis of the position after the move
}

// gameState is every game endpoint's answer.
type gameState struct {
	ID      string `json:"id"`
	Level   string `json:"level"`
	Rules   string `json:"rules"`
	Seed    string `json:"seed"` // decimal: an int64 does not fit a JSON number
	NoGuess bool   `json:"no_guess"`
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Mines   int    `json:"mines"`
	Flags   int    `json:"flags"`
	Left    int    `json:"left"` // safe cells still closed
	Moves   int    `json:"moves"`
	Outcome string `json:"outcome"` // unfinished, won or lost
	// Board is one string per row, one character per cell: '.' closed,
	// 'F' flagged, '0'-'8' open; once the game is over also '*' a mine
	// not flagged, 'X' the mine that was opened, '!' a flag on a safe cell.
	Board []string `json:"board"`
	// Hint is the move a hint played; Advice the analysis of the position
	// now, when assist was asked for and the game goes on.
	Hint   *advice.Recommendation `json:"hint,omitempty"`
	Advice *advice.Advice         `json:"advice,omitempty"`
	// Note says why an analysis asked for is missing: none came back
	// within the time budget, or no analysis slot was free.
	Note string `json:"note,omitempty"`
}

// state describes s's game.
func (s *session) state() gameState {
	g := s.g
	l := g.Level()
	st := gameState{ID: s.id, Level: l.Name, Rules: g.Rules().String(), Seed: strconv.FormatInt(g.Seed(), 10),
		NoGuess: s.noGuess, Rows: l.Rows, Cols: l.Cols, Mines: l.Mines, Left: g.Closed(), Moves: s.history.moves(),
		Outcome: g.Outcome().String()}
	over := g.Outcome() != game.Unfinished
	var sb strings.Builder
	for r := range l.Rows {
		sb.Reset()
		for c := range l.Cols {
			i := r*l.Cols + c
			cell := g.Cell(i)
			ch := byte('.')
			switch {
			case i == s.boom:
				ch = 'X'
			case cell.State == game.Revealed:
				ch = '0' + cell.Hint
			case cell.State == game.Flagged && over && !g.IsMine(i):
				ch = '!'
			case cell.State == game.Flagged:
				ch = 'F'
			case over && g.IsMine(i):
				ch = '*'
			}
			if cell.State == game.Flagged {
				st.Flags++
			}
			sb.WriteByte(ch)
		}
		st.Board = append(st.Board, sb.String())
	}
	return st
}

func (s *Server) newGame(w http.ResponseWriter, r *http.Request) {
	var req newGameRequest
	if !s.decode(w, r, &req) {
		return
	}
	if req.Level == "" {
		writeError(w, http.StatusBadRequest, `"level" is missing: want beginner, intermediate, expert, easy, medium, hard or RxC/M`)
		return
	}
	l, err := game.ParseLevel(req.Level)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	if l.Rows > s.cfg.MaxGameCells/l.Cols {
		writeError(w, http.StatusBadRequest, "level %q: a %dx%d board has more than this server's %d cells a game (--max-game-cells)",
			req.Level, l.Rows, l.Cols, s.cfg.MaxGameCells)
		return
	}
	// A no-guess board needs a first click: safe unless told otherwise.
	rules := l.DefaultRules()
	if req.NoGuess {
		rules = game.RulesSafe
	}
	if req.Rules != "" {
		if rules, err = game.ParseRules(req.Rules); err != nil {
			writeError(w, http.StatusBadRequest, "%v", err)
			return
		}
	}
	if err := l.Check(rules); err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	seed := s.cfg.Seed()
	if req.Seed != "" {
		if seed, err = strconv.ParseInt(req.Seed, 10, 64); err != nil {
			writeError(w, http.StatusBadRequest, `"seed" %q: want a decimal integer that fits 64 bits`, req.Seed)
			return
		}
	}
	switch {
	case req.NoGuess && s.cfg.NoGuess == nil:
		writeError(w, http.StatusBadRequest, `"no_guess": this server cannot make no-guess boards (GET /api/config says "no_guess": false)`)
		return
	case req.NoGuess && rules == game.RulesSeed:
		writeError(w, http.StatusBadRequest, `"no_guess": a no-guess board needs a first click: rules safe or zero, not seed`)
		return
	}
	// Only a no-guess board and an analysis take a slot: a plain board
	// costs little, its size being capped.
	ctx := r.Context()
	if req.NoGuess || req.Assist {
		wctx, done, err := s.work(r)
		if err != nil {
			writeBusy(w, err)
			return
		}
		defer done()
		ctx = wctx
	}
	var g *game.Game
	if req.NoGuess {
		g, err = s.cfg.NoGuess(ctx, l, rules, seed)
	} else {
		g, err = game.New(l, rules, seed)
	}
	if err != nil {
		status := http.StatusBadRequest
		if ctx.Err() != nil {
			status = http.StatusServiceUnavailable
		}
		writeError(w, status, "new game: %v", err)
		return
	}
	sess := &session{g: g, noGuess: req.NoGuess, boom: -1, start: openedAtStart(g), history: history{depth: undoDepth}}
	s.games.add(sess)
	st := sess.state()
	if req.Assist {
		st.Advice, _ = s.adviseGame(ctx, g)
		if st.Advice == nil {
			st.Note = s.noAdvice()
		}
	}
	writeJSON(w, http.StatusCreated, st)
}

// session returns the game named in r's path, or writes a 404.
func (s *Server) session(w http.ResponseWriter, r *http.Request) *session {
	id := r.PathValue("id")
	sess := s.games.get(id)
	if sess == nil {
		writeError(w, http.StatusNotFound, "no game %q: it never was, or was dropped after %v idle or to make room", id, s.cfg.MaxIdle)
	}
	return sess
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	sess := s.session(w, r)
	if sess == nil {
		return
	}
	assist := r.URL.Query().Get("assist")
	if assist != "" && assist != "0" && assist != "1" && assist != "true" && assist != "false" {
		writeError(w, http.StatusBadRequest, "assist=%q: want 1 or 0", assist)
		return
	}
	s.answer(w, r, sess, assist == "1" || assist == "true", http.StatusOK, nil)
}

func (s *Server) deleteGame(w http.ResponseWriter, r *http.Request) {
	if !s.games.remove(r.PathValue("id")) {
		writeError(w, http.StatusNotFound, "no game %q", r.PathValue("id"))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// answer writes sess's state with the hint played, and the analysis when
// assist is asked for and the game goes on.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, sess *session, assist bool, status int, hint *advice.Recommendation) {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	st := sess.state()
	st.Hint = hint
	if assist && sess.g.Outcome() == game.Unfinished {
		// The move is played: answer the state even without an analysis.
		if ctx, done, err := s.work(r); err != nil {
			st.Note = err.Error()
		} else {
			st.Advice, _ = s.adviseGame(ctx, sess.g)
			done()
			if st.Advice == nil {
				st.Note = s.noAdvice()
			}
		}
	}
	writeJSON(w, status, st)
}

// noAdvice is the note of a state whose analysis came back with nothing.
func (s *Server) noAdvice() string {
	return "no analysis: it found nothing within the server's time budget of " + s.cfg.Timeout.String()
}

// moveSession finds the request's game and reads its move request; false
// when it has answered with an error.
func (s *Server) moveSession(w http.ResponseWriter, r *http.Request) (*session, moveRequest, bool) {
	var req moveRequest
	sess := s.session(w, r)
	if sess == nil || !s.decode(w, r, &req) {
		return nil, req, false
	}
	return sess, req, true
}

// move returns the handler of POST /api/games/{id}/<op>: op played at
// the request's cell.
func (s *Server) move(op moveOp) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sess, req, ok := s.moveSession(w, r)
		if !ok {
			return
		}
		if req.Cell == nil {
			writeError(w, http.StatusBadRequest, `"cell" is missing: want [row, col]`)
			return
		}
		sess.mu.Lock()
		status, msg := sess.play(game.PosOf(*req.Cell), op)
		sess.mu.Unlock()
		if status != 0 {
			writeError(w, status, "%s", msg)
			return
		}
		s.answer(w, r, sess, req.Assist, http.StatusOK, nil)
	}
}

// play plays op at p in sess's game and records it in the history, the
// caller holding sess.mu. A refusal comes back as an HTTP status and a
// message; 0 when the move was played (opening a mine is a move played:
// the game is lost).
func (sess *session) play(p game.Pos, op moveOp) (int, string) {
	status, msg := sess.apply(p, op)
	if status == 0 {
		sess.history.push(played{i: int32(sess.g.Board().Index(p)), op: op})
	}
	return status, msg
}

// apply opens, flags or unflags p in sess's game, the caller holding
// sess.mu; it answers as play does.
func (sess *session) apply(p game.Pos, op moveOp) (int, string) {
	g := sess.g
	b := g.Board()
	switch {
	case !b.Contains(p):
		return http.StatusBadRequest, "cell " + p.String() + " is off the " + strconv.Itoa(b.Rows()) + "x" + strconv.Itoa(b.Cols()) + " board"
	case g.Outcome() != game.Unfinished:
		return http.StatusConflict, "the game is over: it was " + g.Outcome().String()
	}
	var err error
	switch op {
	case opOpen:
		if g.Cell(b.Index(p)).State == game.Revealed {
			return http.StatusConflict, "cell " + p.String() + " is already open"
		}
		if _, err = g.Open(p); errors.Is(err, game.ErrMine) {
			sess.boom, err = b.Index(p), nil
		}
	case opFlag:
		if g.Cell(b.Index(p)).State != game.Unknown {
			return http.StatusConflict, "cell " + p.String() + " is already open or flagged"
		}
		err = g.Flag(p)
	case opUnflag:
		if g.Cell(b.Index(p)).State != game.Flagged {
			return http.StatusConflict, "cell " + p.String() + " is not flagged"
		}
		err = g.Unflag(p)
	default:
		panic("web: play " + op.String()) // the routes name every op
	}
	if err != nil {
		return http.StatusConflict, err.Error()
	}
	return 0, ""
}

func (s *Server) hint(w http.ResponseWriter, r *http.Request) {
	sess, req, ok := s.moveSession(w, r)
	if !ok {
		return
	}
	if req.Cell != nil {
		writeError(w, http.StatusBadRequest, `a hint takes no "cell": it plays the recommended one`)
		return
	}
	sess.mu.Lock()
	if sess.g.Outcome() != game.Unfinished {
		sess.mu.Unlock()
		writeError(w, http.StatusConflict, "the game is over: it was %s", sess.g.Outcome())
		return
	}
	ctx, done, err := s.work(r)
	if err != nil {
		sess.mu.Unlock()
		writeBusy(w, err)
		return
	}
	adv, err := s.adviseGame(ctx, sess.g)
	done()
	var status int
	var msg string
	switch {
	case err != nil:
		status, msg = http.StatusInternalServerError, "analysis failed: "+err.Error()
	case adv == nil:
		status, msg = http.StatusServiceUnavailable, "gave up: no move found within the server's time budget of "+s.cfg.Timeout.String()
	case adv.Move == nil:
		status, msg = http.StatusConflict, "no move to recommend: "+strings.Join(adv.Incomplete, "; ")
	default:
		status, msg = sess.play(game.PosOf(adv.Move.Cell), opOpen)
	}
	sess.mu.Unlock()
	if status != 0 {
		writeError(w, status, "%s", msg)
		return
	}
	s.answer(w, r, sess, req.Assist, http.StatusOK, adv.Move)
}
