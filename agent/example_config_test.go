package agent_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// Configure the agent as 'minesat play --strategy fast --lookahead 0'
// would, play a game with it and write its record line; a value out of
// range is a *FieldError naming the field.
func ExampleConfig_Options() {
	c := agent.DefaultConfig
	c.Strategy, c.Lookahead = agent.PresetFast, 0
	fmt.Println(c.GuesserName(), "|", agent.DefaultConfig.Diff(c))
	opts, err := c.Options()
	if err != nil {
		panic(err)
	}
	a, err := agent.New(append(opts, agent.WithMoves())...)
	if err != nil {
		panic(err)
	}
	g, err := game.New(game.Beginner, game.RulesSafe, 3)
	if err != nil {
		panic(err)
	}
	res, err := a.Play(context.Background(), g)
	if err != nil {
		panic(err)
	}
	line := agent.NewRecordLine(g, res)
	fmt.Println(line.Outcome, len(line.Moves), "moves,", len(line.Guesses), "guess noted")

	c.Depth = 3
	_, err = c.Options()
	var fe *agent.FieldError
	fmt.Println(errors.As(err, &fe), fe.Field, err)
	// Output:
	// exact, lookahead 0, endgame 1000 | --strategy full and fast, --lookahead 8 and 0
	// won 24 moves, 1 guess noted
	// true depth depth 3: want 1 to 2
}
