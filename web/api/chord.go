package api

import (
	"github.com/minesat/minesat/game"
)

// chord answers POST /api/games/{id}/chord: the cell is an open hint with
// as many flags around it as it shows, and its other closed neighbours
// are opened, in one request and as one move of the history (one undo
// takes the whole chord back).
func (s *Server) chord(w *Answer, r *request) {
	s.playAt(w, r, (*session).chord)
}

// playAt answers a move at the request's cell: play plays it on the
// session, the caller holding its lock, and returns the refusal of a move
// the game forbids (nil when played); the answer is the state after it.
func (s *Server) playAt(w *Answer, r *request, play func(sess *session, p game.Pos) *Refusal) {
	sess, req, ok := s.moveSession(w, r)
	if !ok {
		return
	}
	if req.Cell == nil {
		writeError(w, CodeBadRequest, `"cell" is missing: want [row, col]`)
		return
	}
	sess.mu.Lock()
	err := play(sess, game.PosOf(*req.Cell))
	sess.mu.Unlock()
	if err != nil {
		writeRefusal(w, err)
		return
	}
	s.answer(w, r, sess, req.Assist, 0, StatusOK, nil)
}

// chord opens the closed neighbours of the open hint at p, the caller
// holding sess.mu; a refusal comes back as play's does. The opens are
// pushed on the history as one move: every open after the first is
// marked as played with the one before it. The chord stops at the first
// mine it opens (the game is lost).
func (sess *session) chord(p game.Pos) *Refusal {
	g := sess.g
	b := g.Board()
	if !b.Contains(p) {
		return refuse(CodeBadRequest, "cell %v is off the %dx%d board", p, b.Rows(), b.Cols())
	}
	if g.Outcome() != game.Unfinished {
		return refuse(CodeGameOver, "the game is over: it was %s", g.Outcome())
	}
	i := b.Index(p)
	c := g.Cell(i)
	if c.State != game.Revealed || c.Hint == 0 {
		return refuse(CodeIllegalMove, "cell %v is not an open number: only a number chords", p)
	}
	flags := 0
	var closed []int32
	for _, n := range b.Neighbors(i) {
		switch g.Cell(int(n)).State {
		case game.Flagged:
			flags++
		case game.Unknown:
			closed = append(closed, n)
		}
	}
	switch {
	case flags != int(c.Hint):
		return refuse(CodeIllegalMove, "hint %d at %v has %d flags around it: a chord needs as many as the hint", c.Hint, p, flags)
	case len(closed) == 0:
		return refuse(CodeIllegalMove, "hint at %v has no closed neighbour to open", p)
	}
	first := true
	for _, n := range closed {
		if g.Outcome() != game.Unfinished {
			break
		}
		if g.Cell(int(n)).State != game.Unknown {
			continue // opened by an earlier open's flood
		}
		if err := sess.apply(b.Pos(int(n)), opOpen); err != nil {
			return err
		}
		sess.history.push(played{i: n, op: opOpen, with: !first})
		first = false
	}
	return nil
}
