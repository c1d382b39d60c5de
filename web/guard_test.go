package web

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSizeCaps replays the 23-byte request that made a 4096x4096 game,
// and checks the caps on cells a game, a puzzle and held in all.
func TestSizeCaps(t *testing.T) {
	s := New(Config{})
	h := s.Handler()
	body := `{"level":"4096x4096/1"}`
	require.Len(t, body, 23)
	code, out := do(t, h, "POST", "/api/games", body)
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Equal(t, CodeBoardTooLarge, codeOf(t, out))
	assert.Contains(t, errorOf(t, out), "more than this server's 10000 cells a game (--max-game-cells)")
	games, cells := s.api.Held()
	assert.Zero(t, games+cells, "nothing kept")
	newGame(t, h, `{"level":"100x100/1000"}`)

	big := "mines ?\n" + strings.Repeat(strings.Repeat(".", 100)+"\n", 101)
	code, out = do(t, h, "POST", "/api/analyze", fmt.Sprintf("{\"puzzle\": %q}", big))
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Equal(t, CodeBoardTooLarge, codeOf(t, out))
	assert.Contains(t, errorOf(t, out), "a 101x100 position has more than this server's 10000 cells a position (--max-puzzle-cells)")

	t.Run("held cells", func(t *testing.T) {
		s := New(Config{MaxGameCells: 100, MaxHeldCells: 250})
		h := s.Handler()
		a := newGame(t, h, `{"level":"10x10/10"}`)
		newGame(t, h, `{"level":"10x10/10"}`)
		newGame(t, h, `{"level":"5x10/10"}`)
		games, cells := s.api.Held()
		assert.Equal(t, 3, games)
		assert.Equal(t, 250, cells)
		w := send(t, h, "POST", "/api/games", `{"level":"1x1/0"}`, nil)
		assert.Equal(t, http.StatusServiceUnavailable, w.Code, "no room for one more cell")
		assert.Equal(t, "1", w.Header().Get("Retry-After"))
		assert.Equal(t, CodeFull, codeOf(t, w.Body.String()))
		assert.Contains(t, errorOf(t, w.Body.String()), "250 cells of its 250 (--max-held-cells)")
		games, cells = s.api.Held()
		assert.Equal(t, 3, games, "no game made room")
		assert.Equal(t, 250, cells)
		code, _ := do(t, h, "GET", "/api/games/"+a.ID, "")
		assert.Equal(t, http.StatusOK, code, "the oldest game is still held")
		code, out := do(t, h, "POST", "/api/games", `{"level":"11x10/10"}`)
		assert.Equal(t, http.StatusBadRequest, code, out)
		assert.Equal(t, CodeBoardTooLarge, codeOf(t, out))
	})
}

// TestExactCells replays the moves that opened the wrong cell: a cell is
// exactly [row, col], and keys match exactly, as in records.
func TestExactCells(t *testing.T) {
	h := New(Config{}).Handler()
	g := newGame(t, h, `{"level": "beginner", "rules": "zero", "seed": "5"}`)
	for _, tc := range []struct{ body, msg string }{
		{`{"cell":[4]}`, `field "cell": want [row, col], got fewer elements`},
		{`{"cell":[]}`, `field "cell": want [row, col], got fewer elements`},
		{`{"cell":[7,8,99]}`, `field "cell": want [row, col], got more elements`},
		{`{"cell":[1,"2"]}`, `field "cell"[1]: want an integer, got a string`},
		{`{"cell":[1.5,2]}`, `want an integer, got 1.5`},
		{`{"cell":"1,2"}`, `field "cell": want [row, col], got a string`},
		{`{"Cell":[1,2]}`, `unknown key "Cell"`},
		{`{"cell":[1,2],"cell":[3,3]}`, `key "cell" given twice`},
		{`{"cell":[1,2]} x`, `not valid JSON`},
	} {
		t.Run(tc.body, func(t *testing.T) {
			code, out := do(t, h, "POST", "/api/games/"+g.ID+"/open", tc.body)
			assert.Equal(t, http.StatusBadRequest, code, out)
			assert.Contains(t, errorOf(t, out), tc.msg)
		})
	}
	code, out := do(t, h, "GET", "/api/games/"+g.ID, "")
	require.Equal(t, http.StatusOK, code)
	assert.Zero(t, decodeAs[gameState](t, out).Moves, "no move played")
}

