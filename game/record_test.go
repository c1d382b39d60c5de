package game

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecordSchema pins the JSON of a record, key by key, to the schema in
// the README (issue 2): tools outside the project read these files.
func TestRecordSchema(t *testing.T) {
	rec := &Record{
		Level: "hard", Rows: 16, Cols: 30, MineCount: 99, Rules: "seed", Seed: 123,
		Mines:   [][2]int{{0, 1}, {15, 29}},
		Initial: PairsOf(nil),
		Moves: []MoveRecord{
			{Op: OpOpen.String(), Cell: [2]int{3, 4}, Why: WhyGuess},
			{Op: OpFlag.String(), Cell: [2]int{0, 1}, Why: "subset (1,1)"},
		},
		Outcome: Stuck,
	}
	const want = `{"version":2,"level":"hard","rows":16,"cols":30,"mine_count":99,"rules":"seed","seed":123,` +
		`"mines":[[0,1],[15,29]],"initial":[],` +
		`"moves":[{"op":"open","cell":[3,4],"why":"guess"},{"op":"flag","cell":[0,1],"why":"subset (1,1)"}],` +
		`"result":"stuck"}` + "\n"
	var buf bytes.Buffer
	w := NewRecordWriter(&buf)
	require.NoError(t, w.Write(rec))
	assert.Zero(t, buf.Len(), "the writer wrote before Flush: %q", buf.String())
	require.NoError(t, w.Flush())
	assert.Equal(t, want, buf.String())
}

// TestRecordRoundTrip writes the records of real games and reads them back.
func TestRecordRoundTrip(t *testing.T) {
	var recs []Record
	for seed := range 6 {
		rules := []Rules{RulesSeed, RulesSafe, RulesZero}[seed%3]
		g := playRandom(t, Beginner, rules, int64(seed))
		result := g.Outcome()
		if result == Unfinished {
			result = Stuck
		}
		recs = append(recs, Record{
			Level: Beginner.Name, Rows: 9, Cols: 9, MineCount: 10, Rules: rules.String(), Seed: GameSeed(7, seed),
			Mines: PairsOf(g.Mines()), Initial: PairsOf(g.Initial()),
			Moves:   []MoveRecord{{Op: OpOpen.String(), Cell: [2]int{4, 4}, Why: WhyGuess}},
			Outcome: result,
		})
	}
	var buf bytes.Buffer
	w := NewRecordWriter(&buf)
	for i := range recs {
		require.NoError(t, w.Write(&recs[i]))
	}
	require.NoError(t, w.Flush())
	assert.Equal(t, len(recs), strings.Count(buf.String(), "\n"), "one line per record")
	got, err := ReadRecords("games.jsonl", &buf)
	require.NoError(t, err)
	for i := range recs {
		recs[i].Version = RecordVersion // stamped by the writer
	}
	assert.Equal(t, recs, got)
}

