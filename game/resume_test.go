package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestResume(t *testing.T) {
	// Row 0 open; mines at (1,0) or (1,2) (the 1 at (0,0) needs one of
	// (1,0),(1,1); the hints force (1,1) safe, so the 1s see (1,0) and (1,2)).
	view := mustParse(t, 2, "1 2 1\n? ? ?")
	b := view.Board
	layout := []int{b.Index(Pos{1, 0}), b.Index(Pos{1, 2})}
	g, err := Resume(view, layout)
	require.NoError(t, err)
	assert.Equal(t, Unfinished, g.Outcome())
	assert.Equal(t, 1, g.Closed())
	assert.Equal(t, "2x3/2", g.Level().Name)
	for i, c := range view.Cells {
		assert.Equal(t, c, g.Cell(i), "cell %v", b.Pos(i))
	}
	opened, err := g.Open(Pos{1, 1})
	require.NoError(t, err)
	assert.Equal(t, []int{b.Index(Pos{1, 1})}, opened)
	assert.Equal(t, Won, g.Outcome())

	// The same game resumed on the same position plays again, from the
	// start: a lost game comes back unfinished.
	require.NoError(t, g.Resume(view, layout))
	_, err = g.Open(Pos{1, 0})
	assert.ErrorIs(t, err, ErrMine)
	require.NoError(t, g.Resume(view, layout))
	assert.Equal(t, Unfinished, g.Outcome())
	assert.Equal(t, Unknown, g.Cell(b.Index(Pos{1, 0})).State)
}

func TestResumeRejects(t *testing.T) {
	view := mustParse(t, 2, "1 2 1\n? ? ?")
	tests := []struct {
		name  string
		mines []int
		want  string
	}{
		{"off the board", []int{3, 6}, "game: resume: mine 6 is off the 2x3 board"},
		{"twice", []int{3, 3}, "game: resume: mine (1,0) listed twice"},
		{"count", []int{3}, "game: resume: the layout has 1 mines, the position 2"},
		{"open mine", []int{0, 3}, "game: resume: the open cell (0,0) is a mine in the layout"},
		{"hint", []int{3, 4}, "game: resume: the open cell (0,0) shows 1, the layout gives it 2"},
	}
	g, err := Resume(view, []int{3, 5})
	require.NoError(t, err)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Resume(view, tt.mines)
			require.EqualError(t, err, tt.want)
			require.EqualError(t, g.Resume(view, tt.mines), tt.want)
		})
	}
	wide, err := Resume(mustParse(t, 2, "1 2 1 1\n? ? ? ?"), []int{4, 6})
	require.NoError(t, err)
	assert.EqualError(t, wide.Resume(view, []int{3, 5}), "game: resume: the game is not on the position's 2x3 board")
}
