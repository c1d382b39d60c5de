package main

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/scripts/internal/docgen"
)

// update rewrites the golden file: go test ./scripts/thinkcurve -update.
var update = flag.Bool("update", false, "rewrite testdata/golden.md")

// The test runs (testdata/runs, made by doc.go's commands with --games 60
// or 40 and the budgets 16 and 64 on beginner): seed 1's think 64 lost
// games 57 and 59 that the default won, seed 5's think 64 won game 15 that
// the default lost, and think 256 never finished.
const (
	testRuns = "testdata/runs"
	testRefs = "testdata/refs"
)

// finishedAt is the time the golden test gives the runs' .done files.
var finishedAt = time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)

// copyRuns copies the test runs to a new directory and dates their .done
// files finishedAt.
func copyRuns(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "runs")
	require.NoError(t, os.CopyFS(dir, os.DirFS(testRuns)))
	done, err := filepath.Glob(filepath.Join(dir, "*.done"))
	require.NoError(t, err)
	for _, f := range done {
		require.NoError(t, os.Chtimes(f, finishedAt, finishedAt))
	}
	return dir
}

// TestGolden runs the tool on the test runs, writing the plot and
// rewriting a results file's block, and compares what it prints with
// testdata/golden.md (the runs' directory written DIR).
func TestGolden(t *testing.T) {
	dir := copyRuns(t)
	docs := t.TempDir()
	results := filepath.Join(docs, "results.md")
	before := "# Results\n\ntext\n\n" + marker.BeginPrefix() + " -->\nold\n" + marker.End() + "\n\nafter\n"
	require.NoError(t, os.WriteFile(results, []byte(before), 0o644))
	png := filepath.Join(docs, "think-curve.png")

	var stdout, stderr bytes.Buffer
	require.NoError(t, run([]string{"-dir", dir, "-refs", testRefs, "-plot", png, "-update", results}, &stdout, &stderr), stderr.String())
	assert.Equal(t, "thinkcurve: not finished, left out: beginner-safe-s1-g60-think256\nthinkcurve: wrote "+results+"\n", stderr.String())
	got := strings.NewReplacer(dir, "DIR", docs, "DOCS").Replace(stdout.String())
	golden := filepath.Join("testdata", "golden.md")
	if *update {
		require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), got, "go test ./scripts/thinkcurve -update rewrites %s", golden)

	// The file's block is what was printed, and the rest is as it was.
	data, err := os.ReadFile(results)
	require.NoError(t, err)
	body, err := marker.Extract(string(data))
	require.NoError(t, err)
	assert.Equal(t, marker.Print(body), stdout.String())
	assert.Equal(t, "# Results\n\ntext\n\n"+marker.Begin()+"\n"+body+marker.End()+"\n\nafter\n", string(data))
	assert.Contains(t, body, "](think-curve.png)\n", "the image's path is relative to the file")

	img, err := os.ReadFile(png)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(img, []byte("\x89PNG")), "the plot is a PNG")
}

// TestGoldenShape checks the golden output's figures against the test
// runs' known games, so that the golden file is not merely what the tool
// printed once.
func TestGoldenShape(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "golden.md"))
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	var tables [][][]string
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "| level, rules |") {
			table, rest, err := docgen.ParseTable(lines[i:])
			require.NoError(t, err)
			tables = append(tables, table)
			i = len(lines) - len(rest)
		}
	}
	require.Len(t, tables, 3, "the curve, the references and the phases")
	curve, refs, phases := tables[0], tables[1], tables[2]
	require.Len(t, curve, 4)
	assert.Equal(t, []string{"beginner, safe", "1", "16", "60", "93.33% [84.07, 97.38]", "93.33% [84.07, 97.38]", "56 / 0 / 0 / 4", "+0.00 [+0.00, +0.00]", "+0.00"}, curve[1][:9])
	assert.Equal(t, []string{"beginner, safe", "1", "64", "60", "90.00% [79.85, 95.34]", "93.33% [84.07, 97.38]", "54 / 2 / 0 / 4", "-3.33 [-7.88, +1.21]", "-1.41"}, curve[2][:9])
	assert.Equal(t, []string{"beginner, safe", "5", "64", "40"}, curve[3][:4], "paired on the 40 games both played")
	assert.Equal(t, "37 / 0 / 1 / 2", curve[3][6])
	require.Len(t, refs, 3, "the made-up player covers seed 1 only")
	assert.Equal(t, "+6.67 [-1.16, +14.49]", refs[2][6], "it won 4 games think 64 lost and lost 0 it won")
	require.Len(t, phases, 4)
	assert.Equal(t, []string{"0 / 2", "0 / 0", "0 / 0"}, phases[2][3:6], "seed 1's games 57 and 59, lost before the first opening")
	assert.Equal(t, []string{"1 / 0", "0 / 0", "0 / 0"}, phases[3][3:6], "seed 5's game 15")
	assert.Contains(t, string(data), "Every game one player alone won has a guess the search replaced")
}

