package exact_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// A report of a small puzzle, in the JSON form solve and analyze print:
// one analysis answers the count, the forced cells, the probabilities and
// the dead cells.
func ExampleAnalyzer_Report() {
	p, _ := game.ParsePuzzle("corner", strings.NewReader("2 3 1\n-1 1 0\n-1 1 0\n"))
	z := exact.NewAnalyzer(exact.Budget{})
	r, err := z.Report(context.Background(), p, exact.Ask{Count: true, Forced: true, Probabilities: true, Dead: true})
	b, _ := json.Marshal(r)
	fmt.Println(string(b), err)
	// Output:
	// {"rows":2,"cols":3,"mines":1,"flags":0,"unknown":2,"satisfiable":true,"count":"2","probabilities":[[0.5,null,null],[0.5,null,null]],"forced_mines":[],"forced_safe":[],"dead":[[0,0],[1,0]]} <nil>
}

// TestReport checks what a Report answers and what its JSON form holds:
// without a solution, an asked count is 0, the lists null and the
// conflict said; what is not asked is absent or null; beyond the budget
// the forced cells are proved by SAT and the rest is left out, Uncounted
// saying why; a report stopped before it could tell whether a layout fits
// says "satisfiable": null.
func TestReport(t *testing.T) {
	ctx := context.Background()
	all := exact.Ask{Count: true, Forced: true, Probabilities: true, Dead: true}
	for _, tc := range []struct {
		name   string
		in     string
		ask    exact.Ask
		budget exact.Budget
		want   string
	}{
		{"unsat", "1 3 2\n-1 1 -1\n", all, exact.Budget{},
			`{"rows":1,"cols":3,"mines":2,"flags":0,"unknown":2,"satisfiable":false,"conflict":"no layout agrees with the hints and the 2-mine total","count":"0","forced_mines":null,"forced_safe":null,"dead":null}`},
		{"a flag", "1 3 1\nF 1 0\n", all, exact.Budget{},
			`{"rows":1,"cols":3,"mines":1,"flags":1,"unknown":0,"satisfiable":true,"count":"1","probabilities":[[null,null,null]],"forced_mines":[],"forced_safe":[],"dead":[]}`},
		{"hints to blame", "1 3 1\nF 0 -1\n", all, exact.Budget{},
			`{"rows":1,"cols":3,"mines":1,"flags":1,"unknown":1,"satisfiable":false,"conflict":"no layout agrees with the hints and the 1-mine total, even without the flags","count":"0","forced_mines":null,"forced_safe":null,"dead":null}`},
		{"nothing asked", "1 3 1\n-1 1 -1\n", exact.Ask{}, exact.Budget{},
			`{"rows":1,"cols":3,"mines":1,"flags":0,"unknown":2,"satisfiable":true,"forced_mines":null,"forced_safe":null,"dead":null}`},
		{"forced alone", "1 3 1\n0 1 -1\n", exact.Ask{Forced: true}, exact.Budget{},
			`{"rows":1,"cols":3,"mines":1,"flags":0,"unknown":1,"satisfiable":true,"forced_mines":[[0,2]],"forced_safe":[],"dead":null}`},
		{"mines unknown", "1 3 ?\n-1 1 -1\n", exact.Ask{Count: true}, exact.Budget{},
			`{"rows":1,"cols":3,"mines":null,"flags":0,"unknown":2,"satisfiable":true,"count":"2","forced_mines":null,"forced_safe":null,"dead":null}`},
		{"beyond budget", "2 3 2\n1 -1 -1\n-1 -1 1\n", all, exact.Budget{MaxStates: 1},
			`{"rows":2,"cols":3,"mines":2,"flags":0,"unknown":4,"satisfiable":true,"forced_mines":[[0,2],[1,0]],"forced_safe":[[0,1],[1,1]],"dead":null}`},
		{"beyond budget, unforced", "2 3 2\n1 -1 -1\n-1 -1 1\n", exact.Ask{Count: true}, exact.Budget{MaxStates: 1},
			`{"rows":2,"cols":3,"mines":2,"flags":0,"unknown":4,"satisfiable":null,"forced_mines":null,"forced_safe":null,"dead":null}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := game.ParsePuzzle("p", strings.NewReader(tc.in))
			require.NoError(t, err)
			r, err := exact.NewAnalyzer(tc.budget).Report(ctx, p, tc.ask)
			require.NoError(t, err)
			assert.Equal(t, tc.budget.MaxStates == 1, r.Uncounted != nil, "uncounted: %v", r.Uncounted)
			b, err := json.Marshal(r)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(b))
		})
	}

	// A cancelled context stops the counting with its error.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	p, err := game.ParsePuzzle("p", strings.NewReader("1 3 1\n-1 1 -1\n"))
	require.NoError(t, err)
	r, err := exact.NewAnalyzer(exact.Budget{}).Report(cancelled, p, exact.Ask{Count: true})
	assert.ErrorIs(t, err, context.Canceled)
	b, err := json.Marshal(r)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"satisfiable":null`, "stopped before it could tell")
	assert.True(t, r.Undecided)

	// A Report made by its caller (solve's, whose own method decided) is
	// decided unless it says otherwise.
	b, err = json.Marshal(&exact.Report{Puzzle: p})
	require.NoError(t, err)
	assert.Contains(t, string(b), `"satisfiable":false`)
}
