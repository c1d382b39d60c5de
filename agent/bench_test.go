package agent

import (
	"context"
	"testing"

	"github.com/minesat/minesat/game"
)

// BenchmarkPlay plays whole games, one per iteration (game i has seed
// game.GameSeed(1, i)), per level and preset. ns/op is the time of one
// game; the kb preset never guesses, full does. Beginner, intermediate
// and expert are played under safe rules from the corner, as `minesat play`
// plays them; allocs/op and B/op are a game's fixed and per-move costs.
func BenchmarkPlay(b *testing.B) {
	levels := []struct {
		level game.Level
		rules game.Rules
	}{
		{game.Easy, game.RulesSeed}, {game.Medium, game.RulesSeed}, {game.Hard, game.RulesSeed},
		{game.Beginner, game.RulesSafe}, {game.Intermediate, game.RulesSafe}, {game.Expert, game.RulesSafe},
	}
	for _, l := range levels {
		for _, preset := range Presets {
			b.Run(l.level.Name+"/"+string(preset), func(b *testing.B) {
				a, err := New(WithPreset(preset))
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				won := 0
				for i := 0; i < b.N; i++ {
					g, _ := game.New(l.level, l.rules, game.GameSeed(1, i))
					res, err := a.Play(context.Background(), g)
					if err != nil {
						b.Fatal(err)
					}
					if res.Outcome == game.Won {
						won++
					}
				}
				b.ReportMetric(float64(won)/float64(b.N), "wins/game")
			})
		}
	}
}
