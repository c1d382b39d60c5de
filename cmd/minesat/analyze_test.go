package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/minesat/minesat/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// analyzeCases are the positions of testdata/analyze: a forced move, a
// resolution, a guess by lookahead on expert, an endgame search, a 50/50,
// no solution, and a grid with flags and no total.
var analyzeCases = []struct {
	name string
	code int
}{
	{"case1", 0}, {"size8", 0}, {"expert", 0}, {"endgame", 0}, {"fifty", 0}, {"unsat", 1}, {"flags", 0},
}

func TestAnalyzeGolden(t *testing.T) {
	for _, tc := range analyzeCases {
		t.Run(tc.name, func(t *testing.T) {
			in := "testdata/analyze/" + tc.name + ".txt"
			for _, format := range []string{"text", "json"} {
				r := runCmd(t, "", nil, "analyze", "--format", format, in)
				require.Equal(t, tc.code, r.code, "stderr: %s", r.err)
				assert.Empty(t, r.err)
				checkGolden(t, "analyze/"+tc.name+map[string]string{"text": ".out", "json": ".json"}[format], []byte(r.out))
			}
		})
	}
}

// TestAnalyzeColor checks the terminal's colours: present on a terminal,
// gone under NO_COLOR or --no-color, and the same text once stripped.
func TestAnalyzeColor(t *testing.T) {
	run := func(env map[string]string, args ...string) string {
		var out, errb bytes.Buffer
		s := &stdio{out: &out, err: &errb, outTTY: true, getenv: func(k string) string { return env[k] },
			openInput: func(name string) (io.ReadCloser, error) { return os.Open(name) }}
		require.NoError(t, run(context.Background(), append([]string{"analyze"}, args...), s))
		return out.String()
	}
	colored := run(nil, "testdata/analyze/size8.txt")
	checkGolden(t, "analyze/size8.ansi", []byte(colored))
	plain := run(map[string]string{"NO_COLOR": "1"}, "testdata/analyze/size8.txt")
	assert.NotContains(t, plain, "\x1b[")
	assert.Equal(t, plain, ansi.ReplaceAllString(colored, ""))
	assert.Equal(t, plain, run(nil, "--no-color", "testdata/analyze/size8.txt"))
}