func TestHostCheck(t *testing.T) {
	h := New(Config{Hosts: []string{"192.168.1.9", "minesat.lan"}}).Handler()
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{"evil.example", false},
		{"evil.example:8080", false},
		{"localhost.evil.example", false},
		{"127.0.0.1.evil.example", false},
		{"", false},
		{"127.0.0.1:8080", true},
		{"127.9.9.9", true},
		{"localhost:8080", true},
		{"LOCALHOST.", true},
		{"app.localhost:1", true},
		{"[::1]:8080", true},
		{"192.168.1.9:8080", true},
		{"MineSat.lan", true},
		{"192.168.1.10:8080", false},
		{"localhost:http", false},
	} {
		t.Run(tc.host, func(t *testing.T) {
			w := send(t, h, "GET", "/api/config", "", map[string]string{"Host": tc.host})
			if tc.ok {
				assert.Equal(t, http.StatusOK, w.Code, w.Body.String())
				return
			}
			assert.Equal(t, http.StatusForbidden, w.Code)
			assert.Contains(t, errorOf(t, w.Body.String()), "--allow-host")
		})
	}
}

// TestCrossOrigin checks that a request that changes state is obeyed only
// from the page itself (or from a program, which sends neither header),
// and only with a JSON body.
func TestCrossOrigin(t *testing.T) {
	s := New(Config{})
	h := s.Handler()
	body := `{"level": "beginner"}`
	for _, tc := range []struct {
		name string
		hdr  map[string]string
		code int
		msg  string
	}{
		{"same origin", map[string]string{"Origin": "http://127.0.0.1:8080", "Sec-Fetch-Site": "same-origin"}, 201, ""},
		{"origin only", map[string]string{"Origin": "http://127.0.0.1:8080"}, 201, ""},
		{"typed address", map[string]string{"Sec-Fetch-Site": "none"}, 201, ""},
		{"a program", nil, 201, ""},
		{"other origin", map[string]string{"Origin": "http://evil.example"}, 403, "cross-origin POST refused"},
		{"other port", map[string]string{"Origin": "http://127.0.0.1:9999"}, 403, "cross-origin POST refused"},
		{"null origin", map[string]string{"Origin": "null"}, 403, "cross-origin POST refused"},
		{"cross-site", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"}, 403, "cross-origin POST refused"},
		{"same-site", map[string]string{"Sec-Fetch-Site": "same-site"}, 403, "cross-origin POST refused"},
		{"no-cors form", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}, 403, "cross-origin POST refused"},
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, 415, `Content-Type "text/plain"`},
		{"no type", map[string]string{"Content-Type": ""}, 415, `Content-Type ""`},
		{"form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, "must be application/json"},
		{"latin1", map[string]string{"Content-Type": "application/json; charset=latin1"}, 415, "must be application/json"},
		{"utf-8", map[string]string{"Content-Type": "application/json; charset=UTF-8"}, 201, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := send(t, h, "POST", "/api/games", body, tc.hdr)
			assert.Equal(t, tc.code, w.Code, w.Body.String())
			if tc.msg != "" {
				assert.Contains(t, errorOf(t, w.Body.String()), tc.msg)
			}
		})
	}
	games, _ := s.api.Held()
	assert.Equal(t, 5, games, "only the accepted requests made games")

	g := newGame(t, h, body)
	w := send(t, h, "DELETE", "/api/games/"+g.ID, "", map[string]string{"Origin": "http://evil.example"})
	assert.Equal(t, http.StatusForbidden, w.Code)
	w = send(t, h, "DELETE", "/api/games/"+g.ID, "", map[string]string{"Origin": "http://127.0.0.1:8080"})
	assert.Equal(t, http.StatusNoContent, w.Code)
	// A GET changes nothing: it needs no Origin check.
	w = send(t, h, "GET", "/api/config", "", map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"})
	assert.Equal(t, http.StatusOK, w.Code)
}

