package main

// Writing a command's output within its context. Every command writes its
// results to standard output, and its named output files (outfile.go),
// through an outWriter, so that --timeout and SIGINT/SIGTERM/SIGHUP end the
// printing as they end the work:
//
//   - For outputGrace after the context ends, writes go on: an interrupted
//     command prints the summary of what it finished, and a record file
//     takes its last whole lines.
//   - Then standard output finishes the line under way (cut and ended with
//     a newline if it runs on for finishLimit bytes) and fails with the
//     context's error: it ends with a whole line.
//   - A write that does not finish by then (a pipe or FIFO that no one
//     reads) is abandoned, and the writer fails for good.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// outputGrace is how long output goes on after a command's context ends.
const outputGrace = 500 * time.Millisecond

// finishLimit is the most of the line under way that standard output still
// writes once outputGrace is over.
const finishLimit = 64 << 10

// writeChunk is the most an outWriter writes in one call to its writer, so
// that it sees the context end between chunks.
const writeChunk = 64 << 10

// stallWait is how long a write under way once outputGrace is over may
// still take before it is abandoned as stalled.
const stallWait = 100 * time.Millisecond

// errStalled reports a write abandoned because no one read it.
var errStalled = errors.New("the output stalled (no one reads it)")

// outWriter writes to w within ctx (see the top of this file). It counts
// the bytes written and where the last whole line ends, for an output file
// cut back to it on failure.
type outWriter struct {
	ctx     context.Context // the command's: its end starts outputGrace
	hard    context.Context // ends outputGrace after ctx
	w       io.Writer
	direct  bool   // w is a regular file, whose writes do not stall: written in place
	lines   bool   // standard output: once hard ends, finish the line under way and stop
	marks   bool   // whole is moved by mark, not by newlines (a compressed stream)
	tail    int    // bytes of the line under way written after hard ended
	written int64  // bytes written
	whole   int64  // bytes written up to the end of the last whole line (or mark)
	buf     []byte // the buffer of the writes run aside
	err     error  // the first error, returned by every later Write
}

// newOutWriter returns an outWriter to w within ctx; lines makes it end
// with a whole line once outputGrace is over, as standard output does.
func newOutWriter(ctx context.Context, w io.Writer, lines bool) *outWriter {
	hard, cancel := context.WithCancel(context.WithoutCancel(ctx))
	context.AfterFunc(ctx, func() { time.AfterFunc(outputGrace, cancel) })
	return &outWriter{ctx: ctx, hard: hard, w: w, direct: isRegular(w), lines: lines}
}

// stdout returns the writer of a command's results, standard output within
// ctx. A command makes one and writes all its results through it.
func (s *stdio) stdout(ctx context.Context) *outWriter { return newOutWriter(ctx, s.out, true) }

// Write writes p, in chunks of at most writeChunk bytes.
func (o *outWriter) Write(p []byte) (int, error) {
	n := 0
	for o.err == nil && len(p) > 0 {
		chunk := p[:min(len(p), writeChunk)]
		if o.lines && o.hard.Err() != nil {
			m := o.finish(chunk)
			n, p = n+m, p[m:]
			continue
		}
		m, err := o.write(chunk)
		n, p = n+m, p[m:]
		if err == nil && m < len(chunk) {
			err = io.ErrShortWrite
		}
		o.err = err
	}
	return n, o.err
}

// finish writes, once outputGrace is over, what ends the line under way:
// up to p's first newline, or all of p while the line goes on, or a cut
// and a newline at finishLimit. Once the line ends, the writer fails with
// ctx's error. It returns how many bytes of p it wrote.
func (o *outWriter) finish(p []byte) int {
	if o.written == o.whole { // at a line's start: nothing to finish
		o.err = o.ctx.Err()
		return 0
	}
	end, cut := len(p), false
	if i := bytes.IndexByte(p, '\n'); i >= 0 {
		end = i + 1
	}
	if o.tail+end > finishLimit {
		end, cut = finishLimit-o.tail, true
	}
	n, err := o.write(p[:end])
	o.tail += n
	switch {
	case err != nil:
		o.err = err
	case cut:
		_, o.err = o.write([]byte("\n"))
	}
	if o.err == nil && o.written == o.whole {
		o.err = o.ctx.Err()
	}
	return n
}

// write writes p to w: in place to a regular file, otherwise aside, waiting
// until it is written or, once hard has ended, abandoned as stalled.
func (o *outWriter) write(p []byte) (int, error) {
	var n int
	var err error
	if o.direct {
		n, err = o.w.Write(p)
	} else {
		n, err = o.writeAside(p)
	}
	o.count(p[:n])
	return n, err
}

func (o *outWriter) writeAside(p []byte) (int, error) {
	o.buf = append(o.buf[:0], p...) // the caller may reuse p once abandoned
	type wrote struct {
		n   int
		err error
	}
	done := make(chan wrote, 1)
	go func(buf []byte) {
		n, err := o.w.Write(buf)
		done <- wrote{n, err}
	}(o.buf)
	select {
	case r := <-done:
		return r.n, r.err
	case <-o.hard.Done():
	}
	select {
	case r := <-done:
		return r.n, r.err
	case <-time.After(stallWait):
	}
	o.buf = nil // the abandoned write keeps its buffer
	return 0, fmt.Errorf("%w: %w", errStalled, o.ctx.Err())
}

// count notes that p was written.
func (o *outWriter) count(p []byte) {
	o.written += int64(len(p))
	if o.marks {
		return
	}
	if i := bytes.LastIndexByte(p, '\n'); i >= 0 {
		o.whole = o.written - int64(len(p)-i-1)
		o.tail = 0
	}
}

// mark notes that the bytes written so far end whole lines, for a
// compressed stream whose newlines are not the lines' (see
// game.NewRecordGzip).
func (o *outWriter) mark() { o.whole = o.written }

// outputError maps an error writing a command's output: stopped (exit 3)
// once ctx has ended, by its time limit or an interrupt; as it is
// otherwise.
func outputError(ctx context.Context, cmd string, err error) error {
	why := "interrupted"
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		why = "stopped by --timeout"
	}
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil && errors.Is(err, errStalled):
		return budgetError(fmt.Errorf("%s: %s while writing: %w", cmd, why, errStalled))
	case ctx.Err() != nil:
		return budgetError(fmt.Errorf("%s: %s while writing; the output ends with a whole line", cmd, why))
	}
	return fmt.Errorf("%s: %w", cmd, err)
}
