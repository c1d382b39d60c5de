package web

import (
	"net/http"

	"github.com/minesat/minesat/game"
)

// played is one move of a session's history: op ("open", "flag" or
// "unflag") at p.
type played struct {
	op string
	p  game.Pos
}

// openedAtStart returns the cells open when a game under safe or zero
// starts: none, except on a no-guess board, which comes opened at its
// first click. Under seed the game's Initial cells say it.
func openedAtStart(g *game.Game) []game.Pos {
	if g.Rules() == game.RulesSeed {
		return nil
	}
	var open []game.Pos
	b := g.Board()
	for i := range b.Len() {
		if g.Cell(i).State == game.Revealed {
			open = append(open, b.Pos(i))
		}
	}
	return open
}

// undo answers POST /api/games/{id}/undo: the last move is taken back,
// a losing one included. The game is rebuilt from its layout (or, before
// the layout is drawn, from its seed) and every move but the last played
// again; it costs one replay of the game.
func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	sess, req, ok := s.moveSession(w, r)
	if !ok {
		return
	}
	if req.Cell != nil {
		writeError(w, http.StatusBadRequest, `an undo takes no "cell": it takes back the last move`)
		return
	}
	sess.mu.Lock()
	status, msg := sess.takeBack()
	sess.mu.Unlock()
	if status != 0 {
		writeError(w, status, "%s", msg)
		return
	}
	s.answer(w, r, sess, req.Assist, http.StatusOK, nil)
}

// takeBack replays sess's game without its last move, the caller holding
// sess.mu; a refusal comes back as play's does.
func (sess *session) takeBack() (int, string) {
	if len(sess.history) == 0 {
		return http.StatusConflict, "nothing to undo: no move has been played"
	}
	g := sess.g
	var base *game.Game
	var err error
	if g.Placed() {
		base, err = game.NewWithLayout(g.Level(), g.Rules(), g.Seed(), g.Mines(), g.Initial())
	} else {
		base, err = game.New(g.Level(), g.Rules(), g.Seed())
	}
	if err != nil {
		return http.StatusInternalServerError, "undo: " + err.Error()
	}
	for _, p := range sess.start {
		if base.Cell(base.Board().Index(p)).State != game.Revealed {
			if _, err := base.Open(p); err != nil {
				return http.StatusInternalServerError, "undo: " + err.Error()
			}
		}
	}
	keep := sess.history[:len(sess.history)-1]
	g0, boom0, moves0, history0 := sess.g, sess.boom, sess.moves, sess.history
	sess.g, sess.boom, sess.moves, sess.history = base, -1, 0, nil
	for _, m := range keep {
		if status, msg := sess.play(m.p, m.op); status != 0 {
			sess.g, sess.boom, sess.moves, sess.history = g0, boom0, moves0, history0
			return http.StatusInternalServerError, "undo: replaying " + m.op + " " + m.p.String() + ": " + msg
		}
	}
	return 0, ""
}
