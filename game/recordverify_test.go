package game_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/recordtest"
)

// verifyAll runs VerifyRecords over in and returns the tally, the numbers
// of the games passed to fn and the error.
func verifyAll(t *testing.T, in io.Reader, sel game.RecordSelect) (game.RecordTally, []int, error) {
	t.Helper()
	var nums []int
	tally, err := game.VerifyRecords(context.Background(), in, "r.jsonl", sel, func(r *game.VerifiedRecord) error {
		nums = append(nums, r.Num)
		return nil
	})
	return tally, nums, err
}

func TestVerifyRecords(t *testing.T) {
	// Games 0 won, 1 lost, 2 stuck, 3 does not decode, 4 lost, 5 contradicts its mines.
	lost := recordtest.Scripted(t, game.Beginner, game.RulesSafe, 4, 0, 5)
	wrong := recordtest.Scripted(t, game.Easy, game.RulesSeed, 1, 0, 0)
	wrong.Seed = 12345
	in := recordtest.ThreeGames(t) + "{\"level\":\n" + recordtest.JSONL(t, lost, wrong)
	for _, tc := range []struct {
		name string
		sel  game.RecordSelect
		want game.RecordTally
		nums []int
	}{
		{"all", game.RecordSelect{To: -1}, game.RecordTally{Read: 6, Games: 6, Won: 1, Lost: 2, Stuck: 1, Errors: 2}, []int{0, 1, 2, 3, 4, 5}},
		{"one", game.RecordSelect{From: 2, To: 2}, game.RecordTally{Read: 4, Games: 1, Stuck: 1}, []int{2}},
		{"range", game.RecordSelect{From: 1, To: 3}, game.RecordTally{Read: 5, Games: 3, Lost: 1, Stuck: 1, Errors: 1}, []int{1, 2, 3}},
		{"past the end", game.RecordSelect{From: 9, To: 9}, game.RecordTally{Read: 6}, nil},
		{"first lost", game.RecordSelect{To: -1, Lost: 1}, game.RecordTally{Read: 2, Games: 1, Lost: 1}, []int{1}},
		{"lost in a range", game.RecordSelect{From: 2, To: -1, Lost: 5}, game.RecordTally{Read: 6, Games: 1, Lost: 1}, []int{4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tally, nums, err := verifyAll(t, strings.NewReader(in), tc.sel)
			require.NoError(t, err)
			assert.Equal(t, tc.want, tally)
			assert.Equal(t, tc.nums, nums)
		})
	}

	var errs []error
	_, err := game.VerifyRecords(context.Background(), strings.NewReader(in), "r.jsonl", game.RecordSelect{From: 3, To: 5}, func(r *game.VerifiedRecord) error {
		if r.Err != nil {
			errs = append(errs, r.Err)
		}
		return nil
	})
	require.NoError(t, err)
	require.Len(t, errs, 2)
	var pe *game.ParseError
	assert.ErrorAs(t, errs[0], &pe)
	assert.EqualError(t, errs[0], "r.jsonl:5:10: not valid JSON: unexpected EOF")
	var re *game.RecordError
	assert.ErrorAs(t, errs[1], &re)
	assert.Regexp(t, `^r\.jsonl:7: game: record: seed 12345 under rules seed gives other mines`, errs[1].Error())
}

// TestVerifyRecordsStops checks the three ends of a reading: fn's error, a
// torn stream (named in the tally, unless the selection ends before it),
// and cancellation while a read blocks.
func TestVerifyRecordsStops(t *testing.T) {
	in := recordtest.ThreeGames(t)

	stop := errors.New("stop")
	tally, err := game.VerifyRecords(context.Background(), strings.NewReader(in), "r.jsonl", game.RecordSelect{To: -1}, func(r *game.VerifiedRecord) error {
		if r.Num == 1 {
			return stop
		}
		return nil
	})
	assert.ErrorIs(t, err, stop)
	assert.Equal(t, game.RecordTally{Read: 2, Games: 2, Won: 1, Lost: 1}, tally, "the game fn refused is counted")

	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err = zw.Write([]byte(in))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	torn := gz.Bytes()[:gz.Len()-10]
	tally, _, err = verifyAll(t, bytes.NewReader(torn), game.RecordSelect{To: -1})
	require.Error(t, err)
	assert.Equal(t, err, tally.Torn)
	assert.Equal(t, "3 games verified: 1 won, 1 lost, 1 stuck; 0 errors; then r.jsonl:4: the compressed stream ends early (a torn or truncated file)", tally.String())
	tally, _, err = verifyAll(t, bytes.NewReader(torn), game.RecordSelect{To: 0})
	require.NoError(t, err, "the tear lies past the selection")
	assert.Equal(t, "1 game verified: 1 won, 0 lost, 0 stuck; 0 errors", tally.String())

	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	first := in[:strings.IndexByte(in, '\n')+1]
	go func() { _, _ = pw.Write([]byte(first)) }() // then the pipe blocks
	tally, err = game.VerifyRecords(ctx, pr, "-", game.RecordSelect{To: -1}, func(*game.VerifiedRecord) error {
		cancel()
		return nil
	})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, game.RecordTally{Read: 1, Games: 1, Won: 1}, tally)
}

// rowMajorRecord plays a game opening cells in row-major order until it
// ends, and returns its record.
func rowMajorRecord(seed int64) *game.Record {
	g, err := game.New(game.Beginner, game.RulesSafe, seed)
	if err != nil {
		panic(err)
	}
	var moves []game.MoveRecord
	for i := 0; g.Outcome() == game.Unfinished; i++ {
		if g.Cell(i).State == game.Unknown {
			g.Open(g.Board().Pos(i)) // a mine ends the game
			moves = append(moves, game.MoveRecord{Op: game.OpOpen.String(), Cell: g.Board().Pos(i).Pair(), Why: game.WhyGuess})
		}
	}
	l := g.Level()
	return &game.Record{Level: l.Name, Rows: l.Rows, Cols: l.Cols, MineCount: l.Mines,
		Rules: g.Rules().String(), Seed: g.Seed(), Mines: game.PairsOf(g.Mines()),
		Initial: game.PairsOf(g.Initial()), Moves: moves, Outcome: g.Outcome()}
}

// Verify a file of three records, the second changed to claim a win: each
// game is checked against its own mines as it is read.
func ExampleVerifyRecords() {
	var buf bytes.Buffer
	w := game.NewRecordWriter(&buf)
	for seed := int64(1); seed <= 3; seed++ {
		rec := rowMajorRecord(seed)
		if seed == 2 {
			rec.Outcome = game.Won
		}
		if err := w.Write(rec); err != nil {
			panic(err)
		}
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	tally, err := game.VerifyRecords(context.Background(), &buf, "games.jsonl", game.RecordSelect{To: -1},
		func(r *game.VerifiedRecord) error {
			fmt.Printf("game %d (line %d): %s, %v\n", r.Num, r.Line, r.Record.Outcome, r.Err)
			return nil
		})
	fmt.Println(tally, err)
	// Output:
	// game 0 (line 1): lost, <nil>
	// game 1 (line 2): won, games.jsonl:2: game: record: result is "won" but the moves leave the game lost (9 safe cells still closed)
	// game 2 (line 3): lost, <nil>
	// 3 games verified: 0 won, 2 lost, 0 stuck; 1 error <nil>
}
