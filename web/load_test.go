package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
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
	ts := startServer(t, s, nil)
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: cheapJobs + hardJobs}}
	send := func(method, path, body string) (int, []byte) {
		var r io.Reader
		if body != "" {
			r = strings.NewReader(body)
		}
		req, err := http.NewRequest(method, ts.URL+path, r)
		require.NoError(t, err)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := client.Do(req)
		if err != nil {
			return 0, []byte(err.Error())
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, b
	}
	newGameID := func() string {
		code, b := send("POST", "/api/games", `{"level": "expert", "rules": "safe"}`)
		require.Equal(t, http.StatusCreated, code, "%s", b)
		var st gameState
		require.NoError(t, json.Unmarshal(b, &st))
		return st.ID
	}

	classes := map[string]*loadClass{}
	for _, c := range []struct {
		name  string
		cheap bool
	}{{"config", true}, {"state", true}, {"move", true}, {"new game", true},
		{"small analysis", false}, {"hard analysis", false}, {"hint+assist", false}} {
		classes[c.name] = &loadClass{name: c.name, cheap: c.cheap, status: map[int]int{}}
	}
	timed := func(class string, f func() int) {
		start := time.Now()
		code := f()
		classes[class].add(code, time.Since(start))
	}

	var peakHeap, peakSys uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peakHeap, peakSys = max(peakHeap, m.HeapInuse), max(peakSys, m.Sys)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	})
	deadline := time.Now().Add(runFor)
	for i := range cheapJobs {
		wg.Go(func() {
			id := newGameID()
			for n := 0; time.Now().Before(deadline); n++ {
				switch n % 4 {
				case 0:
					timed("config", func() int { c, _ := send("GET", "/api/config", ""); return c })
				case 1:
					timed("state", func() int { c, _ := send("GET", "/api/games/"+id, ""); return c })
				case 2:
					cell := fmt.Sprintf(`{"cell": [%d, %d]}`, (n/4+i)%16, (n/4*7)%30)
					op := []string{"open", "flag"}[n/4%2]
					timed("move", func() int { c, _ := send("POST", "/api/games/"+id+"/"+op, cell); return c })
				case 3:
					if n%16 == 3 {
						timed("new game", func() int {
							c, b := send("POST", "/api/games", `{"level": "expert", "rules": "safe"}`)
							var st gameState
							if json.Unmarshal(b, &st) == nil && st.ID != "" {
								id = st.ID
							}
							return c
						})
					} else {
						timed("small analysis", func() int {
							c, _ := send("POST", "/api/analyze", `{"puzzle": "mines 2\n1..\n1..\n"}`)
							return c
						})
					}
				}
			}
		})
	}
	for i := range hardJobs {
		wg.Go(func() {
			id := newGameID()
			send("POST", "/api/games/"+id+"/open", `{"cell": [0, 0]}`)
			for n := 0; time.Now().Before(deadline); n++ {
				if (n+i)%3 == 2 {
					timed("hint+assist", func() int {
						c, _ := send("POST", "/api/games/"+id+"/hint", `{"assist": true}`)
						if c == http.StatusConflict { // the game is over: a new one
							id = newGameID()
							send("POST", "/api/games/"+id+"/open", `{"cell": [0, 0]}`)
						}
						return c
					})
					continue
				}
				body := hardBodies[(n+i)%2]
				timed("hard analysis", func() int { c, _ := send("POST", "/api/analyze", body); return c })
			}
		})
	}
	time.Sleep(time.Until(deadline))
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
	t.Logf("%-15s %6s %8s %8s %8s %8s  statuses", "request", "n", "p50", "p90", "p99", "max")
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range classes {
			if !yield(n) {
				return
			}
		}
	})
	for _, name := range names {
		c := classes[name]
		slices.Sort(c.took)
		var st bytes.Buffer
		for _, code := range slices.Sorted(func(yield func(int) bool) {
			for code := range c.status {
				if !yield(code) {
					return
				}
			}
		}) {
			fmt.Fprintf(&st, " %d:%d", code, c.status[code])
		}
		ms := func(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }
		t.Logf("%-15s %6d %8s %8s %8s %8s %s", name, len(c.took), ms(percentile(c.took, 0.5)), ms(percentile(c.took, 0.9)),
			ms(percentile(c.took, 0.99)), ms(c.took[max(len(c.took)-1, 0)]), st.String())
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
	t.Logf("peak memory: heap in use %.0f MB, from the OS %.0f MB", float64(peakHeap)/1e6, float64(peakSys)/1e6)
	games, cells := s.games.size()
	t.Logf("games held at the end: %d, %d cells", games, cells)
}

// mustJSON marshals v.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
