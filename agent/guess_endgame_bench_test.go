package agent

import (
	"context"
	"math"
	"testing"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// guessRecorder is a Guesser that guesses as DefaultGuesser and keeps a
// copy of every position it is asked about for which keep, if not nil,
// is true.
type guessRecorder struct {
	out  *[]*game.Puzzle
	keep func(context.Context, *Position) bool
}

func (guessRecorder) Name() string { return "recorder" }

func (r guessRecorder) Guess(ctx context.Context, p *Position) (Guess, error) {
	if r.keep == nil || r.keep(ctx, p) {
		*r.out = append(*r.out, p.View.Clone())
	}
	return DefaultGuesser().Guess(ctx, p)
}

// searchesEndgame reports whether DefaultGuesser runs the endgame search
// on p: the mine total known and at most DefaultEndgame layouts left.
func searchesEndgame(ctx context.Context, p *Position) bool {
	if !p.View.MinesKnown() {
		return false
	}
	a, err := exact.Analyze(ctx, p.View, exact.Budget{})
	if err != nil {
		return false
	}
	ln, err := a.LogCount()
	return err == nil && ln <= math.Log(float64(DefaultEndgame))+1e-9
}

// playedEndgames returns the positions on which the default player runs
// the endgame search in games 0 to games-1 of seed 1 at level (safe rules),
// in the order it meets them.
func playedEndgames(tb testing.TB, level game.Level, games int) []*game.Puzzle {
	var out []*game.Puzzle
	a, err := New(WithStrategy(PresetFast), WithGuesser(guessRecorder{out: &out, keep: searchesEndgame}))
	if err != nil {
		tb.Fatal(err)
	}
	for i := range games {
		g, _ := game.New(level, game.RulesSafe, game.GameSeed(1, i))
		if _, err := a.Play(context.Background(), g); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkEndgamePlayed times the endgame searches (enumeration
// included) the default player runs in 1,000 intermediate or 200 expert
// games (safe rules, seed 1), in the order it meets them, with one
// scratch; one op is all of them. Most are small, a few run into the
// budget: the mix BenchmarkPlay pays for.
func BenchmarkEndgamePlayed(b *testing.B) {
	for _, l := range []struct {
		level game.Level
		games int
	}{{game.Intermediate, 1000}, {game.Expert, 200}} {
		b.Run(l.level.Name, func(b *testing.B) {
			positions := playedEndgames(b, l.level, l.games)
			var sc endgameScratch
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for _, p := range positions {
					if _, _, err := solveEndgame(context.Background(), p, DefaultEndgame, endgameBudget, &sc); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
