package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scripted plays a game with a tiny deterministic player that sees the
// mines: under RulesSafe and RulesZero it first opens the centre (a guess),
// then walks the cells in row-major order, flagging mines and opening safe
// cells with the reason "oracle", until the game ends or limit moves are
// made (limit < 0: no limit). It returns the game's record.
func scripted(t testing.TB, l Level, rules Rules, seed int64, limit int) *Record {
	t.Helper()
	g, err := New(l, rules, seed)
	if err != nil {
		t.Fatalf("New(%v, %v, %d): %v", l, rules, seed, err)
	}
	var moves []MoveRecord
	do := func(op string, p Pos, why string) {
		moves = append(moves, MoveRecord{Op: op, Cell: p.Pair(), Why: why})
		var err error
		if op == OpOpen.String() {
			_, err = g.Open(p)
		} else {
			err = g.Flag(p)
		}
		if err != nil && !errors.Is(err, ErrMine) {
			t.Fatalf("scripted %s %v: %v", op, p, err)
		}
	}
	if rules != RulesSeed && limit != 0 {
		do(OpOpen.String(), Pos{l.Rows / 2, l.Cols / 2}, WhyGuess)
	}
	for i := 0; i < g.Board().Len() && g.Outcome() == Unfinished && (limit < 0 || len(moves) < limit); i++ {
		switch {
		case g.Cell(i).State != Unknown:
		case g.IsMine(i):
			do(OpFlag.String(), g.Board().Pos(i), "oracle")
		default:
			do(OpOpen.String(), g.Board().Pos(i), "oracle")
		}
	}
	return recordOf(g, moves)
}

// recordOf writes g's record as a player would, with the result g reached.
func recordOf(g *Game, moves []MoveRecord) *Record {
	l := g.Level()
	res := g.Outcome()
	if res == Unfinished {
		res = Stuck
	}
	return &Record{Level: l.Name, Rows: l.Rows, Cols: l.Cols, MineCount: l.Mines, Rules: g.Rules().String(),
		Seed: g.Seed(), Mines: PairsOf(g.Mines()), Initial: PairsOf(g.Initial()), Moves: moves, Outcome: res}
}

// firstMine returns the first mine in rec in row-major order that is not
// among the record's moves.
func firstMine(rec *Record) [2]int {
	for _, m := range rec.Mines {
		if !slices.ContainsFunc(rec.Moves, func(mv MoveRecord) bool { return mv.Cell == m }) {
			return m
		}
	}
	return rec.Mines[0]
}

// firstSafe returns the first closed safe cell of rec's game after its moves.
func firstSafe(t *testing.T, rec *Record) [2]int {
	t.Helper()
	g, err := ReplayRecord(rec, nil)
	if err != nil {
		t.Fatalf("firstSafe: %v", err)
	}
	for i := 0; i < g.Board().Len(); i++ {
		if g.Cell(i).State != Revealed && !g.IsMine(i) {
			return g.Board().Pos(i).Pair()
		}
	}
	t.Fatal("firstSafe: no closed safe cell")
	return [2]int{}
}

func TestVerifyRecordValid(t *testing.T) {
	custom, _ := ParseLevel("6x7/8")
	for _, tc := range []struct {
		name  string
		rec   *Record
		want  Outcome
		moves int // -1: any
	}{
		{"easy/seed/won", scripted(t, Easy, RulesSeed, 1, -1), Won, -1},
		{"expert/seed/won", scripted(t, Expert, RulesSeed, 2, -1), Won, -1},
		{"beginner/safe/won", scripted(t, Beginner, RulesSafe, 3, -1), Won, -1},
		{"intermediate/zero/won", scripted(t, Intermediate, RulesZero, 4, -1), Won, -1},
		{"custom/safe/won", scripted(t, custom, RulesSafe, 5, -1), Won, -1},
		{"easy/seed/stuck", scripted(t, Easy, RulesSeed, 6, 5), Stuck, 5},
		{"easy/seed/no moves", scripted(t, Easy, RulesSeed, 7, 0), Stuck, 0},
		{"beginner/safe/no moves, layout not drawn", scripted(t, Beginner, RulesSafe, 8, 0), Stuck, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.rec.Outcome, "how the scripted game ended")
			if tc.moves >= 0 {
				require.Len(t, tc.rec.Moves, tc.moves, "the scripted game's moves")
			}
			assert.NoError(t, VerifyRecord(tc.rec))
			// The record survives a JSON round trip unchanged.
			b, err := json.Marshal(tc.rec)
			require.NoError(t, err)
			recs, err := ReadRecords("rt.jsonl", strings.NewReader(string(b)+"\n"))
			require.NoError(t, err)
			require.Len(t, recs, 1)
			assert.NoError(t, VerifyRecord(&recs[0]), "after a round trip")
		})
	}
}

