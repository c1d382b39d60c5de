package web

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/internal/longtest"
)

// TestBudgetKeptByTheWork replays a position whose analysis once held
// every other for minutes: a 40x60 board with a hint on every cell of even
// row and column (testdata/lattice-40x60.txt). With a counting budget too
// small for its big component, the analysis goes to gophersat, whose
// Minimize on that component runs for more than five minutes; it used to
// hold the one lock every gophersat call shares. Cheap analyses sent all
// along are answered within their budget, the hard one ends within its
// budget plus a small margin, and its slot is free once it has answered:
// the work stopped, not only the answer.
//
// The analysis reaches Minimize after 5 to 8 s of backbone queries on a
// loaded machine, so the budget is 10 s under -long, the run that would
// have frozen; 2 s otherwise, which checks the slots and the cheap
// answers but stops before that call.
func TestBudgetKeptByTheWork(t *testing.T) {
	body := mustJSON(t, analyzeRequest{Puzzle: latticePosition(t)})
	budget := time.Duration(longtest.Pick(2, 10)) * time.Second
	s := New(Config{Timeout: budget, Workers: 2, Agent: []agent.Option{agent.WithBudget(exact.Budget{MaxStates: 1000})}})
	h := s.Handler()

	var wg sync.WaitGroup
	var hardCode int
	var hardTook time.Duration
	stop := make(chan struct{})
	wg.Go(func() {
		defer close(stop)
		start := time.Now()
		hardCode, _ = do(t, h, "POST", "/api/analyze", body)
		hardTook = time.Since(start)
	})
	cheap, slowest := 0, time.Duration(0)
	for done := false; !done; {
		select {
		case <-stop:
			done = true
		case <-time.After(50 * time.Millisecond):
		}
		start := time.Now()
		code, out := do(t, h, "POST", "/api/analyze", `{"puzzle": "mines 2\n1..\n1..\n"}`)
		took := time.Since(start)
		require.Equal(t, http.StatusOK, code, "a cheap analysis beside the hard one: %s", out)
		assert.Less(t, took, budget, "a cheap analysis waited")
		cheap++
		slowest = max(slowest, took)
	}
	wg.Wait()
	t.Logf("hard analysis: %d after %v; %d cheap ones beside it, the slowest %v", hardCode, hardTook, cheap, slowest)
	assert.Contains(t, []int{http.StatusOK, http.StatusServiceUnavailable}, hardCode)
	assert.Less(t, hardTook, budget+time.Second, "the hard analysis outlived its budget")
	assert.GreaterOrEqual(t, cheap, 10)
	assert.True(t, s.small.idle() && s.large.idle(), "a slot still taken once every answer is in: some work goes on")
}

// TestGaveUpRetryAfter asks for analyses and hints with a budget of a
// nanosecond: each comes back a 503, busy or gave up (nothing found
// within the budget), and every one says when to try again.
func TestGaveUpRetryAfter(t *testing.T) {
	s := New(Config{Timeout: time.Nanosecond})
	h := s.Handler()
	puzzle := mustJSON(t, analyzeRequest{Puzzle: expertPosition(t)})
	g := newGame(t, h, `{"level": "expert", "rules": "seed", "seed": "7"}`)
	for _, tc := range []struct{ name, path, body string }{
		{"analyze", "/api/analyze", puzzle},
		{"hint", "/api/games/" + g.ID + "/hint", `{}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gaveUp := 0
			for range 100 {
				w := send(t, h, "POST", tc.path, tc.body, nil)
				require.Equal(t, http.StatusServiceUnavailable, w.Code, w.Body.String())
				assert.Equal(t, "1", w.Header().Get("Retry-After"), w.Body.String())
				if codeOf(t, w.Body.String()) == CodeOutOfTime {
					gaveUp++
				}
			}
			assert.Positive(t, gaveUp, "no answer gave up: the budget ran out before a slot each time")
		})
	}
}
