package batch_test

import (
	"context"
	"fmt"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
)

// Play 100 expert games on two workers and print the win rate with its 95%
// interval.
func Example() {
	c := batch.Config{Level: game.Expert, Agent: batch.DefaultAgent, Seed: 1}
	s, err := batch.Run(context.Background(), c, 0, 100, batch.Options{Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	lo, hi := s.Base.Interval()
	fmt.Printf("%s, rules %s, first click %s: %d of %d games won, %.1f%% [%.1f%%, %.1f%%]\n",
		s.Level, s.Rules, s.First, s.Base.Won, s.Games(), 100*s.Base.WinRate(), 100*lo, 100*hi)
	// Output:
	// expert, rules safe, first click corner (0,0): 45 of 100 games won, 45.0% [35.6%, 54.8%]
}
