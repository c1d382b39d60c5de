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

// Split a run of 40 beginner games into 3 shards, play each (as separate
// machines would), and merge their summaries: the counts are the single
// run's.
func ExampleMerge() {
	c := batch.Config{Level: game.Beginner, Agent: batch.DefaultAgent, Seed: 1}
	var shards []batch.Summary
	for k := range 3 {
		from, to := batch.Shard(k, 3, 40)
		s, err := batch.Run(context.Background(), c, from, to, batch.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("shard %d: games %d-%d, %d won\n", k, s.From, s.To-1, s.Base.Won)
		shards = append(shards, s)
	}
	all, err := batch.Merge(shards...)
	if err != nil {
		fmt.Println(err)
		return
	}
	single, _ := batch.Run(context.Background(), c, 0, 40, batch.Options{Workers: 2})
	fmt.Printf("merged: games %d-%d, %d won; single run: %d won\n", all.From, all.To-1, all.Base.Won, single.Base.Won)
	// Output:
	// shard 0: games 0-12, 12 won
	// shard 1: games 13-25, 12 won
	// shard 2: games 26-39, 14 won
	// merged: games 0-39, 38 won; single run: 38 won
}
