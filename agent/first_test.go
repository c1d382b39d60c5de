package agent

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

func TestChooseFirst(t *testing.T) {
	tests := []struct {
		level game.Level
		rules game.Rules
		spec  string
		want  string // FirstClick.String(), or "" for no first click
		err   bool
	}{
		{game.Easy, game.RulesSeed, "", "", false},
		{game.Expert, game.RulesSafe, "", "corner (0,0)", false},
		{game.Expert, game.RulesSafe, "corner", "corner (0,0)", false},
		{game.Expert, game.RulesSafe, "center", "center (8,15)", false},
		{game.Expert, game.RulesSafe, " 3, 4 ", "(3,4)", false},
		{game.Expert, game.RulesZero, "15,29", "(15,29)", false},
		{game.Expert, game.RulesSafe, "16,0", "", true},
		{game.Expert, game.RulesSafe, "-1,0", "", true},
		{game.Expert, game.RulesSafe, "middle", "", true},
		{game.Expert, game.RulesSafe, "1;2", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.level.Name+"/"+tt.rules.String()+"/"+tt.spec, func(t *testing.T) {
			f, ok, err := ChooseFirst(tt.level, tt.rules, tt.spec)
			if tt.err {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			got := ""
			if ok {
				got = f.String()
			}
			assert.Equal(t, tt.want, got)
		})
	}
	for _, tt := range []struct {
		level game.Level
		want  string
	}{
		// The named levels keep their defaults.
		{game.Expert, "measured (3,3)"},
		{game.Hard, "measured (3,3)"},
		{game.Intermediate, "opening (2,2)"},
		{game.Beginner, "opening (2,2)"},
		{game.Easy, "opening (2,2)"},
		{game.Medium, "opening (2,2)"},
		{custom(t, "20x20/60"), "opening (2,2)"},
		{custom(t, "30x16/99"), "opening (2,2)"}, // expert turned on its side: not measured
		// Dense boards, where the spreading chance alone picked a corner.
		{custom(t, "9x9/72"), "opening (2,2)"},
		{custom(t, "5x5/16"), "opening (2,2)"},
		{custom(t, "5x5/10"), "opening (2,2)"},
		{custom(t, "9x9/30"), "opening (2,2)"},
		// Narrow boards: the most cells seen, then the likeliest spread.
		{custom(t, "3x7/3"), "opening (0,2)"},
		{custom(t, "4x9/5"), "opening (1,2)"},
		{custom(t, "2x2/0"), "opening (0,0)"},
	} {
		f, ok, err := ChooseFirst(tt.level, game.RulesZero, "")
		if assert.NoError(t, err, tt.level.Name) && assert.True(t, ok, "%s: a default first click", tt.level.Name) {
			assert.Equal(t, tt.want, f.String(), "%s: the default under zero", tt.level.Name)
			assert.NotEmpty(t, f.Note, "%s: the default's note", tt.level.Name)
		}
	}
}

// TestBestOpeningExact checks the inclusion-exclusion formula against
// enumeration of every layout on small boards, for every first click, and
// BestOpening's choice: the most cells seen within two steps, then the
// likeliest spread.
func TestBestOpeningExact(t *testing.T) {
	for _, l := range []game.Level{{Name: "4x5/4", Rows: 4, Cols: 5, Mines: 4}, {Name: "5x5/6", Rows: 5, Cols: 5, Mines: 6}, {Name: "3x7/3", Rows: 3, Cols: 7, Mines: 3}} {
		b := game.MustBoard(l.Rows, l.Cols)
		bestBrute, bestW, bestP := -1, -1, -1.0
		for f := 0; f < b.Len(); f++ {
			block := map[int]bool{f: true}
			for _, j := range b.Neighbors(f) {
				block[int(j)] = true
			}
			var outside []int
			for i := 0; i < b.Len(); i++ {
				if !block[i] {
					outside = append(outside, i)
				}
			}
			spread, total := 0, 0
			mine := make([]bool, b.Len())
			var rec func(k, left int)
			rec = func(k, left int) {
				if left == 0 {
					total++
					for _, n := range b.Neighbors(f) {
						zero, hasOut := true, false
						for _, j := range b.Neighbors(int(n)) {
							zero = zero && !mine[j]
							hasOut = hasOut || !block[int(j)]
						}
						if zero && hasOut {
							spread++
							return
						}
					}
					return
				}
				for x := k; x < len(outside); x++ {
					mine[outside[x]] = true
					rec(x+1, left-1)
					mine[outside[x]] = false
				}
			}
			rec(0, l.Mines)
			p := float64(spread) / float64(total)
			assert.InDelta(t, p, openingChance(b, l.Mines, f), 1e-12, "%s: the chance that first click %v spreads, against enumeration", l.Name, b.Pos(f))
			if w := window(l, b.Pos(f)); w > bestW || w == bestW && p > bestP+1e-12 {
				bestBrute, bestW, bestP = f, w, p
			}
		}
		pos, p := BestOpening(l)
		assert.Equal(t, b.Pos(bestBrute), pos, "%s: BestOpening against enumeration", l.Name)
		assert.InDelta(t, bestP, p, 1e-12, "%s: BestOpening's chance against enumeration", l.Name)
	}
}

// TestFirstZeroDense plays the default first click under RulesZero on
// boards whose 3x3 block holds every safe cell: the click alone wins every
// game (the corner's block holds 4 of the 9 safe cells and almost never
// wins).
func TestFirstZeroDense(t *testing.T) {
	for _, name := range []string{"9x9/72", "5x5/16", "4x4/7", "12x7/75"} {
		l := custom(t, name)
		f, ok, err := ChooseFirst(l, game.RulesZero, "")
		require.NoError(t, err, name)
		require.True(t, ok, "%s: a default first click", name)
		for seed := int64(1); seed <= 50; seed++ {
			g, err := game.New(l, game.RulesZero, seed)
			require.NoError(t, err)
			_, err = g.Open(f.Pos)
			require.NoError(t, err, "%s seed %d: first click %v", name, seed, f)
			assert.Equal(t, game.Won, g.Outcome(), "%s seed %d: first click %v", name, seed, f)
		}
	}
}

// custom parses a level such as "20x20/60".
func custom(t *testing.T, s string) game.Level {
	t.Helper()
	l, err := game.ParseLevel(s)
	require.NoError(t, err)
	return l
}
