package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// do sends a request to h as the page does (Host 127.0.0.1:8080, a body
// as application/json) and returns the status and the body.
func do(t *testing.T, h http.Handler, method, path, body string) (int, string) {
	t.Helper()
	w := send(t, h, method, path, body, nil)
	return w.Code, w.Body.String()
}

// send sends a request to h as do does, with the headers in hdr added or
// replacing do's (an empty value removes one), and returns the recorded
// answer.
func send(t *testing.T, h http.Handler, method, path, body string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	req.Host = "127.0.0.1:8080"
	if body != "" || method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
		} else if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// decodeAs unmarshals body into a T, failing the test if it cannot.
func decodeAs[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal([]byte(body), &v), "body: %s", body)
	return v
}

// refusalOf returns the "error" of a refusal's body, checking that it
// has a code of the API's and a message.
func refusalOf(t *testing.T, body string) refusal {
	t.Helper()
	e := decodeAs[errorBody](t, body).Error
	require.Contains(t, Codes(), e.Code, "a refusal without a code of the API's: %s", body)
	require.NotEmpty(t, e.Message, "a refusal without a message: %s", body)
	return e
}

// errorOf returns the message of a refusal's body.
func errorOf(t *testing.T, body string) string {
	t.Helper()
	return refusalOf(t, body).Message
}

// codeOf returns the code of a refusal's body.
func codeOf(t *testing.T, body string) Code {
	t.Helper()
	return refusalOf(t, body).Code
}

func TestPage(t *testing.T) {
	h := New(Config{}).Handler()
	code, body := do(t, h, "GET", "/", "")
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `id="a-board"`)
	assert.Contains(t, body, `id="p-board"`)
	assert.Contains(t, body, "function drawBoard", "the script is written into the page")
	// Self-contained: nothing to load from anywhere.
	for _, bad := range []string{"src=", "<link", "@import", "http://", "https://"} {
		assert.NotContains(t, body, bad)
	}
	code, _ = do(t, h, "GET", "/other", "")
	assert.Equal(t, http.StatusNotFound, code)
}

func TestConfig(t *testing.T) {
	code, body := do(t, New(Config{Timeout: 2 * time.Second}).Handler(), "GET", "/api/config", "")
	require.Equal(t, http.StatusOK, code)
	c := decodeAs[configResponse](t, body)
	assert.Contains(t, c.Levels, "expert")
	assert.Equal(t, []string{"seed", "safe", "zero"}, c.Rules)
	assert.False(t, c.NoGuess)
	assert.EqualValues(t, 2000, c.TimeoutMS)
	assert.EqualValues(t, DefaultMaxBody, c.MaxBody)
}

func TestAnalyze(t *testing.T) {
	h := New(Config{}).Handler()
	t.Run("forced", func(t *testing.T) {
		code, body := do(t, h, "POST", "/api/analyze", `{"puzzle": "mines 1\n1..\n"}`)
		require.Equal(t, http.StatusOK, code, body)
		a := decodeAs[analyzeResponse](t, body).Advice
		require.NotNil(t, a.Move)
		assert.Equal(t, [2]int{0, 2}, a.Move.Cell)
		assert.True(t, a.Move.Forced)
		assert.Equal(t, [][2]int{{0, 1}}, a.ForcedMines)
		assert.Equal(t, "1", a.Count)
	})
	t.Run("seeds format, unknown total, flag", func(t *testing.T) {
		code, body := do(t, h, "POST", "/api/analyze", `{"puzzle": "2 2 ?\nF -1\n-1 -1\n"}`)
		require.Equal(t, http.StatusOK, code, body)
		a := decodeAs[analyzeResponse](t, body).Advice
		assert.Nil(t, a.Mines)
		assert.Equal(t, 1, a.Flags)
		p, ok := a.Prob(game.Pos{Row: 1, Col: 1})
		require.True(t, ok)
		assert.InDelta(t, 0.5, p, 1e-9, "a cell next to no hint, total unknown")
	})
	t.Run("no solution", func(t *testing.T) {
		code, body := do(t, h, "POST", "/api/analyze", `{"puzzle": "mines 1\n2..\n...\n"}`)
		require.Equal(t, http.StatusOK, code, body)
		a := decodeAs[analyzeResponse](t, body).Advice
		assert.Equal(t, new(false), a.Satisfiable)
		assert.NotEmpty(t, a.Conflict)
		assert.Nil(t, a.Move)
	})
}

