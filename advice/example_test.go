package advice_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// Advise on a 3x4 position: the 1-2-1 down the second column puts mines
// at (0,2) and (2,2) and proves (1,2) safe; the 2-mine total then clears
// the last column. (Where nothing is proved, the move is the guesser's.)
func ExampleAdvise() {
	p, _ := game.ParsePuzzle("example", strings.NewReader(`3 4 2
0 1 -1 -1
0 2 -1 -1
0 1 -1 -1`))
	adv, err := advice.Advise(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := adv.Move
	fmt.Printf("open %v (%s, forced %v)\n", m.Cell, m.Basis, m.Forced)
	for _, line := range m.Proof {
		fmt.Println(" ", line)
	}
	fmt.Println("layouts:", adv.Count)
	fmt.Println("forced mines:", adv.ForcedMines, "forced safe:", adv.ForcedSafe)
	pr, _ := adv.Prob(game.Pos{Row: 2, Col: 3})
	fmt.Printf("p(mine) at (2,3): %.3f\n", pr)
	// Output:
	// open [1 2] (unit, forced true)
	//   hint 1 at (2,1) gives clause -(1,2) v -(2,2)
	//     its other literals are false, so (1,2) is safe
	// layouts: 1
	// forced mines: [[0 2] [2 2]] forced safe: [[0 3] [1 2] [1 3] [2 3]]
	// p(mine) at (2,3): 0.000
}

// Advise with the win-probability search: the two 1s in the corners of a
// beginner board leave the lookahead two candidates, the other corners,
// and the search plays on from each over layouts drawn from the position.
// The race drops (8,8) after three rounds of 8 layouts, beaten on the
// layouts one won and the other lost. A budget of rollouts
// (agent.WithThink) answers the same every time; a time budget
// (agent.WithThinkTime) races as many rounds as fit.
func ExampleAdvise_think() {
	p, _ := game.ParsePuzzle("example", strings.NewReader("mines 10\n1........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n1........\n"))
	adv, err := advice.Advise(context.Background(), p, agent.WithThink(64))
	if err != nil {
		fmt.Println(err)
		return
	}
	m := adv.Move
	fmt.Printf("open %v, chosen by %s; %d rollouts, stopped: %s\n", m.Cell, m.Chosen, m.Think.Rollouts, m.Think.Stopped)
	for _, c := range m.Think.Candidates {
		fmt.Printf("%v p(mine) %.3f: won %d of %d, %.2f [%.2f, %.2f]\n", c.Cell, c.P, c.Wins, c.Rollouts, c.Win, c.Low, c.High)
	}
	// Output:
	// open [0 8], chosen by think; 48 rollouts, stopped: decided
	// [0 8] p(mine) 0.110: won 21 of 24, 0.88 [0.69, 0.96]
	// [8 8] p(mine) 0.110: won 17 of 24, 0.71 [0.51, 0.85]
}
