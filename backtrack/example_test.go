package backtrack_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/game"
)

// Solve a puzzle in the seeds' format with MRV and forward checking, then
// count its solutions with plain backtracking.
func Example() {
	p, err := game.ParsePuzzle("example", strings.NewReader(`
3 3 2
1 -1 -1
-1 -1 2
-1 1 -1
`))
	if err != nil {
		panic(err)
	}
	o, err := backtrack.ParseOptions("mrv+fc")
	if err != nil {
		panic(err)
	}
	r, err := backtrack.Solve(context.Background(), p, o)
	if err != nil {
		panic(err)
	}
	for _, i := range r.Mines {
		fmt.Print(p.Board.Pos(i))
	}
	fmt.Printf("\n%s: %d nodes, %d backtracks\n", o, r.Stats.Nodes, r.Stats.Backtracks)

	st, err := backtrack.Count(context.Background(), p, backtrack.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("bt: %d solutions, %d nodes\n", st.Solutions, st.Nodes)
	// Output:
	// (0,2)(1,1)
	// mrv+fc: 9 nodes, 1 backtracks
	// bt: 2 solutions, 48 nodes
}

// A search over its node budget stops with a *GaveUpError.
func ExampleGaveUpError() {
	p, _ := game.NewPuzzle(10, 10, 20) // no hints: C(100,20) solutions
	_, err := backtrack.Count(context.Background(), p, backtrack.Options{MaxNodes: 1000})
	fmt.Println(err)
	// Output: backtrack: gave up after 1000 nodes (node budget exhausted)
}
