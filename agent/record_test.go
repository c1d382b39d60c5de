package agent

import (
	"math"
	"testing"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
)

func TestMoveProbs(t *testing.T) {
	b := game.MustBoard(3, 3)
	probs := []float64{0.2, 0.25, math.NaN(), -1, math.NaN(), math.NaN(), math.NaN(), math.NaN(), 0.5}
	moves := []Move{
		{Op: game.OpOpen, Cell: 4, Basis: BasisFirst},
		{Op: game.OpOpen, Cell: 0, Basis: BasisGuess, Guess: &guess.Guess{Cell: 0, P: 0.2, Runner: 1, Probs: probs}},
		{Op: game.OpOpen, Cell: 1, Basis: BasisGuess, Guess: &guess.Guess{Cell: 1, Runner: -1}},
	}
	got := moveProbs(b, moves)
	want := []game.CellProb{{Pos: game.Pos{Row: 0, Col: 0}, P: 0.2}, {Pos: game.Pos{Row: 0, Col: 1}, P: 0.25}, {Pos: game.Pos{Row: 2, Col: 2}, P: 0.5}}
	if len(got) != 1 || len(got[1]) != len(want) {
		t.Fatalf("moveProbs = %v; want only move 1 with %v", got, want)
	}
	for i := range want {
		if got[1][i] != want[i] {
			t.Errorf("move 1 cell %d: %v; want %v", i, got[1][i], want[i])
		}
	}
	if got := moveProbs(b, moves[:1]); got != nil {
		t.Errorf("moveProbs without guesses = %v; want nil", got)
	}
}

func TestMoveGuesses(t *testing.T) {
	b := game.MustBoard(3, 3)
	moves := []Move{
		{Op: game.OpOpen, Cell: 4, Basis: BasisFirst},
		{Op: game.OpOpen, Cell: 0, Basis: BasisGuess, Guess: &guess.Guess{Cell: 0, P: 0.2, Runner: 5, RunnerP: 0.25,
			Method: guess.MethodEndgame, Score: 1 + 1e-12, RunnerScore: 0.5}},
		{Op: game.OpOpen, Cell: 1, Basis: BasisGuess, Guess: &guess.Guess{Cell: 1, P: -1e-17, Runner: -1, Method: guess.MethodLocal, Score: math.NaN()}},
	}
	got := moveGuesses(b, moves)
	runner := [2]int{1, 2}
	want := game.MoveGuesses{
		1: {Method: guess.MethodEndgame.String(), P: 0.2, Score: 1, Runner: &runner, RunnerP: 0.25, RunnerScore: 0.5},
		2: {Method: "local estimate"},
	}
	if len(got) != len(want) {
		t.Fatalf("moveGuesses = %v; want %v", got, want)
	}
	for i, w := range want {
		g, ok := got[i]
		if !ok || g.Method != w.Method || g.P != w.P || g.Score != w.Score || (g.Runner == nil) != (w.Runner == nil) ||
			(g.Runner != nil && *g.Runner != *w.Runner) || g.RunnerP != w.RunnerP || g.RunnerScore != w.RunnerScore {
			t.Errorf("move %d: %+v; want %+v", i, g, w)
		}
	}
	rec := &game.Record{Rows: 3, Cols: 3, Moves: []game.MoveRecord{{Why: "first"}, {Why: game.WhyGuess}, {Why: game.WhyGuess}}}
	rec.Moves[1].Cell, rec.Moves[2].Cell = [2]int{0, 0}, [2]int{0, 1}
	if err := got.Check(rec); err != nil {
		t.Errorf("the notes fail their own check: %v", err)
	}
	if got := moveGuesses(b, moves[:1]); got != nil {
		t.Errorf("moveGuesses without guesses = %v; want nil", got)
	}
}
