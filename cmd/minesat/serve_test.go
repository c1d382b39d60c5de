package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeShutdown runs 'minesat serve' on a free port, asks it for its
// page and config, and stops it as Ctrl-C does: it exits 0.
func TestServeShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errb syncBuffer
	s := &stdio{in: strings.NewReader(""), out: io.Discard, err: &errb, getenv: func(string) string { return "" }}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--timeout", "2s", "--allow-host", "minesat.test"}, s)
	}()

	listening := regexp.MustCompile(`listening on (http://\S+/)`)
	var base string
	require.Eventually(t, func() bool {
		m := listening.FindStringSubmatch(errb.String())
		if m != nil {
			base = m[1]
		}
		return m != nil
	}, 10*time.Second, 10*time.Millisecond, "serve never said where it listens: %q", errb.String())
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
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
		assert.Equal(t, exitOK, exitCode(err))
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop within 10s of its context ending")
	}
	assert.Contains(t, errb.String(), "minesat serve: stopped")
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
