package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loadClass is one kind of request of TestLoad and what came of it.
type loadClass struct {
	name   string
	cheap  bool // no analysis: must always be answered, fast
	mu     sync.Mutex
	took   []time.Duration
	status map[int]int
}

func (c *loadClass) add(status int, took time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.took = append(c.took, took)
	c.status[status]++
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

// send sends a request and returns its answer's status and body; status
// 0 and the error when none came.
func (l *loadRun) send(method, path, body string) (int, []byte) {
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
		return 0, []byte(err.Error())
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// newGame starts an expert game and returns its id, or "" when refused.
func (l *loadRun) newGame() (int, string) {
	code, b := l.send("POST", "/api/games", `{"level": "expert", "rules": "safe"}`)
	var st gameState
	if json.Unmarshal(b, &st) != nil {
		return code, ""
	}
	return code, st.ID
}

// mustNewGame starts an expert game and returns its id.
func (l *loadRun) mustNewGame() string {
	code, id := l.newGame()
	require.Equal(l.t, http.StatusCreated, code)
	return id
}

// timed sends a request of class with f, which returns its status.
func (l *loadRun) timed(class string, f func() int) {
	start := time.Now()
	code := f()
	l.classes[class].add(code, time.Since(start))
}

// cheapClient sends the cheap requests, in turn, until the deadline: the
// config, its game's state, a move, and a new game or a small analysis.
func (l *loadRun) cheapClient(i int) {
	id := l.mustNewGame()
	for n := 0; time.Now().Before(l.deadline); n++ {
		switch n % 4 {
		case 0:
			l.timed("config", func() int { c, _ := l.send("GET", "/api/config", ""); return c })
		case 1:
			l.timed("state", func() int { c, _ := l.send("GET", "/api/games/"+id, ""); return c })
		case 2:
			cell := fmt.Sprintf(`{"cell": [%d, %d]}`, (n/4+i)%16, (n/4*7)%30)
			op := []string{"open", "flag"}[n/4%2]
			l.timed("move", func() int { c, _ := l.send("POST", "/api/games/"+id+"/"+op, cell); return c })
		case 3:
			if n%16 == 3 {
				l.timed("new game", func() int {
					c, next := l.newGame()
					if next != "" {
						id = next
					}
					return c
				})
			} else {
				l.timed("small analysis", func() int {
					c, _ := l.send("POST", "/api/analyze", `{"puzzle": "mines 2\n1..\n1..\n"}`)
					return c
				})
			}
		}
	}
}

// hardClient sends hard analyses, and every third request a hint with
// assist, until the deadline.
func (l *loadRun) hardClient(i int, hardBodies []string) {
	id := l.mustNewGame()
	l.send("POST", "/api/games/"+id+"/open", `{"cell": [0, 0]}`)
	for n := 0; time.Now().Before(l.deadline); n++ {
		if (n+i)%3 == 2 {
			l.timed("hint+assist", func() int {
				c, _ := l.send("POST", "/api/games/"+id+"/hint", `{"assist": true}`)
				if c == http.StatusConflict { // the game is over: a new one
					id = l.mustNewGame()
					l.send("POST", "/api/games/"+id+"/open", `{"cell": [0, 0]}`)
				}
				return c
			})
			continue
		}
		body := hardBodies[(n+i)%2]
		l.timed("hard analysis", func() int { c, _ := l.send("POST", "/api/analyze", body); return c })
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
// from concurrent clients, for a few seconds, a mix of cheap requests (the
// config, a game's state, moves without analysis, new games) and hard
// ones (a 40x60 lattice position too large to count, an expert position,
// hints with the analysis of the position after): the cheap requests are
// all answered (90% of them within the time budget), while the hard ones keep
// every analysis slot busy. It logs the latency percentiles of each kind,
// the answers' statuses and the process's peak memory (docs/limits.md has
// the figures). Skipped under -short.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of load: skipped under -short")
	}
	const (
		runFor    = 4 * time.Second
		budget    = time.Second
		cheapJobs = 8
		hardJobs  = 4
	)
	lattice, err := os.ReadFile(filepath.Join("testdata", "lattice-40x60.txt"))
	require.NoError(t, err)
	hardBodies := []string{mustJSON(t, analyzeRequest{Puzzle: string(lattice)}), mustJSON(t, analyzeRequest{Puzzle: expertPosition(t)})}

	s := New(Config{Timeout: budget, Workers: 2})
	l := &loadRun{t: t, ts: startServer(t, s, nil), classes: map[string]*loadClass{},
		client: &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: cheapJobs + hardJobs}}}
	for _, c := range []struct {
		name  string
		cheap bool
	}{{"config", true}, {"state", true}, {"move", true}, {"new game", true},
		{"small analysis", false}, {"hard analysis", false}, {"hint+assist", false}} {
		l.classes[c.name] = &loadClass{name: c.name, cheap: c.cheap, status: map[int]int{}}
	}

	var peakHeap, peakSys uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() { peakHeap, peakSys = peakMemory(stop) })
	l.deadline = time.Now().Add(runFor)
	for i := range cheapJobs {
		wg.Go(func() { l.cheapClient(i) })
	}
	for i := range hardJobs {
		wg.Go(func() { l.hardClient(i, hardBodies) })
	}
	time.Sleep(time.Until(l.deadline))
	waitStart := time.Now()
	// The server stops accepting; the hard requests in progress end within
	// their budget.
	require.Eventually(t, func() bool {
		return len(s.slots) == 0 && len(s.queue) == 0
	}, budget+5*time.Second, 10*time.Millisecond, "work still running after the load stopped")
	close(stop)
	wg.Wait()
	t.Logf("load: %v, %d cheap and %d hard clients, budget %v, %d workers, GOMAXPROCS %d; drained %v after the end",
		runFor, cheapJobs, hardJobs, budget, s.cfg.Workers, runtime.GOMAXPROCS(0), time.Since(waitStart).Round(time.Millisecond))
	l.report(budget)
	t.Logf("peak memory: heap in use %.0f MB, from the OS %.0f MB", float64(peakHeap)/1e6, float64(peakSys)/1e6)
	games, cells := s.games.size()
	t.Logf("games held at the end: %d, %d cells", games, cells)
}

