package exact_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// A report of a small puzzle, in the JSON form 'minesat solve --format
// json' prints: one analysis answers the count, the probabilities and the
// forced cells.
func ExampleSolveReport() {
	p, _ := game.ParsePuzzle("corner", strings.NewReader("2 3 1\n-1 1 0\n-1 1 0\n"))
	ctx := context.Background()
	r := exact.SolveReport{Puzzle: p, Method: "sat",
		Ask: exact.SolveAsk{Count: true, Forced: true, Probabilities: true}}
	var err error
	r.Solution, r.Satisfiable, err = exact.Solve(ctx, p)
	if err == nil {
		err = r.Answer(ctx)
	}
	b, _ := json.Marshal(&r)
	fmt.Println(string(b), err)
	// Output:
	// {"rows":2,"cols":3,"mines":1,"satisfiable":true,"solution":[[1,0]],"count":"2","forced":{"mines":[],"safe":[]},"probabilities":[[0.5,null,null],[0.5,null,null]],"method":"sat","elapsed_ms":0} <nil>
}

// TestSolveReport checks what Answer computes and what the JSON form
// holds: without a solution, an asked count is 0 and the forced cells and
// probabilities null; what is not asked is left out; a count already set
// (counted another way) is kept.
func TestSolveReport(t *testing.T) {
	ctx := context.Background()
	parse := func(s string) *game.Puzzle {
		p, err := game.ParsePuzzle("p", strings.NewReader(s))
		require.NoError(t, err)
		return p
	}
	for _, tc := range []struct {
		name  string
		in    string
		ask   exact.SolveAsk
		count *big.Int // set before Answer
		want  string
	}{
		{"unsat", "1 3 2\n-1 1 -1\n", exact.SolveAsk{Count: true, Forced: true, Probabilities: true}, nil,
			`{"rows":1,"cols":3,"mines":2,"satisfiable":false,"solution":null,"count":"0","forced":null,"probabilities":null,"method":"sat","elapsed_ms":0}`},
		{"nothing asked", "1 3 1\n-1 1 -1\n", exact.SolveAsk{}, nil,
			`{"rows":1,"cols":3,"mines":1,"satisfiable":true,"solution":[[0,2]],"method":"sat","elapsed_ms":0}`},
		{"forced alone", "1 3 1\n0 1 -1\n", exact.SolveAsk{Forced: true}, nil,
			`{"rows":1,"cols":3,"mines":1,"satisfiable":true,"solution":[[0,2]],"forced":{"mines":[[0,2]],"safe":[]},"method":"sat","elapsed_ms":0}`},
		{"count kept", "1 3 1\n-1 1 -1\n", exact.SolveAsk{Count: true}, big.NewInt(7),
			`{"rows":1,"cols":3,"mines":1,"satisfiable":true,"solution":[[0,2]],"count":"7","method":"sat","elapsed_ms":0}`},
		{"mines unknown", "1 3 ?\n-1 1 -1\n", exact.SolveAsk{Count: true}, nil,
			`{"rows":1,"cols":3,"mines":null,"satisfiable":true,"solution":[[0,2]],"count":"2","method":"sat","elapsed_ms":0}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parse(tc.in)
			r := exact.SolveReport{Puzzle: p, Ask: tc.ask, Method: "sat", Count: tc.count}
			var err error
			r.Solution, r.Satisfiable, err = exact.Solve(ctx, p)
			require.NoError(t, err)
			require.NoError(t, r.Answer(ctx))
			b, err := json.Marshal(&r)
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(b))
			assert.Equal(t, tc.want, string(b), "key order")
		})
	}

	// A cancelled context stops the counting with its error.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	p := parse("1 3 1\n-1 1 -1\n")
	r := exact.SolveReport{Puzzle: p, Ask: exact.SolveAsk{Count: true}, Satisfiable: true, Solution: []int{0}}
	assert.ErrorIs(t, r.Answer(cancelled), context.Canceled)
}
