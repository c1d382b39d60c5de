package api

import (
	"context"
	"fmt"
	"time"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// adviseGame analyses g's position as s.advise does, knowing the rules:
// before the first click of a game under safe or zero (no mine placed
// yet), the click is guaranteed safe, so the advice recommends the rules'
// best first click (agent.ChooseFirst's default) as proved safe, with the
// cells the rules keep free of mines at probability 0.
func (s *Server) adviseGame(ctx context.Context, g *game.Game, think time.Duration) (*advice.Advice, error) {
	adv, err := s.advise(ctx, g.View(), think)
	if adv == nil || g.Placed() {
		return adv, err
	}
	first, ok, ferr := agent.ChooseFirst(g.Level(), g.Rules(), "")
	if ferr != nil || !ok {
		return adv, err
	}
	why := "the rules (safe) open the first click safely; the corner opens most often"
	free := []game.Pos{first.Pos}
	if g.Rules() == game.RulesZero {
		why = "the rules (zero) make the first click a 0; this is the first click measured best for the board"
		if first.Note != "" {
			why += " (" + first.Note + ")"
		}
		b := g.Board()
		for _, n := range b.Neighbors(b.Index(first.Pos)) {
			free = append(free, b.Pos(int(n)))
		}
	}
	adv.Move = &advice.Recommendation{Op: "open", Cell: [2]int{first.Pos.Row, first.Pos.Col}, Basis: "first click", Forced: true,
		Why: fmt.Sprintf("first click %v: %s", first.Pos, why)}
	for _, p := range free {
		if p.Row < len(adv.Probabilities) && p.Col < len(adv.Probabilities[p.Row]) {
			zero := 0.0
			adv.Probabilities[p.Row][p.Col] = &zero
		}
	}
	return adv, err
}