// report logs each class's latency percentiles and statuses, and checks
// that the cheap requests were all answered, 90% of them within budget.
func (l *loadRun) report(budget time.Duration) {
	t := l.t
	t.Logf("%-15s %6s %8s %8s %8s %8s  statuses", "request", "n", "p50", "p90", "p99", "max")
	for _, name := range slices.Sorted(maps.Keys(l.classes)) {
		c := l.classes[name]
		slices.Sort(c.took)
		var st bytes.Buffer
		for _, code := range slices.Sorted(maps.Keys(c.status)) {
			fmt.Fprintf(&st, " %d:%d", code, c.status[code])
		}
		ms := func(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }
		t.Logf("%-15s %6d %8s %8s %8s %8s %s", name, len(c.took), ms(percentile(c.took, 0.5)), ms(percentile(c.took, 0.9)),
			ms(percentile(c.took, 0.99)), ms(percentile(c.took, 1)), st.String())
		if !c.cheap {
			continue
		}
		assert.NotEmpty(t, c.took, "%s: none sent", name)
		for code, n := range c.status {
			assert.True(t, code >= 200 && code < 300 || code == http.StatusConflict || code == http.StatusBadRequest,
				"%s: %d answers with status %d", name, n, code)
		}
		// The machine is shared (the analyses alone fill GOMAXPROCS), so the
		// bound is on the 90th percentile.
		assert.Less(t, percentile(c.took, 0.9), budget, "%s: the 90th percentile", name)
	}
}

// mustJSON marshals v.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
