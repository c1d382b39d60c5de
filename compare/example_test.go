package compare_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/minesat/minesat/compare"
	"github.com/minesat/minesat/game"
)

// Compare SAT with plain backtracking and MRV with forward checking on one
// puzzle (two 1s in opposite corners, two mines), and print each run's
// outcome and search nodes.
func Example() {
	p, err := game.ParsePuzzle("corner", strings.NewReader("3 3 2\n1 -1 -1\n-1 -1 -1\n-1 -1 1\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	methods, err := compare.ParseSolvers("sat,bt,mrv+fc", 1000)
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := compare.Run(context.Background(), []compare.Puzzle{{Name: "corner", Puzzle: p}}, compare.Options{Solvers: methods})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rep.Runs {
		nodes := "-"
		if r.Nodes != nil {
			nodes = fmt.Sprint(*r.Nodes)
		}
		fmt.Printf("%s %s: %s, %s nodes\n", r.File, r.Solver, r.Outcome, nodes)
	}
	fmt.Println(rep.Wrong(), "wrong")
	// Output:
	// corner sat: solved, - nodes
	// corner bt: solved, 11 nodes
	// corner mrv+fc: solved, 7 nodes
	// 0 wrong
}