func TestParseRunName(t *testing.T) {
	for s, want := range map[string]runName{
		"expert-safe-s1-g2000-think16":        {Level: "expert", Rules: "safe", Seed: 1, Games: 2000, Think: 16},
		"beginner-zero-s3-g20000-default":     {Level: "beginner", Rules: "zero", Seed: 3, Games: 20000},
		"intermediate-safe-s3-g4000-think256": {Level: "intermediate", Rules: "safe", Seed: 3, Games: 4000, Think: 256},
	} {
		got, ok := parseRunName(s)
		require.True(t, ok, s)
		assert.Equal(t, want, got)
		assert.Equal(t, s, got.String())
	}
	for _, s := range []string{"expert-safe-s1-g2000", "expert-safe-s1-g0-default", "expert-safe-s1-g10-think0", "run", "commit",
		"expert-safe-s1-g10-think16.jsonl", "expert-safe-s99999999999999999999-g10-default"} {
		_, ok := parseRunName(s)
		assert.False(t, ok, s)
	}
}

func TestReadTime(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text string
		cpu        float64
		err        string
	}{
		{"plain", "137.26 2.90 74.51\n", 140.16, ""},
		{"exit status first", "Command exited with non-zero status 1\n1.5 0.5 2.0\n", 2, ""},
		{"empty", "", 0, `want "user sys elapsed" seconds`},
		{"words", "a b c\n", 0, `"a" is not a number`},
		{"negative", "-1 0 1\n", 0, `"-1" is not a number`},
		{"no time", "0 0 1\n", 0, "no CPU time"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".time")
			require.NoError(t, os.WriteFile(path, []byte(tc.text), 0o644))
			cpu, err := readTime(path)
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.InDelta(t, tc.cpu, cpu, 1e-9)
		})
	}
}

// testPairing pairs two runs of game 0 of run seed seed, the default's
// outcome baseWon and the think run's thinkWon.
func testPairing(seed int64, baseWon, thinkWon bool) *pairing {
	mk := func(think int, won bool) *runData {
		return &runData{runName: runName{Level: "beginner", Rules: "safe", Seed: seed, Games: 1, Think: think},
			out: &batch.Reference{Seed: seed, Won: []bool{won}}}
	}
	return &pairing{think: mk(16, thinkWon), base: mk(0, baseWon), games: 1}
}

// TestAddGame checks that a record must be of its game and outcome, that
// a game one player alone won is counted at its first replaced guess, and
// that one without a replaced guess is reported.
func TestAddGame(t *testing.T) {
	s := newScenario(t)
	kept := s.closed(false)
	s.guess(kept, kept)
	plain := s.rec // a search that kept the guesser's choice
	s.rec.Guesses = maps.Clone(s.rec.Guesses)
	zero := s.closed(true)
	s.guess(zero, kept) // replaced, before the first opening

	p := testPairing(s.runSeed, true, false)
	require.NoError(t, p.addGame(0, &s.rec))
	assert.Equal(t, phaseCounts{OnlyDefault: 1, Searched: 2, Replaced: 1}, p.phases[BeforeOpening])
	assert.Empty(t, p.unexplained)

	p = testPairing(s.runSeed, true, false)
	require.NoError(t, p.addGame(0, &plain))
	assert.Equal(t, phaseCounts{Searched: 1}, p.phases[BeforeOpening])
	assert.Equal(t, []int{0}, p.unexplained, "the default alone won, and the search replaced nothing")

	p = testPairing(s.runSeed, false, false)
	require.NoError(t, p.addGame(0, &plain))
	assert.Empty(t, p.unexplained, "both lost: nothing to explain")

	err := testPairing(s.runSeed, false, true).addGame(0, &s.rec)
	assert.ErrorContains(t, err, "the record is stuck, the outcomes file says won")
	err = testPairing(s.runSeed+1, false, false).addGame(0, &s.rec)
	assert.ErrorContains(t, err, fmt.Sprintf("seed %d: want %d, the seed of game 0 of run seed %d", s.rec.Seed, game.GameSeed(s.runSeed+1, 0), s.runSeed+1))
}

