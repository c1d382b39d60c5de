package agent

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/internal/longtest"
)

func TestHintPairsCases(t *testing.T) {
	type cell struct {
		r, c int
		hint int // -1: flagged
	}
	tests := []struct {
		name       string
		rows, cols int
		open       []cell
		want       []string // each move's op and why
	}{
		{
			// 1 2 2 over three closed cells: the 1 and the 2 beside it put
			// a mine under the 2's third cell, the 1 and the right 2 clear
			// the 1's other cell.
			name: "1-2 on an edge", rows: 2, cols: 3,
			open: []cell{{0, 0, 1}, {0, 1, 2}, {0, 2, 2}},
			want: []string{
				"flag pair: (1,2) is a mine: hint 2 at (0,1) needs 2 more mines, the cells it shares with hint 1 at (0,0) hold at most 1, and it has 1 other closed cell",
				"open pair: (1,0) is safe: hint 1 at (0,0) needs 1 more mine, and the cells it shares with hint 2 at (0,2) hold at least 1",
			},
		},
		{
			// A flag lowers what its hints need: the 2 at (0,1) needs one
			// more, which the 1 at (0,2) forces into their shared cells
			// (without the flag, (1,0) would be a mine).
			name: "a flag counted", rows: 2, cols: 3,
			open: []cell{{0, 0, -1}, {0, 1, 2}, {0, 2, 1}},
			want: []string{
				"open pair: (1,0) is safe: hint 2 at (0,1) needs 1 more mine, and the cells it shares with hint 1 at (0,2) hold at least 1",
			},
		},
		{
			// 1 1 over an open edge settles nothing.
			name: "1-1 settles nothing", rows: 2, cols: 4,
			open: []cell{{0, 1, 1}, {0, 2, 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := game.NewPuzzle(tt.rows, tt.cols, 3)
			require.NoError(t, err)
			for _, c := range tt.open {
				i := v.Board.Index(game.Pos{Row: c.r, Col: c.c})
				if c.hint < 0 {
					v.Cells[i].State = game.Flagged
				} else {
					v.Cells[i] = game.HintCell(c.hint)
				}
			}
			moves, err := HintPairs{}.Deduce(context.Background(), positionFor(v, 1))
			require.NoError(t, err)
			var got []string
			for _, m := range moves {
				assert.Equal(t, BasisPair, m.Basis, "move %+v", m)
				assert.True(t, m.Basis.Deduced(), "move %+v: a pair move counts as deduced", m)
				got = append(got, m.Op.String()+" "+m.Why(v.Board))
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// checkedPairs is the HintPairs step, checked at every call: its moves must
// be exactly those of a scan of every hint from scratch (the scan of only
// the changed hints misses nothing), and each must be forced by the exact
// analysis of the position.
type checkedPairs struct {
	t     *testing.T
	moves *int
}

func (c checkedPairs) Name() string { return "checked pairs" }

func (c checkedPairs) Deduce(ctx context.Context, p *Position) ([]Move, error) {
	moves, err := HintPairs{}.Deduce(ctx, p)
	if err != nil {
		return nil, err
	}
	fresh, err := HintPairs{}.Deduce(ctx, &Position{View: p.View})
	if err != nil {
		return nil, err
	}
	key := func(ms []Move) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = fmt.Sprint(m.Op, m.Cell)
		}
		slices.Sort(out)
		return out
	}
	if got, want := key(moves), key(fresh); !slices.Equal(got, want) {
		c.t.Fatalf("changed hints only: %v; every hint: %v", got, want)
	}
	f, err := exact.FindForced(ctx, p.View)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		forced := f.Safe
		if m.Op == game.OpFlag {
			forced = f.Mines
		}
		if !slices.Contains(forced, m.Cell) {
			c.t.Fatalf("%s is not forced", m.Why(p.View.Board))
		}
	}
	*c.moves += len(moves)
	return moves, nil
}

// TestHintPairsForced plays games with the pair step checked at every call
// (checkedPairs).
func TestHintPairsForced(t *testing.T) {
	games := longtest.Pick(15, 60)
	n := 0
	a, err := New(WithStrategies(Units{}, checkedPairs{t, &n}, SAT{Find: defaultFindForced}, GuessStrategy{G: guess.DefaultGuesser()}))
	require.NoError(t, err)
	for _, level := range []game.Level{game.Beginner, game.Intermediate, game.Expert} {
		for i := range games {
			g, _ := game.New(level, game.RulesSafe, game.GameSeed(12, i))
			_, err := a.Play(context.Background(), g)
			require.NoError(t, err, "%s game %d", level.Name, i)
		}
	}
	assert.GreaterOrEqual(t, n, 10*games, "pair moves checked")
}

// TestHintPairsComplete checks HintPairs against brute force on random small
// positions: a cell is settled exactly when some two hints that share a
// closed cell, taken alone, give it the same value in every assignment of
// their closed cells, and it lies outside the other hint's cells.
func TestHintPairsComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	checked := 0
	for trial := range 3000 {
		rows, cols := 2+rng.IntN(4), 2+rng.IntN(5)
		v, err := game.NewPuzzle(rows, cols, 1)
		require.NoError(t, err)
		b := v.Board
		mine := make([]bool, b.Len())
		for i := range mine {
			mine[i] = rng.IntN(4) == 0
		}
		for i := range mine {
			switch {
			case mine[i] && rng.IntN(3) == 0:
				v.Cells[i].State = game.Flagged
			case !mine[i] && rng.IntN(2) == 0:
				n := 0
				for _, j := range b.Neighbors(i) {
					if mine[j] {
						n++
					}
				}
				v.Cells[i] = game.HintCell(n)
			}
		}
		want := map[string]bool{}
		for a := range v.Cells {
			for o := range v.Cells {
				if a == o || !v.Cells[a].IsHint() || !v.Cells[o].IsHint() {
					continue
				}
				for x, val := range bruteOthers(v, hintConstraint(v, a), hintConstraint(v, o)) {
					op := game.OpOpen
					if val {
						op = game.OpFlag
					}
					want[fmt.Sprint(op, x)] = true
				}
			}
		}
		moves, err := HintPairs{}.Deduce(context.Background(), &Position{View: v})
		require.NoError(t, err)
		got := map[string]bool{}
		for _, m := range moves {
			got[fmt.Sprint(m.Op, m.Cell)] = true
		}
		require.Len(t, got, len(moves), "trial %d: a cell moved twice: %v", trial, moves)
		require.Equal(t, want, got, "trial %d: the cells HintPairs settles (+) against brute force (-)", trial)
		checked += len(want)
	}
	assert.GreaterOrEqual(t, checked, 1000, "settled cells checked")
}

// bruteOthers returns the cells of a outside o that every assignment of
// the closed cells of a and o satisfying both gives one value (true for a
// mine), when a and o share a closed cell; nil otherwise.
func bruteOthers(v *game.Puzzle, a, o constraint) map[int]bool {
	var cells []int32
	shared := false
	cells = append(cells, a.closed[:a.n]...)
	for _, x := range o.closed[:o.n] {
		if slices.Contains(cells, x) {
			shared = true
		} else {
			cells = append(cells, x)
		}
	}
	if !shared {
		return nil
	}
	count := func(k constraint, set uint32) int {
		n := 0
		for i, x := range cells {
			if set&(1<<i) != 0 && slices.Contains(k.closed[:k.n], x) {
				n++
			}
		}
		return n
	}
	var always, never uint32 = ^uint32(0), ^uint32(0) // bits mine in every / no solution
	solutions := 0
	for set := uint32(0); set < 1<<len(cells); set++ {
		if count(a, set) == a.need && count(o, set) == o.need {
			solutions++
			always &= set
			never &= ^set
		}
	}
	out := map[int]bool{}
	if solutions == 0 {
		return out
	}
	for i, x := range cells[:a.n] {
		if slices.Contains(o.closed[:o.n], x) {
			continue
		}
		switch {
		case always&(1<<i) != 0:
			out[int(x)] = true
		case never&(1<<i) != 0:
			out[int(x)] = false
		}
	}
	return out
}
