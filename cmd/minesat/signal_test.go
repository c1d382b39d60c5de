package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/recordtest"
)

// mainEnv, set in a test binary's environment, makes it run main with its
// arguments instead of the tests: the tests start it as the minesat
// command, to send it real signals.
const mainEnv = "MINESAT_TEST_RUN_MAIN"

// readyEnv, set with mainEnv, names a file main's process creates once it
// catches the signals that stop a command (see waitReady).
const readyEnv = "MINESAT_TEST_READY"

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		if path := os.Getenv(readyEnv); path != "" {
			signalsCaught = func() { _ = os.WriteFile(path, nil, 0o600) }
		}
		main()
		if os.Getenv(memLimitEnv) == "1" {
			fmt.Fprintf(os.Stderr, "memory limit: %d\n", debug.SetMemoryLimit(-1))
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestPlaySignals stops long runs as a scheduler does, with SIGTERM or
// SIGHUP (and Ctrl-C's SIGINT), once some records are out: play stops
// promptly and exits 3, its JSON summary says it is incomplete and counts
// exactly the records written, every record line is whole and parses, and
// the games are in order from the first.
func TestPlaySignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			rec := filepath.Join(t.TempDir(), "run.jsonl")
			cmd := exec.Command(os.Args[0], "play", "--level", "intermediate", "--games", "10000000", "--seed", "7",
				"--workers", "3", "--format", "json", "--record", rec)
			cmd.Env = append(os.Environ(), mainEnv+"=1")
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			require.NoError(t, cmd.Start())
			// Wait for a first record (the writer flushes every 4 KB or so).
			deadline := time.Now().Add(20 * time.Second)
			for {
				if fi, err := os.Stat(rec); err == nil && fi.Size() > 0 {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("no record after 20 s: %s", errb.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			require.NoError(t, cmd.Process.Signal(sig))
			stopped := time.Now()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("still running 10 s after %v", sig)
			}
			assert.Less(t, time.Since(stopped), 5*time.Second, "%v: slow to stop", sig)
			var ee *exec.ExitError
			require.True(t, errors.As(err, &ee), "exit: %v", err)
			assert.Equal(t, exitBudget, ee.ExitCode(), "stderr: %s", errb.String())
			assert.Contains(t, errb.String(), "play: interrupted after")

			f, err := batch.ParseSummaryFile("stdout", out.Bytes())
			require.NoError(t, err, "stdout: %s", out.String())
			assert.False(t, f.Complete)
			require.Len(t, f.Levels, 1)
			l := f.Levels[0]
			assert.Equal(t, 0, l.From)
			assert.Positive(t, l.To)

			data, err := os.ReadFile(rec)
			require.NoError(t, err)
			require.True(t, bytes.HasSuffix(data, []byte("\n")), "the record file ends in a torn line")
			recs, err := game.ReadRecords(rec, bytes.NewReader(data))
			require.NoError(t, err)
			require.Len(t, recs, l.To, "the summary counts %d games, the records hold %d", l.To, len(recs))
			won := 0
			for i, r := range recs {
				assert.Equal(t, game.GameSeed(7, i), r.Seed, "record %d", i)
				if r.Outcome == game.Won {
					won++
				}
			}
			assert.Equal(t, l.Base.Won, won)
		})
	}
}

// TestReplaySignals stops replay with SIGTERM, SIGHUP or SIGINT while it
// waits for more records on a pipe: it stops at once, prints the summary
// of the games it verified and exits 3, not 2.
func TestReplaySignals(t *testing.T) {
	in := recordtest.ThreeGames(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "replay", "-")
			cmd.Env = append(os.Environ(), mainEnv+"=1")
			stdin, err := cmd.StdinPipe()
			require.NoError(t, err)
			stdout, err := cmd.StdoutPipe()
			require.NoError(t, err)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			require.NoError(t, cmd.Start())
			defer cmd.Process.Kill()
			_, err = io.WriteString(stdin, in) // three games; the pipe stays open
			require.NoError(t, err)
			out := bufio.NewReader(stdout)
			for range 3 {
				line, err := out.ReadString('\n')
				require.NoError(t, err) // errb is not read before Wait: the process still writes it
				require.Contains(t, line, ": verified")
			}
			require.NoError(t, cmd.Process.Signal(sig))
			rest, _ := io.ReadAll(out)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("still running 10 s after %v", sig)
			}
			var ee *exec.ExitError
			require.True(t, errors.As(err, &ee), "exit: %v", err)
			assert.Equal(t, exitBudget, ee.ExitCode(), "stderr: %s", errb.String())
			assert.Equal(t, "3 games verified: 1 won, 1 lost, 1 stuck; 0 errors (interrupted)\n", string(rest))
			assert.Equal(t, "minesat: replay: interrupted after 3 games\n", errb.String())
		})
	}
}

// TestMergeSignals stops merge with SIGTERM while it waits on a FIFO that
// no one writes and on a pipe that stays open: it stops at once, exit 3,
// saying what it was reading.
func TestMergeSignals(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, tc := range []struct{ name, arg, shown string }{{"fifo", fifo, fifo}, {"stdin", "-", "<stdin>"}} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "merge", tc.arg)
			ready := readyFile(t, cmd)
			stdin, err := cmd.StdinPipe() // open, never written
			require.NoError(t, err)
			defer stdin.Close()
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			require.NoError(t, cmd.Start())
			defer cmd.Process.Kill()
			waitReady(t, ready)
			time.Sleep(300 * time.Millisecond) // let it block in the read
			require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("still running 10 s after SIGTERM")
			}
			var ee *exec.ExitError
			require.True(t, errors.As(err, &ee), "exit: %v", err)
			assert.Equal(t, exitBudget, ee.ExitCode(), "stderr: %s", errb.String())
			assert.Equal(t, "minesat: merge: interrupted while reading "+tc.shown+"\n", errb.String())
			assert.Empty(t, out.String())
		})
	}
}

// readyFile sets cmd to run main with a ready file (readyEnv) and returns
// the file's path.
func readyFile(t *testing.T, cmd *exec.Cmd) string {
	path := filepath.Join(t.TempDir(), "ready")
	cmd.Env = append(os.Environ(), mainEnv+"=1", readyEnv+"="+path)
	return path
}

// waitReady waits until the process started with readyFile's path catches
// the signals, so that a signal sent next reaches the command's own
// handling even on a loaded machine, where a process may take long to
// reach main (a signal before that kills it).
func waitReady(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the command did not catch signals within 20 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
