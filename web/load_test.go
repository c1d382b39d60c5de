package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loadClass is one kind of request of TestLoad and what came of it.
type loadClass struct {
	name    string
	cheap   bool            // a player's request without analysis, or a small one: answered within the budget, nine times in ten
	allowed map[string]bool // the answers a client may get: "200", or "503 busy" for a refusal's status and code
	mu      sync.Mutex
	took    []time.Duration
	answers map[string]int // by status and code, as in allowed
}

func (c *loadClass) add(answer string, took time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.took = append(c.took, took)
	c.answers[answer]++
}

// percentile returns the p-th percentile of sorted durations d.
func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	return d[min(len(d)-1, int(p*float64(len(d))))]
}

// loadRun is TestLoad's server, its clients' HTTP client and what came
// of each kind of request.
type loadRun struct {
	t        *testing.T
	ts       *httptest.Server
	client   *http.Client
	classes  map[string]*loadClass
	deadline time.Time // the clients send no request after it
}

// loadAnswer is what a client of TestLoad got: the status, the code of a
// refusal, and the body.
type loadAnswer struct {
	status int
	code   Code
	body   []byte
}

// String names the answer as loadClass.allowed does.
func (a loadAnswer) String() string {
	if a.code == "" {
		return strconv.Itoa(a.status)
	}
	return strconv.Itoa(a.status) + " " + string(a.code)
}

// send sends a request and returns its answer; status 0 and the error
// when none came.
func (l *loadRun) send(method, path, body string) loadAnswer {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, l.ts.URL+path, r)
	require.NoError(l.t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := l.client.Do(req)
	if err != nil {
		return loadAnswer{body: []byte(err.Error())}
	}
	defer res.Body.Close()
	a := loadAnswer{status: res.StatusCode}
	a.body, _ = io.ReadAll(res.Body)
	var e errorBody
	if res.StatusCode >= 400 && json.Unmarshal(a.body, &e) == nil {
		a.code = e.Error.Code
	}
	return a
}

// newGame starts an expert game and returns the answer and the game's
// id, "" when refused.
func (l *loadRun) newGame() (loadAnswer, string) {
	a := l.send("POST", "/api/games", `{"level": "expert", "rules": "safe"}`)
	var st gameState
	if a.status != http.StatusCreated || json.Unmarshal(a.body, &st) != nil {
		return a, ""
	}
	return a, st.ID
}

// mustNewGame starts an expert game and returns its id.
func (l *loadRun) mustNewGame() string {
	a, id := l.newGame()
	require.Equal(l.t, http.StatusCreated, a.status, "%s", a.body)
	return id
}

// timed sends a request of class with f and records its answer.
func (l *loadRun) timed(class string, f func() loadAnswer) loadAnswer {
	start := time.Now()
	a := f()
	l.classes[class].add(a.String(), time.Since(start))
	return a
}

// cheapClient plays game id and sends the cheap requests, in turn, until
// the deadline: the config, its game's state, a move, and a new game or
// a small analysis. A new game refused (the server full) leaves it
// playing the game it has.
func (l *loadRun) cheapClient(i int, id string) {
	for n := 0; time.Now().Before(l.deadline); n++ {
		switch n % 4 {
		case 0:
			l.timed("config", func() loadAnswer { return l.send("GET", "/api/config", "") })
		case 1:
			l.timed("state", func() loadAnswer { return l.send("GET", "/api/games/"+id, "") })
		case 2:
			cell := fmt.Sprintf(`{"cell": [%d, %d]}`, (n/4+i)%16, (n/4*7)%30)
			op := []string{"open", "flag"}[n/4%2]
			l.timed("move", func() loadAnswer { return l.send("POST", "/api/games/"+id+"/"+op, cell) })
		case 3:
			if n%16 == 3 {
				l.timed("new game", func() loadAnswer {
					a, next := l.newGame()
					if next != "" {
						id = next
					}
					return a
				})
			} else {
				l.timed("small analysis", func() loadAnswer {
					return l.send("POST", "/api/analyze", `{"puzzle": "mines 2\n1..\n1..\n"}`)
				})
			}
		}
	}
	a := l.send("GET", "/api/games/"+id, "")
	assert.Equal(l.t, http.StatusOK, a.status, "client %d's game after the load: %s", i, a.body)
}