func TestAnalyzeRefusals(t *testing.T) {
	h := New(Config{MaxBody: 1024}).Handler()
	for _, tc := range []struct {
		name, body string
		code       int
		msg        string
	}{
		{"empty body", "", 400, "empty request body"},
		{"not JSON", "mines 1", 400, "bad request body"},
		{"unknown field", `{"puzle": "mines 1\n1.."}`, 400, `unknown key "puzle"`},
		{"key in another case", `{"Puzzle": "mines 1\n1.."}`, 400, `unknown key "Puzzle" (keys are case-sensitive`},
		{"key twice", `{"puzzle": "mines 1\n1..", "puzzle": "mines 1\n1.."}`, 400, `key "puzzle" given twice`},
		{"two values", `{"puzzle": "mines 1\n1.."} {}`, 400, "not valid JSON"},
		{"wrong type", `{"puzzle": 3}`, 400, `field "puzzle": want a string, got a number`},
		{"empty puzzle", `{"puzzle": "  "}`, 400, `"puzzle" is empty`},
		{"bad cell", `{"puzzle": "mines 1\n1.x\n"}`, 400, `line 2, column 3: "x" is not a cell`},
		{"ragged rows", `{"puzzle": "mines 1\n1..\n1.\n"}`, 400, "line 3, column 3: row 1 has 2 cells"},
		{"too many mines", `{"puzzle": "mines 5\n1..\n"}`, 422, "5 mines but only 2 unknown cells"},
		{"hint too large", `{"puzzle": "mines 1\n4..\n"}`, 422, "hint 4"},
		{"too large", `{"puzzle": "` + strings.Repeat(".", 2000) + `"}`, 413, "larger than this server's 1024 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := do(t, h, "POST", "/api/analyze", tc.body)
			assert.Equal(t, tc.code, code, body)
			assert.Contains(t, errorOf(t, body), tc.msg)
		})
	}
}

// expertPosition is the expert game of seed 7 under the seed rules, whose
// scattered hints make many components: an analysis of a few
// milliseconds, less on a fast machine.
func expertPosition(t *testing.T) string {
	t.Helper()
	g, err := game.New(game.Expert, game.RulesSeed, 7)
	require.NoError(t, err)
	var sb strings.Builder
	require.NoError(t, g.View().WriteGrid(&sb))
	return sb.String()
}

// latticePosition is testdata/lattice-40x60.txt: a 40x60 board with a hint
// on every cell of even row and column, whose analysis takes seconds
// (TestBudgetKeptByTheWork).
func latticePosition(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "lattice-40x60.txt"))
	require.NoError(t, err)
	return string(b)
}

func TestAnalyzeBudget(t *testing.T) {
	puzzle, err := json.Marshal(analyzeRequest{Puzzle: expertPosition(t)})
	require.NoError(t, err)
	t.Run("counting budget", func(t *testing.T) {
		h := New(Config{Agent: []agent.Option{agent.WithBudget(exact.Budget{MaxStates: 1})}}).Handler()
		code, body := do(t, h, "POST", "/api/analyze", string(puzzle))
		require.Equal(t, http.StatusOK, code, body)
		a := decodeAs[analyzeResponse](t, body).Advice
		assert.Equal(t, new(true), a.Satisfiable)
		assert.Nil(t, a.Probabilities, "too large to count: no probabilities")
		require.NotEmpty(t, a.Incomplete)
		assert.Contains(t, a.Incomplete[0], "too large to count")
	})
	t.Run("time budget", func(t *testing.T) {
		// The lattice takes seconds on any machine: a millisecond cuts it
		// short, before or after it is solved.
		h := New(Config{Timeout: time.Millisecond}).Handler()
		start := time.Now()
		code, body := do(t, h, "POST", "/api/analyze", mustJSON(t, analyzeRequest{Puzzle: latticePosition(t)}))
		assert.Less(t, time.Since(start), 2*time.Second, "the request outlived its budget")
		switch code {
		case http.StatusServiceUnavailable:
			assert.Contains(t, errorOf(t, body), "time budget of 1ms")
		case http.StatusOK:
			a := decodeAs[analyzeResponse](t, body).Advice
			require.NotEmpty(t, a.Incomplete, "cut short, yet not incomplete")
			assert.Contains(t, a.Incomplete[len(a.Incomplete)-1], "time budget of 1ms")
		default:
			t.Errorf("status %d; want 503, or 200 with what was found: %s", code, body)
		}
	})
}

