package guess

import (
	"context"
	"testing"

	"github.com/minesat/minesat/game"
)

// BenchmarkGuess times one guess on stuck expert positions (30x16, 99
// mines, logic exhausted), per guesser setting, each from an empty
// analysis cache.
func BenchmarkGuess(b *testing.B) {
	positions := stuckAt(b, game.Expert, 50)
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
				pos.Analyzer.Cache().Reset() // each guess starts cold, as the first of a game would
				if _, err := tc.g.Guess(context.Background(), pos, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEndgame times one endgame search (enumeration included) on
// expert positions with 2 to 1,000 layouts, as the guesser meets them: one
// after another with the same scratch, as a player keeps it.
func BenchmarkEndgame(b *testing.B) {
	positions := guessedAt(b, game.Expert, 400, searchesEndgame)
	positions = positions[:min(100, len(positions))]
	var sc endgameScratch
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := solveEndgame(context.Background(), positions[i%len(positions)], DefaultEndgame, endgameBudget, &sc); err != nil {
			b.Fatal(err)
		}
	}
}