// hardClient sends hard analyses, and every third request a hint with
// assist in game id, until the deadline. When the game is over it lets
// it go and asks for a new one; refused that (the server full), it sends
// only analyses.
func (l *loadRun) hardClient(i int, id string, hardBodies []string) {
	l.send("POST", "/api/games/"+id+"/open", `{"cell": [0, 0]}`)
	for n := 0; time.Now().Before(l.deadline); n++ {
		if (n+i)%3 == 2 && id != "" {
			a := l.timed("hint+assist", func() loadAnswer { return l.send("POST", "/api/games/"+id+"/hint", `{"assist": true}`) })
			if a.code == CodeGameOver {
				l.send("DELETE", "/api/games/"+id, "")
				if _, id = l.newGame(); id != "" {
					l.send("POST", "/api/games/"+id+"/open", `{"cell": [0, 0]}`)
				}
			}
			continue
		}
		body := hardBodies[(n+i)%2]
		l.timed("hard analysis", func() loadAnswer { return l.send("POST", "/api/analyze", body) })
	}
}

// churnClient asks for new games of its own, one after another, until
// the deadline, as a crowd of other players would: the server is full
// soon, and refuses them.
func (l *loadRun) churnClient() {
	for time.Now().Before(l.deadline) {
		a := l.timed("others' games", func() loadAnswer {
			return l.send("POST", "/api/games", `{"level": "beginner"}`)
		})
		if a.status != http.StatusCreated {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// peakMemory samples the process's heap in use and memory from the OS
// until stop is closed, and returns their peaks.
func peakMemory(stop <-chan struct{}) (heap, sys uint64) {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		heap, sys = max(heap, m.HeapInuse), max(sys, m.Sys)
		select {
		case <-stop:
			return heap, sys
		case <-tick.C:
		}
	}
}

// TestLoad runs a server on loopback with its real timeouts and sends it,
// from concurrent clients, for a few seconds: players' cheap requests
// (the config, their game's state, moves without analysis, new games now
// and then) and small analyses; hard ones (a 40x60 lattice position too
// large to count, an expert position, hints with the analysis of the
// position after) that keep every slot of the large lane busy; and a
// stream of other players' new games that fills the server. It checks
// what a player sees: every small analysis is answered 200, none refused
// for the hard ones; no player's game is lost (never a 404 or 410) while
// others' new games are refused (503 full); a hard request is answered,
// or says it is out of time or the server busy; the requests without
// analysis and the small analyses are answered within the time budget,
// nine in ten (the machine is shared: the analyses alone fill
// GOMAXPROCS); and the work drains within the budget after the end. It
// logs the latency percentiles of each kind, the answers and the
// process's peak memory (docs/limits.md has the figures). Skipped under
// -short.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of load: skipped under -short")
	}
	const (
		runFor    = 3 * time.Second
		budget    = time.Second
		cheapJobs = 8
		hardJobs  = 4
		maxGames  = cheapJobs + hardJobs + 8 // the players' games and a few more
	)
	hardBodies := []string{mustJSON(t, analyzeRequest{Puzzle: latticePosition(t)}), mustJSON(t, analyzeRequest{Puzzle: expertPosition(t)})}

	s := New(Config{Timeout: budget, Workers: 2, MaxGames: maxGames})
	l := &loadRun{t: t, ts: startServer(t, s, nil), classes: map[string]*loadClass{},
		client: &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: cheapJobs + hardJobs + 1}}}
	for _, c := range []struct {
		name    string
		cheap   bool
		allowed string
	}{
		{"config", true, "200"},
		{"state", true, "200"},
		{"move", true, "200,409 illegal_move,409 game_over"},
		{"new game", true, "201,503 full"},
		{"others' games", false, "201,503 full"},
		{"small analysis", true, "200"},
		{"hard analysis", false, "200,503 busy,503 out_of_time"},
		{"hint+assist", false, "200,409 game_over,409 no_move,503 busy,503 out_of_time"},
	} {
		allowed := map[string]bool{}
		for _, a := range strings.Split(c.allowed, ",") {
			allowed[a] = true
		}
		l.classes[c.name] = &loadClass{name: c.name, cheap: c.cheap, allowed: allowed, answers: map[string]int{}}
	}
	// The players' games, made before the others fill the server.
	games := make([]string, cheapJobs+hardJobs)
	for i := range games {
		games[i] = l.mustNewGame()
	}

	var peakHeap, peakSys uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() { peakHeap, peakSys = peakMemory(stop) })
	l.deadline = time.Now().Add(runFor)
	for i := range cheapJobs {
		wg.Go(func() { l.cheapClient(i, games[i]) })
	}
	for i := range hardJobs {
		wg.Go(func() { l.hardClient(i, games[cheapJobs+i], hardBodies) })
	}
	wg.Go(l.churnClient)
	time.Sleep(time.Until(l.deadline))
	waitStart := time.Now()
	// The server stops accepting; the hard requests in progress end within
	// their budget.
	require.Eventually(t, func() bool {
		return s.small.idle() && s.large.idle()
	}, budget+5*time.Second, 10*time.Millisecond, "work still running after the load stopped")
	close(stop)
	wg.Wait()
	t.Logf("load: %v, %d cheap, %d hard clients and one making games, budget %v, %d+%d workers, GOMAXPROCS %d; drained %v after the end",
		runFor, cheapJobs, hardJobs, budget, s.cfg.Workers, s.cfg.SmallWorkers, runtime.GOMAXPROCS(0), time.Since(waitStart).Round(time.Millisecond))
	l.report(budget)
	t.Logf("peak memory: heap in use %.0f MB, from the OS %.0f MB", float64(peakHeap)/1e6, float64(peakSys)/1e6)
	held, cells := s.api.Held()
	t.Logf("games held at the end: %d, %d cells", held, cells)
	assert.Positive(t, l.classes["others' games"].answers["503 full"], "the others' games never filled the server")
	// A small analysis queued behind the hard ones would wait out their
	// budgets; three budgets is the margin of a shared machine.
	small := l.classes["small analysis"].took
	assert.Less(t, percentile(small, 1), 3*budget, "the slowest small analysis")
}

