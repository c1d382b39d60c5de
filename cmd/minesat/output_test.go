package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// TestOutWriterEnds checks how standard output ends once its grace is
// over: the line under way is finished, then the writer fails with the
// context's error; a line that runs on for finishLimit bytes is cut there
// and ended with a newline.
func TestOutWriterEnds(t *testing.T) {
	live, done := context.Background(), cancelled()
	t.Run("finish the line", func(t *testing.T) {
		var buf bytes.Buffer
		o := &outWriter{ctx: live, hard: live, w: &buf, lines: true}
		_, err := io.WriteString(o, "one\ntw")
		require.NoError(t, err)
		o.ctx, o.hard = done, done
		_, err = io.WriteString(o, "o and")
		require.NoError(t, err, "the line is not over")
		n, err := io.WriteString(o, " more\nthree\n")
		assert.ErrorIs(t, err, context.Canceled)
		assert.Equal(t, len(" more\n"), n)
		_, err = io.WriteString(o, "four\n")
		assert.ErrorIs(t, err, context.Canceled)
		assert.Equal(t, "one\ntwo and more\n", buf.String())
	})
	t.Run("at a line's start", func(t *testing.T) {
		var buf bytes.Buffer
		o := &outWriter{ctx: done, hard: done, w: &buf, lines: true}
		n, err := io.WriteString(o, "one\n")
		assert.ErrorIs(t, err, context.Canceled)
		assert.Zero(t, n)
		assert.Empty(t, buf.String())
	})
	t.Run("cut a long line", func(t *testing.T) {
		var buf bytes.Buffer
		o := &outWriter{ctx: live, hard: live, w: &buf, lines: true}
		_, err := io.WriteString(o, "head\nx")
		require.NoError(t, err)
		o.ctx, o.hard = done, done
		_, err = o.Write(bytes.Repeat([]byte("y"), 3*finishLimit))
		assert.ErrorIs(t, err, context.Canceled)
		assert.Equal(t, "head\nx"+strings.Repeat("y", finishLimit)+"\n", buf.String())
	})
}

func cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestStdoutStalled writes a large output to a pipe that no one reads:
// the interrupt ends the blocked write, exit 3, within outputGrace and a
// little.
func TestStdoutStalled(t *testing.T) {
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pr.Close()
	defer pw.Close()
	late, err := runStopped(t, 300*time.Millisecond, pw, "gen", "--rows", "400", "--cols", "400", "--seed", "1")
	assert.Equal(t, exitBudget, exitCode(err), "error: %v", err)
	assert.ErrorContains(t, err, "gen: interrupted")
	assert.Less(t, late, outputGrace+2*time.Second)
}

// slowWriter takes each write slowly, as a slow terminal or link does
// (20 ms, well within stallWait: it never stalls).
type slowWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *slowWriter) Write(p []byte) (int, error) {
	time.Sleep(20 * time.Millisecond)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *slowWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// TestPrintWithinTimeout prints a large analysis slowly: --timeout ends the
// printing too (exit 3), soon after the limit, with whole lines.
func TestPrintWithinTimeout(t *testing.T) {
	var p strings.Builder
	p.WriteString("400 400 1000\n")
	for range 400 {
		p.WriteString(strings.TrimSpace(strings.Repeat("-1 ", 400)) + "\n")
	}
	name := filepath.Join(t.TempDir(), "blank.txt")
	require.NoError(t, os.WriteFile(name, []byte(p.String()), 0o644))
	var out slowWriter
	start := time.Now()
	// The analysis takes a fraction of the limit; the printing, 3 s.
	_, err := runStopped(t, 0, &out, "analyze", "--timeout", "2s", name)
	took := time.Since(start)
	assert.Equal(t, exitBudget, exitCode(err), "error: %v", err)
	assert.ErrorContains(t, err, "analyze: stopped by --timeout while writing; the output ends with a whole line")
	assert.Less(t, took, 2*time.Second+outputGrace+time.Second)
	text := out.String()
	assert.True(t, strings.HasPrefix(text, "board 400x400"), "output %.40q", text)
	assert.True(t, strings.HasSuffix(text, "\n"), "the output ends in a torn line")
	assert.Less(t, len(text), 400*1600, "printed to the end")
}

// TestAdviceStoppedEarly writes the advice of an analysis stopped before
// it knew whether the position has a solution: it says so, and never "no
// solution".
func TestAdviceStoppedEarly(t *testing.T) {
	p, err := game.ParsePuzzle("p", strings.NewReader("1 3 1\n-1 1 -1\n"))
	require.NoError(t, err)
	adv := &advice.Advice{ReportJSON: exact.ReportJSON{Rows: 1, Cols: 3, Unknown: 2, Incomplete: []string{"stopped by --timeout or an interrupt: context deadline exceeded"}}}
	var buf bytes.Buffer
	require.NoError(t, writeAdvice(&buf, p, adv, false, true))
	assert.Equal(t, "board 1x3, mines: unknown, flags: 0, closed cells: 2\n"+
		"solutions: not known, the analysis stopped first\n"+
		"incomplete: stopped by --timeout or an interrupt: context deadline exceeded\n", buf.String())
}

// TestNoMove says why an advice with a solution has no move: stopped
// first, no closed cell, or a player that does not guess.
func TestNoMove(t *testing.T) {
	open := &advice.Advice{ReportJSON: exact.ReportJSON{Rows: 1, Cols: 3}}
	closed := &advice.Advice{ReportJSON: exact.ReportJSON{Rows: 1, Cols: 3, Unknown: 2}}
	for _, tc := range []struct {
		adv     *advice.Advice
		stopped bool
		want    string
	}{
		{closed, true, "the analysis stopped before it chose one"},
		{open, true, "the analysis stopped before it chose one"},
		{open, false, "no closed cell is left"},
		{closed, false, "no strategy proves a cell safe, and guessing is off"},
	} {
		assert.Equal(t, tc.want, noMove(tc.adv, tc.stopped), "unknown %d, stopped %v", tc.adv.Unknown, tc.stopped)
	}
}
