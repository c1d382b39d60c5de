package web

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fill takes every place of l, running and waiting, as a crowd of
// requests would; the returned function gives them back.
func fill(l *lane) (release func()) {
	for range cap(l.queue) {
		l.queue <- struct{}{}
	}
	for range cap(l.slots) {
		l.slots <- struct{}{}
	}
	return func() {
		for range cap(l.slots) {
			<-l.slots
		}
		for range cap(l.queue) {
			<-l.queue
		}
	}
}

// TestSmallLane fills the large lane as hard analyses would: a large
// position is refused at once (503, busy, Retry-After), while a small one
// (at most SmallCells closed cells) is answered, and so is a small game's
// assist; a large game's move is played, its state saying why the
// analysis is missing. Only a crowd of small analyses makes a small one
// wait or be refused.
func TestSmallLane(t *testing.T) {
	s := New(Config{Workers: 1, SmallWorkers: 1, MaxQueue: 1, SmallCells: 4})
	h := s.Handler()
	small := mustJSON(t, analyzeRequest{Puzzle: "mines 1\n....\n"})  // 4 closed cells
	large := mustJSON(t, analyzeRequest{Puzzle: "mines 1\n.....\n"}) // 5
	beginner := newGame(t, h, `{"level": "2x2/1", "rules": "safe"}`)
	expert := newGame(t, h, `{"level": "expert", "rules": "safe"}`)
	releaseLarge := fill(s.large)

	start := time.Now()
	w := send(t, h, "POST", "/api/analyze", large, nil)
	assert.Less(t, time.Since(start), time.Second, "refused at once, not after the time budget")
	require.Equal(t, http.StatusServiceUnavailable, w.Code, w.Body.String())
	assert.Equal(t, "1", w.Header().Get("Retry-After"))
	e := refusalOf(t, w.Body.String())
	assert.Equal(t, CodeBusy, e.Code)
	assert.Contains(t, e.Message, "1 analyses of large positions running and 1 waiting")

	code, body := do(t, h, "POST", "/api/analyze", small)
	assert.Equal(t, http.StatusOK, code, "a small analysis beside a full large lane: %s", body)
	code, body = do(t, h, "POST", "/api/games/"+beginner.ID+"/open", `{"cell": [0, 0], "assist": true}`)
	require.Equal(t, http.StatusOK, code, body)
	st := decodeAs[gameState](t, body)
	if st.Outcome == "unfinished" {
		assert.NotNil(t, st.Advice, "a small game's assist: %s", st.Note)
	}
	code, body = do(t, h, "POST", "/api/games/"+expert.ID+"/open", `{"cell": [0, 0], "assist": true}`)
	require.Equal(t, http.StatusOK, code, "the move is played without its analysis: %s", body)
	st = decodeAs[gameState](t, body)
	assert.Equal(t, 1, st.Moves)
	assert.Nil(t, st.Advice)
	assert.Equal(t, CodeBusy, st.NoteCode)
	assert.Contains(t, st.Note, "server busy", "the state says why the analysis is missing")

	releaseSmall := fill(s.small)
	code, body = do(t, h, "POST", "/api/analyze", small)
	assert.Equal(t, http.StatusServiceUnavailable, code, body)
	assert.Equal(t, CodeBusy, codeOf(t, body))
	releaseSmall()
	releaseLarge()
	code, body = do(t, h, "POST", "/api/analyze", large)
	assert.Equal(t, http.StatusOK, code, body)
	assert.True(t, s.small.idle() && s.large.idle())
}

// TestThinkLane checks that a think is heavy work whatever the position:
// with the large lane full, a small position's analysis is answered, but
// the same with think_ms (on /api/analyze, a hint, or a game's assist) is
// refused busy by the large lane, never run in the small one.
func TestThinkLane(t *testing.T) {
	s := New(Config{Workers: 1, SmallWorkers: 1, MaxQueue: 1, SmallCells: 10})
	h := s.Handler()
	g := newGame(t, h, `{"level": "2x2/1", "rules": "safe"}`)
	releaseLarge := fill(s.large)
	defer releaseLarge()
	code, body := do(t, h, "POST", "/api/analyze", `{"puzzle": "mines 1\n....\n"}`)
	require.Equal(t, http.StatusOK, code, body)
	for _, tc := range []struct{ method, path, body string }{
		{"POST", "/api/analyze", `{"puzzle": "mines 1\n....\n", "think_ms": 100}`},
		{"POST", "/api/games/" + g.ID + "/hint", `{"think_ms": 100}`},
		{"GET", "/api/games/" + g.ID + "?assist=1&think_ms=100", ""},
	} {
		code, body := do(t, h, tc.method, tc.path, tc.body)
		if tc.method == "GET" {
			require.Equal(t, http.StatusOK, code, body)
			st := decodeAs[gameState](t, body)
			assert.Equal(t, CodeBusy, st.NoteCode, "%s %s", tc.method, tc.path)
			assert.Contains(t, st.Note, "large positions")
			continue
		}
		require.Equal(t, http.StatusServiceUnavailable, code, "%s %s: %s", tc.method, tc.path, body)
		assert.Equal(t, CodeBusy, codeOf(t, body))
		assert.Contains(t, body, "large positions")
	}
	assert.True(t, s.small.idle())
}
