package api

import (
	"slices"

	"github.com/minesat/minesat/game"
)

// moveOp is what a move of the page does to a cell.
type moveOp uint8

// The ops of a move; each has its endpoint, POST /api/games/{id}/<op>.
const (
	opNone   moveOp = iota // no move
	opOpen                 // open the cell: "open"
	opFlag                 // flag the cell: "flag"
	opUnflag               // take the flag off: "unflag"
)

// String returns "open", "flag", "unflag" or "none".
func (o moveOp) String() string {
	switch o {
	case opOpen:
		return "open"
	case opFlag:
		return "flag"
	case opUnflag:
		return "unflag"
	}
	return "none"
}

// played is one move of a session's history: op at the cell of row-major
// index i. It holds nothing of the request that carried it.
type played struct {
	i    int32
	op   moveOp
	with bool // played with the move before it, as one chord: undone with it
}

// undoDepth is how many of a game's last moves undo can take back, one at
// a time.
const undoDepth = 1000

// history is what a session keeps of its moves for undo: the last depth
// moves as played, and the earlier ones folded into the position they
// made. Its size is bounded whatever a client sends: recent holds at most
// depth moves, and opened and flagged at most a cell each (an open is
// played only on a closed cell, which it opens; flagged is a set).
//
// Folding is sound because flags never change what an open reveals (a
// flood opens flagged cells too): the position after the folded moves is
// their opens replayed in order, then the cells of flagged that are still
// closed flagged.
type history struct {
	depth   int      // most moves kept in recent; at least 1
	recent  []played // the last moves, oldest first
	folded  int      // the moves folded into opened and flagged
	opened  []int32  // the cells the folded moves opened, in order
	flagged []int32  // the cells flagged after the folded moves
}

// moves returns the number of moves played.
func (h *history) moves() int { return h.folded + len(h.recent) }

// push records m, folding the oldest move kept when depth are kept.
func (h *history) push(m played) {
	if len(h.recent) >= h.depth {
		h.fold(h.recent[0])
		h.recent = slices.Delete(h.recent, 0, 1)
	}
	h.recent = append(h.recent, m)
}

// fold adds m to the position of the folded moves.
func (h *history) fold(m played) {
	h.folded++
	k := slices.Index(h.flagged, m.i)
	switch {
	case m.op == opOpen:
		h.opened = append(h.opened, m.i)
	case m.op == opFlag && k < 0:
		h.flagged = append(h.flagged, m.i)
	case m.op == opUnflag && k >= 0:
		h.flagged = slices.Delete(h.flagged, k, k+1)
	}
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
// a losing one included, up to the last undoDepth moves. The game is
// rebuilt from its layout (or, before the layout is drawn, from its seed)
// and the moves kept played again; it costs one replay of the game.
func (s *Server) undo(w *Answer, r *request) {
	sess, req, ok := s.moveSession(w, r)
	if !ok {
		return
	}
	if req.Cell != nil {
		writeError(w, CodeBadRequest, `an undo takes no "cell": it takes back the last move`)
		return
	}
	sess.mu.Lock()
	err := sess.takeBack()
	sess.mu.Unlock()
	if err != nil {
		writeRefusal(w, err)
		return
	}
	s.answer(w, r, sess, req.Assist, 0, StatusOK, nil)
}

// takeBack replays sess's game without its last move, the caller holding
// sess.mu; a refusal comes back as play's does.
func (sess *session) takeBack() *Refusal {
	h := &sess.history
	switch {
	case len(h.recent) == 0 && h.folded > 0:
		return refuse(CodeIllegalMove, "nothing more to undo: undo takes back at most the last %d moves", h.depth)
	case len(h.recent) == 0:
		return refuse(CodeIllegalMove, "nothing to undo: no move has been played")
	}
	n := 1 // the moves taken back: the last, and a chord's opens before it
	for n < len(h.recent) && h.recent[len(h.recent)-n].with {
		n++
	}
	base, err := sess.folded()
	if err != nil {
		return refuse(CodeInternal, "undo: %v", err)
	}
	g0, boom0 := sess.g, sess.boom
	sess.g, sess.boom = base, -1
	b := base.Board()
	for _, m := range h.recent[:len(h.recent)-n] {
		if err := sess.apply(b.Pos(int(m.i)), m.op); err != nil {
			sess.g, sess.boom = g0, boom0
			return refuse(CodeInternal, "undo: replaying %v %v: %s", m.op, b.Pos(int(m.i)), err.Message)
		}
	}
	h.recent = h.recent[:len(h.recent)-n]
	return nil
}

// folded returns sess's game as it was after the moves its history
// folded: rebuilt from the layout (or the seed), opened at the start's
// cells and the folded opens, the folded flags set.
func (sess *session) folded() (*game.Game, error) {
	g := sess.g
	var base *game.Game
	var err error
	if g.Placed() {
		base, err = game.NewWithLayout(g.Level(), g.Rules(), g.Seed(), g.Mines(), g.Initial())
	} else {
		base, err = game.New(g.Level(), g.Rules(), g.Seed())
	}
	if err != nil {
		return nil, err
	}
	b := base.Board()
	open := func(p game.Pos) error {
		if base.Cell(b.Index(p)).State == game.Revealed {
			return nil
		}
		_, err := base.Open(p)
		return err
	}
	for _, p := range sess.start {
		if err := open(p); err != nil {
			return nil, err
		}
	}
	for _, i := range sess.history.opened {
		if err := open(b.Pos(int(i))); err != nil {
			return nil, err
		}
	}
	for _, i := range sess.history.flagged {
		if base.Cell(int(i)).State == game.Unknown {
			if err := base.Flag(b.Pos(int(i))); err != nil {
				return nil, err
			}
		}
	}
	return base, nil
}
