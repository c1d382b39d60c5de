package agent

import "github.com/minesat/minesat/game"

// A guess is described as JSON in two published forms, both built here from
// the same Guess: a game record's note (game.GuessNote, under the record's
// "guesses" key) and the guess fields of Advise's Recommendation (minesat
// analyze --format json, the web page's hint).

// Note returns how g was chosen, as a game record's guess note: its method,
// probability and score, and the runner-up's, clamped into [0, 1]; the
// runner-up only when there is one other than the guessed cell.
func (g *Guess) Note(b *game.Board) game.GuessNote {
	n := game.GuessNote{Method: g.Method.String(), P: clamp01(g.P), Score: clamp01(g.Score)}
	if r := g.runnerPair(b); r != nil {
		n.Runner, n.RunnerP, n.RunnerScore = r, clamp01(g.RunnerP), clamp01(g.RunnerScore)
	}
	return n
}

// describe fills r's guess fields from g: how it was chosen, its score (for
// the methods that score), and the runner-up. probs are the position's mine
// probabilities, which replace g's own estimates; nil when not counted.
func (g *Guess) describe(r *Recommendation, b *game.Board, probs []float64) {
	r.P = g.P
	if probs != nil {
		r.P = probs[g.Cell]
	}
	r.Method = g.Method.String()
	r.Chosen = g.Method.Chosen()
	if g.Method.Scored() {
		r.Score = ptr(g.Score)
	}
	if rc := g.runnerPair(b); rc != nil {
		r.Runner = rc
		rp := g.RunnerP
		if probs != nil {
			rp = probs[g.Runner]
		}
		r.RunnerP = ptr(rp)
		if r.Score != nil {
			r.RunnerScore = ptr(g.RunnerScore)
		}
	}
}

// runnerPair returns g's runner-up as a [row, col] pair, nil when there is
// none other than the guessed cell.
func (g *Guess) runnerPair(b *game.Board) *[2]int {
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

func ptr[T any](x T) *T { return &x }