// TestReplayRecordSteps checks the step callback against the game: the cells
// it reports opened are exactly the cells open at the end, less those open
// before the first move, each reported once, and indices arrive in order.
func TestReplayRecordSteps(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		rules := []Rules{RulesSeed, RulesSafe, RulesZero}[seed%3]
		rec := scripted(t, Intermediate, rules, seed, -1)
		seen := map[int]bool{}
		last := -1
		g, err := ReplayRecord(rec, func(i int, opened []int) {
			if i != last+1 {
				t.Errorf("seed %d: step %d after %d", seed, i, last)
			}
			last = i
			if rec.Moves[i].Op == OpFlag.String() && opened != nil {
				t.Errorf("seed %d: flag at moves[%d] opened %v", seed, i, opened)
			}
			for _, j := range opened {
				if seen[j] {
					t.Errorf("seed %d: cell %d reported opened twice", seed, j)
				}
				seen[j] = true
			}
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if last != len(rec.Moves)-1 {
			t.Errorf("seed %d: last step %d; want %d", seed, last, len(rec.Moves)-1)
		}
		// Under RulesSeed the initial cells may flood open more cells.
		g0, err := NewWithLayout(g.Level(), rules, seed, g.Mines(), posList(rec.Initial))
		if err != nil {
			t.Fatal(err)
		}
		initial := map[int]bool{}
		for i := 0; i < g0.Board().Len(); i++ {
			initial[i] = g0.Cell(i).State == Revealed
		}
		for i := 0; i < g.Board().Len(); i++ {
			open := g.Cell(i).State == Revealed
			if open != (seen[i] || initial[i]) {
				t.Errorf("seed %d: cell %d open=%v, reported=%v initial=%v", seed, i, open, seen[i], initial[i])
			}
		}
	}
}

func TestVerifyRecordErrors(t *testing.T) {
	won := func() *Record { return scripted(t, Easy, RulesSeed, 11, -1) }
	safe := func() *Record { return scripted(t, Beginner, RulesSafe, 12, -1) }
	stuck := func() *Record { return scripted(t, Easy, RulesSeed, 13, 4) }
	for _, tc := range []struct {
		name   string
		rec    func() *Record
		edit   func(r *Record)
		move   int    // the RecordError's Move
		want   string // in the message
		unsafe bool   // wraps ErrUnsound
	}{
		{"rows differ from level", won, func(r *Record) { r.Rows = 10 }, -1, "level easy is 9x9 with 10 mines, the record says 10x9 with 10", false},
		{"bad size", won, func(r *Record) { r.Cols = 0 }, -1, "rows and cols must be positive", false},
		{"unknown level", won, func(r *Record) { r.Level = "huge" }, -1, `level "huge"`, false},
		{"unknown rules", won, func(r *Record) { r.Rules = "nice" }, -1, `rules "nice"`, false},
		{"mine count", won, func(r *Record) { r.Mines = r.Mines[1:] }, -1, "mines lists 9 cells, mine_count is 10", false},
		{"mine off board", won, func(r *Record) { r.Mines[9] = [2]int{9, 0} }, -1, "mines[9] (9,0): off the 9x9 board", false},
		{"mine twice", won, func(r *Record) { r.Mines[1] = r.Mines[0] }, -1, "listed twice or out of order", false},
		{"other seed", won, func(r *Record) { r.Seed++ }, -1, "seed 12 under rules seed gives other mines: it gives 10 cells, the record lists 10; the first difference in row-major order: ", false},
		{"initial cell changed", won, func(r *Record) { r.Initial[0] = firstMine(r) }, -1, "opens other initial cells: it gives 9 cells, the record lists 9; the first difference in row-major order: ", false},
		{"initial under safe rules", safe, func(r *Record) { r.Initial = [][2]int{{0, 0}} }, -1, "opens other initial cells: it gives 0 cells, the record lists 1; the first difference in row-major order: nothing where the record lists (0,0)", false},
		{"safe rules, no open, mines listed", safe, func(r *Record) { r.Moves = nil; r.Outcome = Stuck }, -1, "no move opens a cell", false},
		{"deduced open of a mine", stuck, func(r *Record) {
			r.Moves = append(r.Moves, MoveRecord{OpOpen.String(), firstMine(r), "unit"})
		}, 4, `open (2,2) (why "unit"): the cell is a mine`, true},
		{"deduced flag of a safe cell", stuck, func(r *Record) {
			r.Moves = append(r.Moves, MoveRecord{OpFlag.String(), firstSafe(t, r), "resolution"})
		}, 4, `flag (0,8) (why "resolution"): the cell is safe`, true},
		{"guessed open of a mine, then more", stuck, func(r *Record) {
			r.Moves = append(r.Moves, MoveRecord{OpOpen.String(), firstMine(r), WhyGuess}, MoveRecord{OpFlag.String(), [2]int{8, 8}, WhyGuess})
			r.Outcome = Lost
		}, 5, "flag (8,8) after the game was lost at moves[4]", false},
		{"move after a win", won, func(r *Record) {
			r.Moves = append(r.Moves, MoveRecord{OpFlag.String(), r.Mines[9], "oracle"})
		}, 18, "flag (7,5) after the game was won at moves[17]", false},
		{"empty why", stuck, func(r *Record) { r.Moves[2].Why = "" }, 2, "no reason given", false},
		{"bad op", stuck, func(r *Record) { r.Moves[1].Op = "poke" }, 1, `op "poke"`, false},
		{"off board", stuck, func(r *Record) { r.Moves[0].Cell = [2]int{0, 9} }, 0, "open (0,9): off the 9x9 board", false},
		{"open twice", stuck, func(r *Record) { r.Moves[1] = r.Moves[0] }, 1, "open (0,0): the cell is already open", false},
		{"open an initial cell", stuck, func(r *Record) { r.Moves[0] = MoveRecord{OpOpen.String(), r.Initial[0], "unit"} }, 0, "already open", false},
		{"flag twice", stuck, func(r *Record) { r.Moves[2] = r.Moves[1] }, 2, "flag (0,1): the cell is already flagged", false},
		{"won claimed, stuck", stuck, func(r *Record) { r.Outcome = Won }, -1, `result is "won" but the moves leave the game stuck`, false},
		{"stuck claimed, won", won, func(r *Record) { r.Outcome = Stuck }, -1, `result is "stuck" but the moves leave the game won`, false},
		{"lost claimed, stuck", stuck, func(r *Record) { r.Outcome = Lost }, -1, `result is "lost"`, false},
		{"unfinished", won, func(r *Record) { r.Outcome = Unfinished }, -1, `result "unfinished": want "won", "lost" or "stuck"`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := tc.rec()
			require.NoError(t, VerifyRecord(rec), "the record before the edit")
			tc.edit(rec)
			err := VerifyRecord(rec)
			var re *RecordError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, tc.move, re.Move, "the RecordError's move (%v)", err)
			assert.ErrorContains(t, err, tc.want)
			assert.Equal(t, tc.unsafe, errors.Is(err, ErrUnsound), "errors.Is(err, ErrUnsound) for %v", err)
		})
	}
}

