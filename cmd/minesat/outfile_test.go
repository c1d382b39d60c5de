package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/recordtest"
)

// TestUsageErrorKeepsFiles gives play an output it cannot create beside
// ones that exist: exit 2, and every existing file keeps its content, with
// nothing new left in the directory.
func TestUsageErrorKeepsFiles(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"outcomes in a missing directory", []string{"--record", "keep.jsonl", "--outcomes", "nodir/o.txt"}},
		{"plot in a missing directory", []string{"--record", "keep.jsonl", "--outcomes", "keep.txt", "--plot", "nodir/p.svg"}},
		{"record in a missing directory", []string{"--outcomes", "keep.txt", "--plot", "keep.svg", "--record", "nodir/r.jsonl"}},
		{"a missing --against", []string{"--record", "keep.jsonl", "--outcomes", "keep.txt", "--against", "missing.txt"}},
		{"a directory as record", []string{"--record", ".", "--outcomes", "keep.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			keep := map[string]string{"keep.jsonl": "keep\n", "keep.txt": "keep too\n", "keep.svg": "<svg/>\n"}
			for name, text := range keep {
				require.NoError(t, os.WriteFile(name, []byte(text), 0o644))
			}
			r := runCmd(t, "", nil, append([]string{"play", "--level", "beginner", "--games", "5"}, tc.args...)...)
			assert.Equal(t, exitUsage, r.code, "stderr: %s", r.err)
			for name, text := range keep {
				got, err := os.ReadFile(name)
				require.NoError(t, err)
				assert.Equal(t, text, string(got), name)
			}
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Len(t, entries, len(keep), "files left: %v", entries)
		})
	}
}

// TestOutputsReplaced runs play and replay to existing outputs: the whole
// outputs are replaced on success, kept on a failure, and no temporary
// file is left.
func TestOutputsReplaced(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("o.txt", []byte("old\n"), 0o644))
	require.NoError(t, os.WriteFile("r.jsonl", []byte("old\n"), 0o644))
	r := runCmd(t, "", nil, "play", "--level", "beginner", "--games", "3", "--record", "r.jsonl", "--outcomes", "o.txt")
	require.Equal(t, exitOK, r.code, "stderr: %s", r.err)
	recs, err := os.ReadFile("r.jsonl")
	require.NoError(t, err)
	assert.Equal(t, 3, bytes.Count(recs, []byte("\n")))
	o, err := os.ReadFile("o.txt")
	require.NoError(t, err)
	assert.Contains(t, string(o), "minesat.reference/1")

	require.NoError(t, os.WriteFile("r.html", []byte("old page\n"), 0o644))
	require.NoError(t, os.WriteFile("bad.jsonl", []byte(recordtest.ThreeGames(t)+"{\n"), 0o644))
	r = runCmd(t, "", nil, "replay", "--html", "r.html", "bad.jsonl")
	assert.Equal(t, exitUsage, r.code)
	page, err := os.ReadFile("r.html")
	require.NoError(t, err)
	assert.Equal(t, "old page\n", string(page), "a failed replay keeps the page")
	r = runCmd(t, "", nil, "replay", "--html", "r.html", "r.jsonl")
	require.Equal(t, exitOK, r.code, "stderr: %s", r.err)
	page, err = os.ReadFile("r.html")
	require.NoError(t, err)
	assert.Contains(t, string(page), "<html")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 4, "files: %v", entries)
}

// failingWriter fails every write once n bytes are written.
type failingWriter struct {
	w io.Writer
	n int
}

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		m, _ := f.w.Write(p[:f.n])
		f.n = 0
		return m, errors.New("no space left")
	}
	f.n -= len(p)
	return f.w.Write(p)
}

// TestStreamCutBack fails a record stream partway through a line: closed
// as failed, the file is cut back to its last whole line, and for a gzip
// stream to its last whole member.
func TestStreamCutBack(t *testing.T) {
	var sb strings.Builder
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		fmt.Fprintf(&sb, "{\"a record\":%d}\n", rng.Uint64())
	}
	lines := sb.String()
	for _, name := range []string{"r.jsonl", "r.jsonl.gz"} {
		t.Run(name, func(t *testing.T) {
			outs := outFiles{cmd: "test"}
			out := outs.add("record", filepath.Join(t.TempDir(), name), outStream)
			require.NoError(t, outs.open(context.Background()))
			out.w = &failingWriter{w: out.f, n: 300_000}
			w, closeSink := recordSink(out)
			var err error
			for i := 0; err == nil && i < 50; i++ {
				_, err = io.WriteString(w, lines)
			}
			require.Error(t, err)
			closeSink()
			require.NoError(t, outs.close(true))
			data, err := os.ReadFile(out.name)
			require.NoError(t, err)
			if strings.HasSuffix(name, ".gz") {
				if len(data) > 0 {
					data = gunzip(t, data)
				}
			} else {
				assert.NotEmpty(t, data)
			}
			assert.True(t, len(data) == 0 || bytes.HasSuffix(data, []byte("\n")), "a torn line is left")
			assert.True(t, strings.HasPrefix(strings.Repeat(lines, 50), string(data)))
		})
	}
}

