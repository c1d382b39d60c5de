package agent

import (
	"context"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/kb"
)

// defaultFindForced is the SAT step's prover: kb.FindForced, which proves
// each forced cell unsatisfiable the other way with gophersat, component by
// component, the global mine count included.
func defaultFindForced(ctx context.Context, p *game.Puzzle) (mines, safe []int, err error) {
	f, err := kb.FindForced(ctx, p)
	return f.Mines, f.Safe, err
}
