package agent

import (
	"context"
	"errors"

	"github.com/minesat/minesat/game"
)

// errNoSAT is returned by the SAT step until kb's SAT layer is wired in.
var errNoSAT = errors.New("agent: the SAT layer (kb.FindForced) is not available yet")

// defaultFindForced is the SAT step's prover: kb.FindForced.
func defaultFindForced(ctx context.Context, p *game.Puzzle) (mines, safe []int, err error) {
	return nil, nil, errNoSAT
}
