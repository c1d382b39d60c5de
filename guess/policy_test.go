package guess

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

func TestParsePolicy(t *testing.T) {
	tests := []struct {
		in   string
		want Policy
		str  string
		err  string
	}{
		{in: "", want: 0, str: ""},
		{in: "hill", want: PolicyHill, str: "hill"},
		{in: "blend", want: PolicyBlend, str: "blend"},
		{in: " risk , blend", want: PolicyBlend | PolicyRisk, str: "blend,risk"},
		{in: "dead,candidates,progress,overrides", want: PolicyDead | PolicyCandidates | PolicyProgress | PolicyOverrides, str: "dead,candidates,progress,overrides"},
		{in: "blend,dead,candidates,risk,progress,overrides", want: PolicyHill, str: "hill"},
		{in: "blend,psychic", err: `unknown heuristic "psychic"`},
		{in: "blend,", err: `unknown heuristic ""`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParsePolicy(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.str, got.String())
			back, err := ParsePolicy(got.String())
			require.NoError(t, err)
			assert.Equal(t, got, back, "round trip")
		})
	}
}

// deadBrute reports whether the closed cell c of v shows one value in every
// layout (of layouts, over v's unknown cells) in which it is safe.
func deadBrute(v *game.Puzzle, layouts [][]bool, c int) bool {
	seen := -1
	for _, m := range layouts {
		if m[c] {
			continue
		}
		n := 0
		for _, j := range v.Board.Neighbors(c) {
			if m[j] {
				n++
			}
		}
		if seen >= 0 && n != seen {
			return false
		}
		seen = n
	}
	return true
}

func TestDeadCell(t *testing.T) {
	t.Run("pair", func(t *testing.T) {
		// A 50/50 pair under two 1s: each cell, when safe, shows the other's mine.
		p, _ := position(t, "*.", "oo")
		probs, err := exact.Probabilities(context.Background(), p)
		require.NoError(t, err)
		assert.True(t, deadCell(p, probs, 0))
		assert.True(t, deadCell(p, probs, 1))
	})
	t.Run("living", func(t *testing.T) {
		// (0,0) sees (0,1) and (1,1), which no single hint shares.
		p, _ := position(t, "..*", "..o", "*oo")
		probs, err := exact.Probabilities(context.Background(), p)
		require.NoError(t, err)
		_, layouts := layoutsOf(p)
		require.False(t, deadBrute(p, layouts, 0))
		assert.False(t, deadCell(p, probs, 0))
	})
	t.Run("sound", func(t *testing.T) {
		// Every cell deadCell calls dead is dead by brute force.
		rng := rand.New(rand.NewPCG(5, 27))
		dead := 0
		for i := range 300 {
			p, _, layouts := randomLayouts(t, rng, int64(i))
			if len(layouts) == 0 {
				continue
			}
			probs, err := exact.Probabilities(context.Background(), p)
			require.NoError(t, err)
			for c, cell := range p.Cells {
				if cell.State != game.Unknown || !undecided(p, probs, c) || !deadCell(p, probs, c) {
					continue
				}
				dead++
				assert.True(t, deadBrute(p, layouts, c), "seed %d: cell %v called dead\n%s", i, p.Board.Pos(c), p)
			}
		}
		assert.Positive(t, dead, "no dead cell found")
	})
}

func TestRiskFactor(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		rows []string
		cell game.Pos
		want float64
	}{
		// The pair is a 50/50 in every layout: half of them have (0,0) a
		// mine and (0,1) safe, the share is capped at P(safe) = 1/2, and
		// the factor is 1 + 0.9 x (1/2)/(1/2).
		{"pair left", []string{"*.", "oo"}, game.Pos{Row: 0, Col: 0}, 1.9},
		{"pair right", []string{"*.", "oo"}, game.Pos{Row: 0, Col: 1}, 1.9},
		// A pair's flank revealed: no 50/50 can close there.
		{"no shape", []string{"*.o", "ooo"}, game.Pos{Row: 0, Col: 0}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := position(t, tt.rows...)
			_, probs, lnAll := analyzed(t, p, exact.Budget{})
			rc := riskCounter{view: p, probs: probs, lnAll: lnAll, z: exact.NewAnalyzer(exact.Budget{})}
			got, err := rc.factor(ctx, p.Board.Index(tt.cell))
			require.NoError(t, err)
			assert.InDelta(t, tt.want, got, 1e-9)
		})
	}
}