// TestVerifyRecordGuessesMayBeWrong pins what is not an error: a guessed
// flag on a safe cell, and a guessed open of a mine as the last move.
func TestVerifyRecordGuessesMayBeWrong(t *testing.T) {
	rec := scripted(t, Easy, RulesSeed, 21, 3)
	rec.Moves = append(rec.Moves, MoveRecord{OpFlag.String(), firstSafe(t, rec), WhyGuess})
	assert.NoError(t, VerifyRecord(rec), "guessed flag of a safe cell")
	// Opening that flagged safe cell clears the flag and opens it.
	rec.Moves = append(rec.Moves, MoveRecord{OpOpen.String(), rec.Moves[3].Cell, "unit"})
	assert.NoError(t, VerifyRecord(rec), "deduced open of a wrongly flagged cell")
	rec.Moves = append(rec.Moves, MoveRecord{OpOpen.String(), firstMine(rec), WhyGuess})
	rec.Outcome = Lost
	assert.NoError(t, VerifyRecord(rec), "guessed open of a mine as the last move")
}

func TestMoveProbs(t *testing.T) {
	rec := scripted(t, Easy, RulesSeed, 31, 3)
	in := `{"1":[[0.25,0,0,8,7],[1,8,8]],"2":[]}`
	var mp MoveProbs
	require.NoError(t, json.Unmarshal([]byte(in), &mp))
	assert.Equal(t, MoveProbs{1: {{Pos{0, 0}, 0.25}, {Pos{8, 7}, 0.25}, {Pos{8, 8}, 1}}, 2: nil}, mp)
	out, err := json.Marshal(mp)
	require.NoError(t, err)
	assert.Equal(t, in, string(out))
	// Probabilities are rounded to 4 decimals, and cells grouped by the
	// rounded value in the order of their first cell.
	out, err = json.Marshal(MoveProbs{0: {{Pos{0, 0}, 0.123449}, {Pos{0, 1}, 1.0 / 3}, {Pos{0, 2}, 0.12341}}})
	require.NoError(t, err)
	assert.Equal(t, `{"0":[[0.1234,0,0,0,2],[0.3333,0,1]]}`, string(out))
	assert.NoError(t, mp.Check(rec))
	for _, tc := range []struct{ in, want string }{
		{`{"3":[]}`, "move 3: the record has 3 moves"},
		{`{"0":[[0.5,9,0]]}`, "moves[0]: probs: cell (9,0) off the 9x9 board"},
		{`{"2":[[0.5,1,1],[0.25,1,1]]}`, "moves[2]: probs: cell (1,1) listed twice"},
		{`{"1":[[1.5,1,1]]}`, "outside [0, 1]"},
		{`{"1":[[0.1,1,1]],"0":[[-0.1,1,1]]}`, "moves[0]"}, // the first move in order
	} {
		var mp MoveProbs
		require.NoError(t, json.Unmarshal([]byte(tc.in), &mp), "Unmarshal(%s)", tc.in)
		assert.ErrorContains(t, mp.Check(rec), tc.want, "Check(%s)", tc.in)
	}
	for _, bad := range []string{`[1,2]`, `[1.5,2,0.1]`, `["a",1,0.1]`, `{}`, `[1,2,3,4]`} {
		var cp CellProb
		assert.Error(t, json.Unmarshal([]byte(bad), &cp), "CellProb.UnmarshalJSON(%s)", bad)
	}
}

