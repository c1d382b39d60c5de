package guess

import (
	"context"
	"math"
	"testing"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

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

// BenchmarkEndgamePlayed times the endgame searches (enumeration
// included) the default guesser runs, played by proof between guesses, in 1,000 intermediate or 200 expert
// games (safe rules, seed 1), in the order it meets them, with one
// scratch; one op is all of them. Most are small, a few run into the
// budget: the mix BenchmarkPlay pays for.
func BenchmarkEndgamePlayed(b *testing.B) {
	for _, l := range []struct {
		level game.Level
		games int
	}{{game.Intermediate, 1000}, {game.Expert, 200}} {
		b.Run(l.level.Name, func(b *testing.B) {
			positions := guessedAt(b, l.level, l.games, searchesEndgame)
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
