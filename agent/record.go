package agent

import (
	"math"

	"github.com/minesat/minesat/game"
)

// NewRecordLine returns the record line of g played to res, which must come
// from an agent with WithMoves: the game's record (RecordOf) with the
// estimates behind its guesses and how each was chosen, as the records'
// optional keys game.ProbsKey and game.GuessesKey. It is the one place a
// record line is built: batch runs and play --trace write it.
func NewRecordLine(g *game.Game, res Result) *game.RecordLine {
	b := g.Board()
	return &game.RecordLine{Record: RecordOf(g, res), Probs: moveProbs(b, res.Moves), Guesses: moveGuesses(b, res.Moves)}
}

// RecordOf returns the game as a record: its header, every move with its why
// (res must come from an agent with WithMoves), and the result.
func RecordOf(g *game.Game, res Result) game.Record {
	l := g.Level()
	b := g.Board()
	rec := game.Record{
		Level: l.Name, Rows: l.Rows, Cols: l.Cols, MineCount: l.Mines,
		Rules: g.Rules().String(), Seed: g.Seed(),
		Mines: game.PairsOf(g.Mines()), Initial: game.PairsOf(g.Initial()),
		Moves: make([]game.MoveRecord, 0, len(res.Moves)), Outcome: res.Outcome,
	}
	for _, m := range res.Moves {
		rec.Moves = append(rec.Moves, m.Record(b))
	}
	return rec
}

// moveProbs collects the per-cell estimates behind a game's guesses, in
// the form of the records' optional "probs" key (see game.ProbsKey): move
// index -> [row, col, p] for every cell the guesser weighed. Moves without
// estimates are left out; nil if none has any.
func moveProbs(b *game.Board, moves []Move) game.MoveProbs {
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
func moveGuesses(b *game.Board, moves []Move) game.MoveGuesses {
	var out game.MoveGuesses
	for i, m := range moves {
		if m.Guess == nil {
			continue
		}
		if out == nil {
			out = game.MoveGuesses{}
		}
		out[i] = m.Guess.Note(b)
	}
	return out
}
