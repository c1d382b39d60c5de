package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// served is a 'minesat serve' running for a test.
type served struct {
	base string      // its address, http://host:port/
	errb *syncBuffer // what it wrote to stderr
	done chan error  // its exit
	stop func()      // ends its context, as Ctrl-C does
}

// startServe runs 'minesat serve' with args on a free loopback port, the
// environment giving only env, until the test ends.
func startServe(t *testing.T, env map[string]string, args ...string) *served {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	sv := &served{errb: &syncBuffer{}, done: make(chan error, 1), stop: cancel}
	s := &stdio{in: strings.NewReader(""), out: io.Discard, err: sv.errb, getenv: func(k string) string { return env[k] }}
	go func() {
		sv.done <- run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), s)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-sv.done:
		case <-time.After(10 * time.Second):
		}
	})
	listening := regexp.MustCompile(`listening on (http://\S+/)`)
	require.Eventually(t, func() bool {
		m := listening.FindStringSubmatch(sv.errb.String())
		if m != nil {
			sv.base = m[1]
		}
		return m != nil
	}, 10*time.Second, 10*time.Millisecond, "serve never said where it listens: %q", sv.errb.String())
	return sv
}

// wait stops sv and returns its exit.
func (sv *served) wait(t *testing.T) error {
	t.Helper()
	sv.stop()
	select {
	case err := <-sv.done:
		sv.done <- err // for the cleanup
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop within 10s of its context ending")
		return nil
	}
}

// TestServeShutdown runs 'minesat serve' on a free port, asks it for its
// page and config, and stops it as Ctrl-C does: it exits 0.
func TestServeShutdown(t *testing.T) {
	sv := startServe(t, nil, "--timeout", "2s", "--allow-host", "minesat.test")
	base := sv.base
	for _, path := range []string{"", "api/config"} {
		res, err := http.Get(base + path)
		require.NoError(t, err)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		assert.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", path, body)
	}
	// A page of another name that a DNS rebinding points here is refused.
	req, err := http.NewRequest("GET", base+"api/config", nil)
	require.NoError(t, err)
	req.Host = "evil.example"
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	// A name given with --allow-host is served.
	req.Host = "minesat.test:8080"
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	err = sv.wait(t)
	assert.NoError(t, err)
	assert.Equal(t, exitOK, exitCode(err))
	assert.Contains(t, sv.errb.String(), "minesat serve: stopped")
}

// gogc returns the garbage collector's target percent now.
func gogc() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestServeGC checks that serve runs the collector at GOGC 100 unless
// GOGC is set, and gives the setting back when it stops.
func TestServeGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(400)) // as main sets it
	for _, tc := range []struct {
		name string
		env  map[string]string
		want uint64
	}{
		{"unset", nil, serveGCPercent},
		{"GOGC set", map[string]string{"GOGC": "400"}, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sv := startServe(t, tc.env)
			assert.Equal(t, tc.want, gogc())
			require.NoError(t, sv.wait(t))
			assert.Equal(t, uint64(400), gogc(), "given back")
		})
	}
}

// TestServeMaxConns keeps the one connection --max-conns 1 allows alive
// after a request: a request on another is served, and the idle one is
// closed to make room.
func TestServeMaxConns(t *testing.T) {
	sv := startServe(t, nil, "--max-conns", "1")
	addr := strings.TrimSuffix(strings.TrimPrefix(sv.base, "http://"), "/")
	kept, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer kept.Close()
	fmt.Fprintf(kept, "GET /api/config HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	require.NoError(t, kept.SetReadDeadline(time.Now().Add(10*time.Second)))
	r := bufio.NewReader(kept)
	res, err := http.ReadResponse(r, nil)
	require.NoError(t, err)
	_, err = io.Copy(io.Discard, res.Body)
	require.NoError(t, err)
	res.Body.Close()

	client := &http.Client{Timeout: 10 * time.Second}
	res, err = client.Get(sv.base + "api/config")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	_, err = r.ReadByte()
	assert.ErrorIs(t, err, io.EOF, "the idle connection was not closed to make room")
}

func TestServeUsage(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	for _, tc := range []struct {
		name string
		args []string
		msg  string
	}{
		{"argument", []string{"serve", "x"}, "serve takes no arguments"},
		{"timeout", []string{"serve", "--timeout", "0s"}, "--timeout 0s must be positive"},
		{"max-games", []string{"serve", "--max-games", "0"}, "--max-games 0 must be positive"},
		{"max-body", []string{"serve", "--max-body", "-1"}, "--max-body -1 must be positive"},
		{"max-game-cells", []string{"serve", "--max-game-cells", "0"}, "--max-game-cells 0 must be positive"},
		{"max-puzzle-cells", []string{"serve", "--max-puzzle-cells", "-5"}, "--max-puzzle-cells -5 must be positive"},
		{"max-held-cells", []string{"serve", "--max-game-cells", "100", "--max-held-cells", "99"}, "--max-held-cells 99 must be at least --max-game-cells 100"},
		{"workers", []string{"serve", "--workers", "-1"}, "--workers -1 must be positive"},
		{"max-requests", []string{"serve", "--max-requests", "0"}, "--max-requests 0 must be positive"},
		{"max-conns", []string{"serve", "--max-conns", "-1"}, "--max-conns -1 must be positive"},
		{"allow-host", []string{"serve", "--allow-host", "http://x/"}, "want a host name or address"},
		{"guesser", []string{"serve", "--guesser", "local", "--depth", "2"}, "--depth applies to --guesser exact"},
		{"address in use", []string{"serve", "--addr", ln.Addr().String()}, "serve: listen tcp"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, "", nil, tc.args...)
			assert.Equal(t, exitUsage, r.code)
			assert.Contains(t, r.err, tc.msg)
		})
	}
}

// TestListenHosts checks the names a served Host may give besides
// localhost: the listen address, or every interface's when it listens on
// all of them.
func TestListenHosts(t *testing.T) {
	assert.Equal(t, []string{"192.0.2.7"}, listenHosts(&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 80}))
	assert.Contains(t, listenHosts(&net.TCPAddr{IP: net.IPv4zero}), "127.0.0.1", "all interfaces, loopback among them")
	assert.Nil(t, listenHosts(&net.UnixAddr{Name: "/tmp/x", Net: "unix"}))
}