func TestReadRecords(t *testing.T) {
	const good = goodRecordLine
	with := func(old, new string) string {
		t.Helper()
		if !strings.Contains(good, old) {
			t.Fatalf("%q not in the good record", old)
		}
		return strings.Replace(good, old, new, 1)
	}
	withMove := func(move string) string {
		return with(`"moves":[]`, `"moves":[{"op":"open","cell":[2,2],"why":"guess"},`+move+`]`)
	}
	tests := []struct {
		name, in string
		n        int
		err      string // the whole message, when not empty
	}{
		{"empty", "", 0, ""},
		{"blank lines skipped", "\n" + good + "\n\n" + good + "\n", 2, ""},
		{"no final newline", good, 1, ""},
		{"CRLF line ends", good + "\r\n" + good + "\r\n", 2, ""},
		{"a UTF-8 byte order mark", "\uFEFF" + good + "\n", 1, ""},
		{"version 1 said", with(`{`, `{"version":1,`), 1, ""},
		{"version 2", with(`{`, `{"version":2,`), 1, ""},
		{"null lists are empty", with(`"moves":[]`, `"moves":null`), 1, ""},
		{"a byte order mark after line 1", good + "\n\uFEFF" + good, 1, "games.jsonl:2:1: not valid JSON: invalid character '\\ufeff' at start of value"},
		{"bad JSON on line 3", good + "\n\n{\"level\":\n", 1, "games.jsonl:3:10: not valid JSON: unexpected EOF"},
		{"wrong type", with(`"rows":9`, `"rows":"nine"`), 0, `games.jsonl:1:24: field "rows": want an integer, got a string`},
		{"not an integer", with(`"seed":1`, `"seed":1.5`), 0, `games.jsonl:1:73: field "seed": want an integer, got 1.5`},
		{"too large", with(`"seed":1`, `"seed":9223372036854775808`), 0, `games.jsonl:1:73: field "seed": want an integer, got 9223372036854775808, out of range`},
		{"unknown key", with(`}`, `,"agent":"kb"}`), 0, `games.jsonl:1:137: unknown key "agent" (keys are case-sensitive; see the record schema)`},
		{"a key in another case", with(`}`, `,"Moves":[]}`), 0, `games.jsonl:1:137: unknown key "Moves" (keys are case-sensitive; see the record schema)`},
		{"a key given twice", with(`}`, `,"result":"won"}`), 0, `games.jsonl:1:137: field "result" given twice`},
		{"a move key in another case", withMove(`{"op":"open","cell":[2,3],"why":"guess","Cell":[0,0]}`), 0,
			`games.jsonl:1:199: unknown key "Cell" in field "moves"[1] (keys are case-sensitive; see the record schema)`},
		{"a cell of three", withMove(`{"op":"open","cell":[2,3,4],"why":"guess"}`), 0, `games.jsonl:1:185: field "moves"[1].cell: want [row, col], got more elements`},
		{"a cell of one", withMove(`{"op":"open","cell":[2],"why":"guess"}`), 0, `games.jsonl:1:181: field "moves"[1].cell: want [row, col], got fewer elements`},
		{"a cell of strings", withMove(`{"op":"open","cell":["2","3"],"why":"guess"}`), 0, `games.jsonl:1:180: field "moves"[1].cell[0]: want an integer, got a string`},
		{"a move not an object", withMove(`[1,2]`), 0, `games.jsonl:1:159: field "moves"[1]: want a move {"op", "cell", "why"}, got a list`},
		{"a move without why", withMove(`{"op":"open","cell":[2,3]}`), 0, `games.jsonl:1:203: field "moves"[1]: missing key "why"`},
		{"no result", with(`,"result":"stuck"`, ``), 0, `games.jsonl:1:119: missing key "result"`},
		{"null result", with(`"result":"stuck"`, `"result":null`), 0, `games.jsonl:1:120: field "result": want a string, got null`},
		{"not an object", `[1]`, 0, `games.jsonl:1:1: the line: want a record object, got a list`},
		{"a version from the future", with(`{`, `{"version":3,`), 0, `games.jsonl:1:148: field "version": 3 is not a version this program reads (1 to 2)`},
		{"a huge board in a short line", with(`"rows":9,"cols":9`, `"rows":4096,"cols":4096`), 0,
			"games.jsonl:1:142: board 4096x4096 is out of proportion to its 142-byte line: a record line of L bytes may declare at most max(65536, 8*L) = 65536 cells"},
		{"a torn gzip stream", string(gzipped(t, good+"\n"+good)[:60]), 0, "games.jsonl:1: the compressed stream ends early (a torn or truncated file)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := ReadRecords("games.jsonl", strings.NewReader(tc.in))
			assert.Len(t, recs, tc.n)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
		})
	}
}

// gzipped compresses s.
func gzipped(t testing.TB, s string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, err := zw.Write([]byte(s))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// TestRecordKeys checks that every key of the schema, and no other, is
// written, so an added field is a decision and not an accident.
func TestRecordKeys(t *testing.T) {
	b, err := json.Marshal(&Record{})
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	want := []string{"level", "rows", "cols", "mine_count", "rules", "seed", "mines", "initial", "moves", "result"}
	assert.ElementsMatch(t, want, slices.Collect(maps.Keys(m)))
}

// TestReadRecordVersion1 reads a record as version 1 wrote it (no "version"
// key, probabilities as [row, col, p] triples in full precision, the first
// click's old why), verifies it, and writes it back as version 2.
func TestReadRecordVersion1(t *testing.T) {
	f, err := os.Open("testdata/record-v1.jsonl")
	require.NoError(t, err)
	defer f.Close()
	rr := NewRecordReader("record-v1.jsonl", f)
	l, err := rr.Next()
	require.NoError(t, err)
	assert.Equal(t, 1, l.Version)
	require.NoError(t, VerifyRecord(&l.Record))
	require.NoError(t, l.Probs.Check(&l.Record))
	require.NoError(t, l.Guesses.Check(&l.Record))
	require.Len(t, l.Probs[12], 8)
	assert.InDelta(t, 1.0/3, l.Probs[12][0].P, 1e-15, "full precision")
	first, deduced, guessed := l.CountMoves()
	assert.Equal(t, [3]int{1, len(l.Moves) - 2, 1}, [3]int{first, deduced, guessed})
	_, err = rr.Next()
	assert.Equal(t, io.EOF, err)

	var buf bytes.Buffer
	w := NewRecordWriter(&buf)
	require.NoError(t, w.WriteLine(l))
	require.NoError(t, w.Flush())
	assert.True(t, strings.HasPrefix(buf.String(), `{"version":2,"level":"beginner",`), buf.String()[:40])
	l2, err := NewRecordReader("v2", &buf).Next()
	require.NoError(t, err)
	assert.Equal(t, l.Record.Moves, l2.Record.Moves)
	for i, cps := range l.Probs {
		require.Len(t, l2.Probs[i], len(cps))
		got := map[Pos]float64{}
		for _, cp := range l2.Probs[i] {
			got[cp.Pos] = cp.P
		}
		for _, cp := range cps {
			assert.InDelta(t, cp.P, got[cp.Pos], 0.5e-4, "cell %v", cp.Pos)
		}
	}
}

// TestRecordFileGzip writes records to a ".gz" file and reads them back,
// compressed on disk, with both the reader and OpenRecordFile.
func TestRecordFileGzip(t *testing.T) {
	rec := Record{Level: "beginner", Rows: 9, Cols: 9, MineCount: 10, Rules: "safe", Seed: 1,
		Mines: [][2]int{}, Initial: [][2]int{}, Moves: []MoveRecord{}, Outcome: Stuck}
	for _, name := range []string{"r.jsonl", "r.jsonl.gz"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name)
			f, err := CreateRecordFile(path)
			require.NoError(t, err)
			w := NewRecordWriter(f)
			for range 3 {
				require.NoError(t, w.Write(&rec))
			}
			require.NoError(t, w.Flush())
			require.NoError(t, f.Close())
			raw, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, strings.HasSuffix(name, ".gz"), bytes.HasPrefix(raw, []byte{0x1f, 0x8b}), "compressed iff the name ends in .gz")

			recs, err := ReadRecords(name, bytes.NewReader(raw))
			require.NoError(t, err)
			assert.Len(t, recs, 3)
			rc, err := OpenRecordFile(path)
			require.NoError(t, err)
			plain, err := io.ReadAll(rc)
			require.NoError(t, err)
			require.NoError(t, rc.Close())
			assert.Equal(t, 3, bytes.Count(plain, []byte(`{"version":2,"level":"beginner"`)))
		})
	}
	// Compressed record files joined with cat read as one.
	joined := append(gzipped(t, `{"level":"easy"`), gzipped(t, `,"rows":"x"}`+"\n")...)
	_, err := ReadRecords("joined.gz", bytes.NewReader(joined))
	assert.EqualError(t, err, `joined.gz:1:24: field "rows": want an integer, got a string`)
}

