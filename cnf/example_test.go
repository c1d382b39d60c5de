package cnf_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/game"
)

// The seeds' binomial form of "exactly 1 of x1, x2, x3": every pair has a
// false literal, and some literal is true.
func ExampleEncoding_Encode() {
	f := cnf.NewFormula(3)
	x := []cnf.Lit{cnf.LitOf(1), cnf.LitOf(2), cnf.LitOf(3)}
	cnf.Binomial.Encode(f, cnf.Exactly{Lits: x, N: 1})
	for _, c := range f.Clauses() {
		fmt.Println(c)
	}
	// Output:
	// [-1 -2]
	// [-1 -3]
	// [-2 -3]
	// [1 2 3]
}

// The pseudo-boolean form of "exactly 2 of x1..x4", as gophersat's
// PBConstr{Lits, AtLeast} values.
func ExampleExactly_Cards() {
	e := cnf.Exactly{Lits: []cnf.Lit{cnf.LitOf(1), cnf.LitOf(2), cnf.LitOf(3), cnf.LitOf(-4)}, N: 2}
	for _, c := range e.Cards() {
		fmt.Printf("at least %d of %v\n", c.AtLeast, c.Dimacs())
	}
	// Output:
	// at least 2 of [1 2 3 -4]
	// at least 2 of [-1 -2 -3 4]
}

// A 2x3 puzzle with two hints, each seeing three of the four unknown cells,
// and two mines in all.
func ExampleProblem_WriteDIMACS() {
	p, err := game.ParsePuzzle("tiny", strings.NewReader("2 3 2\n1 -1 -1\n-1 -1 1\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	pr := cnf.NewProblem(p)
	if err := pr.WriteDIMACS(os.Stdout, cnf.Auto); err != nil {
		fmt.Println(err)
	}
	// Output:
	// c minesat: puzzle 2x3, mines 2, flagged 0, unknown 4, hint constraints 2
	// c var v is true iff its cell holds a mine; cells are (row,col), 0-based
	// c var 1 = cell (0,1)
	// c var 2 = cell (0,2)
	// c var 3 = cell (1,0)
	// c var 4 = cell (1,1)
	// c hints: binomial; mine count: exactly 2 of vars 1..4, binomial
	// p cnf 4 16
	// -1 -3 0
	// -1 -4 0
	// -3 -4 0
	// 1 3 4 0
	// -1 -2 0
	// -1 -4 0
	// -2 -4 0
	// 1 2 4 0
	// -1 -2 -3 0
	// -1 -2 -4 0
	// -1 -3 -4 0
	// -2 -3 -4 0
	// 1 2 3 0
	// 1 2 4 0
	// 1 3 4 0
	// 2 3 4 0
}

// NextSubset visits the 2-subsets of 0..3 in lexicographic order.
func ExampleNextSubset() {
	idx := []int{0, 1}
	for {
		fmt.Println(idx)
		if !cnf.NextSubset(idx, 4) {
			break
		}
	}
	// Output:
	// [0 1]
	// [0 2]
	// [0 3]
	// [1 2]
	// [1 3]
	// [2 3]
}
