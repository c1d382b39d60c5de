package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startServer runs s's HTTPServer on loopback, on s.Listener, with hook
// (when not nil) told of every connection's state too, until the test
// ends.
func startServer(t *testing.T, s *Server, hook func(net.Conn, http.ConnState)) *httptest.Server {
	t.Helper()
	srv := s.HTTPServer()
	if hook != nil {
		track := srv.ConnState
		srv.ConnState = func(c net.Conn, st http.ConnState) { track(c, st); hook(c, st) }
	}
	ts := httptest.NewUnstartedServer(srv.Handler)
	ts.Config = srv
	ts.Listener = s.Listener(ts.Listener)
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// slowPost opens a connection to ts and sends a POST whose body of n bytes
// never comes: its headers and the first byte.
func slowPost(t *testing.T, ts *httptest.Server, n int) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "POST /api/analyze HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{", ts.Listener.Addr(), n)
	return conn
}

// TestSlowUploadsTakeNoSlot replays the uploads that made 98 of 107
// requests for the page and the config answer 503: more connections than
// --max-requests each send a body a byte at a time. A request is admitted
// only once its body has arrived, so they hold no request slot.
func TestSlowUploadsTakeNoSlot(t *testing.T) {
	const slow = 8
	s := New(Config{MaxRequests: 4, ReadTimeout: 20 * time.Second})
	var active atomic.Int32
	ts := startServer(t, s, func(_ net.Conn, st http.ConnState) {
		if st == http.StateActive {
			active.Add(1)
		}
	})
	for range slow {
		slowPost(t, ts, 1000)
	}
	require.Eventually(t, func() bool { return active.Load() >= slow }, 10*time.Second, 5*time.Millisecond, "the slow uploads never began")
	client := &http.Client{Timeout: 10 * time.Second}
	deadline := time.Now().Add(300 * time.Millisecond)
	for n := 0; n < 10 || time.Now().Before(deadline); n++ {
		path := []string{"/", "/api/config"}[n%2]
		res, err := client.Get(ts.URL + path)
		require.NoError(t, err)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode, "GET %s beside %d slow uploads: %s", path, slow, body)
	}
	assert.Zero(t, len(s.requests), "a slow upload holds a request slot")
}

// TestBodyTooLarge sends a Content-Length over --max-body and no body: it
// is refused at once with a 413, not after reading or waiting for it.
func TestBodyTooLarge(t *testing.T) {
	s := New(Config{MaxBody: 1000, ReadTimeout: 20 * time.Second})
	ts := startServer(t, s, nil)
	conn := slowPost(t, ts, 10_000_000)
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(10*time.Second)))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err, "no answer before the read timeout")
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode, "%s", body)
	assert.Contains(t, errorOf(t, string(body)), "larger than this server's 1000 bytes (--max-body)")
}

// TestBodyErrorsNameNoAddress cuts a body short and lets another time
// out: the refusals say what went wrong without the server's or the
// client's socket address.
func TestBodyErrorsNameNoAddress(t *testing.T) {
	s := New(Config{ReadTimeout: time.Second})
	ts := startServer(t, s, nil)
	for _, tc := range []struct {
		name  string
		close bool // the client closes its side: the body is cut short
		code  int
		msg   string
	}{
		{"timeout", false, http.StatusRequestTimeout, "did not arrive within"},
		{"cut short", true, http.StatusBadRequest, "cut short"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn := slowPost(t, ts, 1000)
			if tc.close {
				require.NoError(t, conn.(*net.TCPConn).CloseWrite())
			}
			require.NoError(t, conn.SetReadDeadline(time.Now().Add(10*time.Second)))
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			require.NoError(t, err)
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			assert.Equal(t, tc.code, res.StatusCode, "%s", body)
			msg := errorOf(t, string(body))
			assert.Contains(t, msg, tc.msg)
			host, _, err := net.SplitHostPort(ts.Listener.Addr().String())
			require.NoError(t, err)
			assert.NotContains(t, msg, host, "a socket address in the answer")
		})
	}
}

// getOn sends GET path on conn, an open connection to ts, and returns the
// answer's status, or an error when none came within wait.
func getOn(conn net.Conn, ts *httptest.Server, path string, wait time.Duration) (int, error) {
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, ts.Listener.Addr())
	if err := conn.SetReadDeadline(time.Now().Add(wait)); err != nil {
		return 0, err
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, nil
}