// newGame starts a game on h and returns its state.
func newGame(t *testing.T, h http.Handler, body string) gameState {
	t.Helper()
	code, out := do(t, h, "POST", "/api/games", body)
	require.Equal(t, http.StatusCreated, code, out)
	return decodeAs[gameState](t, out)
}

func TestGames(t *testing.T) {
	h := New(Config{}).Handler()
	g := newGame(t, h, `{"level": "beginner", "rules": "zero", "seed": "5"}`)
	assert.Len(t, g.ID, 32)
	assert.Equal(t, "beginner", g.Level)
	assert.Equal(t, "zero", g.Rules)
	assert.Equal(t, "5", g.Seed)
	assert.Equal(t, []string{".........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."}, g.Board)
	assert.Nil(t, g.Advice)

	code, body := do(t, h, "POST", "/api/games/"+g.ID+"/open", `{"cell": [4, 4], "assist": true}`)
	require.Equal(t, http.StatusOK, code, body)
	g = decodeAs[gameState](t, body)
	assert.Equal(t, byte('0'), g.Board[4][4], "under zero rules the first click opens a 0")
	assert.Equal(t, 1, g.Moves)
	require.NotNil(t, g.Advice, "assist asked for")
	require.NotNil(t, g.Advice.Move)
	rec := g.Advice.Move.Cell
	assert.Equal(t, byte('.'), g.Board[rec[0]][rec[1]], "the recommended cell is closed")

	// Flag a closed cell, then refuse to flag it again.
	closed := [2]int{-1, -1}
	for r, row := range g.Board {
		if c := strings.IndexByte(row, '.'); c >= 0 {
			closed = [2]int{r, c}
			break
		}
	}
	cell, _ := json.Marshal(map[string]any{"cell": closed})
	code, body = do(t, h, "POST", "/api/games/"+g.ID+"/flag", string(cell))
	require.Equal(t, http.StatusOK, code, body)
	g = decodeAs[gameState](t, body)
	assert.Equal(t, 1, g.Flags)
	assert.Equal(t, byte('F'), g.Board[closed[0]][closed[1]])

	code, body = do(t, h, "GET", "/api/games/"+g.ID+"?assist=1", "")
	require.Equal(t, http.StatusOK, code, body)
	assert.NotNil(t, decodeAs[gameState](t, body).Advice)

	// The hint plays the game to its end.
	for range g.Rows * g.Cols {
		code, body = do(t, h, "POST", "/api/games/"+g.ID+"/hint", `{}`)
		require.Equal(t, http.StatusOK, code, body)
		g = decodeAs[gameState](t, body)
		require.NotNil(t, g.Hint)
		if g.Outcome != "unfinished" {
			break
		}
	}
	require.NotEqual(t, "unfinished", g.Outcome, "hints did not end the game")
	if g.Outcome == "won" {
		assert.Zero(t, g.Left)
	}
	code, body = do(t, h, "POST", "/api/games/"+g.ID+"/hint", `{}`)
	assert.Equal(t, http.StatusConflict, code)
	assert.Contains(t, errorOf(t, body), "the game is over")

	code, _ = do(t, h, "DELETE", "/api/games/"+g.ID, "")
	assert.Equal(t, http.StatusNoContent, code)
	code, body = do(t, h, "GET", "/api/games/"+g.ID, "")
	assert.Equal(t, http.StatusNotFound, code)
	assert.Contains(t, errorOf(t, body), "no game")
}

