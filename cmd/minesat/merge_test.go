package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/batch"
)

// untimedJSON masks a JSON summary's times, which no two runs share.
func untimedJSON(s string) string {
	return regexp.MustCompile(`"(ms_per_game|elapsed_ns|wall_seconds|time_ratio)": [0-9.e+-]+`).ReplaceAllString(s, `"$1": T`)
}

// untimedTable masks a text table's times and drops its footer, the one
// line a merge prints differently.
func untimedTable(s string) string {
	s = strings.TrimSuffix(s, "\n")
	s = s[:strings.LastIndex(s, "\n")+1]
	s = regexp.MustCompile(`\d+\.\d{3}\n`).ReplaceAllString(s, "T\n")
	return regexp.MustCompile(`  \d+\.\d\d\n`).ReplaceAllString(s, "  R\n")
}

// playShards plays args in n shards, each with --format json and
// --record, and returns the summaries' paths and the records concatenated
// in shard order.
func playShards(t *testing.T, dir string, n int, args ...string) ([]string, []byte) {
	t.Helper()
	var names []string
	var recs []byte
	for k := range n {
		name := filepath.Join(dir, "shard-"+string(rune('0'+k)))
		a := append([]string{"play", "--shard", string(rune('0'+k)) + "/" + string(rune('0'+n)), "--format", "json"}, args...)
		if !strings.Contains(strings.Join(args, " "), "--vs") {
			a = append(a, "--record", name+".jsonl")
		}
		r := runCmd(t, "", nil, a...)
		require.Equal(t, 0, r.code, "shard %d: %s", k, r.err)
		require.NoError(t, os.WriteFile(name+".json", []byte(r.out), 0o644))
		names = append(names, name+".json")
		if data, err := os.ReadFile(name + ".jsonl"); err == nil {
			recs = append(recs, data...)
		}
	}
	return names, recs
}

// TestMergeShards plays runs whole and in shards: merge prints the single
// run's table and JSON (times aside), whatever the order of the
// summaries, and the shards' records concatenated in shard order are the
// single run's file byte for byte.
func TestMergeShards(t *testing.T) {
	for _, tc := range []struct {
		name   string
		shards int
		args   []string
	}{
		{"one level", 3, []string{"--level", "expert", "--games", "25", "--seed", "5", "--strategy", "fast"}},
		{"two levels", 4, []string{"--level", "beginner,16x16/25", "--games", "41", "--seed", "2", "--lookahead", "0"}},
		{"vs", 2, []string{"--level", "intermediate", "--games", "40", "--seed", "3", "--lookahead", "0", "--vs", "--guesser local"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			names, recs := playShards(t, dir, tc.shards, tc.args...)
			single := filepath.Join(dir, "single.jsonl")
			args := append([]string{"play"}, tc.args...)
			vs := strings.Contains(strings.Join(tc.args, " "), "--vs")
			if !vs {
				args = append(args, "--record", single)
			}
			text := runCmd(t, "", nil, args...)
			require.Equal(t, 0, text.code, text.err)
			js := runCmd(t, "", nil, append(args, "--format", "json")...)
			require.Equal(t, 0, js.code, js.err)
			// In reverse order: merge sorts them.
			rev := append([]string(nil), names...)
			for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
				rev[i], rev[j] = rev[j], rev[i]
			}
			mt := runCmd(t, "", nil, append([]string{"merge"}, rev...)...)
			require.Equal(t, 0, mt.code, mt.err)
			assert.Equal(t, untimedTable(text.out), untimedTable(mt.out))
			assert.Regexp(t, `\n\d+ games, (each played by both, )?merged from `+string(rune('0'+tc.shards))+` summaries, seed \d+\n$`, mt.out)
			mj := runCmd(t, "", nil, append([]string{"merge", "--format", "json"}, names...)...)
			require.Equal(t, 0, mj.code, mj.err)
			assert.Equal(t, untimedJSON(js.out), untimedJSON(mj.out))
			if !vs {
				want, err := os.ReadFile(single)
				require.NoError(t, err)
				assert.True(t, bytes.Equal(byLevel(want), byLevel(recs)), "the shards' records, concatenated, differ from the single run's")
				if !strings.Contains(tc.name, "levels") {
					assert.True(t, bytes.Equal(want, recs), "the shards' records, concatenated, differ from the single run's")
				}
			}
			// A merged summary merges again, as a whole run.
			merged := filepath.Join(dir, "merged.json")
			require.NoError(t, os.WriteFile(merged, []byte(mj.out), 0o644))
			again := runCmd(t, "", nil, "merge", "--format", "json", merged)
			require.Equal(t, 0, again.code, again.err)
			assert.Equal(t, untimedJSON(js.out), untimedJSON(again.out))
		})
	}
}

