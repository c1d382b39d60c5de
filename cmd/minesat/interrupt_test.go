package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// blockedInput is a stdio whose every input blocks forever, as a huge or
// slow file would: only the context can stop a command reading it.
func blockedInput(t *testing.T) (*stdio, *bytes.Buffer, *bytes.Buffer) {
	pr, pw := io.Pipe()
	t.Cleanup(func() { pw.Close() })
	var out, errb bytes.Buffer
	return &stdio{in: pr, out: &out, err: &errb, getenv: func(string) string { return "" },
		openInput: func(string) (io.ReadCloser, error) { return pr, nil }}, &out, &errb
}

// TestStopWhileReading checks that --timeout covers reading the puzzle and
// that cancelling (Ctrl-C) stops cnf, solve and compare while they read:
// exit 3 within a moment, not when the input ends.
func TestStopWhileReading(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		timeout time.Duration // cancel after this instead, as Ctrl-C would
		want    string
	}{
		{"solve timeout", []string{"solve", "--timeout", "50ms", "big.txt"}, 0,
			"solve: big.txt: gave up after --timeout 50ms, while reading the puzzle"},
		{"solve interrupted", []string{"solve", "big.txt"}, 50 * time.Millisecond, "solve: big.txt: interrupted while reading the puzzle"},
		{"analyze timeout", []string{"analyze", "--timeout", "50ms", "big.txt"}, 0,
			"analyze: big.txt: gave up after --timeout 50ms, while reading the puzzle"},
		{"analyze interrupted", []string{"analyze", "big.txt"}, 50 * time.Millisecond, "analyze: big.txt: interrupted while reading the puzzle"},
		{"cnf interrupted", []string{"cnf", "big.txt"}, 50 * time.Millisecond, "cnf: interrupted"},
		{"compare interrupted", []string{"compare", "big.txt"}, 50 * time.Millisecond, "compare: interrupted"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, out, _ := blockedInput(t)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.timeout > 0 {
				time.AfterFunc(tc.timeout, cancel)
			}
			done := make(chan error, 1)
			go func() { done <- run(ctx, tc.args, s) }()
			select {
			case err := <-done:
				if exitCode(err) != exitBudget || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v (exit %d); want exit 3 and %q", err, exitCode(err), tc.want)
				}
				if out.Len() != 0 {
					t.Errorf("stdout %q; want nothing", out)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("still reading 10s later")
			}
		})
	}
}

// TestGenInterrupted checks that gen stopped before it writes writes nothing
// and exits 3.
func TestGenInterrupted(t *testing.T) {
	var out, errb bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := run(ctx, []string{"gen", "--seed", "1"}, &stdio{out: &out, err: &errb})
	if exitCode(err) != exitBudget || out.Len() != 0 {
		t.Errorf("exit %d (%v), stdout %q; want exit 3 and nothing written", exitCode(err), err, out.String())
	}
}
