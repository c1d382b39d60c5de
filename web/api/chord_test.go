package api

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// chordSpot returns, on expert under zero from seed 5 opened at (3,3), an
// open hint with closed safe neighbours, its mines and its closed safe
// neighbours.
func chordSpot(t *testing.T) (hint game.Pos, mines, safe []game.Pos) {
	t.Helper()
	ref, err := game.New(game.Expert, game.RulesZero, 5)
	require.NoError(t, err)
	_, err = ref.Open(game.Pos{Row: 3, Col: 3})
	require.NoError(t, err)
	b := ref.Board()
	for i := range b.Len() {
		if c := ref.Cell(i); c.State != game.Revealed || c.Hint == 0 {
			continue
		}
		mines, safe = nil, nil
		for _, n := range b.Neighbors(i) {
			switch {
			case ref.Cell(int(n)).State != game.Unknown:
			case ref.IsMine(int(n)):
				mines = append(mines, b.Pos(int(n)))
			default:
				safe = append(safe, b.Pos(int(n)))
			}
		}
		if len(safe) >= 2 {
			return b.Pos(i), mines, safe
		}
	}
	t.Fatal("no hint to chord")
	return
}

func TestChord(t *testing.T) {
	s := New(Config{})
	g := newGame(t, s, `{"level": "expert", "rules": "zero", "seed": "5"}`)
	path := "/api/games/" + g.ID
	cell := func(p game.Pos) string { return fmt.Sprintf(`{"cell": [%d, %d]}`, p.Row, p.Col) }
	code, body := do(t, s, "POST", path+"/open", `{"cell": [3, 3]}`)
	require.Equal(t, StatusOK, code, body)
	hint, mines, safe := chordSpot(t)

	code, body = do(t, s, "POST", path+"/chord", cell(hint))
	assert.Equal(t, StatusConflict, code, "a chord without its flags: %s", body)
	for _, m := range mines {
		code, body = do(t, s, "POST", path+"/flag", cell(m))
		require.Equal(t, StatusOK, code, body)
	}
	before := decodeAs[GameState](t, body)

	code, body = do(t, s, "POST", path+"/chord", cell(hint))
	require.Equal(t, StatusOK, code, body)
	after := decodeAs[GameState](t, body)
	for _, q := range safe {
		assert.NotEqual(t, byte('.'), after.Board[q.Row][q.Col], "the chord opened %v", q)
	}
	assert.Equal(t, "unfinished", after.Outcome)

	code, body = do(t, s, "POST", path+"/undo", `{}`)
	require.Equal(t, StatusOK, code, body)
	undone := decodeAs[GameState](t, body)
	assert.Equal(t, before.Board, undone.Board, "one undo takes the whole chord back")
	assert.Equal(t, before.Moves, undone.Moves)

	refused := map[string]struct {
		code Code
		want string
	}{
		`{"cell": [15, 29]}`: {CodeIllegalMove, "not an open number"},
		`{"cell": [16, 0]}`:  {CodeBadRequest, "off the 16x30 board"},
		`{}`:                 {CodeBadRequest, `"cell" is missing`},
	}
	for req, r := range refused {
		_, body := do(t, s, "POST", path+"/chord", req)
		e := decodeAs[ErrorBody](t, body).Error
		assert.Equal(t, r.code, e.Code, "%s: %s", req, body)
		assert.Contains(t, e.Message, r.want, req)
	}
}