// BenchmarkRecordReader reads a won expert game's record, as replay does.
func BenchmarkRecordReader(b *testing.B) {
	rec := scripted(b, Expert, RulesSafe, 1, -1)
	var buf bytes.Buffer
	w := NewRecordWriter(&buf)
	require.NoError(b, w.Write(rec))
	require.NoError(b, w.Flush())
	line := buf.Bytes()
	b.ReportAllocs()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if _, err := NewRecordReader("b", bytes.NewReader(line)).Next(); err != nil {
			b.Fatal(err)
		}
	}
}

// chunkReader returns at most n bytes a Read, as a gzip reader does.
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// TestRecordReaderLongLine reads a 16 MiB line, plain, in 1 KiB reads and
// gzipped: each byte is searched for the line's end once, so it takes well
// under a second on an idle machine (searching the line so far after each
// read, as bufio.Scanner does, takes minutes in 1 KiB reads); the bound
// leaves room for a loaded machine and the race detector.
func TestRecordReaderLongLine(t *testing.T) {
	const good = goodRecordLine
	long := good[:len(good)-1] + strings.Repeat(" ", 16<<20) + "}\n" + good + "\n"
	for _, tc := range []struct {
		name string
		in   io.Reader
	}{
		{"plain", strings.NewReader(long)},
		{"1 KiB reads", chunkReader{strings.NewReader(long), 1 << 10}},
		{"gzip", bytes.NewReader(gzipped(t, long))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			recs, err := ReadRecords("long.jsonl", tc.in)
			require.NoError(t, err)
			assert.Len(t, recs, 2)
			assert.Less(t, time.Since(start), 30*time.Second, "quadratic in the line's length?")
		})
	}
}

// TestRecordReaderTooLong checks that a line over the limit stops the
// reading with its own line number, plain or gzipped, after the records
// before it.
func TestRecordReaderTooLong(t *testing.T) {
	const good = goodRecordLine
	in := good + "\n\n" + strings.Repeat("x", 1000) + "\n" + good + "\n"
	for _, gz := range []bool{false, true} {
		r := io.Reader(strings.NewReader(in))
		if gz {
			r = bytes.NewReader(gzipped(t, in))
		}
		rr := NewRecordReader("long.jsonl", r)
		rr.max = 999
		_, err := rr.Next()
		require.NoError(t, err)
		_, err = rr.Next()
		require.Error(t, err)
		assert.Equal(t, "long.jsonl:3: line longer than 999 bytes (decompressed), the most a record line may take", err.Error(), "gzip %v", gz)
		assert.Equal(t, 3, rr.Line())
		_, again := rr.Next()
		assert.Equal(t, err, again, "a stream error sticks")
	}
}

// goodRecordLine is a record line that decodes.
const goodRecordLine = `{"level":"easy","rows":9,"cols":9,"mine_count":10,"rules":"seed","seed":1,"mines":[[0,0]],"initial":[[1,1]],"moves":[],"result":"stuck"}`