func TestWrongMethod(t *testing.T) {
	h := New(Config{}).Handler()
	for _, tc := range []struct{ method, path, allow string }{
		{"GET", "/api/analyze", "POST"},
		{"PUT", "/api/games", "POST"},
		{"GET", "/api/games", "POST"},
		{"POST", "/api/games/abc", "GET, HEAD, DELETE"},
		{"PATCH", "/api/games/abc", "GET, HEAD, DELETE"},
		{"GET", "/api/games/abc/open", "POST"},
		{"DELETE", "/api/config", "GET, HEAD"},
		{"POST", "/", "GET, HEAD"},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			w := send(t, h, tc.method, tc.path, "", nil)
			assert.Equal(t, http.StatusMethodNotAllowed, w.Code, w.Body.String())
			assert.Equal(t, tc.allow, w.Header().Get("Allow"))
			assert.Contains(t, errorOf(t, w.Body.String()), "method not allowed")
		})
	}
	for _, path := range []string{"/api/nothing", "/api/games/a/b/c", "/other"} {
		w := send(t, h, "GET", path, "", nil)
		assert.Equal(t, http.StatusNotFound, w.Code, path)
		assert.Contains(t, errorOf(t, w.Body.String()), "no endpoint GET "+path)
	}
}

func TestSecurityHeaders(t *testing.T) {
	h := New(Config{}).Handler()
	for _, tc := range []struct{ method, path, body string }{
		{"GET", "/", ""},
		{"GET", "/api/config", ""},
		{"POST", "/api/analyze", `{"puzzle": "mines 1\n1..\n"}`},
		{"POST", "/api/analyze", `{}`},
		{"GET", "/api/nothing", ""},
		{"PUT", "/api/games", ""},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			w := send(t, h, tc.method, tc.path, tc.body, nil)
			hdr := w.Header()
			assert.Contains(t, hdr.Get("Content-Security-Policy"), "frame-ancestors 'none'")
			assert.Equal(t, "DENY", hdr.Get("X-Frame-Options"))
			assert.Equal(t, "nosniff", hdr.Get("X-Content-Type-Options"))
			assert.Equal(t, "no-referrer", hdr.Get("Referrer-Policy"))
		})
	}
	w := send(t, h, "GET", "/", "", map[string]string{"Host": "evil.example"})
	assert.Equal(t, http.StatusForbidden, w.Code)
	assert.Equal(t, "DENY", w.Header().Get("X-Frame-Options"), "refusals carry them too")
}

// TestBusy fills the requests served at once as a crowd would: one
// request more is refused at once with a 503, busy, and a Retry-After.
func TestBusy(t *testing.T) {
	s := New(Config{MaxRequests: 4})
	h := s.Handler()
	for range 4 {
		s.requests <- struct{}{}
	}
	start := time.Now()
	w := send(t, h, "GET", "/api/config", "", nil)
	assert.Less(t, time.Since(start), time.Second, "refused at once")
	assert.Equal(t, http.StatusServiceUnavailable, w.Code)
	assert.Equal(t, "1", w.Header().Get("Retry-After"))
	e := refusalOf(t, w.Body.String())
	assert.Equal(t, CodeBusy, e.Code)
	assert.Contains(t, e.Message, "4 requests in progress")
}

// TestSlowBody sends a request whose body never comes in full: the
// server's read timeout ends it, and a shutdown meanwhile is not held.
func TestSlowBody(t *testing.T) {
	s := New(Config{ReadTimeout: 300 * time.Millisecond})
	srv := s.HTTPServer()
	ts := httptest.NewUnstartedServer(srv.Handler)
	ts.Config = srv
	ts.Listener = s.Listener(ts.Listener)
	ts.Start()
	defer ts.Close()

	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/analyze HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"puzzle\": \"", ts.Listener.Addr())
	start := time.Now()
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		done <- srv.Shutdown(ctx)
	}()
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err == nil {
		res.Body.Close()
		assert.Equal(t, http.StatusRequestTimeout, res.StatusCode, "the body did not arrive in time")
	}
	assert.Less(t, time.Since(start), 3*time.Second, "the slow body held the connection")
	select {
	case err := <-done:
		assert.NoError(t, err)
		assert.Less(t, time.Since(start), 3*time.Second)
	case <-time.After(5 * time.Second):
		t.Fatal("shutdown held by a slow upload")
	}

	assert.Positive(t, srv.ReadHeaderTimeout)
	assert.Positive(t, srv.WriteTimeout)
	assert.Positive(t, srv.IdleTimeout)
}