// gunzip decompresses data, failing the test unless it is whole gzip.
func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	rc, err := game.OpenRecordFile(writeTemp(t, data))
	require.NoError(t, err)
	defer rc.Close()
	plain, err := io.ReadAll(rc)
	require.NoError(t, err)
	return plain
}

func writeTemp(t *testing.T, data []byte) string {
	name := filepath.Join(t.TempDir(), "f")
	require.NoError(t, os.WriteFile(name, data, 0o644))
	return name
}

// TestRecordFileSizeLimit is the case against the command: under
// 'ulimit -f 64' play fails writing its records (exit 2) and leaves whole
// lines, in plain and gzip files.
func TestRecordFileSizeLimit(t *testing.T) {
	for _, name := range []string{"f.jsonl", "f.jsonl.gz"} {
		t.Run(name, func(t *testing.T) {
			rec := filepath.Join(t.TempDir(), name)
			cmd := exec.Command("sh", "-c", `ulimit -f 64 && exec "$@"`, "sh", os.Args[0],
				"play", "--level", "expert", "--games", "300", "--workers", "2", "--record", rec)
			cmd.Env = append(os.Environ(), mainEnv+"=1")
			var errb bytes.Buffer
			cmd.Stderr = &errb
			err := cmd.Run()
			var ee *exec.ExitError
			require.True(t, errors.As(err, &ee), "exit: %v; stderr: %s", err, errb.String())
			assert.Equal(t, exitUsage, ee.ExitCode(), "stderr: %s", errb.String())
			assert.Contains(t, errb.String(), "file too large")
			data, err := os.ReadFile(rec)
			require.NoError(t, err)
			assert.LessOrEqual(t, len(data), 64<<10)
			recs, err := game.ReadRecords(name, bytes.NewReader(data))
			require.NoError(t, err, "the records left read whole")
			if !strings.HasSuffix(name, ".gz") {
				assert.NotEmpty(t, recs)
			}
		})
	}
}

// TestRecordFIFO writes records to a FIFO: with no reader, play waits in
// the open until interrupted (exit 3), never exits 0 with the records
// dropped; with a reader that stops reading, the interrupt ends the
// stalled write.
func TestRecordFIFO(t *testing.T) {
	args := []string{"play", "--level", "beginner", "--games", "100000", "--workers", "1", "--record"}
	t.Run("no reader", func(t *testing.T) {
		var out bytes.Buffer
		late, err := runStopped(t, 300*time.Millisecond, &out, append(args, fifo(t))...)
		assert.Equal(t, exitBudget, exitCode(err), "error: %v", err)
		assert.ErrorContains(t, err, "play: interrupted while opening --record")
		assert.Less(t, late, 2*time.Second)
	})
	t.Run("a reader that stops", func(t *testing.T) {
		name := fifo(t)
		r, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		require.NoError(t, err)
		defer r.Close()
		var out bytes.Buffer
		late, err := runStopped(t, 1500*time.Millisecond, &out, append(args, name)...)
		assert.Equal(t, exitBudget, exitCode(err), "error: %v", err)
		assert.Less(t, late, outputGrace+2*time.Second)
		assert.Contains(t, out.String(), "beginner", "the summary is printed")
	})
}

// TestDevFull writes to a full device: exit 2, saying so.
func TestDevFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	_, err = runStopped(t, 0, full, "gen", "--seed", "1")
	assert.Equal(t, exitUsage, exitCode(err), "error: %v", err)
	assert.ErrorContains(t, err, "no space left on device")
	var out bytes.Buffer
	_, err = runStopped(t, 0, &out, "play", "--level", "beginner", "--games", "50", "--record", "/dev/full")
	assert.Equal(t, exitUsage, exitCode(err), "error: %v", err)
	assert.ErrorContains(t, err, "no space left on device")
}

// TestWholeOutputUnwritten closes a whole output that the command never
// wrote, as play's --plot when no game finished: the existing file keeps
// its content, and a written one replaces it with its permissions.
func TestWholeOutputUnwritten(t *testing.T) {
	name := filepath.Join(t.TempDir(), "p.svg")
	require.NoError(t, os.WriteFile(name, []byte("old\n"), 0o600))
	outs := outFiles{cmd: "test"}
	outs.add("plot", name, outWhole)
	require.NoError(t, outs.open(context.Background()))
	require.NoError(t, outs.close(false))
	got, err := os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "old\n", string(got))

	out := outs.add("plot", name, outWhole)
	outs.files = outs.files[1:]
	require.NoError(t, outs.open(context.Background()))
	_, err = io.WriteString(out, "new\n")
	require.NoError(t, err)
	require.NoError(t, outs.close(false))
	got, err = os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "new\n", string(got))
	fi, err := os.Stat(name)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	entries, err := os.ReadDir(filepath.Dir(name))
	require.NoError(t, err)
	assert.Len(t, entries, 1)
}
