package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runStopped runs the command line args as main would, files opened from
// the file system, stdout to out, and the context cancelled (as by a
// signal) after stop, 0 for never. It fails the test if the command is
// still running 10 s later, and returns how long it took after the cancel
// and its error.
func runStopped(t *testing.T, stop time.Duration, out io.Writer, args ...string) (time.Duration, error) {
	t.Helper()
	s := &stdio{in: bytes.NewReader(nil), out: out, err: io.Discard, getenv: func(string) string { return "" }, openInput: openFile}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stopped time.Time
	if stop > 0 {
		time.AfterFunc(stop, func() { stopped = time.Now(); cancel() })
	}
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, s) }()
	select {
	case err := <-done:
		if stopped.IsZero() {
			return 0, err
		}
		return time.Since(stopped), err
	case <-time.After(stop + 10*time.Second):
		t.Fatalf("%v: still running 10 s after the interrupt", args)
	}
	return 0, nil
}

// fifo makes a FIFO in a test directory. At the test's end it opens the
// other end once, so that an open still blocked on it returns.
func fifo(t *testing.T) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(name, 0o600))
	t.Cleanup(func() {
		for _, flag := range []int{os.O_RDONLY, os.O_WRONLY} {
			if f, err := os.OpenFile(name, flag|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
		}
	})
	return name
}

// TestInputFIFO opens a FIFO that no one writes as every command's input:
// the open blocks in the kernel, and an interrupt ends it at once (exit 3),
// with nothing on stdout.
func TestInputFIFO(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"solve", []string{"solve"}},
		{"solve --timeout", []string{"solve", "--timeout", "200ms"}},
		{"analyze", []string{"analyze"}},
		{"analyze --timeout", []string{"analyze", "--timeout", "200ms"}},
		{"replay", []string{"replay"}},
		{"replay --html", []string{"replay", "--html", filepath.Join(t.TempDir(), "r.html")}},
		{"cnf", []string{"cnf"}},
		{"compare", []string{"compare"}},
		{"merge", []string{"merge"}},
		{"play --against", []string{"play", "--level", "beginner", "--games", "2", "--against"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			stop := 200 * time.Millisecond
			if len(tc.args) > 1 && tc.args[1] == "--timeout" {
				stop = 0
			}
			late, err := runStopped(t, stop, &out, append(tc.args, fifo(t))...)
			assert.Equal(t, exitBudget, exitCode(err), "error: %v", err)
			assert.Less(t, late, 2*time.Second)
			assert.Empty(t, out.String())
		})
	}
}

// TestSolveFIFOSignal is the issue's own case, against the command:
// 'timeout -s TERM 2 minesat solve FIFO' ends within 3 s with exit 3.
func TestSolveFIFOSignal(t *testing.T) {
	cmd := exec.Command(os.Args[0], "solve", fifo(t))
	ready := readyFile(t, cmd)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	waitReady(t, ready)
	time.Sleep(300 * time.Millisecond)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	sent := time.Now()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still running 10 s after SIGTERM")
	}
	assert.Less(t, time.Since(sent), 3*time.Second)
	assert.Equal(t, exitBudget, cmd.ProcessState.ExitCode(), "stderr: %s", errb.String())
	assert.Contains(t, errb.String(), "solve: "+cmd.Args[2]+": interrupted while reading the puzzle")
}
