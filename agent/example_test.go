package agent_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// HintPairs on the top edge of a 2x3 board: the 1 at (0,0) and the 2 beside
// it put a mine at (1,2), and the 1 with the 2 at (0,2) clears (1,0).
func ExampleHintPairs() {
	p, _ := game.ParsePuzzle("edge", strings.NewReader(`2 3 3
 1  2  2
-1 -1 -1`))
	moves, _ := agent.HintPairs{}.Deduce(context.Background(), &agent.Position{View: p})
	for _, m := range moves {
		fmt.Println(m.Op, m.Why(p.Board))
	}
	// Output:
	// flag pair: (1,2) is a mine: hint 2 at (0,1) needs 2 more mines, the cells it shares with hint 1 at (0,0) hold at most 1, and it has 1 other closed cell
	// open pair: (1,0) is safe: hint 1 at (0,0) needs 1 more mine, and the cells it shares with hint 2 at (0,2) hold at least 1
}
