package web

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

func TestUnflag(t *testing.T) {
	h := New(Config{}).Handler()
	g := newGame(t, h, `{"level": "beginner", "rules": "seed", "seed": "5"}`)
	path := "/api/games/" + g.ID
	code, body := do(t, h, "POST", path+"/flag", `{"cell": [0, 0]}`)
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, 1, decodeAs[gameState](t, body).Flags)

	code, body = do(t, h, "POST", path+"/unflag", `{"cell": [0, 0]}`)
	require.Equal(t, http.StatusOK, code, body)
	g = decodeAs[gameState](t, body)
	assert.Equal(t, 0, g.Flags)
	assert.Equal(t, byte('.'), g.Board[0][0], "the cell is closed again")

	tests := []struct {
		name, body string
		code       int
		want       string
	}{
		{"not flagged", `{"cell": [0, 0]}`, http.StatusConflict, "cell (0,0) is not flagged"},
		{"off the board", `{"cell": [9, 0]}`, http.StatusBadRequest, "cell (9,0) is off the 9x9 board"},
		{"no cell", `{}`, http.StatusBadRequest, `"cell" is missing`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := do(t, h, "POST", path+"/unflag", tc.body)
			assert.Equal(t, tc.code, code, body)
			assert.Contains(t, errorOf(t, body), tc.want)
		})
	}
}

func TestFirstClickAdvice(t *testing.T) {
	h := New(Config{}).Handler()
	tests := []struct {
		level, rules string
		cell         [2]int
		free         int // cells at probability 0
	}{
		{"expert", "zero", [2]int{3, 3}, 9},
		{"beginner", "zero", [2]int{2, 2}, 9},
		{"beginner", "safe", [2]int{0, 0}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.level+"/"+tc.rules, func(t *testing.T) {
			g := newGame(t, h, `{"level": "`+tc.level+`", "rules": "`+tc.rules+`", "assist": true}`)
			require.NotNil(t, g.Advice)
			m := g.Advice.Move
			require.NotNil(t, m)
			assert.Equal(t, tc.cell, m.Cell)
			assert.True(t, m.Forced, "the rules make the first click safe")
			assert.Zero(t, m.P)
			assert.Contains(t, m.Why, "first click")
			zero := 0
			for _, row := range g.Advice.Probabilities {
				for _, p := range row {
					if p != nil && *p == 0 {
						zero++
					}
				}
			}
			assert.Equal(t, tc.free, zero, "cells shown safe")

			// The hint plays it.
			code, body := do(t, h, "POST", "/api/games/"+g.ID+"/hint", `{}`)
			require.Equal(t, http.StatusOK, code, body)
			assert.Equal(t, tc.cell, decodeAs[gameState](t, body).Hint.Cell)
		})
	}
}

func TestUndo(t *testing.T) {
	// The no-guess hook opens its board at (4,4), as NoGuess opens at its
	// first click: an undo must keep that open.
	h := New(Config{NoGuess: func(ctx context.Context, l game.Level, rules game.Rules, seed int64) (*game.Game, error) {
		g, err := game.New(l, rules, seed)
		if err == nil {
			_, err = g.Open(game.Pos{Row: 4, Col: 4})
		}
		return g, err
	}}).Handler()
	tests := []struct{ name, body string }{
		{"zero", `{"level": "beginner", "rules": "zero", "seed": "5"}`},
		{"seed", `{"level": "easy", "seed": "3"}`},
		{"no-guess", `{"level": "beginner", "rules": "zero", "seed": "8", "no_guess": true}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, h, tc.body)
			path := "/api/games/" + g.ID
			code, body := do(t, h, "POST", path+"/undo", `{}`)
			assert.Equal(t, http.StatusConflict, code, body)
			assert.Contains(t, errorOf(t, body), "nothing to undo")

			// Open the centre, flag and unflag a closed cell, then open
			// cells until the game ends; undo takes the moves back one by
			// one.
			states := []gameState{g}
			move := func(op string, r, c int) {
				t.Helper()
				code, body := do(t, h, "POST", path+"/"+op, fmt.Sprintf(`{"cell": [%d, %d]}`, r, c))
				require.Equal(t, http.StatusOK, code, body)
				states = append(states, decodeAs[gameState](t, body))
			}
			if g.Board[g.Rows/2][g.Cols/2] == '.' {
				move("open", g.Rows/2, g.Cols/2)
			}
			for c, ch := range states[len(states)-1].Board[0] {
				if ch == '.' {
					move("flag", 0, c)
					move("unflag", 0, c)
					break
				}
			}
			for r := 0; r < g.Rows && states[len(states)-1].Outcome == "unfinished"; r++ {
				for c := 0; c < g.Cols && states[len(states)-1].Outcome == "unfinished"; c++ {
					if states[len(states)-1].Board[r][c] == '.' {
						move("open", r, c)
					}
				}
			}
			require.NotEqual(t, "unfinished", states[len(states)-1].Outcome)
			for k := len(states) - 2; k >= 0; k-- {
				code, body := do(t, h, "POST", path+"/undo", `{}`)
				require.Equal(t, http.StatusOK, code, body)
				got := decodeAs[gameState](t, body)
				assert.Equal(t, states[k].Board, got.Board, "after undoing to move %d", k)
				assert.Equal(t, states[k].Outcome, got.Outcome)
				assert.Equal(t, states[k].Moves, got.Moves)
			}
		})
	}
}
