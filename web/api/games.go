package api

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
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

// GameState is every game endpoint's answer.
type GameState struct {
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
	// Note says why an analysis asked for is missing, and NoteCode names
	// the reason as a refusal's code would: out_of_time (none came back
	// within the time budget), busy (no analysis slot was free) or
	// no_solution (the position is impossible on its face).
	Note     string `json:"note,omitempty"`
	NoteCode Code   `json:"note_code,omitempty"`
}

// state describes s's game.
func (s *session) state() GameState {
	g := s.g
	l := g.Level()
	st := GameState{ID: s.id, Level: l.Name, Rules: g.Rules().String(), Seed: strconv.FormatInt(g.Seed(), 10),
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

func (s *Server) newGame(w *Answer, r *request) {
	var req newGameRequest
	if !s.decode(w, r, &req) {
		return
	}
	l, rules, seed, err := s.parseNewGame(req)
	if err == nil {
		err = s.games.room(l.Rows * l.Cols)
	}
	if err != nil {
		writeRefusal(w, err)
		return
	}
	// Only a no-guess board and an analysis take a slot: a plain board
	// costs little, its size being capped.
	ctx := r.ctx
	if req.NoGuess || req.Assist {
		cost := l.Rows * l.Cols
		if req.NoGuess {
			cost = LargeCost
		}
		wctx, done, err := s.work(r, cost)
		if err != nil {
			writeRefusal(w, err)
			return
		}
		defer done()
		ctx = wctx
	}
	var g *game.Game
	var gerr error
	if req.NoGuess {
		g, gerr = s.cfg.NoGuess(ctx, l, rules, seed)
	} else {
		g, gerr = game.New(l, rules, seed)
	}
	switch {
	case gerr != nil && ctx.Err() != nil:
		writeError(w, CodeOutOfTime, "out of time: no board found within the server's time budget of %v", s.cfg.Timeout)
		return
	case gerr != nil:
		writeError(w, CodeBadRequest, "new game: %v", gerr)
		return
	}
	sess := &session{g: g, noGuess: req.NoGuess, boom: -1, start: openedAtStart(g), history: history{depth: undoDepth}}
	if err := s.games.add(sess); err != nil {
		writeRefusal(w, err)
		return
	}
	st := sess.state()
	if req.Assist {
		s.assist(ctx, &st, g, 0)
	}
	writeJSON(w, StatusCreated, st)
}

// parseNewGame reads a new game's level, rules and seed from req, or
// refuses them.
func (s *Server) parseNewGame(req newGameRequest) (game.Level, game.Rules, int64, *Refusal) {
	var none game.Level
	if req.Level == "" {
		return none, 0, 0, refuse(CodeBadRequest, `"level" is missing: want beginner, intermediate, expert, easy, medium, hard or RxC/M`)
	}
	l, err := game.ParseLevel(req.Level)
	if err != nil {
		return none, 0, 0, refuse(CodeBadRequest, "%v", err)
	}
	if l.Rows > s.cfg.MaxGameCells/l.Cols {
		return none, 0, 0, refuse(CodeBoardTooLarge, "level %q: a %dx%d board has more than this server's %d cells a game (--max-game-cells)",
			req.Level, l.Rows, l.Cols, s.cfg.MaxGameCells)
	}
	// A no-guess board needs a first click: safe unless told otherwise.
	rules := l.DefaultRules()
	if req.NoGuess {
		rules = game.RulesSafe
	}
	if req.Rules != "" {
		if rules, err = game.ParseRules(req.Rules); err != nil {
			return none, 0, 0, refuse(CodeBadRequest, "%v", err)
		}
	}
	if err := l.Check(rules); err != nil {
		return none, 0, 0, refuse(CodeBadRequest, "%v", err)
	}
	seed := s.cfg.Seed()
	if req.Seed != "" {
		if seed, err = strconv.ParseInt(req.Seed, 10, 64); err != nil {
			return none, 0, 0, refuse(CodeBadRequest, `"seed" %q: want a decimal integer that fits 64 bits`, req.Seed)
		}
	}
	switch {
	case req.NoGuess && s.cfg.NoGuess == nil:
		return none, 0, 0, refuse(CodeBadRequest, `"no_guess": this server cannot make no-guess boards (GET /api/config says "no_guess": false)`)
	case req.NoGuess && rules == game.RulesSeed:
		return none, 0, 0, refuse(CodeBadRequest, `"no_guess": a no-guess board needs a first click: rules safe or zero, not seed`)
	}
	return l, rules, seed, nil
}

// session returns the game named in r's path, or writes a 404 (a 410 when
// it was dropped for idleness).
func (s *Server) session(w *Answer, r *request) *session {
	id := r.id
	sess, gone := s.games.get(id)
	switch {
	case gone:
		writeError(w, CodeGone, "game %q is gone: it was let go after %v unused", id, s.cfg.MaxIdle)
	case sess == nil:
		writeError(w, CodeNoGame, "no game %q: this server never made it, or it was deleted", id)
	}
	return sess
}

func (s *Server) getGame(w *Answer, r *request) {
	sess := s.session(w, r)
	if sess == nil {
		return
	}
	assist := r.query.Get("assist")
	if assist != "" && assist != "0" && assist != "1" && assist != "true" && assist != "false" {
		writeError(w, CodeBadRequest, "assist=%q: want 1 or 0", assist)
		return
	}
	on := assist == "1" || assist == "true"
	think, err := s.queryThink(r.query.Get("think_ms"), on)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	s.answer(w, r, sess, on, think, StatusOK, nil)
}

func (s *Server) deleteGame(w *Answer, r *request) {
	if !s.games.remove(r.id) {
		writeError(w, CodeNoGame, "no game %q", r.id)
		return
	}
	w.Status = StatusNoContent
}

// answer writes sess's state with the hint played, and the analysis when
// assist is asked for and the game goes on, its guess raced for think.
func (s *Server) answer(w *Answer, r *request, sess *session, assist bool, think time.Duration, status int, hint *advice.Recommendation) {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	st := sess.state()
	st.Hint = hint
	if assist && sess.g.Outcome() == game.Unfinished {
		// The move is played: answer the state even without an analysis.
		if ctx, done, err := s.work(r, analysisCost(sess.g.View().Unknowns(), think)); err != nil {
			st.Note, st.NoteCode = err.Message, err.Code
		} else {
			s.assist(ctx, &st, sess.g, think)
			done()
		}
	}
	writeJSON(w, status, st)
}

// assist adds the analysis of g's position to st, its guess raced for
// think, or the note saying why there is none.
func (s *Server) assist(ctx context.Context, st *GameState, g *game.Game, think time.Duration) {
	adv, err := s.analyseGame(ctx, g, think)
	if err != nil {
		st.Note, st.NoteCode = "no analysis: "+err.Message, err.Code
		return
	}
	st.Advice = adv
}

// analyseGame analyses g's position as adviseGame does; the refusal says
// why there is no advice: no_solution for a position impossible on its
// face (more flags than mines), out_of_time when none came back within
// the budget, internal when the analysis failed.
func (s *Server) analyseGame(ctx context.Context, g *game.Game, think time.Duration) (*advice.Advice, *Refusal) {
	if err := g.View().Validate(); err != nil {
		return nil, noSolution(err)
	}
	adv, err := s.adviseGame(ctx, g, think)
	switch {
	case err != nil:
		return nil, refuse(CodeInternal, "the analysis failed: %v", err)
	case adv == nil:
		return nil, refuse(CodeOutOfTime, "out of time: the analysis found nothing within the server's time budget of %v", s.cfg.Timeout)
	}
	return adv, nil
}

// moveSession finds the request's game and reads its move request; false
// when it has answered with an error.
func (s *Server) moveSession(w *Answer, r *request) (*session, moveRequest, bool) {
	var req moveRequest
	sess := s.session(w, r)
	if sess == nil || !s.decode(w, r, &req) {
		return nil, req, false
	}
	return sess, req, true
}

// move returns the handler of POST /api/games/{id}/<op>: op played at
// the request's cell.
func (s *Server) move(op moveOp) func(w *Answer, r *request) {
	return func(w *Answer, r *request) {
		s.playAt(w, r, func(sess *session, p game.Pos) *Refusal { return sess.play(p, op) })
	}
}

// play plays op at p in sess's game and records it in the history, the
// caller holding sess.mu. It returns the refusal of a move the game
// forbids; nil when the move was played (opening a mine is a move
// played: the game is lost).
func (sess *session) play(p game.Pos, op moveOp) *Refusal {
	err := sess.apply(p, op)
	if err == nil {
		sess.history.push(played{i: int32(sess.g.Board().Index(p)), op: op})
	}
	return err
}

// apply opens, flags or unflags p in sess's game, the caller holding
// sess.mu; it answers as play does.
func (sess *session) apply(p game.Pos, op moveOp) *Refusal {
	g := sess.g
	b := g.Board()
	switch {
	case !b.Contains(p):
		return refuse(CodeBadRequest, "cell %v is off the %dx%d board", p, b.Rows(), b.Cols())
	case g.Outcome() != game.Unfinished:
		return refuse(CodeGameOver, "the game is over: it was %s", g.Outcome())
	}
	var err error
	switch op {
	case opOpen:
		if g.Cell(b.Index(p)).State == game.Revealed {
			return refuse(CodeIllegalMove, "cell %v is already open", p)
		}
		if _, err = g.Open(p); errors.Is(err, game.ErrMine) {
			sess.boom, err = b.Index(p), nil
		}
	case opFlag:
		if g.Cell(b.Index(p)).State != game.Unknown {
			return refuse(CodeIllegalMove, "cell %v is already open or flagged", p)
		}
		err = g.Flag(p)
	case opUnflag:
		if g.Cell(b.Index(p)).State != game.Flagged {
			return refuse(CodeIllegalMove, "cell %v is not flagged", p)
		}
		err = g.Unflag(p)
	default:
		panic("web: play " + op.String()) // the routes name every op
	}
	if err != nil {
		return refuse(CodeIllegalMove, "%v", err)
	}
	return nil
}

// hintRequest is POST /api/games/{id}/hint's body: a move's (whose
// "cell" a hint refuses: it plays the recommended one) and think_ms.
type hintRequest struct {
	moveRequest
	ThinkMS int `json:"think_ms"` // race the hint's guess for the game this long at most (the win-probability search); 0 for no race
}

func (s *Server) hint(w *Answer, r *request) {
	var req hintRequest
	sess := s.session(w, r)
	if sess == nil || !s.decode(w, r, &req) {
		return
	}
	if req.Cell != nil {
		writeError(w, CodeBadRequest, `a hint takes no "cell": it plays the recommended one`)
		return
	}
	think, err := s.thinkTime(req.ThinkMS)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	sess.mu.Lock()
	adv, err := s.hintMove(r, sess, think)
	sess.mu.Unlock()
	if err != nil {
		writeRefusal(w, err)
		return
	}
	s.answer(w, r, sess, req.Assist, 0, StatusOK, adv.Move)
}

// hintMove analyses sess's game, its guess raced for think, and plays the
// recommended move, the caller holding sess.mu; it returns the analysis,
// or the refusal.
func (s *Server) hintMove(r *request, sess *session, think time.Duration) (*advice.Advice, *Refusal) {
	if sess.g.Outcome() != game.Unfinished {
		return nil, refuse(CodeGameOver, "the game is over: it was %s", sess.g.Outcome())
	}
	ctx, done, err := s.work(r, analysisCost(sess.g.View().Unknowns(), think))
	if err != nil {
		return nil, err
	}
	adv, err := s.analyseGame(ctx, sess.g, think)
	done()
	switch {
	case err != nil:
		return nil, err
	case !adv.HasSolution():
		return nil, refuse(CodeNoSolution, "no layout of the mines fits the hints and flags: %s", adv.Conflict)
	case adv.Move == nil && len(adv.Incomplete) > 0:
		return nil, refuse(CodeNoMove, "no move to recommend: %s", strings.Join(adv.Incomplete, "; "))
	case adv.Move == nil:
		return nil, refuse(CodeNoMove, "no move to recommend: no cell is proved safe, and this server's agent does not guess")
	}
	return adv, sess.play(game.PosOf(adv.Move.Cell), opOpen)
}