// mustLevel is ParseLevel for tests.
func mustLevel(s string) Level {
	l, err := ParseLevel(s)
	if err != nil {
		panic(err)
	}
	return l
}

// ExampleVerifyRecord replays a record whose deduced move opens a mine.
func ExampleVerifyRecord() {
	g, _ := New(Beginner, RulesSafe, 42)
	g.Open(Pos{0, 0})
	rec := Record{Level: "beginner", Rows: 9, Cols: 9, MineCount: 10, Rules: "safe", Seed: 42,
		Mines: PairsOf(g.Mines()), Initial: [][2]int{},
		Moves:   []MoveRecord{{Op: OpOpen.String(), Cell: [2]int{0, 0}, Why: "first"}, {Op: OpOpen.String(), Cell: g.Mines()[0].Pair(), Why: "unit"}},
		Outcome: Lost}
	err := VerifyRecord(&rec)
	var re *RecordError
	fmt.Println(errors.As(err, &re), re.Move, errors.Is(err, ErrUnsound))
	rec.Moves[1].Why = WhyGuess // a guess may open a mine
	fmt.Println(VerifyRecord(&rec))
	// Output:
	// true 1 true
	// <nil>
}

// BenchmarkVerifyRecord replays won games of each size.
func BenchmarkVerifyRecord(b *testing.B) {
	for _, l := range []Level{Beginner, Intermediate, Expert, mustLevel("100x100/2000")} {
		rec := scripted(b, l, RulesSafe, 1, -1)
		b.Run(l.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := VerifyRecord(rec); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(rec.Moves)), "moves")
		})
	}
}