// TestPolicyAfter checks the value a Policy gives a position after a hint
// against the probabilities: the best safety without PolicyBlend (as the
// default lookahead values it), the 4:1 blend of the two best with it.
func TestPolicyAfter(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(6, 1))
	for i := range 80 {
		p, probs := randomPosition(t, 5+rng.IntN(4), 5+rng.IntN(4), 4+rng.IntN(6), 0.2+0.3*rng.Float64(), int64(i))
		a, err := exact.Analyze(ctx, p, exact.Budget{})
		require.NoError(t, err)
		ln, err := a.LogCount()
		require.NoError(t, err)
		var s1, s2 float64 = -1, -1
		for j, c := range p.Cells {
			if c.State != game.Unknown || probs[j] == 1 {
				continue
			}
			switch s := 1 - probs[j]; {
			case s > s1:
				s1, s2 = s, s1
			case s > s2:
				s2 = s
			}
		}
		if s1 < 0 {
			continue
		}
		if s2 < 0 {
			s2 = s1
		}
		w := weigher{view: p}
		want, err := w.bestSafety(ctx, a)
		require.NoError(t, err)
		for _, pol := range []Policy{PolicyRisk, PolicyProgress} {
			plain := new(policyWeigh).start(pol, p)
			got, err := plain.after(ctx, a, ln)
			require.NoError(t, err)
			assert.InDelta(t, want, got, 1e-12, "seed %d, %v", i, pol)
		}

		blend := new(policyWeigh).start(PolicyBlend, p)
		got, err := blend.after(ctx, a, ln)
		require.NoError(t, err)
		assert.InDelta(t, (4*s1+s2)/5, got, 1e-12, "seed %d with blend", i)
	}
}

func TestPolicyResult(t *testing.T) {
	pw := policyWeigh{vals: []afterValue{
		{ln: math.Log(0.3), clears: []int{4, 7}, single: 9},
		{ln: math.Log(0.5), clears: []int{7}, single: 9},
	}}
	got := pw.result(0)
	assert.Equal(t, 2, got.values)
	assert.Equal(t, []int{7}, got.common, "cells safe after every value")
	assert.InDelta(t, 0.3, got.progress, 1e-12, "only the first value proves more than the common cell")
	assert.InDelta(t, 0.3*2+0.5*1, got.clears, 1e-12)
	assert.Equal(t, 9, got.single)

	pw.vals[1].single = 3
	assert.Equal(t, -1, pw.result(0).single, "another cell is safest after the second value")
}

func TestOverrideOf(t *testing.T) {
	pool := []candidate{{cell: 1, p: 0.2, score: 0.7}, {cell: 2, p: 0.1, score: 0.6}, {cell: 3, p: 0.1995, score: 0.5}}
	order := []int{0, 1, 2}
	tests := []struct {
		name   string
		common []int
		want   int
	}{
		{"none implied", nil, 0},
		{"safer and implied", []int{2}, 1},
		{"implied but not 0.001 safer", []int{3}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			facts := []weighed{{common: tt.common}, {}, {}}
			assert.Equal(t, tt.want, overrideOf(pool, facts, order, nil))
		})
	}
}

func TestHillCandidates(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	g := plainGuesser()
	offEdge := 0
	for i := range 60 {
		_, _, probs, _, cands := aheadOf(t, g, rng, i, int64(i))
		if len(cands) == 0 {
			continue
		}
		best := 1 - cands[0].p
		got := hillCandidates(nil, probs, onlyFrontier(cands), false)
		assert.LessOrEqual(t, len(got), policyCap)
		for _, c := range got {
			assert.GreaterOrEqual(t, 1-c.p, policyFrontierCut*best-1e-9, "seed %d: cell %d", i, c.cell)
			if c.interior {
				offEdge++
			}
		}
	}
	assert.Zero(t, offEdge, "no cell next to no hint without any in cands")
}

