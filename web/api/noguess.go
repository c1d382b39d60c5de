package api

import (
	"context"
	"fmt"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// NoGuess returns a Config.NoGuess that makes boards with
// agent.NoGuessGame, trying at most maxTries layouts
// (agent.DefaultNoGuessTries when maxTries <= 0) within the request's
// time budget. The first click is agent.ChooseFirst's default for the
// level and rules (the corner under safe); the game comes back opened
// there, since the board is no-guess only from that click.
func NoGuess(maxTries int) func(ctx context.Context, l game.Level, rules game.Rules, seed int64) (*game.Game, error) {
	return func(ctx context.Context, l game.Level, rules game.Rules, seed int64) (*game.Game, error) {
		first, ok, err := agent.ChooseFirst(l, rules, "")
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("a no-guess board needs a first click: rules safe or zero, not %s", rules)
		}
		g, _, err := agent.NoGuessGame(ctx, l, rules, first.Pos, seed, maxTries)
		if err != nil {
			return nil, err
		}
		if _, err := g.Open(first.Pos); err != nil {
			return nil, fmt.Errorf("opening the first click %v: %w", first.Pos, err)
		}
		return g, nil
	}
}
