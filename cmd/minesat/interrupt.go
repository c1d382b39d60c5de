package main

// Stopping work that does not watch a context (parsing a puzzle, building a
// formula, generating a board) when the user presses Ctrl-C or a --timeout
// runs out, and cutting output at a whole line when that happens.

import (
	"bytes"
	"context"
	"io"
)

// untilDone runs f and returns its results, or ctx's error as soon as ctx is
// done. f then runs on, abandoned, until the command exits: use it only for
// work without side effects the user could see, such as reading and
// building, never for writing output.
func untilDone[T any](ctx context.Context, f func() (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, err
	}
	type answer struct {
		v   T
		err error
	}
	done := make(chan answer, 1)
	go func() {
		v, err := f()
		done <- answer{v, err}
	}()
	select {
	case a := <-done:
		return a.v, a.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// lineWriter writes to w until ctx is done, then finishes the line under way
// and fails with ctx's error, so that an interrupted output ends with a
// whole line.
type lineWriter struct {
	ctx context.Context
	w   io.Writer
}

func (lw *lineWriter) Write(p []byte) (int, error) {
	if lw.ctx.Err() == nil {
		return lw.w.Write(p)
	}
	i := bytes.IndexByte(p, '\n')
	if i < 0 {
		return lw.w.Write(p) // the line goes on: finish it first
	}
	n, err := lw.w.Write(p[:i+1])
	if err == nil {
		err = lw.ctx.Err()
	}
	return n, err
}
