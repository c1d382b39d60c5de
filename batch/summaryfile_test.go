package batch

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shardFiles plays games 0..games-1 of c in n shards and returns each
// shard's summary file, encoded and parsed back.
func shardFiles(t *testing.T, c Config, games, n int) []SummaryFile {
	t.Helper()
	var files []SummaryFile
	for k := range n {
		from, to := Shard(k, n, games)
		s, _ := runRecords(t, c, from, to, 1)
		f := NewSummaryFile([]Summary{s}, games, ShardRange{Index: k, Shards: n, From: from, To: to}, "--guesser local", time.Second)
		var buf bytes.Buffer
		require.NoError(t, f.Encode(&buf))
		back, err := ParseSummaryFile(fmt.Sprintf("shard-%d.json", k), buf.Bytes())
		require.NoError(t, err)
		require.Equal(t, f, back, "the file read back differs from the one written")
		require.Equal(t, []Summary{s}, back.Summaries(), "the summaries read back differ from those written")
		files = append(files, back)
	}
	return files
}

// TestMergeSummaryFiles merges the files of a run's shards, in any order:
// the merged file is the single run's, times aside, and complete.
func TestMergeSummaryFiles(t *testing.T) {
	const games = 30
	for _, vs := range []bool{false, true} {
		c := testConfig(vs)
		files := shardFiles(t, c, games, 3)
		whole, _ := runRecords(t, c, 0, games, 2)
		want := NewSummaryFile([]Summary{whole}, games, ShardRange{Shards: 1, To: games}, "--guesser local", 3*time.Second)
		names := []string{"c", "b", "a"}
		got, err := MergeSummaryFiles(names, []SummaryFile{files[2], files[1], files[0]})
		require.NoError(t, err)
		assert.True(t, got.Complete)
		assert.Equal(t, untimedFile(want), untimedFile(got), "vs %v", vs)
		assert.Equal(t, 3.0, got.WallSeconds, "the wall time is the sum of the shards'")
	}
}

// untimedFile returns f without its times, which no two runs share.
func untimedFile(f SummaryFile) SummaryFile {
	f.WallSeconds = 0
	f.Levels = append([]SummaryLevel(nil), f.Levels...)
	for i := range f.Levels {
		l := &f.Levels[i]
		l.Base.ElapsedNs, l.Base.MsPerGame = 0, 0
		if l.Vs != nil {
			vs, paired := *l.Vs, *l.Paired
			vs.ElapsedNs, vs.MsPerGame, paired.TimeRatio = 0, 0, 0
			l.Vs, l.Paired = &vs, &paired
		}
	}
	return f
}

