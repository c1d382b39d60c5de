package game_test

import (
	"bytes"
	"fmt"

	"github.com/minesat/minesat/game"
)

// A level is a name or a custom size; its default rules depend on it.
func ExampleParseLevel() {
	for _, s := range []string{"expert", "hard", "20x40/150", "3x3/10"} {
		l, err := game.ParseLevel(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(l, l.Rows, l.Cols, l.Mines, l.DefaultRules())
	}
	// Output:
	// expert 16 30 99 safe
	// hard 16 30 99 seed
	// 20x40/150 20 40 150 safe
	// game: level "3x3/10": 10 mines: want 0..9 on a 3x3 board
}

// Play until the game ends, opening cells in row-major order, then write
// its record as a JSON line and read it back: the outcome goes through as
// its word, and the record replays.
func ExampleRecordWriter() {
	g, err := game.New(game.Beginner, game.RulesSafe, 5)
	if err != nil {
		panic(err)
	}
	var moves []game.MoveRecord
	for i := 0; g.Outcome() == game.Unfinished; i++ {
		if g.Cell(i).State != game.Unknown {
			continue
		}
		p := g.Board().Pos(i)
		g.Open(p) // a mine ends the game: Outcome becomes Lost
		moves = append(moves, game.MoveRecord{Op: game.OpOpen.String(), Cell: p.Pair(), Why: game.WhyGuess})
	}
	l := g.Level()
	rec := game.Record{Level: l.Name, Rows: l.Rows, Cols: l.Cols, MineCount: l.Mines,
		Rules: g.Rules().String(), Seed: g.Seed(),
		Mines: game.PairsOf(g.Mines()), Initial: game.PairsOf(g.Initial()),
		Moves: moves, Outcome: g.Outcome()}

	var buf bytes.Buffer
	w := game.NewRecordWriter(&buf)
	if err := w.Write(&rec); err != nil {
		panic(err)
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	recs, err := game.ReadRecords("games.jsonl", &buf)
	fmt.Println(len(recs), err)
	fmt.Println(recs[0].Outcome, len(recs[0].Moves), "moves; replays:", game.VerifyRecord(&recs[0]))
	// Output:
	// 1 <nil>
	// lost 5 moves; replays: <nil>
}