// dial opens a connection to ts, closed when the test ends.
func dial(t *testing.T, ts *httptest.Server) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	return conn
}

// TestMaxConns holds --max-conns connections busy, each uploading a body
// that does not come: one more is not served until one of them closes,
// and then it is.
func TestMaxConns(t *testing.T) {
	const max = 3
	s := New(Config{MaxConns: max, ReadTimeout: 20 * time.Second})
	var active atomic.Int32
	ts := startServer(t, s, func(_ net.Conn, st http.ConnState) {
		if st == http.StateActive {
			active.Add(1)
		}
	})
	var held []net.Conn
	for range max {
		held = append(held, slowPost(t, ts, 1000))
	}
	require.Eventually(t, func() bool { return active.Load() == max }, 10*time.Second, 5*time.Millisecond)
	extra := dial(t, ts)
	_, err := getOn(extra, ts, "/api/config", 300*time.Millisecond)
	require.Error(t, err, "a connection past --max-conns was served")
	assert.Equal(t, max, len(s.conns.open))
	held[0].Close()
	require.NoError(t, extra.SetReadDeadline(time.Now().Add(10*time.Second)))
	res, err := http.ReadResponse(bufio.NewReader(extra), nil)
	require.NoError(t, err, "not served once a connection closed")
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
}

// TestIdleConnGivesWay fills --max-conns with idle connections, kept
// alive after a request or never sending one: a new connection takes the
// place of the one idle the longest, at once, rather than waiting for a
// timeout to close it.
func TestIdleConnGivesWay(t *testing.T) {
	const max = 2
	for _, kept := range []bool{true, false} {
		t.Run(map[bool]string{true: "kept alive", false: "silent"}[kept], func(t *testing.T) {
			s := New(Config{MaxConns: max})
			ts := startServer(t, s, nil)
			var idle []net.Conn
			for range max {
				c := dial(t, ts)
				if kept {
					code, err := getOn(c, ts, "/api/config", 10*time.Second)
					require.NoError(t, err)
					require.Equal(t, http.StatusOK, code)
				}
				idle = append(idle, c)
				// The server marks a connection idle after it has answered:
				// wait for it, so that idle[0] is the one idle the longest.
				require.Eventually(t, func() bool { return idleCount(s) == len(idle) }, 10*time.Second, time.Millisecond)
			}
			start := time.Now()
			code, err := getOn(dial(t, ts), ts, "/api/config", 10*time.Second)
			require.NoError(t, err)
			assert.Equal(t, http.StatusOK, code)
			assert.Less(t, time.Since(start), 3*time.Second, "waited for a timeout")
			require.NoError(t, idle[0].SetReadDeadline(time.Now().Add(10*time.Second)))
			_, err = idle[0].Read(make([]byte, 1))
			assert.ErrorIs(t, err, io.EOF, "the connection idle the longest is open")
		})
	}
}

// TestIdleConnsClosed checks that a client cannot keep a connection that
// sends nothing: one that never sends a request is closed after the
// header timeout, and one kept alive after its request after the idle
// timeout.
func TestIdleConnsClosed(t *testing.T) {
	s := New(Config{ReadTimeout: time.Second, IdleTimeout: 300 * time.Millisecond})
	ts := startServer(t, s, nil)
	silent, kept := dial(t, ts), dial(t, ts)
	code, err := getOn(kept, ts, "/api/config", 10*time.Second)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, code)
	for name, c := range map[string]net.Conn{"silent": silent, "kept alive": kept} {
		require.NoError(t, c.SetReadDeadline(time.Now().Add(10*time.Second)))
		_, err := c.Read(make([]byte, 1))
		assert.ErrorIs(t, err, io.EOF, "%s: the server did not close it", name)
	}
	require.Eventually(t, func() bool { return len(s.conns.open) == 0 }, 10*time.Second, 5*time.Millisecond, "connections closed but still counted")
}

// idleCount is the number of connections s counts as idle.
func idleCount(s *Server) int {
	s.conns.mu.Lock()
	defer s.conns.mu.Unlock()
	return len(s.conns.idle)
}
