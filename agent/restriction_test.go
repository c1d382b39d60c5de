package agent

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
	"github.com/minesat/minesat/kb"
)

var restrictionGames = flag.Int("restriction", 0, "TestRestriction: games per level (0: 30, or 1,000 with -long)")

// TestRestriction measures what the resolution restriction costs and gains:
// the kb preset's strategies, no guessing, seed rules, under each
// restriction, with the win rate and the time per game, logged as a table.
// Short 3 plays a twentieth of the games and unrestricted resolution
// (resolvents of at most 8 literals) a fiftieth: they are two orders of
// magnitude slower on hard, which the default run leaves out. On the same
// games, a stronger restriction never wins fewer: units only, binary, and
// binary with merging, in that order, and the mine count written out from
// 256 clauses against 4,096. Run with
// go test ./agent -run Restriction -restriction 10000 -v.
func TestRestriction(t *testing.T) {
	games := longtest.Pick(30, 1000)
	if *restrictionGames > 0 {
		games = *restrictionGames
	}
	full := games == *restrictionGames || longtest.Enabled()
	configs := []struct {
		name   string
		limits kb.Limits
		global int
		frac   int
		slow   bool // left out on hard unless the run is full
	}{
		{"units only (short 1)", kb.Limits{Short: 1, NoMerge: true}, 4096, 1, false},
		{"binary (short 2)", kb.Limits{Short: 2, NoMerge: true}, 4096, 1, false},
		{"binary + merge (kb preset)", kb.Limits{Short: 2}, 4096, 1, false},
		{"binary + merge, count <= 256", kb.Limits{Short: 2}, 256, 1, false},
		{"short 3", kb.Limits{Short: 3, NoMerge: true}, 4096, 20, true},
		{"any pair, resolvent <= 8", kb.Limits{Short: -1, MaxLen: 8}, 4096, 50, true},
	}
	levels := []game.Level{game.Easy, game.Medium, game.Hard}
	won := make([][]int, len(configs)) // per config, per level
	var table strings.Builder
	fmt.Fprintf(&table, "%-30s %-7s %6s %8s %9s %9s\n", "restriction", "level", "games", "win", "ms/game", "dropped")
	for ci, c := range configs {
		won[ci] = make([]int, len(levels))
		for li, l := range levels {
			if c.slow && l == game.Hard && !full {
				continue
			}
			a, err := New(WithStrategies(Units{}, Resolution{}, Global{MaxClauses: c.global}), WithLimits(c.limits))
			require.NoError(t, err)
			n := max(1, games/c.frac)
			dropped := 0
			var elapsed time.Duration
			for i := 0; i < n; i++ {
				g, err := game.New(l, game.RulesSeed, game.GameSeed(1, i))
				require.NoError(t, err)
				res, err := a.Play(context.Background(), g)
				require.NoError(t, err, "%s, %s game %d", c.name, l.Name, i)
				require.NotEqual(t, game.Lost, res.Outcome, "%s, %s game %d: lost without guessing", c.name, l.Name, i)
				if res.Outcome == game.Won {
					won[ci][li]++
				}
				dropped += res.KB.Dropped
				elapsed += res.Elapsed
			}
			fmt.Fprintf(&table, "%-30s %-7s %6d %7.2f%% %9.3f %9d\n", c.name, l.Name, n, 100*float64(won[ci][li])/float64(n),
				elapsed.Seconds()*1000/float64(n), dropped)
		}
	}
	t.Logf("\n%s", table.String())
	for li, l := range levels {
		assert.LessOrEqual(t, won[0][li], won[1][li], "%s: units only wins more games than binary", l.Name)
		assert.LessOrEqual(t, won[1][li], won[2][li], "%s: binary wins more games than binary + merge", l.Name)
		assert.LessOrEqual(t, won[3][li], won[2][li], "%s: the count from 256 clauses wins more games than from 4,096", l.Name)
	}
	assert.Positive(t, won[2][0], "the kb preset won no easy game")
}