// report logs each class's latency percentiles and answers, and checks
// that every answer is one a client may get, and the cheap requests'
// 90th percentile is within budget.
func (l *loadRun) report(budget time.Duration) {
	t := l.t
	t.Logf("%-15s %6s %8s %8s %8s %8s  answers", "request", "n", "p50", "p90", "p99", "max")
	for _, name := range slices.Sorted(maps.Keys(l.classes)) {
		c := l.classes[name]
		slices.Sort(c.took)
		var st bytes.Buffer
		for _, a := range slices.Sorted(maps.Keys(c.answers)) {
			fmt.Fprintf(&st, " %s:%d", a, c.answers[a])
		}
		ms := func(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }
		t.Logf("%-15s %6d %8s %8s %8s %8s %s", name, len(c.took), ms(percentile(c.took, 0.5)), ms(percentile(c.took, 0.9)),
			ms(percentile(c.took, 0.99)), ms(percentile(c.took, 1)), st.String())
		assert.NotEmpty(t, c.took, "%s: none sent", name)
		for a, n := range c.answers {
			assert.True(t, c.allowed[a], "%s: %d answers %q", name, n, a)
		}
		if c.cheap {
			assert.Less(t, percentile(c.took, 0.9), budget, "%s: the 90th percentile", name)
		}
	}
}

// mustJSON marshals v.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
