package api

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// TestPositionMessages checks the words of a position's refusals: the
// line and column of a parse error, and a position impossible on its face
// without the game package's prefix.
func TestPositionMessages(t *testing.T) {
	_, err := game.ParsePuzzle("puzzle", strings.NewReader("mines 1\n1.x\n"))
	require.Error(t, err)
	assert.Equal(t, `line 2, column 3: "x" is not a cell: expected . or -1 (unknown), F (a flag) or a hint 0-8`, badPosition(err).Message)
	p, err := game.ParsePuzzle("puzzle", strings.NewReader("mines 5\n1..\n"))
	require.NoError(t, err)
	assert.Equal(t, "5 mines but only 2 unknown cells", noSolution(p.Validate()).Message)
}
