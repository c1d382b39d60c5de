package batch

import (
	"math"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// NewRecordLine returns the record line of g played to res, which must come
// from an agent with agent.WithMoves: the game's record with the estimates
// behind its guesses and how each was chosen, as the records' optional keys
// game.ProbsKey and game.GuessesKey.
func NewRecordLine(g *game.Game, res agent.Result) *game.RecordLine {
	return &game.RecordLine{Record: agent.RecordOf(g, res), Probs: moveProbs(g.Board(), res.Moves), Guesses: moveGuesses(g.Board(), res.Moves)}
}

// moveProbs collects the per-cell estimates behind a game's guesses, in
// the form of the records' optional "probs" key (see game.ProbsKey): move
// index -> [row, col, p] for every cell the guesser weighed. Moves without
// estimates are left out; nil if none has any.
func moveProbs(b *game.Board, moves []agent.Move) game.MoveProbs {
	var out game.MoveProbs
	for i, m := range moves {
		if m.Guess == nil || m.Guess.Probs == nil {
			continue
		}
		var cps []game.CellProb
		for c, p := range m.Guess.Probs {
			if math.IsNaN(p) || p < 0 || p > 1 {
				continue
			}
			cps = append(cps, game.CellProb{Pos: b.Pos(c), P: p})
		}
		if len(cps) == 0 {
			continue
		}
		if out == nil {
			out = game.MoveProbs{}
		}
		out[i] = cps
	}
	return out
}

// moveGuesses collects how each of a game's guesses was chosen, in the
// form of the records' optional "guesses" key (see game.GuessesKey); nil
// if the game has no guess.
func moveGuesses(b *game.Board, moves []agent.Move) game.MoveGuesses {
	var out game.MoveGuesses
	for i, m := range moves {
		if m.Guess == nil {
			continue
		}
		g := m.Guess
		n := game.GuessNote{Method: g.Method, P: clamp01(g.P), Score: clamp01(g.Score)}
		if g.Runner >= 0 && g.Runner != g.Cell {
			r := b.Pos(g.Runner).Pair()
			n.Runner, n.RunnerP, n.RunnerScore = &r, clamp01(g.RunnerP), clamp01(g.RunnerScore)
		}
		if out == nil {
			out = game.MoveGuesses{}
		}
		out[i] = n
	}
	return out
}

// clamp01 maps x into [0, 1], NaN to 0: a probability or score computed in
// floating point may stray past its bounds by a rounding error.
func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	return min(x, 1)
}
