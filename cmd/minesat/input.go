package main

// Reading a command's inputs within its context. Every command opens its
// input files and standard input here, so that --timeout and
// SIGINT/SIGTERM/SIGHUP end the open (open(2) of a FIFO no one writes
// blocks in the kernel) and every read (a pipe, FIFO or terminal that stays
// open blocks in read(2)) as they end the work.

import (
	"context"
	"io"
	"os"
)

// open opens the named input, "-" for standard input, for reading within
// ctx. The open runs aside and is abandoned when ctx ends first (a file it
// opens later is closed); the reader's reads likewise end with ctx's error
// as soon as ctx ends, even one blocked on a pipe.
func (s *stdio) open(ctx context.Context, name string) (io.ReadCloser, error) {
	r, err := untilDoneDrop(ctx, func() (io.ReadCloser, error) { return s.openInput(name) },
		func(r io.ReadCloser) { r.Close() })
	if err != nil {
		return nil, err
	}
	return &ctxReader{ctx: ctx, r: r, direct: isRegular(r)}, nil
}

// ctxReader reads r until ctx ends, then fails with ctx's error. A read
// that may block (on anything but a regular file) runs aside, into the
// reader's own buffer, and is abandoned when ctx ends; the reader then
// fails for good.
type ctxReader struct {
	ctx    context.Context
	r      io.ReadCloser
	direct bool   // r is a regular file, whose reads do not block: read in place
	buf    []byte // the buffer of the reads run aside
	err    error  // the error that ended the reading, returned by every later Read
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if c.err == nil {
		c.err = c.ctx.Err()
	}
	switch {
	case c.err != nil:
		return 0, c.err
	case c.direct:
		return c.r.Read(p)
	}
	if cap(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	type read struct {
		n   int
		err error
	}
	done := make(chan read, 1)
	go func() {
		n, err := c.r.Read(buf)
		done <- read{n, err}
	}()
	select {
	case r := <-done:
		return copy(p, buf[:r.n]), r.err
	case <-c.ctx.Done():
		c.err, c.buf = c.ctx.Err(), nil // the abandoned read keeps its buffer
		return 0, c.err
	}
}

func (c *ctxReader) Close() error { return c.r.Close() }

// isRegular reports whether x is an *os.File of a regular file, whose
// reads and writes finish without waiting on another process.
func isRegular(x any) bool {
	f, ok := x.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular()
}
