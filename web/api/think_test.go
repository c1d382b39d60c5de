package api

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// thinkBeginner is a beginner position, two corners open as 1s, whose
// guess the search races.
const thinkBeginner = `mines 10\n1........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n1........\n`

// costs returns a Config.Admit that records the cost of each admission.
func costs(seen *[]int) func(context.Context, int) (func(), error) {
	return func(_ context.Context, cost int) (func(), error) {
		*seen = append(*seen, cost)
		return func() {}, nil
	}
}

// TestThinkAnalyze asks POST /api/analyze for a raced guess: the move
// carries each candidate's chance to win with its interval, and the
// analysis is admitted as large work whatever the position's size.
func TestThinkAnalyze(t *testing.T) {
	var seen []int
	s := New(Config{Admit: costs(&seen)})
	code, body := do(t, s, "POST", "/api/analyze", `{"puzzle": "`+thinkBeginner+`", "think_ms": 20}`)
	require.Equal(t, StatusOK, code, body)
	res := decodeAs[AnalyzeResponse](t, body)
	m := res.Advice.Move
	require.NotNil(t, m)
	require.NotNil(t, m.Think, body)
	assert.Equal(t, "think", m.Chosen)
	require.Len(t, m.Think.Candidates, 2)
	for _, c := range m.Think.Candidates {
		assert.Positive(t, c.Rollouts)
		assert.True(t, c.Low <= c.Win && c.Win <= c.High, "%+v", c)
	}
	assert.Equal(t, []int{LargeCost}, seen, "a think is large work")

	seen = nil
	code, body = do(t, s, "POST", "/api/analyze", `{"puzzle": "`+thinkBeginner+`"}`)
	require.Equal(t, StatusOK, code, body)
	assert.Nil(t, decodeAs[AnalyzeResponse](t, body).Advice.Move.Think, "not asked")
	assert.Equal(t, []int{79}, seen, "without a think, the closed cells")
}

// TestThinkLimit checks the bounds of think_ms on every request that
// takes it: up to MaxThink, more refused with think_too_long and a
// negative one with bad_request, before any work; GET /api/config says the
// limit, which is never more than Timeout.
func TestThinkLimit(t *testing.T) {
	var seen []int
	s := New(Config{MaxThink: 500 * time.Millisecond, Admit: costs(&seen)})
	g := newGame(t, s, `{"level": "beginner", "rules": "safe", "seed": "1"}`)
	for _, tc := range []struct {
		name, method, target, body string
	}{
		{"analyze", "POST", "/api/analyze", `{"puzzle": "` + thinkBeginner + `", "think_ms": %d}`},
		{"hint", "POST", "/api/games/" + g.ID + "/hint", `{"think_ms": %d}`},
		{"game", "GET", "/api/games/" + g.ID + "?assist=1&think_ms=%d", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			send := func(ms int) (int, string) {
				if tc.body == "" {
					return do(t, s, tc.method, fmt.Sprintf(tc.target, ms), "")
				}
				return do(t, s, tc.method, tc.target, fmt.Sprintf(tc.body, ms))
			}
			code, body := send(501)
			require.Equal(t, StatusBadRequest, code, body)
			e := decodeAs[ErrorBody](t, body).Error
			assert.Equal(t, CodeThinkTooLong, e.Code)
			assert.Equal(t, `"think_ms" 501: more than this server's 500 ms of thinking a request (GET /api/config says "max_think_ms")`, e.Message)
			code, body = send(-1)
			require.Equal(t, StatusBadRequest, code, body)
			assert.Equal(t, CodeBadRequest, decodeAs[ErrorBody](t, body).Error.Code)
			assert.Empty(t, seen, "refused before any work")
		})
	}
	code, body := do(t, s, "GET", "/api/games/"+g.ID+"?think_ms=100", "")
	require.Equal(t, StatusBadRequest, code, body)
	assert.Contains(t, body, "add assist=1")
	code, body = do(t, s, "GET", "/api/games/"+g.ID+"?assist=1&think_ms=soon", "")
	require.Equal(t, StatusBadRequest, code, body)
	assert.Contains(t, body, "want a whole number of milliseconds")

	for _, tc := range []struct {
		s    *Server
		want int64
		why  string
	}{
		{s, 500, "as set"},
		{New(Config{}), DefaultMaxThink.Milliseconds(), "the default"},
		{New(Config{Timeout: time.Second}), 1000, "at most the timeout"},
	} {
		_, body = do(t, tc.s, "GET", "/api/config", "")
		assert.Equal(t, tc.want, decodeAs[ConfigResponse](t, body).MaxThinkMS, tc.why)
	}
}

// TestThinkHint plays hints with a think on a game until one is a raced
// guess: the hint played carries the candidates, and the assist after it
// has no think (think_ms is the hint's own).
func TestThinkHint(t *testing.T) {
	var seen []int
	s := New(Config{Admit: costs(&seen)})
	for seed := range 20 {
		g := newGame(t, s, fmt.Sprintf(`{"level": "beginner", "rules": "safe", "seed": "%d"}`, seed))
		for range 30 {
			seen = seen[:0]
			code, body := do(t, s, "POST", "/api/games/"+g.ID+"/hint", `{"think_ms": 10, "assist": true}`)
			require.Equal(t, StatusOK, code, body)
			st := decodeAs[GameState](t, body)
			require.NotNil(t, st.Hint)
			assert.Equal(t, LargeCost, seen[0], "the hint's analysis is large work")
			if st.Advice != nil {
				assert.Nil(t, st.Advice.Move.Think, "the assist after the hint does not think")
				assert.NotEqual(t, LargeCost, seen[1], "nor is it large work")
			}
			if st.Hint.Think != nil && len(st.Hint.Think.Candidates) > 0 {
				assert.Equal(t, "think", st.Hint.Chosen)
				return
			}
			if st.Outcome != "unfinished" {
				break
			}
		}
	}
	t.Fatal("no hint raced a guess in 20 games")
}

// thinkExpert is an expert board with two corners open as 1s: a race of
// whole expert games, milliseconds a rollout, whose candidates are close.
var thinkExpert = `mines 99\n1` + strings.Repeat(`.`, 29) + `\n` + strings.Repeat(strings.Repeat(`.`, 30)+`\n`, 14) + `1` + strings.Repeat(`.`, 29) + `\n`

// TestThinkStopsWithContext checks that a think stops when its request
// ends: a request on an expert position cancelled after 100 ms comes back
// long before its think_ms of a minute, with the analysis so far and no
// move. (A request's deadline, unlike a cancel, is foreseen: the race
// stops a round or two before it, with its estimates.)
func TestThinkStopsWithContext(t *testing.T) {
	s := New(Config{MaxThink: time.Minute, Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	defer time.AfterFunc(100*time.Millisecond, cancel).Stop()
	start := time.Now()
	a := s.Serve(ctx, Request{Method: "POST", Target: "/api/analyze", Body: []byte(`{"puzzle": "` + thinkExpert + `", "think_ms": 60000}`)})
	assert.Less(t, time.Since(start), 20*time.Second, "wide: a rollout takes milliseconds")
	require.Equal(t, StatusOK, a.Status, "%s", a.Body)
	adv := decodeAs[AnalyzeResponse](t, string(a.Body)).Advice
	assert.Equal(t, new(true), adv.Satisfiable)
	assert.Nil(t, adv.Move, "the race did not end")
	assert.NotEmpty(t, adv.Incomplete)
}
