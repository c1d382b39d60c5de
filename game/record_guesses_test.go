package game

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMoveGuesses(t *testing.T) {
	rec := scripted(t, Easy, RulesSeed, 31, 3)
	rec.Moves[1].Why = WhyGuess
	rec.Moves[2].Why = WhyGuess
	cell := rec.Moves[1].Cell
	other := [2]int{(cell[0] + 1) % 9, cell[1]}
	in := `{"1":{"method":"endgame search","p":0.25,"score":0.5,"runner":[` + strconv.Itoa(other[0]) + `,` + strconv.Itoa(other[1]) + `],"runner_p":0.3,"runner_score":0.4},"2":{"method":"exact probability","p":0}}`
	var mg MoveGuesses
	if err := json.Unmarshal([]byte(in), &mg); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	if n := mg[1]; n.Method != "endgame search" || n.P != 0.25 || n.Score != 0.5 || n.Runner == nil || *n.Runner != other || n.RunnerP != 0.3 || n.RunnerScore != 0.4 {
		t.Errorf("Unmarshal(%s)[1] = %+v", in, n)
	}
	out, err := json.Marshal(mg)
	if err != nil || string(out) != in {
		t.Errorf("Marshal = %s, %v; want %s", out, err, in)
	}
	if err := mg.Check(rec); err != nil {
		t.Errorf("Check: %v", err)
	}
	self := `[` + strconv.Itoa(cell[0]) + `,` + strconv.Itoa(cell[1]) + `]`
	think := `{"1":{"method":"win-probability search","p":0.25,"score":0.5,"think":[{"cell":` + self + `,"wins":5,"rollouts":10},{"cell":[` + strconv.Itoa(other[0]) + `,` + strconv.Itoa(other[1]) + `],"wins":2,"rollouts":6}]}}`
	mg = nil
	require.NoError(t, json.Unmarshal([]byte(think), &mg))
	require.Equal(t, []ThinkEstimate{{Cell: cell, Wins: 5, Rollouts: 10}, {Cell: other, Wins: 2, Rollouts: 6}}, mg[1].Think)
	require.NoError(t, mg.Check(rec))
	out, err = json.Marshal(mg)
	require.NoError(t, err)
	require.JSONEq(t, think, string(out))
	for _, tc := range []struct{ in, want string }{
		{`{"3":{"method":"m","p":0}}`, "move 3: the record has 3 moves"},
		{`{"-1":{"method":"m","p":0}}`, "move -1: the record has 3 moves"},
		{`{"0":{"method":"m","p":0}}`, "moves[0]: guesses: the move is not a guess"},
		{`{"1":{"p":0.5}}`, "moves[1]: guesses: no method"},
		{`{"1":{"method":"m","p":1.5}}`, "moves[1]: guesses: p 1.5 is outside [0, 1]"},
		{`{"1":{"method":"m","p":0.5,"score":-0.1}}`, "score -0.1 is outside [0, 1]"},
		{`{"1":{"method":"m","p":0.5,"runner_p":2}}`, "runner_p 2 is outside [0, 1]"},
		{`{"1":{"method":"m","p":0.5,"runner_score":7}}`, "runner_score 7 is outside [0, 1]"},
		{`{"1":{"method":"m","p":0.5,"runner":[9,0]}}`, "runner-up (9,0) off the 9x9 board"},
		{`{"1":{"method":"m","p":0.5,"runner":` + self + `}}`, "is the guessed cell"},
		{`{"2":{"method":"m","p":0.1},"1":{"method":"","p":0.1}}`, "moves[1]"}, // the first move in order
		{`{"1":{"method":"m","p":0.5,"think":[{"cell":[9,0],"wins":1,"rollouts":2}]}}`, "think: cell (9,0) off the 9x9 board"},
		{`{"1":{"method":"m","p":0.5,"think":[{"cell":` + self + `,"wins":1,"rollouts":2},{"cell":` + self + `,"wins":1,"rollouts":2}]}}`, "listed twice"},
		{`{"1":{"method":"m","p":0.5,"think":[{"cell":` + self + `,"wins":3,"rollouts":2}]}}`, "3 wins of 2 rollouts"},
		{`{"1":{"method":"m","p":0.5,"think":[{"cell":` + self + `,"wins":0,"rollouts":0}]}}`, "0 wins of 0 rollouts"},
		{`{"1":{"method":"m","p":0.5,"think":[]}}`, "think: no estimate for the guessed cell"},
	} {
		var mg MoveGuesses
		if err := json.Unmarshal([]byte(tc.in), &mg); err != nil {
			t.Fatalf("Unmarshal(%s): %v", tc.in, err)
		}
		if err := mg.Check(rec); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%s) = %v; want an error containing %q", tc.in, err, tc.want)
		}
	}
}

