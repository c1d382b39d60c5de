package exact_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// A Sampler draws layouts uniformly from a position's solutions, the
// same ones for the same seed: here two of case1's 8 solutions, then a
// count of how often each comes up in 8,000 draws.
func ExampleAnalysis_Sampler() {
	ctx := context.Background()
	p, _ := game.ParsePuzzle("case1", strings.NewReader(case1))
	a, _ := exact.Analyze(ctx, p, exact.Budget{})
	s, _ := a.Sampler(ctx)
	rng := rand.New(rand.NewPCG(1, 2))
	var layout []int
	for range 2 {
		layout = s.Draw(rng, layout)
		for _, i := range layout {
			fmt.Print(p.Board.Pos(i))
		}
		fmt.Println(" satisfies:", p.Satisfies(layout))
	}
	seen := make(map[string]int)
	for range 8000 {
		layout = s.Draw(rng, layout)
		seen[fmt.Sprint(layout)]++
	}
	least, most := 8000, 0
	for _, n := range seen {
		least, most = min(least, n), max(most, n)
	}
	fmt.Println(len(seen), "layouts, each drawn", least, "to", most, "times")
	// Output:
	// (0,1)(1,0)(1,3)(2,2)(3,1)(3,4)(3,5)(5,0)(5,3)(5,4) satisfies: <nil>
	// (0,1)(1,0)(1,3)(2,2)(3,1)(3,4)(3,5)(4,0)(4,4)(5,3) satisfies: <nil>
	// 8 layouts, each drawn 942 to 1049 times
}