func TestGameLost(t *testing.T) {
	h := New(Config{}).Handler()
	st := newGame(t, h, `{"level": "easy", "seed": "3"}`)
	assert.Equal(t, "seed", st.Rules, "easy defaults to the seed rules")
	ref, err := game.New(game.Easy, game.RulesSeed, 3)
	require.NoError(t, err)
	mines := ref.Mines()
	require.NotEmpty(t, mines)
	boom := mines[0]
	cell, _ := json.Marshal(map[string]any{"cell": boom.Pair()})
	code, body := do(t, h, "POST", "/api/games/"+st.ID+"/open", string(cell))
	require.Equal(t, http.StatusOK, code, body)
	st = decodeAs[gameState](t, body)
	assert.Equal(t, "lost", st.Outcome)
	assert.Equal(t, byte('X'), st.Board[boom.Row][boom.Col])
	shown := 0
	for _, row := range st.Board {
		shown += strings.Count(row, "*") + strings.Count(row, "X")
	}
	assert.Equal(t, len(mines), shown, "a lost game shows every mine")
	code, body = do(t, h, "POST", "/api/games/"+st.ID+"/open", `{"cell": [0, 0]}`)
	assert.Equal(t, http.StatusConflict, code)
	assert.Contains(t, errorOf(t, body), "the game is over: it was lost")
}

func TestGameRefusals(t *testing.T) {
	h := New(Config{}).Handler()
	g := newGame(t, h, `{"level": "6x6/5", "rules": "safe", "seed": "1"}`)
	code, body := do(t, h, "POST", "/api/games/"+g.ID+"/open", `{"cell": [0, 0]}`)
	require.Equal(t, http.StatusOK, code, body)
	open := decodeAs[gameState](t, body)
	require.NotEqual(t, byte('.'), open.Board[0][0])
	for _, tc := range []struct {
		name, method, path, body string
		code                     int
		msg                      string
	}{
		{"no level", "POST", "/api/games", `{}`, 400, `"level" is missing`},
		{"bad level", "POST", "/api/games", `{"level": "huge"}`, 400, `level "huge"`},
		{"bad rules", "POST", "/api/games", `{"level": "expert", "rules": "nice"}`, 400, "nice"},
		{"unplayable", "POST", "/api/games", `{"level": "3x3/9", "rules": "safe"}`, 400, "cannot be played under rules safe"},
		{"bad seed", "POST", "/api/games", `{"level": "expert", "seed": "1.5"}`, 400, `"seed" "1.5"`},
		{"seed as a number", "POST", "/api/games", `{"level": "expert", "seed": 15}`, 400, "bad request body"},
		{"no-guess unavailable", "POST", "/api/games", `{"level": "expert", "no_guess": true}`, 400, "cannot make no-guess boards"},
		{"unknown game", "POST", "/api/games/nope/open", `{"cell": [0, 0]}`, 404, `no game "nope"`},
		{"no cell", "POST", "/api/games/" + g.ID + "/open", `{}`, 400, `"cell" is missing`},
		{"off the board", "POST", "/api/games/" + g.ID + "/open", `{"cell": [6, 0]}`, 400, "off the 6x6 board"},
		{"negative cell", "POST", "/api/games/" + g.ID + "/flag", `{"cell": [0, -1]}`, 400, "off the 6x6 board"},
		{"open an open cell", "POST", "/api/games/" + g.ID + "/open", `{"cell": [0, 0]}`, 409, "already open"},
		{"flag an open cell", "POST", "/api/games/" + g.ID + "/flag", `{"cell": [0, 0]}`, 409, "already open"},
		{"hint with a cell", "POST", "/api/games/" + g.ID + "/hint", `{"cell": [1, 1]}`, 400, "takes no"},
		{"bad assist", "GET", "/api/games/" + g.ID + "?assist=maybe", "", 400, "assist"},
		{"delete unknown", "DELETE", "/api/games/nope", "", 404, "no game"},
		{"unknown action", "POST", "/api/games/" + g.ID + "/explode", `{}`, 404, "no endpoint"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := do(t, h, tc.method, tc.path, tc.body)
			assert.Equal(t, tc.code, code, body)
			assert.Contains(t, errorOf(t, body), tc.msg)
		})
	}
	code, body = do(t, New(Config{MaxBody: 64}).Handler(), "POST", "/api/games", `{"level": "`+strings.Repeat("x", 100)+`"}`)
	assert.Equal(t, http.StatusRequestEntityTooLarge, code)
	assert.Contains(t, errorOf(t, body), "larger than this server's 64 bytes")
}

