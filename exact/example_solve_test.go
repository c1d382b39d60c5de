package exact_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// case1 is the first seed puzzle: 6x6, 10 mines, 8 solutions.
const case1 = `6 6 10
-1 -1 -1  1  1 -1
-1  3 -1 -1 -1  0
 2  3 -1  3  3  2
-1 -1  2 -1 -1 -1
-1  2  2  3 -1  3
-1  1 -1 -1 -1  1`

func ExampleSolve() {
	p, _ := game.ParsePuzzle("case1", strings.NewReader(case1))
	mines, ok, err := exact.Solve(context.Background(), p)
	fmt.Println(ok, err, p.Satisfies(mines))
	// Output: true <nil> <nil>
}

func ExampleCount() {
	p, _ := game.ParsePuzzle("case1", strings.NewReader(case1))
	n, _ := exact.Count(context.Background(), p)
	fmt.Println(n)
	// Output: 8
}

func ExampleFindForced() {
	p, _ := game.ParsePuzzle("case1", strings.NewReader(case1))
	f, _ := exact.FindForced(context.Background(), p)
	for _, i := range f.Mines {
		fmt.Print(p.Board.Pos(i))
	}
	fmt.Println()
	// Output: (1,0)(1,3)(2,2)(3,1)(3,4)(3,5)(5,3)
}

func ExampleProbabilities() {
	p, _ := game.ParsePuzzle("case1", strings.NewReader(case1))
	probs, _ := exact.Probabilities(context.Background(), p)
	for c := range 6 { // row 0
		if pr, ok := probs.At(c); ok {
			fmt.Printf("%.2f ", pr)
		} else {
			fmt.Print("hint ") // a revealed cell has no probability
		}
	}
	fmt.Println()
	// Output: 0.50 0.50 0.00 hint hint 0.00
}

// A flagged cell is a known mine: it counts toward the mine total and
// toward its neighbours' hints.
func ExampleAnalyze_flags() {
	p, _ := game.ParsePuzzle("", strings.NewReader("1 3 1\n-1 1 -1"))
	a, _ := exact.Analyze(context.Background(), p, exact.Budget{})
	n, _ := a.Count(context.Background())
	fmt.Println(a.Satisfiable(), n)
	p.Cells[0].State = game.Flagged
	n, _ = exact.Count(context.Background(), p)
	f, _ := exact.FindForced(context.Background(), p)
	fmt.Println(n, f.Safe)
	// Output:
	// true 2
	// 1 [2]
}

// One analysis answers several questions: here the forced cells and the
// probabilities of case1, counted once.
func ExampleAnalysis_Forced() {
	p, _ := game.ParsePuzzle("case1", strings.NewReader(case1))
	a, _ := exact.Analyze(context.Background(), p, exact.Budget{})
	f, _ := a.Forced(context.Background())
	probs, _ := a.Probabilities(context.Background())
	fmt.Println(len(f.Mines), len(f.Safe), probs[0])
	// Output: 7 7 0.5
}

// A lookahead counts the position a guess would leave: here the cell
// (0,3) shows a 1. Reveal splits that position from the current one's
// Split, and an Analyzer's Reveal counts it.
func ExampleSplit_Reveal() {
	ctx := context.Background()
	p, _ := game.ParsePuzzle("", strings.NewReader("1 5 2\n-1 1 -1 -1 -1"))
	a, _ := exact.Analyze(ctx, p, exact.Budget{})
	n, _ := a.Count(ctx)
	fmt.Println(a.Split.Components[0].Cells, a.Split.Interior(), n)

	q := p.Clone()
	q.Cells[3] = game.Cell{State: game.Revealed, Hint: 1}
	sp, _ := a.Split.Reveal(q, 3)
	b, _ := exact.NewAnalyzer(exact.Budget{}).Reveal(ctx, a, q, 3)
	n, _ = b.Count(ctx)
	fmt.Println(sp.Components[0].Cells, sp.Interior(), n)
	// Output:
	// [0 2] [3 4] 4
	// [0 2 4] [] 1
}

// A lookahead needs only the safest cell of each position it weighs:
// MinProbability gives its mine probability, the least of Probabilities,
// without a value per cell. Here one mine is next to the 1 and one among
// the three cells beyond.
func ExampleAnalysis_MinProbability() {
	ctx := context.Background()
	p, _ := game.ParsePuzzle("", strings.NewReader("1 6 2\n-1 1 -1 -1 -1 -1"))
	a, _ := exact.Analyze(ctx, p, exact.Budget{})
	least, _ := a.MinProbability(ctx)
	probs, _ := a.Probabilities(ctx)
	fmt.Printf("%.3f %.3f\n", least, probs)
	// Output: 0.333 [0.500 NaN 0.500 0.333 0.333 0.333]
}
