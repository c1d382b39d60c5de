package recordtest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/minesat/minesat/game"
)

// Scripted plays a deterministic game with a player that sees the mines.
// It walks the cells in row-major order, flagging mines ("oracle: mine") and
// opening safe cells ("oracle: safe"); every fifth open is labelled a guess
// and carries made-up probabilities for every closed cell (the mine density
// of the closed cells, the chosen cell a little lower). With loseAt > 0 the
// player's loseAt-th move is instead a guess that opens the first closed
// mine. limit > 0 stops the player after that many moves (a stuck game).
// Under RulesSafe and RulesZero the first move opens the centre, a guess.
func Scripted(t testing.TB, l game.Level, rules game.Rules, seed int64, limit, loseAt int) game.RecordLine {
	t.Helper()
	g, err := game.New(l, rules, seed)
	if err != nil {
		t.Fatalf("game.New: %v", err)
	}
	var moves []game.MoveRecord
	probs, notes := game.MoveProbs{}, game.MoveGuesses{}
	density := func(chosen int) []game.CellProb {
		closed, flagged := 0, 0
		for i := range g.Board().Len() {
			switch g.Cell(i).State {
			case game.Unknown:
				closed++
			case game.Flagged:
				flagged++
			}
		}
		d := float64(l.Mines-flagged) / float64(closed)
		var cps []game.CellProb
		for i := range g.Board().Len() {
			if g.Cell(i).State == game.Unknown {
				p := d
				if i == chosen {
					p = d * 0.75
				}
				cps = append(cps, game.CellProb{Pos: g.Board().Pos(i), P: p})
			}
		}
		return cps
	}
	do := func(op string, i int, why string, withProbs bool) {
		p := g.Board().Pos(i)
		if withProbs {
			probs[len(moves)] = density(i)
			for _, cp := range probs[len(moves)] {
				if cp.Pos == p {
					notes[len(moves)] = game.GuessNote{Method: "scripted", P: cp.P}
				}
			}
		}
		moves = append(moves, game.MoveRecord{Op: op, Cell: p.Pair(), Why: why})
		if op == game.OpOpen.String() {
			_, err = g.Open(p)
		} else {
			err = g.Flag(p)
		}
		if err != nil && !errors.Is(err, game.ErrMine) {
			t.Fatalf("scripted %s %v: %v", op, p, err)
		}
	}
	if rules != game.RulesSeed {
		do(game.OpOpen.String(), l.Rows/2*l.Cols+l.Cols/2, game.WhyGuess, false)
	}
	opens := 0
	for i := 0; i < g.Board().Len() && g.Outcome() == game.Unfinished && (limit <= 0 || len(moves) < limit); i++ {
		if loseAt > 0 && len(moves)+1 == loseAt {
			for j := range g.Board().Len() {
				if g.Cell(j).State == game.Unknown && g.IsMine(j) {
					do(game.OpOpen.String(), j, game.WhyGuess, true)
					break
				}
			}
			break
		}
		switch {
		case g.Cell(i).State != game.Unknown:
		case g.IsMine(i):
			do(game.OpFlag.String(), i, "oracle: mine", false)
		default:
			opens++
			if opens%5 == 0 {
				do(game.OpOpen.String(), i, game.WhyGuess, true)
			} else {
				do(game.OpOpen.String(), i, "oracle: safe", false)
			}
		}
	}
	res := g.Outcome()
	if res == game.Unfinished {
		res = game.Stuck
	}
	rec := game.Record{Level: l.Name, Rows: l.Rows, Cols: l.Cols, MineCount: l.Mines, Rules: rules.String(), Seed: seed,
		Mines: game.PairsOf(g.Mines()), Initial: game.PairsOf(g.Initial()), Moves: moves, Outcome: res}
	if len(probs) == 0 {
		probs, notes = nil, nil
	}
	return game.RecordLine{Record: rec, Probs: probs, Guesses: notes}
}

// JSONL writes the lines as JSON Lines.
func JSONL(t testing.TB, lines ...any) string {
	t.Helper()
	var sb strings.Builder
	for _, l := range lines {
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(b)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// ThreeGames is a won, a lost and a stuck game, with an empty line between
// the second and the third.
func ThreeGames(t testing.TB) string {
	won := Scripted(t, game.Easy, game.RulesSeed, 1, 0, 0)
	lost := Scripted(t, game.Beginner, game.RulesSafe, 2, 0, 9)
	stuck := Scripted(t, game.Intermediate, game.RulesZero, 3, 12, 0)
	for _, c := range []struct {
		l    game.RecordLine
		want game.Outcome
	}{{won, game.Won}, {lost, game.Lost}, {stuck, game.Stuck}} {
		if c.l.Outcome != c.want {
			t.Fatalf("scripted game ended %s; want %s", c.l.Outcome, c.want)
		}
	}
	return JSONL(t, won, lost) + "\n" + JSONL(t, stuck)
}
