package web

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// conns bounds the connections a Server has open: at most cap(open). It
// knows which of them are idle, serving no request: new ones before their
// first request, and ones kept alive between requests. A new connection
// can then take the place of the one idle the longest instead of waiting
// for a timeout to close it.
type conns struct {
	open chan struct{} // one token per connection open
	wake chan struct{} // a connection went idle: an Accept waiting may close it

	mu   sync.Mutex
	idle map[net.Conn]time.Time // the idle connections, and since when
}

func newConns(max int) *conns {
	return &conns{open: make(chan struct{}, max), wake: make(chan struct{}, 1), idle: make(map[net.Conn]time.Time)}
}

// track is the http.Server's ConnState hook: it keeps idle up to date.
func (cs *conns) track(c net.Conn, st http.ConnState) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if st == http.StateNew || st == http.StateIdle {
		cs.idle[c] = time.Now()
		select {
		case cs.wake <- struct{}{}:
		default:
		}
	} else {
		delete(cs.idle, c)
	}
}

// closeIdle closes the connection idle the longest, if any, which gives
// back its token once closed.
func (cs *conns) closeIdle() {
	cs.mu.Lock()
	var oldest net.Conn
	var since time.Time
	for c, t := range cs.idle {
		if oldest == nil || t.Before(since) {
			oldest, since = c, t
		}
	}
	delete(cs.idle, oldest)
	cs.mu.Unlock()
	if oldest != nil {
		oldest.Close()
	}
}

// acquire takes a token for a new connection. While all are taken it
// closes the connection idle the longest, which gives its token back at
// once, or waits for a connection to close or to go idle. False when done
// is closed first.
func (cs *conns) acquire(done <-chan struct{}) bool {
	select {
	case cs.open <- struct{}{}:
		return true
	default:
	}
	for {
		cs.closeIdle()
		select {
		case cs.open <- struct{}{}:
			return true
		case <-done:
			return false
		case <-cs.wake:
		}
	}
}

// Listener returns ln serving at most Config.MaxConns connections at
// once. Past that, Accept closes the connection idle the longest (one
// that has sent no request yet, or that the HTTPServer keeps alive
// between requests), if any, and else holds the new one until a
// connection has closed or gone idle, accepting no other meanwhile; every
// connection's time is bounded by the HTTPServer's timeouts. Closing the
// listener ends a waiting Accept.
func (s *Server) Listener(ln net.Listener) net.Listener {
	return &limitListener{Listener: ln, conns: s.conns, done: make(chan struct{})}
}

// limitListener is the listener of Server.Listener.
type limitListener struct {
	net.Listener
	conns     *conns
	done      chan struct{} // closed by Close
	closeOnce sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if !l.conns.acquire(l.done) {
		c.Close()
		return nil, net.ErrClosed
	}
	return &limitConn{Conn: c, open: l.conns.open}, nil
}

func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn gives its token back when first closed.
type limitConn struct {
	net.Conn
	open      chan struct{}
	closeOnce sync.Once
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.closeOnce.Do(func() { <-c.open })
	return err
}

// CloseWrite shuts down the writing side when the connection can, as the
// http.Server does before closing a connection whose request it refused
// unread, so that the client reads the refusal.
func (c *limitConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
