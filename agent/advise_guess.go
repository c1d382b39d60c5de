package agent

import (
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
)

// describeGuess fills r's guess fields from g: how it was chosen, its score (for
// the methods that score), and the runner-up. probs are the position's mine
// probabilities, which replace g's own estimates; nil when not counted.
func describeGuess(g *guess.Guess, r *Recommendation, b *game.Board, probs []float64) {
	r.P = g.P
	if probs != nil {
		r.P = probs[g.Cell]
	}
	r.Method = g.Method.String()
	r.Chosen = g.Method.Chosen()
	if g.Method.Scored() {
		r.Score = ptr(g.Score)
	}
	if rc := g.RunnerPair(b); rc != nil {
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

func ptr[T any](x T) *T { return &x }
