package guess

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// positionFor returns a Position over v for a guesser, with a generator
// seeded by seed and an Analyzer (with a cache) of its own.
func positionFor(v *game.Puzzle, seed uint64) *Position {
	return &Position{View: v, Rand: rand.New(rand.NewPCG(seed, 1)), Analyzer: exact.NewAnalyzer(exact.Budget{})}
}

// play plays g to its end as a player by proof does, guessing with gs:
// every cell forced in the view (as exact proves them) is flagged or
// opened, and when none is, visit (when not nil) sees the position and gs
// picks the cell to open; a nil gs leaves the game stuck there. The first
// click, on a board with nothing open, is the top-left corner.
func play(tb testing.TB, g *game.Game, gs Guesser, seed uint64, visit func(*Position)) game.Outcome {
	tb.Helper()
	ctx := context.Background()
	b := g.Board()
	if g.Closed() == b.Len()-g.Level().Mines { // nothing open
		if _, err := g.Open(game.Pos{}); err != nil && !errors.Is(err, game.ErrMine) {
			tb.Fatal(err)
		}
	}
	s, z, rng := new(State), exact.NewAnalyzer(exact.Budget{}), rand.New(rand.NewPCG(seed, 1))
	for g.Outcome() == game.Unfinished {
		v := g.View()
		mines, safe := forced(tb, v, z)
		for _, i := range mines {
			if err := g.Flag(b.Pos(i)); err != nil {
				tb.Fatal(err)
			}
		}
		for _, i := range safe {
			if g.Cell(i).State != game.Unknown {
				continue // opened by an earlier 0
			}
			if _, err := g.Open(b.Pos(i)); err != nil {
				tb.Fatalf("open %v proved safe: %v", b.Pos(i), err)
			}
		}
		if len(mines)+len(safe) > 0 {
			continue
		}
		if gs == nil {
			return game.Stuck
		}
		p := &Position{View: v, Rand: rng, Analyzer: z}
		if visit != nil {
			visit(p)
		}
		guess, err := gs.Guess(ctx, p, s)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := g.Open(b.Pos(guess.Cell)); err != nil && !errors.Is(err, game.ErrMine) {
			tb.Fatal(err)
		}
	}
	return g.Outcome()
}

// forced returns the cells forced in v: counted by z, or proved by SAT
// where a component is too large to count.
func forced(tb testing.TB, v *game.Puzzle, z *exact.Analyzer) (mines, safe []int) {
	tb.Helper()
	f, err := z.Forced(context.Background(), v)
	if err != nil {
		tb.Fatal(err)
	}
	return f.Mines, f.Safe
}

// stuckAt returns n positions of level l where logic has run out: games
// 0, 1, ... of seed 5 (safe rules) played by proof alone until stuck.
func stuckAt(tb testing.TB, l game.Level, n int) []*Position {
	tb.Helper()
	var out []*Position
	for i := 0; len(out) < n; i++ {
		g, err := game.New(l, game.RulesSafe, game.GameSeed(5, i))
		if err != nil {
			tb.Fatal(err)
		}
		if play(tb, g, nil, 0, nil) == game.Stuck {
			out = append(out, positionFor(g.View(), uint64(i)))
		}
	}
	return out
}

// guessedAt returns the positions on which the default player guesses in
// games 0 to games-1 of seed 1 at level (safe rules) for which keep, if not
// nil, is true, in the order it meets them.
func guessedAt(tb testing.TB, level game.Level, games int, keep func(context.Context, *Position) bool) []*game.Puzzle {
	var out []*game.Puzzle
	for i := range games {
		g, _ := game.New(level, game.RulesSafe, game.GameSeed(1, i))
		play(tb, g, DefaultGuesser(), uint64(i), func(p *Position) {
			if keep == nil || keep(context.Background(), p) {
				out = append(out, p.View.Clone())
			}
		})
	}
	return out
}

// custom parses a level such as "20x20/60".
func custom(t *testing.T, s string) game.Level {
	t.Helper()
	l, err := game.ParseLevel(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// mustPuzzle parses a puzzle file's text.
func mustPuzzle(t *testing.T, text string) *game.Puzzle {
	t.Helper()
	p, err := game.ParsePuzzle("test", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