// byLevel returns the record lines of data grouped by level, in their
// order within each: with several levels, a shard's record file holds its
// slice of each level in turn.
func byLevel(data []byte) []byte {
	levelKey := regexp.MustCompile(`"level":"[^"]*"`)
	var order []string
	groups := map[string][]byte{}
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		key := string(levelKey.Find(line))
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], line...)
	}
	slices.Sort(order)
	var out []byte
	for _, k := range order {
		out = append(out, groups[k]...)
	}
	return out
}

func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--level", "beginner,easy", "--games", "30", "--seed", "4", "--strategy", "kb"}
	names, _ := playShards(t, dir, 3, args...)
	other := runCmd(t, "", nil, append([]string{"play", "--shard", "1/3", "--format", "json"}, append(args, "--seed", "5")...)...)
	require.Equal(t, 0, other.code, other.err)
	otherName := filepath.Join(dir, "other.json")
	require.NoError(t, os.WriteFile(otherName, []byte(other.out), 0o644))

	// A shard stopped before it began: its summary says so.
	var out bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := run(ctx, append([]string{"play", "--shard", "1/3", "--format", "json"}, args...), &stdio{out: &out, err: &bytes.Buffer{}, getenv: func(string) string { return "" }})
	require.Equal(t, exitBudget, exitCode(err))
	stopped := filepath.Join(dir, "stopped.json")
	require.NoError(t, os.WriteFile(stopped, out.Bytes(), 0o644))
	assert.Contains(t, out.String(), `"complete": false`)

	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		return p
	}
	data, err := os.ReadFile(names[0])
	require.NoError(t, err)
	badCounts := write("bad.json", strings.Replace(string(data), `"won": `, `"won": 1`, 1))
	badSchema := write("schema.json", strings.Replace(string(data), batch.SummarySchema, "minesat.summary/9", 1))
	notJSON := write("text.json", "level rules\n")
	caseKey := write("case.json", strings.Replace(string(data), `"won": `, `"Won": 0, "won": `, 1))
	wrongType := write("type.json", strings.Replace(string(data), `"seed": 4`, `"seed": "4"`, 1))
	dupKey := write("dup.json", strings.Replace(string(data), `"won": `, `"won": 0, "won": `, 1))
	big := write("big.json", strings.Repeat(" ", batch.MaxSummaryBytes)+string(data))
	negWall := write("wall.json", regexp.MustCompile(`"wall_seconds": [0-9.e-]+`).ReplaceAllString(string(data), `"wall_seconds": -1`))
	badTo := write("to.json", strings.Replace(string(data), "\"to\": 10\n  }", "\"to\": 11}", 1))
	// One shard's time at the most an int64 holds, its ms_per_game true:
	// alone it merges, with another the sum overflows.
	data1, err := os.ReadFile(names[1])
	require.NoError(t, err)
	f1, err := batch.ParseSummaryFile(names[1], data1)
	require.NoError(t, err)
	for i := range f1.Levels {
		f1.Levels[i].Base.ElapsedNs = math.MaxInt64
		f1.Levels[i].Base.MsPerGame = time.Duration(math.MaxInt64).Seconds() * 1000 / float64(f1.Levels[i].Base.Games)
	}
	var buf bytes.Buffer
	require.NoError(t, f1.Encode(&buf))
	slow := write("slow.json", buf.String())
	slowAlone := write("slow-alone.json", regexp.MustCompile(`"elapsed_ns": \d+`).ReplaceAllString(string(data), `"elapsed_ns": 9223372036854775807`))
	fast := runCmd(t, "", nil, append([]string{"play", "--shard", "1/3", "--format", "json"}, append(args, "--strategy", "fast")...)...)
	require.Equal(t, 0, fast.code, fast.err)
	otherAgent := write("agent.json", fast.out)

	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"none", nil, "no summary given"},
		{"missing shard", []string{names[0], names[2]}, "merge: beginner: games 10-19 missing: no summary counts them (a shard not given?)"},
		{"missing last shard", []string{names[0], names[1]}, "merge: beginner: games 20-29 missing: no summary counts them"},
		{"duplicate shard", []string{names[0], names[1], names[1], names[2]}, "merge: beginner: games 10-19 counted twice, by " + names[1] + " and " + names[1]},
		{"other seed", []string{names[0], otherName, names[2]}, "merge: " + names[0] + " and " + otherName + " are of different runs: seed 4 and 5"},
		{"interrupted shard", []string{names[0], stopped, names[2]}, "merge: beginner: games 10-19 missing: " + stopped + " (shard 1/3, games 10-19) was interrupted"},
		{"counts", []string{badCounts}, "merge: " + badCounts + ": levels[0] (beginner): base: counts of 10 games"},
		{"schema", []string{badSchema}, `schema "minesat.summary/9": want "minesat.summary/1"`},
		{"key in another case", []string{caseKey}, "merge: " + caseKey + `:37:9: not a run summary: unknown key /levels/0/base/Won (keys are case-sensitive`},
		{"key twice", []string{dupKey}, "merge: " + dupKey + `:37:19: not a run summary: key /levels/0/base/won given twice`},
		{"wrong type", []string{wrongType}, "merge: " + wrongType + `:3:11: not a run summary: key /seed: want an integer, got a string`},
		{"not JSON", []string{notJSON}, "merge: " + notJSON + ":1:1: not a run summary: not valid JSON"},
		{"too big", []string{big}, "merge: " + big + ": over 1048576 bytes (1 MiB): a run summary takes a few KB"},
		{"time overflows", []string{names[0], slow, names[2]}, "merge: " + slow + ": levels[0].base.elapsed_ns 9223372036854775807: the sum of the summaries' times overflows"},
		{"time out of range", []string{slowAlone}, "merge: " + slowAlone + ": levels[0] (beginner): base.ms_per_game"},
		{"negative wall", []string{negWall}, "merge: " + negWall + ": wall_seconds -1: want 0 to 9223372037"},
		{"shard to", []string{badTo}, "merge: " + badTo + ": shard 0/3 of 30 games counts games 0 to 10, not shard.from 0 and shard.to 11"},
		{"other agent", []string{names[0], otherAgent, names[2]}, "are of different runs: agent --strategy kb and fast\n"},
		{"stdin twice", []string{"-", "-"}, "merge: - given twice"},
		{"no file", []string{filepath.Join(dir, "nowhere.json")}, "nowhere.json: no such file"},
		{"format", []string{"--format", "xml", names[0]}, `--format "xml": want text or json`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, "", nil, append([]string{"merge"}, tc.files...)...)
			assert.Equal(t, exitUsage, r.code)
			assert.Contains(t, r.err, tc.want)
			assert.Empty(t, r.out)
		})
	}
}

// TestMergeStdin merges a summary read from standard input with one from a
// file: "-" reads standard input, named <stdin> in messages.
func TestMergeStdin(t *testing.T) {
	names, _ := playShards(t, t.TempDir(), 2, "--level", "beginner", "--games", "6", "--seed", "4", "--strategy", "kb")
	first, err := os.ReadFile(names[0])
	require.NoError(t, err)
	r := runCmd(t, string(first), nil, "merge", "-", names[1])
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "6 games, merged from 2 summaries, seed 4")
	r = runCmd(t, "{}", nil, "merge", "-", names[1])
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.err, `merge: <stdin>: schema "": want "minesat.summary/1"`)
}
