package guess

import "github.com/minesat/minesat/game"

// A guess is described as JSON in two published forms, both from the same
// Guess: a game record's note (game.GuessNote, under the record's
// "guesses" key), built here, and the guess fields of the agent's advice
// (minesat analyze --format json, the web page's hint), built from
// RunnerPair.

// Note returns how g was chosen, as a game record's guess note: its method,
// probability and score, and the runner-up's, clamped into [0, 1]; the
// runner-up only when there is one other than the guessed cell.
func (g *Guess) Note(b *game.Board) game.GuessNote {
	n := game.GuessNote{Method: g.Method.String(), P: clamp01(g.P), Score: clamp01(g.Score)}
	if r := g.RunnerPair(b); r != nil {
		n.Runner, n.RunnerP, n.RunnerScore = r, clamp01(g.RunnerP), clamp01(g.RunnerScore)
	}
	for _, e := range g.Estimates {
		n.Think = append(n.Think, game.ThinkEstimate{Cell: b.Pos(e.Cell).Pair(), Wins: e.Wins, Rollouts: e.Rollouts})
	}
	return n
}

// RunnerPair returns g's runner-up as a [row, col] pair, nil when there is
// none other than the guessed cell.
func (g *Guess) RunnerPair(b *game.Board) *[2]int {
	if g.Runner < 0 || g.Runner == g.Cell {
		return nil
	}
	rc := b.Pos(g.Runner).Pair()
	return &rc
}

// clamp01 maps x into [0, 1], NaN to 0: a probability or score computed in
// floating point may stray past its bounds by a rounding error.
func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	return min(x, 1)
}