func TestNoGuessHook(t *testing.T) {
	var asked game.Level
	s := New(Config{NoGuess: func(ctx context.Context, l game.Level, rules game.Rules, seed int64) (*game.Game, error) {
		asked = l
		return game.New(l, rules, seed)
	}})
	h := s.Handler()
	code, body := do(t, h, "GET", "/api/config", "")
	require.Equal(t, http.StatusOK, code)
	assert.True(t, decodeAs[configResponse](t, body).NoGuess)
	g := newGame(t, h, `{"level": "intermediate", "no_guess": true}`)
	assert.True(t, g.NoGuess)
	assert.Equal(t, game.Intermediate, asked)
}

// TestGameLimits fills the store: a new game is refused (503, full,
// Retry-After) rather than dropping a game held; the games idle past
// MaxIdle are let go, making room, and asking for one says it is gone.
func TestGameLimits(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := New(Config{MaxGames: 2, MaxIdle: time.Minute, Now: func() time.Time { return now }, Seed: func() int64 { return 42 }})
	h := s.Handler()
	a := newGame(t, h, `{"level": "beginner"}`)
	assert.Equal(t, "42", a.Seed, "a game asked for without a seed gets Config.Seed's")
	now = now.Add(30 * time.Second)
	b := newGame(t, h, `{"level": "beginner"}`)
	w := send(t, h, "POST", "/api/games", `{"level": "beginner"}`, nil)
	require.Equal(t, http.StatusServiceUnavailable, w.Code, w.Body.String())
	assert.Equal(t, "1", w.Header().Get("Retry-After"))
	e := refusalOf(t, w.Body.String())
	assert.Equal(t, CodeFull, e.Code)
	assert.Contains(t, e.Message, "holds 2 games, its most (--max-games)")
	for _, g := range []gameState{a, b} {
		code, body := do(t, h, "GET", "/api/games/"+g.ID, "")
		assert.Equal(t, http.StatusOK, code, "a game held was dropped for a new one: %s", body)
	}

	now = now.Add(30 * time.Second)
	code, _ := do(t, h, "GET", "/api/games/"+b.ID, "")
	require.Equal(t, http.StatusOK, code)
	now = now.Add(31 * time.Second) // b was used 31 s ago, a 61 s ago: a is let go
	c := newGame(t, h, `{"level": "beginner"}`)
	code, body := do(t, h, "GET", "/api/games/"+a.ID, "")
	assert.Equal(t, http.StatusGone, code, "idle longer than MaxIdle")
	assert.Equal(t, CodeGone, codeOf(t, body))
	assert.Contains(t, errorOf(t, body), "1m0s unused")
	code, _ = do(t, h, "GET", "/api/games/"+b.ID, "")
	assert.Equal(t, http.StatusOK, code)

	code, _ = do(t, h, "DELETE", "/api/games/"+b.ID, "")
	require.Equal(t, http.StatusNoContent, code)
	for _, id := range []string{b.ID, "00000000000000000000000000000000"} {
		code, body = do(t, h, "GET", "/api/games/"+id, "")
		assert.Equal(t, http.StatusNotFound, code)
		assert.Equal(t, CodeNoGame, codeOf(t, body))
	}
	now = now.Add(2 * time.Minute)
	code, body = do(t, h, "POST", "/api/games/"+c.ID+"/open", `{"cell": [0, 0]}`)
	assert.Equal(t, http.StatusGone, code, "idle longer than MaxIdle")
	assert.Equal(t, CodeGone, codeOf(t, body))
}

