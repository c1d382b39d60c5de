package agent

import (
	"context"
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
)

// hintsOnly reports which of cells are forced by the hints and flags alone,
// enumerating the frontier's layouts with hint pruning; ok is false when
// the search exceeds budget nodes.
func hintsOnly(p *game.Puzzle, cells []int, budget int) (forced []int, ok bool) {
	canMine, canSafe, ok := enumerateFrontier(p, false, budget)
	if !ok {
		return nil, false
	}
	for _, i := range cells {
		if canMine[i] != canSafe[i] {
			forced = append(forced, i)
		}
	}
	return forced, true
}

// forcedBySearch returns the unknown cells that every layout agreeing with
// p's hints, flags and mine total makes a mine, and those it makes safe,
// by exhaustive search; ok is false when the search exceeds budget nodes.
func forcedBySearch(p *game.Puzzle, budget int) (mines, safe []int, ok bool) {
	canMine, canSafe, ok := enumerateFrontier(p, true, budget)
	if !ok {
		return nil, nil, false
	}
	for i, c := range p.Cells {
		switch {
		case c.State != game.Unknown:
		case canMine[i] && !canSafe[i]:
			mines = append(mines, i)
		case canSafe[i] && !canMine[i]:
			safe = append(safe, i)
		}
	}
	return mines, safe, true
}

var gapGames = flag.Int("gap", 0, "TestGapToSAT: hard games to play (0: 150, or 2,000 with -long)")

// TestGapToSAT checks where the kb preset falls short of sat. It plays hard
// games under seed rules with kb and, at each position where kb is stuck,
// checks that SAT's forced cells are exactly those an exhaustive search
// over the layouts agreeing with the hints, flags and mine total finds
// (when the search fits its node budget). Where SAT proves a cell, it
// tells whether the hints and flags alone force one or only the mine total
// does, and logs the tally. go test ./agent -run GapToSAT -gap 10000 -v
// gives the figures the docs quote.
func TestGapToSAT(t *testing.T) {
	games := longtest.Pick(150, 2000)
	if *gapGames > 0 {
		games = *gapGames
	}
	a, err := New(WithPreset(PresetKB))
	require.NoError(t, err)
	stuck, searched, satFinds, hint, count, unknownCause := 0, 0, 0, 0, 0, 0
	for i := 0; i < games; i++ {
		g, err := game.New(game.Hard, game.RulesSeed, game.GameSeed(1, i))
		require.NoError(t, err)
		res, err := a.Play(context.Background(), g)
		require.NoError(t, err, "game %d", i)
		if res.Outcome != game.Stuck {
			continue
		}
		stuck++
		view := g.View()
		m, s, err := defaultFindForced(context.Background(), view)
		require.NoError(t, err, "game %d", i)
		if wm, ws, ok := forcedBySearch(view, 200_000); ok {
			searched++
			assert.ElementsMatch(t, wm, m, "game %d: forced mines, exhaustive search against SAT", i)
			assert.ElementsMatch(t, ws, s, "game %d: forced safe cells, exhaustive search against SAT", i)
		}
		if len(m)+len(s) == 0 {
			continue
		}
		satFinds++
		f, ok := hintsOnly(view, append(m, s...), 2_000_000)
		switch {
		case !ok:
			unknownCause++
		case len(f) > 0:
			hint++
			if hint <= 3 {
				t.Logf("game %d: hints alone force %v", i, f)
			}
		default:
			count++
		}
	}
	t.Logf("%d hard games: kb stuck in %d (%d checked by exhaustive search); SAT proves a cell in %d of those: the hints alone force one in %d, only the mine total in %d, undecided (search budget) %d",
		games, stuck, searched, satFinds, hint, count, unknownCause)
	require.Positive(t, stuck, "kb never stuck in %d hard games", games)
	assert.Positive(t, searched, "no stuck position fit the search budget")
	assert.Positive(t, satFinds, "SAT never proved a cell where kb is stuck, in %d hard games", games)
}