// FuzzRecordKeys checks that no line, however malformed, makes the checks
// of the optional keys panic, that probabilities pass their check exactly
// when every entry fits the record, and that guess notes that pass their
// check name guesses on the board.
func FuzzRecordKeys(f *testing.F) {
	f.Add([]byte(`{"rows":2,"cols":2,"moves":[{"op":"open","cell":[0,0],"why":"guess"}],"probs":{"0":[[0,1,0.5]]},"guesses":{"0":{"method":"m","p":0.5,"runner":[1,1]}}}`))
	f.Add([]byte(`{"rows":1,"cols":1,"moves":[],"guesses":{"-3":{"method":"m","p":2}}}`))
	f.Add([]byte(`{"rows":2,"cols":2,"moves":[{"op":"open","cell":[0,0],"why":"guess"}],"probs":{"0":[[0,1,1.5]]}}`))
	f.Add([]byte(`{"rows":2,"cols":2,"moves":[{"op":"open","cell":[0,0],"why":"guess"}],"probs":{"0":[[0,1,0.5],[0,1,0.5]],"1":[]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var line struct {
			Record
			Probs   MoveProbs   `json:"probs"`
			Guesses MoveGuesses `json:"guesses"`
		}
		if json.Unmarshal(b, &line) != nil {
			return
		}
		checkProbsOracle(t, line.Probs, &line.Record, line.Probs.Check(&line.Record))
		if line.Guesses.Check(&line.Record) != nil {
			return
		}
		for i, n := range line.Guesses {
			if line.Record.Moves[i].Why != WhyGuess || n.Method == "" {
				t.Fatalf("move %d: note %+v accepted for %+v", i, n, line.Record.Moves[i])
			}
			if r := n.Runner; r != nil && (r[0] < 0 || r[0] >= line.Rows || r[1] < 0 || r[1] >= line.Cols) {
				t.Fatalf("move %d: runner-up %v off the board accepted", i, *r)
			}
		}
	})
}

// checkProbsOracle checks err, MoveProbs.Check's answer for mp and rec,
// against the rules written out: every move index in range, every cell on
// the board and listed once per move, every probability in [0, 1]. A
// failure must be a *RecordError.
func checkProbsOracle(t *testing.T, mp MoveProbs, rec *Record, err error) {
	t.Helper()
	fits := true
	for i, cps := range mp {
		seen := map[Pos]bool{}
		for _, cp := range cps {
			p := cp.Pos
			fits = fits && i >= 0 && i < len(rec.Moves) && !seen[p] &&
				p.Row >= 0 && p.Row < rec.Rows && p.Col >= 0 && p.Col < rec.Cols && cp.P >= 0 && cp.P <= 1
			seen[p] = true
		}
		fits = fits && i >= 0 && i < len(rec.Moves)
	}
	if fits {
		require.NoError(t, err, "probabilities %v fit the record", mp)
		return
	}
	var re *RecordError
	require.ErrorAs(t, err, &re, "probabilities %v do not fit the record", mp)
}
