package guess

import (
	"context"
	"testing"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// BenchmarkPseudoFiftyFifty times the search for pseudo 50/50s on the
// positions where the default guesser guesses in 100 expert games played
// by proof between guesses (safe rules, seed 1); one op is all of them. Each position keeps its analysis
// cache from one op to the next: the counts with a cell flagged are timed
// once.
func BenchmarkPseudoFiftyFifty(b *testing.B) {
	views := guessedAt(b, game.Expert, 100, nil)
	type position struct {
		p     *Position
		probs []float64
	}
	var positions []position
	for i, v := range views {
		an, err := exact.Analyze(context.Background(), v, exact.Budget{})
		if err != nil {
			continue
		}
		probs, err := an.Probabilities(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, position{positionFor(v, uint64(i)), probs})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, p := range positions {
			if _, _, err := pseudoFiftyFifty(context.Background(), p.p, p.probs, exact.Budget{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