func onlyFrontier(cands []candidate) []candidate {
	var out []candidate
	for _, c := range cands {
		if !c.interior {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cands[:1]
	}
	return out
}

// TestPolicyChangesChoices plays each heuristic alone on stuck positions
// against the default lookahead: each must pick a closed cell and change
// some choice (but PolicyOverrides, which fires too rarely to be seen
// here: see TestOverrides), the zero Policy none. A choice changed by
// PolicyDead leaves a dead cell for a living one; one changed by
// PolicyRisk picks a cell of larger risk factor; one changed by
// PolicyOverrides is safer.
func TestPolicyChangesChoices(t *testing.T) {
	ctx := context.Background()
	heuristics := []Policy{0, PolicyBlend, PolicyDead, PolicyCandidates, PolicyRisk, PolicyProgress, PolicyOverrides, PolicyHill}
	changed := make(map[Policy]int)
	var positions []*Position
	for _, l := range []game.Level{game.Beginner, game.Intermediate, game.Expert} {
		positions = append(positions, stuckAt(t, l, 60)...)
	}
	for i, pos := range positions {
		p := pos.View
		probs, err := exact.Probabilities(ctx, p)
		require.NoError(t, err)
		base, err := plainGuesser().Guess(ctx, positionFor(p, uint64(i)), nil)
		require.NoError(t, err)
		for _, r := range heuristics {
			g := plainGuesser()
			g.Policy = r
			got, err := g.Guess(ctx, positionFor(p, uint64(i)), nil)
			require.NoError(t, err)
			require.Equal(t, game.Unknown, p.Cells[got.Cell].State, "%v picked a closed cell", r)
			if got.Cell == base.Cell {
				continue
			}
			changed[r]++
			switch r {
			case PolicyDead:
				assert.False(t, deadCell(p, probs, got.Cell), "position %d: dead cell %v chosen", i, p.Board.Pos(got.Cell))
			case PolicyRisk:
				rc := riskCounter{view: p, probs: probs, lnAll: lnOf(t, p), z: exact.NewAnalyzer(exact.Budget{})}
				fb, err := rc.factor(ctx, base.Cell)
				require.NoError(t, err)
				fg, err := rc.factor(ctx, got.Cell)
				require.NoError(t, err)
				assert.Greater(t, fg, fb, "position %d: the cell chosen for its risk factor has the larger", i)
			case PolicyOverrides:
				assert.Less(t, got.P, base.P, "position %d: an override must be safer", i)
			}
		}
	}
	assert.Zero(t, changed[0], "the zero Policy changes nothing")
	for _, r := range heuristics[1:] {
		if r != PolicyOverrides {
			assert.Positive(t, changed[r], "%v changed no choice", r)
		}
	}
	t.Logf("choices changed of %d: %v", len(positions), changed)
}

// lnOf returns the log of the layouts of p.
func lnOf(t testing.TB, p *game.Puzzle) float64 {
	t.Helper()
	a, err := exact.Analyze(context.Background(), p, exact.Budget{})
	require.NoError(t, err)
	ln, err := a.LogCount()
	require.NoError(t, err)
	return ln
}

// TestDefaultPolicyPlays checks where the default guesser plays by
// PolicyDefault: on boards of at least 18% mines, or of an unknown total,
// one move ahead only.
func TestDefaultPolicyPlays(t *testing.T) {
	puzzle := func(l game.Level, mines int) *game.Puzzle {
		b, err := game.NewBoard(l.Rows, l.Cols)
		require.NoError(t, err)
		return &game.Puzzle{Board: b, Cells: make([]game.Cell, b.Len()), Mines: mines}
	}
	deep := DefaultGuesser()
	deep.Depth = 2
	for _, tc := range []struct {
		name string
		g    ProbGuesser
		v    *game.Puzzle
		want bool
	}{
		{"beginner", DefaultGuesser(), puzzle(game.Beginner, 10), false},
		{"intermediate", DefaultGuesser(), puzzle(game.Intermediate, 40), false},
		{"16x16/47", DefaultGuesser(), puzzle(game.Intermediate, 47), true},
		{"expert", DefaultGuesser(), puzzle(game.Expert, 99), true},
		{"16x16/25", DefaultGuesser(), puzzle(game.Intermediate, 25), false},
		{"total unknown", DefaultGuesser(), puzzle(game.Beginner, game.UnknownMines), true},
		{"two moves ahead", deep, puzzle(game.Expert, 99), false},
		{"no policy", plainGuesser(), puzzle(game.Expert, 99), false},
		{"hill on beginner", ProbGuesser{Lookahead: 8, Policy: PolicyHill}, puzzle(game.Beginner, 10), true},
	} {
		assert.Equal(t, tc.want, tc.g.plays(tc.v), tc.name)
	}
	assert.Equal(t, PolicyBlend|PolicyDead|PolicyProgress, DefaultGuesser().Policy)
}