// TestExpireIdle drops a game idle past MaxIdle while no request comes,
// and keeps one used since; it returns once its context ends.
func TestExpireIdle(t *testing.T) {
	var now atomic.Int64 // the clock, in ms
	s := New(Config{MaxIdle: 40 * time.Millisecond, Now: func() time.Time { return time.UnixMilli(now.Load()) }})
	h := s.Handler()
	idle := newGame(t, h, `{"level": "beginner"}`)
	used := newGame(t, h, `{"level": "beginner"}`)
	now.Add(30)
	code, _ := do(t, h, "GET", "/api/games/"+used.ID, "")
	require.Equal(t, http.StatusOK, code)
	now.Add(30)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.ExpireIdle(ctx); close(done) }()
	held := func() int {
		games, _ := s.api.Held()
		return games
	}
	require.Eventually(t, func() bool { return held() == 1 }, 10*time.Second, 5*time.Millisecond, "the idle game is still held")
	code, _ = do(t, h, "GET", "/api/games/"+idle.ID, "")
	assert.Contains(t, []int{http.StatusNotFound, http.StatusGone}, code, "the idle game is still held")
	code, _ = do(t, h, "GET", "/api/games/"+used.ID, "")
	assert.Equal(t, http.StatusOK, code, "the game used since was dropped")
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("ExpireIdle still runs after its context ended")
	}
}

func TestNoGuessBoards(t *testing.T) {
	h := New(Config{NoGuess: NoGuess(0)}).Handler()
	g := newGame(t, h, `{"level": "6x6/5", "seed": "9", "no_guess": true}`)
	assert.True(t, g.NoGuess)
	assert.Equal(t, "safe", g.Rules, "no-guess boards default to rules safe")
	assert.NotEqual(t, byte('.'), g.Board[0][0], "opened at its first click, the corner")
	// Pure logic wins it: every hint is a cell proved safe.
	for range 36 {
		code, body := do(t, h, "POST", "/api/games/"+g.ID+"/hint", `{}`)
		require.Equal(t, http.StatusOK, code, body)
		g = decodeAs[gameState](t, body)
		require.True(t, g.Hint.Forced, "a guess on a no-guess board: %+v", g.Hint)
		if g.Outcome != "unfinished" {
			break
		}
	}
	assert.Equal(t, "won", g.Outcome)

	code, body := do(t, h, "POST", "/api/games", `{"level": "easy", "rules": "seed", "no_guess": true}`)
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, errorOf(t, body), "rules safe or zero, not seed")
}

// TestConcurrent sends hints, moves and analyses at once, to one game
// and to several (run with -race): each request is answered, and a game's
// moves are counted once each.
func TestConcurrent(t *testing.T) {
	h := New(Config{Workers: 2}).Handler()
	g := newGame(t, h, `{"level": "beginner", "rules": "zero", "seed": "2"}`)
	const n = 8
	codes := make(chan int, 4*n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(3)
		go func() {
			defer wg.Done()
			code, _ := do(t, h, "POST", "/api/games/"+g.ID+"/hint", `{"assist": true}`)
			codes <- code
		}()
		go func() {
			defer wg.Done()
			code, _ := do(t, h, "GET", "/api/games/"+g.ID, "")
			codes <- code
		}()
		go func() {
			defer wg.Done()
			other := newGame(t, h, fmt.Sprintf(`{"level": "beginner", "seed": "%d"}`, i))
			code, _ := do(t, h, "POST", "/api/analyze", `{"puzzle": "mines 1\n1..\n"}`)
			codes <- code
			code, _ = do(t, h, "POST", "/api/games/"+other.ID+"/flag", `{"cell": [8, 8]}`)
			codes <- code
		}()
	}
	wg.Wait()
	close(codes)
	for code := range codes {
		assert.Contains(t, []int{http.StatusOK, http.StatusConflict}, code)
	}
	code, body := do(t, h, "GET", "/api/games/"+g.ID, "")
	require.Equal(t, http.StatusOK, code)
	st := decodeAs[gameState](t, body)
	if st.Outcome == "unfinished" {
		assert.Equal(t, n, st.Moves, "every hint played once")
	} else {
		assert.LessOrEqual(t, st.Moves, n, "no hint played after the end")
	}
}
