package agent

import (
	"context"
	"math"
	"testing"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// endgameRecorder is a Guesser that guesses as DefaultGuesser and keeps a
// copy of every position where DefaultGuesser runs the endgame search: the
// mine total known and at most DefaultEndgame layouts left.
type endgameRecorder struct {
	out *[]*game.Puzzle
}

func (endgameRecorder) Name() string { return "recorder" }

func (r endgameRecorder) Guess(ctx context.Context, p *Position) (Guess, error) {
	if p.View.MinesKnown() {
		if a, err := exact.Analyze(ctx, p.View, exact.Budget{}); err == nil {
			if ln, err := a.LogCount(); err == nil && ln <= math.Log(float64(DefaultEndgame))+1e-9 {
				*r.out = append(*r.out, p.View.Clone())
			}
		}
	}
	return DefaultGuesser().Guess(ctx, p)
}

// playedEndgames returns the positions on which the default player runs
// the endgame search in games 0 to games-1 of seed 1 at level (safe rules),
// in the order it meets them.
func playedEndgames(tb testing.TB, level game.Level, games int) []*game.Puzzle {
	var out []*game.Puzzle
	a, err := New(WithStrategy(PresetFast), WithGuesser(endgameRecorder{out: &out}))
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

// BenchmarkEndgamePlayed times the endgame searches (enumeration included)
// of 200 expert games as the default player meets them, one after another
// with the same scratch; one op is all of them. Most are small, a few run
// into the budget: the mix BenchmarkPlay/expert pays for.
func BenchmarkEndgamePlayed(b *testing.B) {
	positions := playedEndgames(b, game.Expert, 200)
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
}