func TestAnalyzeJSONShape(t *testing.T) {
	r := runCmd(t, "", nil, "analyze", "--format", "json", "testdata/analyze/expert.txt")
	require.Equal(t, 0, r.code, r.err)
	var got struct {
		Rows, Cols    int
		Mines         *int
		Satisfiable   *bool
		Solutions     string
		Probabilities [][]*float64
		Move          struct {
			Op     string
			Cell   [2]int
			Rule   string
			Forced bool
			Chosen string
			Score  *float64
			Runner *[2]int `json:"runner_up"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.out), &got))
	assert.Equal(t, 16, got.Rows)
	assert.Equal(t, 30, got.Cols)
	require.NotNil(t, got.Mines)
	assert.Equal(t, 99, *got.Mines)
	assert.Equal(t, new(true), got.Satisfiable)
	assert.NotEmpty(t, got.Solutions)
	require.Len(t, got.Probabilities, 16)
	assert.Len(t, got.Probabilities[0], 30)
	assert.Equal(t, "open", got.Move.Op)
	assert.Equal(t, "guess", got.Move.Rule)
	assert.Equal(t, "lookahead", got.Move.Chosen)
	assert.NotNil(t, got.Move.Score)
	assert.NotNil(t, got.Move.Runner)
}

// TestAnalyzeExpertFast times analyze on an expert position in the middle
// of a game: well under a second (about 0.15 s on a loaded 2-core
// machine); the bound is loose against a shared machine's noise.
func TestAnalyzeExpertFast(t *testing.T) {
	start := time.Now()
	r := runCmd(t, "", nil, "analyze", "testdata/analyze/expert.txt")
	require.Equal(t, 0, r.code, r.err)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestAnalyzeUsage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"help", "", []string{"-h"}, 0, "--format json prints one object", ""},
		{"no file", "", nil, 2, "", "want one puzzle file"},
		{"two files", "", []string{"a", "b"}, 2, "", "want one puzzle file"},
		{"bad format", "", []string{"--format", "xml", "-"}, 2, "", `--format "xml": want text or json`},
		{"bad depth", "", []string{"--depth", "3", "-"}, 2, "", "--depth 3: want 1 to 2"},
		{"local lookahead", "", []string{"--guesser", "local", "--lookahead", "3", "-"}, 2, "", "--lookahead applies to --guesser exact"},
		{"missing file", "", []string{"testdata/analyze/none.txt"}, 2, "", "no such file"},
		{"parse error", "2 2 1\n1 x\n-1 -1\n", []string{"-"}, 2, "", "<stdin>:2:3:"},
		{"invalid", "2 2 5\n1 1\n-1 -1\n", []string{"-"}, 1, "", "<stdin> has no solution: game: invalid puzzle: 5 mines but only 2 unknown cells"},
		{"stdin", "2 2 1\n1 1\n-1 -1\n", []string{"-"}, 0, "layouts: 2", ""},
		{"local guesser", "2 2 1\n1 1\n-1 -1\n", []string{"--guesser", "local", "-"}, 0, "chosen by local estimate", ""},
		{"no guess", "2 2 1\n1 1\n-1 -1\n", []string{"--no-guess", "-"}, 0, "move: none", ""},
		{"negative sample", "", []string{"--sample", "-1", "-"}, 2, "", "--sample -1: want 0 to 100000 layouts"},
		{"sample", "2 2 1\n1 1\n-1 -1\n", []string{"--sample", "1", "-"}, 0, "sample 1: (1,", ""},
		{"think count", "", []string{"--think-time", "2", "-"}, 2, "", "--think-time 2: want a duration such as 500ms or 2s (--think takes a count of rollouts)"},
		{"think word", "", []string{"--think-time", "long", "-"}, 2, "", "--think-time long: want a duration such as 500ms or 2s ("},
		{"think negative", "", []string{"--think-time", "-1s", "-"}, 2, "", "want a duration of 0 or more"},
		{"think rollouts negative", "", []string{"--think", "-3", "-"}, 2, "", "--think -3: want 0 or more"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.stdin, nil, append([]string{"analyze"}, tc.args...)...)
			assert.Equal(t, tc.code, r.code, "stdout: %s\nstderr: %s", r.out, r.err)
			if tc.stdout != "" {
				assert.Contains(t, r.out, tc.stdout)
			}
			if tc.stderr != "" {
				assert.Contains(t, r.err, tc.stderr)
				assert.True(t, strings.HasPrefix(r.err, "minesat: analyze: ") || tc.code == 0, r.err)
			}
		})
	}
}

// TestPlayerForms runs the commands on positions as players have them:
// flags and an unknown total, in the seeds' format and in the grid, with a
// byte order mark. solve and analyze handle them; the commands that need
// the total refuse it clearly.
func TestPlayerForms(t *testing.T) {
	const grid = "\uFEFFmines ?\n1..\n...\n"
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"analyze grid", grid, []string{"analyze", "-"}, 0, "board 2x3, mines: unknown", ""},
		{"analyze seeds flag", "2 2 ?\n1 F\n-1 -1\n", []string{"analyze", "-"}, 0, "forced safe: (1,0)(1,1)", ""},
		{"analyze wrong flag", "mines ?\n0F\n..\n", []string{"analyze", "-"}, 1, "no solution: the flag at (0,1) contradicts the hints", ""},
		{"analyze json unknown", grid, []string{"analyze", "--format", "json", "-"}, 0, `"mines":null`, ""},
		{"solve grid", grid, []string{"solve", "--count", "-"}, 0, "count: 12", ""},
		{"solve json unknown", grid, []string{"solve", "--format", "json", "-"}, 0, `"mines":null`, ""},
		{"solve wrong flag", "3 3 1\n0 F -1\n-1 -1 -1\n-1 -1 -1\n", []string{"solve", "-"}, 1, "no solution", "the flag at (0,1) contradicts the hints and the 1-mine total"},
		{"solve backtrack unknown", grid, []string{"solve", "--method", "backtrack", "-"}, 2, "", "the mine total is unknown (?): --method backtrack needs it"},
		{"cnf unknown", grid, []string{"cnf", "-"}, 2, "", "cnf: <stdin>: the mine total is unknown (?)"},
		{"compare unknown", grid, []string{"compare", "-"}, 2, "", "compare: <stdin>: the mine total is unknown (?)"},
		{"grid error", "mines 2\n1..\n1x.\n", []string{"analyze", "-"}, 2, "", "analyze: <stdin>:3:2: \"x\" is not a cell"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.stdin, nil, tc.args...)
			assert.Equal(t, tc.code, r.code, "stdout: %s\nstderr: %s", r.out, r.err)
			assert.Contains(t, r.out, tc.stdout)
			assert.Contains(t, r.err, tc.stderr)
		})
	}
}

// TestAnalyzeSample draws layouts with --sample: every one fits the
// position (hints, flags, total), the same --seed gives the same layouts
// in text and JSON, another seed others, and both layouts of a 50/50 come.
func TestAnalyzeSample(t *testing.T) {
	in := "testdata/analyze/flags.txt"
	f, err := os.Open(in)
	require.NoError(t, err)
	defer f.Close()
	p, err := game.ParsePuzzle(in, f)
	require.NoError(t, err)
	draw := func(seed string) [][][2]int {
		r := runCmd(t, "", nil, "analyze", "--format", "json", "--sample", "200", "--seed", seed, in)
		require.Equal(t, 0, r.code, r.err)
		var got struct {
			Samples struct {
				Seed    uint64
				Layouts [][][2]int
			}
		}
		require.NoError(t, json.Unmarshal([]byte(r.out), &got))
		require.Len(t, got.Samples.Layouts, 200)
		return got.Samples.Layouts
	}
	a, b := draw("7"), draw("8")
	assert.Equal(t, a, draw("7"), "the same seed")
	assert.NotEqual(t, a, b, "another seed")
	distinct := map[string]bool{}
	for _, l := range append(a, b...) {
		mines := make([]int, len(l))
		for k, c := range l {
			mines[k] = p.Board.Index(game.PosOf(c))
		}
		assert.NoError(t, p.Satisfies(mines), "layout %v", l)
		distinct[fmt.Sprint(l)] = true
	}
	assert.Greater(t, len(distinct), 1, "the position has several layouts")
	text := runCmd(t, "", nil, "analyze", "--sample", "200", "--seed", "7", in)
	require.Equal(t, 0, text.code, text.err)
	assert.Contains(t, text.out, "sample 200: ")
}

// limitWriter records the soft memory limit in force when it is first
// written to.
type limitWriter struct {
	bytes.Buffer
	limit int64
}

func (w *limitWriter) Write(p []byte) (int, error) {
	if w.limit == 0 {
		w.limit = debug.SetMemoryLimit(-1)
	}
	return w.Buffer.Write(p)
}

// TestAnalyzeMemoryLimit checks that analyze runs under a soft memory
// limit of 128 B a cell, 96 MiB at least, unless GOMEMLIMIT is set, and
// gives the limit back when it returns.
func TestAnalyzeMemoryLimit(t *testing.T) {
	const unset = math.MaxInt64
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(unset))
	big, err := game.NewPuzzle(1000, 1000, 0) // 1,000,000 cells
	require.NoError(t, err)
	assert.Equal(t, int64(128_000_000), analyzeMemLimit(big))
	for _, tc := range []struct {
		name string
		env  map[string]string
		want int64
	}{
		{"unset", nil, 96 << 20},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, unset},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out limitWriter
			s := &stdio{out: &out, err: io.Discard, getenv: func(k string) string { return tc.env[k] },
				openInput: func(name string) (io.ReadCloser, error) { return os.Open(name) }}
			require.NoError(t, run(context.Background(), []string{"analyze", "testdata/analyze/size8.txt"}, s))
			assert.Equal(t, tc.want, out.limit)
			assert.Equal(t, int64(unset), debug.SetMemoryLimit(-1), "given back")
		})
	}
}
