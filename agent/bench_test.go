package agent

import (
	"context"
	"math"
	"testing"

	"github.com/minesat/minesat/exact"
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
			b.Run(l.level.Name+"/"+preset, func(b *testing.B) {
				a, err := New(WithStrategy(preset))
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

// stuckExpert returns n expert positions where logic has run out: games
// played by the sat preset without guessing until stuck.
func stuckExpert(b testing.TB, n int) []*Position {
	a, err := New(WithStrategy(PresetSAT), WithNoGuess())
	if err != nil {
		b.Fatal(err)
	}
	var out []*Position
	for i := 0; len(out) < n; i++ {
		g, _ := game.New(game.Expert, game.RulesSafe, game.GameSeed(2, i))
		res, err := a.Play(context.Background(), g)
		if err != nil {
			b.Fatal(err)
		}
		if res.Outcome == game.Stuck {
			out = append(out, positionFor(a.pos.View.Clone(), uint64(i)))
		}
	}
	return out
}

// BenchmarkGuess times one guess on stuck expert positions (30x16, 99
// mines, logic exhausted), per guesser setting, each from an empty
// analysis cache.
func BenchmarkGuess(b *testing.B) {
	positions := stuckExpert(b, 50)
	for _, tc := range []struct {
		name string
		g    Guesser
	}{
		{"local", LocalGuesser{}},
		{"exact", ProbGuesser{}},
		{"exact+endgame", ProbGuesser{Endgame: DefaultEndgame}},
		{"default", DefaultGuesser()},
		{"depth2", ProbGuesser{Lookahead: DefaultLookahead, Depth: 2, Endgame: DefaultEndgame}},
		{"hill", ProbGuesser{Lookahead: DefaultLookahead, Endgame: DefaultEndgame, Policy: PolicyHill}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				pos := positions[i%len(positions)]
				pos.count.cache.Reset() // each guess starts cold, as the first of a game would
				if _, err := tc.g.Guess(context.Background(), pos); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// endgameCollector is a Guesser that keeps a copy of every position it is
// asked about with between 2 and maxLayouts layouts, then guesses as
// DefaultGuesser without the endgame search (so that the positions do not
// depend on it).
type endgameCollector struct {
	maxLayouts int
	out        *[]*game.Puzzle
}

func (endgameCollector) Name() string { return "collector" }

func (c endgameCollector) Guess(ctx context.Context, p *Position) (Guess, error) {
	if a, err := exact.Analyze(ctx, p.View, exact.Budget{}); err == nil {
		if ln, err := a.LogCount(); err == nil && ln > 0.5 && ln <= math.Log(float64(c.maxLayouts)) {
			*c.out = append(*c.out, p.View.Clone())
		}
	}
	return ProbGuesser{Lookahead: DefaultLookahead}.Guess(ctx, p)
}

// endgamePositions returns n expert positions (safe rules) where a guess is
// due and 2 to 1,000 layouts remain: the positions the endgame search gets.
func endgamePositions(b *testing.B, n int) []*game.Puzzle {
	var out []*game.Puzzle
	a, err := New(WithStrategy(PresetFull), WithGuesser(endgameCollector{maxLayouts: DefaultEndgame, out: &out}))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; len(out) < n; i++ {
		g, _ := game.New(game.Expert, game.RulesSafe, game.GameSeed(3, i))
		if _, err := a.Play(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
	return out[:n]
}

// BenchmarkEndgame times one endgame search (enumeration included) on
// expert positions with 2 to 1,000 layouts, as the guesser meets them: one
// after another with the same scratch, as a player keeps it.
func BenchmarkEndgame(b *testing.B) {
	positions := endgamePositions(b, 100)
	var sc endgameScratch
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := solveEndgame(context.Background(), positions[i%len(positions)], DefaultEndgame, endgameBudget, &sc); err != nil {
			b.Fatal(err)
		}
	}
}