// TestBadInput checks that bad flags and directories give errors that say
// what is wrong, and that a file without the block is left untouched.
func TestBadInput(t *testing.T) {
	empty := t.TempDir()
	noMarkers := filepath.Join(t.TempDir(), "results.md")
	require.NoError(t, os.WriteFile(noMarkers, []byte("# Results\n"), 0o644))
	defaultOnly := t.TempDir()
	for _, f := range []string{"beginner-safe-s1-g60-default.txt", "beginner-safe-s1-g60-default.time", "beginner-safe-s1-g60-default.done"} {
		data, err := os.ReadFile(filepath.Join(testRuns, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(defaultOnly, f), data, 0o644))
	}
	misnamed := t.TempDir()
	require.NoError(t, os.CopyFS(misnamed, os.DirFS(testRuns)))
	seed1, err := os.ReadFile(filepath.Join(testRuns, "beginner-safe-s1-g60-default.txt"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(misnamed, "beginner-safe-s5-g60-default.txt"), seed1, 0o644))
	norecord := t.TempDir()
	require.NoError(t, os.CopyFS(norecord, os.DirFS(testRuns)))
	require.NoError(t, os.Remove(filepath.Join(norecord, "beginner-safe-s1-g60-think16.jsonl.gz")))
	torn := t.TempDir()
	require.NoError(t, os.CopyFS(torn, os.DirFS(testRuns)))
	rec := filepath.Join(torn, "beginner-safe-s1-g60-think16.jsonl.gz")
	data, err := os.ReadFile(rec)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(rec, data[:len(data)/2], 0o644))

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no dir", nil, "-dir is required"},
		{"argument", []string{"-dir", testRuns, "extra"}, `unexpected argument "extra"`},
		{"flag", []string{"-nope"}, "flag provided but not defined: -nope"},
		{"missing dir", []string{"-dir", filepath.Join(empty, "none")}, "no such file or directory"},
		{"no runs", []string{"-dir", empty, "-refs", ""}, "no finished think run"},
		{"defaults only", []string{"-dir", defaultOnly, "-refs", ""}, "no finished think run"},
		{"refs without files", []string{"-dir", testRuns, "-refs", empty}, "no reference files"},
		{"outcomes of another run", []string{"-dir", misnamed, "-refs", ""}, "beginner-safe-s5-g60-default.txt: the outcomes are of beginner, safe, seed 1; the name says beginner, safe, seed 5"},
		{"no record", []string{"-dir", norecord, "-refs", ""}, "beginner-safe-s1-g60-think16.jsonl.gz: no such file"},
		{"torn record", []string{"-dir", torn, "-refs", ""}, "beginner-safe-s1-g60-think16.jsonl.gz:30: the compressed stream ends early"},
		{"plot format", []string{"-dir", testRuns, "-refs", "", "-plot", filepath.Join(empty, "curve.gif")}, "want a .svg or .png file name"},
		{"no markers", []string{"-dir", testRuns, "-refs", "", "-update", noMarkers}, noMarkers + `: no line starting "<!-- numbers:thinkcurve:begin"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			err := run(tc.args, &out, &errs)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	data, err = os.ReadFile(noMarkers)
	require.NoError(t, err)
	assert.Equal(t, "# Results\n", string(data))
}

// TestGains checks the plot's points on the test runs: a default point
// and a point a budget, the seeds of think 64 pooled.
func TestGains(t *testing.T) {
	runs, _, err := loadRuns(testRuns)
	require.NoError(t, err)
	ps, left := pairRuns(runs, nil)
	require.Empty(t, left)
	gs := gains(ps)
	require.Len(t, gs, 3)
	for _, g := range gs {
		assert.Equal(t, "beginner", g.Series)
	}
	assert.Equal(t, []string{"default", "think 16", "think 64"}, []string{gs[0].Label, gs[1].Label, gs[2].Label})
	assert.InDelta(t, 1000*(0.04+0.04)/120, gs[0].CPU, 1e-9, "the two default runs' CPU time over their 120 games")
	assert.Zero(t, gs[0].Diff)
	// Think 64: seed 1 lost 2 games the default won (of 60), seed 5 won 1
	// the default lost (of 40).
	assert.InDelta(t, -1.0, gs[2].Diff, 1e-9)
	assert.InDelta(t, 1000*(0.35+0.32)/100, gs[2].CPU, 1e-9, "the think runs' CPU time over their 100 games")
	assert.True(t, gs[2].Lo < -1 && gs[2].Hi > -1)
}

// TestUnexplainedLine checks the line under the phase table when games
// one player alone won have no replaced guess.
func TestUnexplainedLine(t *testing.T) {
	p := testPairing(1, true, false)
	assert.Equal(t, "Every game one player alone won has a guess the search replaced, as it must.", unexplainedLine([]*pairing{p}))
	p.unexplained = []int{3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377}
	assert.Equal(t, "**11 games one player alone won have no guess the search replaced**, which the search's separate random "+
		"source should rule out: beginner-safe-s1-g1-think16: 11 of them (games 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, ...).",
		unexplainedLine([]*pairing{p}))
}

func TestPoints(t *testing.T) {
	for _, tc := range []struct {
		d, lo, hi float64
		want      string
	}{
		{-0.0005, -0.0027, 0.0017, "-0.05 [-0.27, +0.17]"},
		{0, 0, 0, "+0.00 [+0.00, +0.00]"},
		{0.00015, 0.00001, 0.00029, "+0.01 [+0.00, +0.03]"},
		{0.0001, 0.00001, 0.00019, "+0.010 [+0.001, +0.019]"},
		{3e-6, -2e-6, 8e-6, "+0.0003 [-0.0002, +0.0008]"},
	} {
		assert.Equal(t, tc.want, points(tc.d, tc.lo, tc.hi))
	}
}

// TestPairRunsLeftOut checks that a think run whose games a larger run of
// the same budget holds, and one with no default run, are left out and
// named, so that no game is counted twice.
func TestPairRunsLeftOut(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(testRuns)))
	data, err := os.ReadFile(filepath.Join(testRuns, "beginner-safe-s1-g60-think64.txt"))
	require.NoError(t, err)
	text := string(data)
	cut := strings.Index(text, "from 0\n") + len("from 0\n")
	for name, body := range map[string]string{
		"beginner-safe-s1-g30-think64": text[:cut] + text[cut:cut+30] + "\n",             // the first 30 games of the 60
		"beginner-safe-s9-g60-think64": strings.Replace(text, "seed 1\n", "seed 9\n", 1), // no default of seed 9
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".txt"), []byte(body), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".time"), []byte("0.1 0 0.1\n"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".done"), []byte("ok\n"), 0o644))
	}
	runs, _, err := loadRuns(dir)
	require.NoError(t, err)
	ps, left := pairRuns(runs, nil)
	assert.Equal(t, []string{
		"beginner-safe-s1-g30-think64 (its games are in beginner-safe-s1-g60-think64)",
		"beginner-safe-s9-g60-think64 (no finished default run of its level, rules and seed)",
	}, left)
	require.Len(t, ps, 3)
	for _, p := range ps {
		assert.NotEqual(t, 30, p.think.Games)
	}
}

// TestAnyDir checks that the block names no directory of the machine that
// read the runs.
func TestAnyDir(t *testing.T) {
	for _, tc := range []struct{ in, want []string }{
		{[]string{"-dir", "/work/x", "-plot", "p.png"}, []string{"-dir", "DIR", "-plot", "p.png"}},
		{[]string{"-dir=/work/x"}, []string{"-dir=DIR"}},
		{[]string{"--dir", "runs"}, []string{"--dir", "DIR"}},
	} {
		assert.Equal(t, tc.want, anyDir(tc.in))
	}
}
