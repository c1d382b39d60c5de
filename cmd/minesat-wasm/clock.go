package main

import (
	"context"
	"sync"
	"time"
)

// clockContext ends at its deadline by reading the clock whenever Err or
// Done is called. In a WebAssembly module a goroutine is never preempted,
// so no timer fires while an analysis computes: the deadline of
// context.WithTimeout would pass unnoticed until the analysis ended on its
// own. The engine checks ctx.Err() as it goes (package exact), which here
// is enough to stop it at its budget. A SAT search that only watches
// Done's channel stops at the next Err or Done call after the deadline.
type clockContext struct {
	context.Context // the parent: its values, and its end ends this one

	deadline time.Time
	mu       sync.Mutex
	done     chan struct{} // closed once err is set
	err      error
}

// withClock returns a clockContext of parent ending after d, and the
// function that ends it earlier: a drop-in for context.WithTimeout
// (api.Config.WithTimeout).
func withClock(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	c := &clockContext{Context: parent, deadline: time.Now().Add(d), done: make(chan struct{})}
	return c, func() { c.end(context.Canceled) }
}

// Deadline returns the deadline.
func (c *clockContext) Deadline() (time.Time, bool) { return c.deadline, true }

// Done returns a channel closed once the context has ended, as far as the
// clock read now says.
func (c *clockContext) Done() <-chan struct{} {
	c.Err()
	return c.done
}

// Err returns nil until the deadline has passed or the parent has ended,
// then context.DeadlineExceeded or the parent's error.
func (c *clockContext) Err() error {
	switch {
	case c.ended():
	case c.Context.Err() != nil:
		c.end(c.Context.Err())
	case !time.Now().Before(c.deadline):
		c.end(context.DeadlineExceeded)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// ended reports whether err is set.
func (c *clockContext) ended() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err != nil
}

// end sets err, once, and closes done.
func (c *clockContext) end(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
		close(c.done)
	}
}
