package batch_test

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
)

// Play 100 expert games on two workers and print the win rate with its 95%
// interval.
func Example() {
	c := batch.Config{Level: game.Expert, Agent: agent.DefaultConfig, Seed: 1}
	s, err := batch.Run(context.Background(), c, 0, 100, batch.Options{Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	lo, hi := s.Base.Interval()
	fmt.Printf("%s, rules %s, first click %s: %d of %d games won, %.1f%% [%.1f%%, %.1f%%]\n",
		s.Level, s.Rules, s.First, s.Base.Won, s.Games(), 100*s.Base.WinRate(), 100*lo, 100*hi)
	// Output:
	// expert, rules safe, first click corner (0,0): 44 of 100 games won, 44.0% [34.7%, 53.8%]
}

// Split a run of 40 beginner games into 3 shards, play each (as separate
// machines would), and merge their summaries: the counts are the single
// run's.
func ExampleMerge() {
	c := batch.Config{Level: game.Beginner, Agent: agent.DefaultConfig, Seed: 1}
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

// Write the summary files of a run's two shards as 'minesat play --shard K/2
// --format json' does, read them back and merge them, as 'minesat merge'
// does; without the second shard, the merge names the games missing.
func ExampleMergeSummaryFiles() {
	c := batch.Config{Level: game.Beginner, Agent: agent.DefaultConfig, Seed: 1}
	var names []string
	var files []batch.SummaryFile
	for k := range 2 {
		from, to := batch.Shard(k, 2, 40)
		s, err := batch.Run(context.Background(), c, from, to, batch.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		var buf bytes.Buffer
		shard := batch.ShardRange{Index: k, Shards: 2, From: from, To: to}
		if err := batch.NewSummaryFile([]batch.Summary{s}, 40, shard, "", time.Second).Encode(&buf); err != nil {
			fmt.Println(err)
			return
		}
		name := fmt.Sprintf("shard-%d.json", k)
		f, err := batch.ParseSummaryFile(name, buf.Bytes())
		if err != nil {
			fmt.Println(err)
			return
		}
		names, files = append(names, name), append(files, f)
	}
	all, err := batch.MergeSummaryFiles(names, files)
	if err != nil {
		fmt.Println(err)
		return
	}
	l := all.Levels[0]
	fmt.Printf("%s: games %d-%d, %d won, complete %v, wall %.0f s\n", l.Level, l.From, l.To-1, l.Base.Won, all.Complete, all.WallSeconds)
	_, err = batch.MergeSummaryFiles(names[:1], files[:1])
	fmt.Println(err)
	// Output:
	// beginner: games 0-39, 38 won, complete true, wall 2 s
	// beginner: games 20-39 missing: no summary counts them (a shard not given?)
}
