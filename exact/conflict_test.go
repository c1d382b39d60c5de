package exact

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// TestConflict checks what Analyzer.Conflict blames on puzzles without a
// solution, one for each Blame, and the line Why writes for it (the lines
// minesat solve printed before the conflict was a structured value).
func TestConflict(t *testing.T) {
	pos := func(r, c int) game.Pos { return game.Pos{Row: r, Col: c} }
	for _, tc := range []struct {
		name   string
		text   string
		budget Budget
		blame  Blame
		hint   HintConflict
		flags  []game.Pos
		why    string
	}{
		{name: "hint", text: "2 2 1\n1 0\n-1 -1\n", blame: BlameHint,
			hint: HintConflict{At: pos(0, 0), N: 1, Free: 0, Need: 1},
			why:  "hint 1 at (0,0) sees 0 undecided cells and needs 1 more mine"},
		{name: "total", text: "2 2 3\n1 -1\n-1 -1\n", blame: BlameNone,
			why: "no layout agrees with the hints and the 3-mine total"},
		{name: "one flag", text: "mines 1\n111\nF..\n", blame: BlameFlags, flags: []game.Pos{pos(1, 0)},
			why: "the flag at (1,0) contradicts the hints and the 1-mine total: that cell is safe in every layout that agrees with them"},
		{name: "two flags", text: "mines ?\n0F\nF.\n", blame: BlameFlags, flags: []game.Pos{pos(0, 1), pos(1, 0)},
			why: "the flags at (0,1) (1,0) contradict the hints: those cells are safe in every layout that agrees with them"},
		{name: "without the flags", text: "mines 3\n1F\n..\n", blame: BlameHints,
			why: "no layout agrees with the hints and the 3-mine total, even without the flags"},
		{name: "flags together", text: "mines ?\n1.\nFF\n", blame: BlameFlagsTogether, flags: []game.Pos{pos(1, 0), pos(1, 1)},
			why: "the flags at (1,0) (1,1) together contradict the hints: no layout that agrees with them has a mine on each of these cells"},
		{name: "past the budget", text: "mines ?\n1.\nFF\n", budget: Budget{MaxStates: 1}, blame: BlameNone,
			why: "no layout agrees with the hints and the flags"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := game.ParsePuzzle(tc.name, strings.NewReader(tc.text))
			require.NoError(t, err)
			c := NewAnalyzer(tc.budget).Conflict(context.Background(), p)
			require.NotNil(t, c)
			assert.Equal(t, tc.blame, c.Blame, "blame %v", c.Blame)
			assert.Equal(t, tc.hint, c.Hint)
			assert.Equal(t, tc.flags, c.Flags)
			assert.Equal(t, tc.why, c.Why())
			assert.Equal(t, "exact: no solution: "+tc.why, c.Error())
			assert.True(t, errors.Is(c, ErrNoSolution), "errors.Is(Conflict, ErrNoSolution)")
		})
	}
}
