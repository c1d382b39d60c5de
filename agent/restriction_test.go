package agent

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/kb"
)

var restrictionGames = flag.Int("restriction", 0, "TestRestriction: games per level (0 skips the test)")

// TestRestriction measures what the resolution restriction costs and gains:
// the kb preset's strategies, no guessing, seed rules, under each
// restriction, with the win rate and the time per game. Short 3 plays a
// twentieth of the games and unrestricted resolution (resolvents of at
// most 8 literals) a fiftieth: they are two orders of magnitude slower on
// hard. Run with
// go test ./agent -run Restriction -restriction 10000 -v.
func TestRestriction(t *testing.T) {
	if *restrictionGames == 0 {
		t.Skip("measurement: run with -restriction N")
	}
	configs := []struct {
		name   string
		limits kb.Limits
		global int
		frac   int
	}{
		{"units only (short 1)", kb.Limits{Short: 1, NoMerge: true}, 4096, 1},
		{"binary (short 2)", kb.Limits{Short: 2, NoMerge: true}, 4096, 1},
		{"binary + merge (kb preset)", kb.Limits{Short: 2}, 4096, 1},
		{"binary + merge, count <= 256", kb.Limits{Short: 2}, 256, 1},
		{"short 3", kb.Limits{Short: 3, NoMerge: true}, 4096, 20},
		{"any pair, resolvent <= 8", kb.Limits{Short: -1, MaxLen: 8}, 4096, 50},
	}
	fmt.Printf("%-30s %-7s %6s %8s %9s %9s\n", "restriction", "level", "games", "win", "ms/game", "dropped")
	for _, c := range configs {
		for _, l := range []game.Level{game.Easy, game.Medium, game.Hard} {
			a, err := New(WithStrategies(Units{}, Resolution{}, Global{MaxClauses: c.global}), WithLimits(c.limits))
			if err != nil {
				t.Fatal(err)
			}
			n := max(1, *restrictionGames/c.frac)
			won, dropped := 0, 0
			var elapsed time.Duration
			for i := 0; i < n; i++ {
				g, _ := game.New(l, game.RulesSeed, game.GameSeed(1, i))
				res, err := a.Play(context.Background(), g)
				if err != nil {
					t.Fatal(err)
				}
				if res.Outcome == game.Won {
					won++
				}
				dropped += res.KB.Dropped
				elapsed += res.Elapsed
			}
			fmt.Printf("%-30s %-7s %6d %7.2f%% %9.3f %9d\n", c.name, l.Name, n, 100*float64(won)/float64(n),
				elapsed.Seconds()*1000/float64(n), dropped)
		}
	}
}
