package batch

import (
	"bytes"
	"fmt"
	"strings"
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
		f := NewSummaryFile([]Summary{s}, games, ShardRange{Index: k, Count: n, From: from, To: to}, "--guesser local", time.Second)
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
		want := NewSummaryFile([]Summary{whole}, games, ShardRange{Count: 1, To: games}, "--guesser local", 3*time.Second)
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
		{"counts", `"won": `, `"won": 1`, "s.json: level beginner: counts of 10 games"},
		{"schema", SummarySchema, "minesat.summary/9", `s.json: schema "minesat.summary/9": want "minesat.summary/1"`},
		{"key in another case", `"won": `, `"Won": 0, "won": `, "s.json: not a run summary: unknown key /levels/0/base/Won (keys are case-sensitive"},
		{"key twice", `"won": `, `"won": 0, "won": `, "s.json: not a run summary: key /levels/0/base/won given twice"},
		{"wrong type", `"seed": 3`, `"seed": "3"`, "s.json: not a run summary: key /seed: want an integer, got a string"},
		{"not JSON", good, "level rules\n", "s.json: not a run summary: not valid JSON at byte 0"},
		{"no level", `"levels": [`, `"levels": [], "x": [`, "s.json: not a run summary: unknown key /x"},
		{"shard", `"index": 0`, `"index": 3`, "s.json: shard 3 of 3: want 0 <= index < count"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, good, tc.old)
			_, err := ParseSummaryFile("s.json", []byte(strings.Replace(good, tc.old, tc.new, 1)))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := ParseSummaryFile("s.json", []byte("\uFEFF"+good))
	assert.NoError(t, err, "a byte order mark is skipped")
}