func TestMergeSummaryFilesErrors(t *testing.T) {
	files := shardFiles(t, testConfig(false), 30, 3)
	other := files[1]
	other.Seed = 4
	interrupted := files[1]
	interrupted.Complete = false
	interrupted.Levels = []SummaryLevel{files[1].Levels[0]}
	interrupted.Levels[0].To = interrupted.Levels[0].From
	interrupted.Levels[0].Base = SummaryPlayer{Strategy: files[1].Levels[0].Base.Strategy}
	slow := files[1]
	slow.Levels = []SummaryLevel{files[1].Levels[0]}
	slow.Levels[0].Base.ElapsedNs = math.MaxInt64
	otherAgent := files[1]
	otherAgent.Agent.Strategy, otherAgent.Agent.Lookahead = "fast", 8
	for _, tc := range []struct {
		name  string
		files []SummaryFile
		want  string
	}{
		{"missing shard", []SummaryFile{files[0], files[2]}, "beginner: games 10-19 missing: no summary counts them (a shard not given?)"},
		{"missing last shard", []SummaryFile{files[0], files[1]}, "beginner: games 20-29 missing: no summary counts them"},
		{"shard twice", []SummaryFile{files[0], files[1], files[1]}, "beginner: games 10-19 counted twice, by f1 and f2"},
		{"other run", []SummaryFile{files[0], other, files[2]}, "f0 and f1 are of different runs: seed 3 and 4"},
		{"interrupted", []SummaryFile{files[0], interrupted, files[2]}, "beginner: games 10-19 missing: f1 (shard 1/3, games 10-19) was interrupted"},
		{"none", nil, "batch: 0 summary files for 0 names"},
		{"time overflows", []SummaryFile{files[0], slow, files[2]}, "f1: levels[0].base.elapsed_ns 9223372036854775807: the sum of the summaries' times overflows"},
		{"other agent", []SummaryFile{files[0], otherAgent, files[2]}, "f0 and f1 are of different runs: agent --strategy full and fast, --lookahead 0 and 8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var names []string
			for i := range tc.files {
				names = append(names, fmt.Sprintf("f%d", i))
			}
			_, err := MergeSummaryFiles(names, tc.files)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestParseSummaryFileErrors checks that a summary file that breaks the
// schema is refused, naming the file and what is wrong where.
func TestParseSummaryFileErrors(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, shardFiles(t, testConfig(false), 30, 3)[0].Encode(&buf))
	good := buf.String()
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"counts", `"won": \d+`, `"won": 1`, "s.json: levels[0] (beginner): base: counts of 10 games"},
		{"counts wrapping", `"won": \d+,\s*"lost": \d+,\s*"stuck": \d+`, `"won": 9223372036854775807, "lost": 9223372036854775807, "stuck": 12`, "base: counts of 10 games"},
		{"schema", regexp.QuoteMeta(SummarySchema), "minesat.summary/9", `s.json: schema "minesat.summary/9": want "minesat.summary/1"`},
		{"key in another case", `"won": `, `"Won": 0, "won": `, "s.json:38:9: not a run summary: unknown key /levels/0/base/Won (keys are case-sensitive"},
		{"key twice", `"won": `, `"won": 0, "won": `, "s.json:38:19: not a run summary: key /levels/0/base/won given twice"},
		{"wrong type", `"seed": 3`, `"seed": "3"`, "s.json:3:11: not a run summary: key /seed: want an integer, got a string"},
		{"not JSON", `(?s).*`, "level rules\n", "s.json:1:1: not a run summary: not valid JSON: invalid character 'l'"},
		{"no level", `"levels": \[`, `"levels": [], "x": [`, "s.json:23:17: not a run summary: unknown key /x"},
		{"shard", `"index": 0`, `"index": 3`, "s.json: shard 3 of 3: want 0 <= index < count"},
		{"shard to", `"to": 10\n  }`, `"to": 11}`, "s.json: shard 0/3 of 30 games counts games 0 to 10, not shard.from 0 and shard.to 11"},
		{"shard count", `"count": 3`, `"count": 31`, "s.json: shard count 31: want 1 to the 30 games"},
		{"wall", `"wall_seconds": [0-9.]+`, `"wall_seconds": -1`, "s.json: wall_seconds -1: want 0 to 9223372037"},
		{"complete", `"complete": true`, `"complete": false`, "s.json: complete false: want true, as the levels' games from and to say"},
		{"elapsed", `"elapsed_ns": \d+`, `"elapsed_ns": 9223372036854775807`, "s.json: levels[0] (beginner): base.ms_per_game "},
		{"elapsed negative", `"elapsed_ns": \d+`, `"elapsed_ns": -1`, "s.json: levels[0] (beginner): base.elapsed_ns -1: want 0 or more"},
		{"guesses", `"guesses": \d+`, `"guesses": 1000000`, "s.json: levels[0] (beginner): base.guesses 1000000: want 0 to 81 a game"},
		{"win rate", `"win_rate": [0-9.]+`, `"win_rate": 0.25`, "s.json: levels[0] (beginner): base.win_rate 0.25: want 1, as the counts give"},
		{"strategy", `"strategy": "full",\s*"guesser"`, `"strategy": "fast", "guesser"`, `s.json: levels[0] (beginner): base.strategy "fast", no_guess false: want the agent's, "full" and false`},
		{"agent", `"lookahead": \d+`, `"lookahead": -1`, "s.json: agent: lookahead -1: want 0 or more"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at := regexp.MustCompile(tc.old).FindStringIndex(good)
			require.NotNil(t, at, "no %s in the summary", tc.old)
			_, err := ParseSummaryFile("s.json", []byte(good[:at[0]]+tc.new+good[at[1]:]))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := ParseSummaryFile("s.json", []byte("\uFEFF"+good))
	assert.NoError(t, err, "a byte order mark is skipped")
}

// TestReadSummaryFileLimit checks that an input over MaxSummaryBytes is
// refused after reading no more than the limit.
func TestReadSummaryFileLimit(t *testing.T) {
	r := &countingZeros{}
	_, err := ReadSummaryFile("/dev/zero", r)
	require.Error(t, err)
	assert.Equal(t, "/dev/zero: over 1048576 bytes (1 MiB): a run summary takes a few KB; is it one?", err.Error())
	assert.LessOrEqual(t, r.n, MaxSummaryBytes+4096, "read on past the limit")
}

// countingZeros is an endless input of zeros that counts the bytes read.
type countingZeros struct{ n int }

func (z *countingZeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += len(p)
	return len(p), nil
}
