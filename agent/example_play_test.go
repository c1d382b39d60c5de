package agent_test

import (
	"context"
	"fmt"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// Play one beginner game: under RulesSafe the agent makes the first click
// itself (the rules keep it safe), then plays to the end, guessing only
// when no strategy proves a move. Its record replays cleanly: every
// deduced move is sound.
func ExampleAgent_Play() {
	a, err := agent.New(agent.WithMoves())
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
	fmt.Printf("%s after %d moves, %d of them guesses\n", res.Outcome, len(res.Moves), res.Guesses)
	for _, m := range res.Moves[:3] {
		fmt.Print(m.Op, " ", g.Board().Pos(m.Cell), " ", m.Basis)
		if m.Basis == agent.BasisGuess {
			fmt.Printf(" (%s: mine probability %.3f)", m.Guess.Method, m.Guess.P)
		}
		fmt.Println()
	}
	rec := agent.RecordOf(g, res)
	fmt.Println("record verified:", game.VerifyRecord(&rec) == nil)
	// Output:
	// won after 24 moves, 1 of them guesses
	// open (0,0) first
	// open (8,0) guess (exact probability, one move ahead: mine probability 0.117)
	// flag (7,8) unit
	// record verified: true
}

// Play a batch: twenty intermediate games, one agent for all (an Agent keeps
// its buffers between games; use one per goroutine). game.GameSeed gives
// each game its own seed from the batch's; package batch does the same on
// many workers.
func ExampleAgent_Play_batch() {
	a, err := agent.New()
	if err != nil {
		panic(err)
	}
	count := map[game.Outcome]int{}
	for i := range 20 {
		g, err := game.New(game.Intermediate, game.RulesSafe, game.GameSeed(1, i))
		if err != nil {
			panic(err)
		}
		res, err := a.Play(context.Background(), g)
		if err != nil {
			panic(err)
		}
		count[res.Outcome]++
	}
	fmt.Println(count[game.Won], "won,", count[game.Lost], "lost,", count[game.Stuck], "stuck")
	// Output:
	// 15 won, 5 lost, 0 stuck
}
