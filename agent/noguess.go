package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/words"
)

// DefaultNoGuessTries is NoGuessGame's budget of layouts when the caller
// gives none. At expert under RulesSafe from the corner about 1 layout in
// 20 qualifies (docs/results.md), so running out of 100,000 tries means the
// board almost surely has no no-guess layout worth looking for.
const DefaultNoGuessTries = 100_000

// ErrNoGuessTries is returned, wrapped, by NoGuessGame when its tries run
// out before a no-guess layout turns up.
var ErrNoGuessTries = errors.New("no no-guess board found")

// NoGuessStats says what NoGuessGame's search took.
type NoGuessStats struct {
	Tries   int           // layouts drawn, the kept one included
	Seed    int64         // the kept layout's game seed (the returned game's Seed)
	Elapsed time.Duration // wall time of the search
}

// NoGuessGame returns a game of level l under the rules (RulesSafe or
// RulesZero) that pure logic wins from the first click: the "sat" preset
// with WithNoGuess, opening first, clears it. The game's layout is placed
// and nothing is open; open first to start it.
//
// The method is rejection sampling. Try i draws a layout as game.New with
// seed game.GameSeed(seed, i) draws it when first is opened, plays it with
// the "sat" preset and no guessing, and keeps it if that wins. Whether a
// layout is kept depends on the layout alone (what logic proves does not
// depend on the order it is proved in), so the kept layout is uniform among
// the no-guess layouts the rules allow from first: no layout is favoured.
// The returned game's Seed is the kept try's, so game.New(l, rules,
// stats.Seed) opened at first draws the same layout and a record of the
// game replays.
//
// The same arguments give the same game. The search stops with ctx's error
// when ctx ends, and with an error wrapping ErrNoGuessTries after maxTries
// layouts (DefaultNoGuessTries when maxTries <= 0), as on a board too dense
// to have any no-guess layout.
func NoGuessGame(ctx context.Context, l game.Level, rules game.Rules, first game.Pos, seed int64, maxTries int) (*game.Game, NoGuessStats, error) {
	start := time.Now()
	st := NoGuessStats{}
	if rules != game.RulesSafe && rules != game.RulesZero {
		return nil, st, fmt.Errorf("agent: no-guess boards need rules safe or zero, not %s", rules)
	}
	if err := l.Check(rules); err != nil {
		return nil, st, err
	}
	if first.Row < 0 || first.Row >= l.Rows || first.Col < 0 || first.Col >= l.Cols {
		return nil, st, fmt.Errorf("agent: first click %v is off the %dx%d board", first, l.Rows, l.Cols)
	}
	if maxTries <= 0 {
		maxTries = DefaultNoGuessTries
	}
	a, err := New(WithPreset(PresetSAT), WithNoGuess(), WithFirst(first))
	if err != nil {
		return nil, st, err
	}
	for st.Tries < maxTries {
		if err := ctx.Err(); err != nil {
			st.Elapsed = time.Since(start)
			return nil, st, err
		}
		s := game.GameSeed(seed, st.Tries)
		st.Tries++
		g, err := game.New(l, rules, s)
		if err != nil {
			return nil, st, err
		}
		res, err := a.Play(ctx, g)
		if err != nil {
			st.Elapsed = time.Since(start)
			return nil, st, err
		}
		if res.Outcome != game.Won {
			continue
		}
		st.Seed = s
		out, err := game.NewWithLayout(l, rules, s, g.Mines(), nil)
		st.Elapsed = time.Since(start)
		return out, st, err
	}
	st.Elapsed = time.Since(start)
	return nil, st, fmt.Errorf("agent: %w on level %s (%dx%d, %d mines) under rules %s from %v in %s",
		ErrNoGuessTries, l.Name, l.Rows, l.Cols, l.Mines, rules, first, words.CountAs(maxTries, "try", "tries"))
}
