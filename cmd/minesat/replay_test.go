package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	goio "io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/recordtest"
	"github.com/minesat/minesat/web"
)

// withKey writes l as a JSON line with one more key, written as "key":value.
func withKey(t testing.TB, l game.RecordLine, kv string) string {
	line := strings.TrimSuffix(recordtest.JSONL(t, l), "}\n")
	return line + "," + kv + "}\n"
}

func TestReplaySummary(t *testing.T) {
	in := recordtest.ThreeGames(t)
	r := runCmd(t, in, nil, "replay", "-")
	if r.code != 0 || r.err != "" {
		t.Fatalf("exit %d, stderr %q; want 0 and nothing", r.code, r.err)
	}
	checkGolden(t, "replay/summary.golden", []byte(r.out))

	r = runCmd(t, in, nil, "replay", "-", "--game", "2")
	if want := "<stdin>:4: game 2: intermediate, rules zero"; r.code != 0 || !strings.HasPrefix(r.out, want) || strings.Count(r.out, "\n") != 2 {
		t.Errorf("--game 2: exit %d, stdout %q; want a line starting %q and the summary", r.code, r.out, want)
	}
}

func TestReplayErrors(t *testing.T) {
	good := recordtest.Scripted(t, game.Easy, game.RulesSeed, 5, 0, 0)
	unsound := recordtest.Scripted(t, game.Easy, game.RulesSeed, 6, 6, 0)
	for _, m := range unsound.Mines {
		if m != unsound.Moves[0].Cell && m != unsound.Moves[1].Cell {
			unsound.Moves = append(unsound.Moves, game.MoveRecord{Op: game.OpOpen.String(), Cell: m, Why: "unit (1,2)"})
			break
		}
	}
	wrongResult := good
	bare := good
	bare.Probs, bare.Guesses = nil, nil
	wrongResult.Outcome = game.Lost
	badProbs := recordtest.Scripted(t, game.Easy, game.RulesSeed, 7, 0, 0)
	badProbs.Probs = game.MoveProbs{2: {{Pos: game.Pos{Row: 1, Col: 1}, P: 1.5}}}
	badGuesses := recordtest.Scripted(t, game.Easy, game.RulesSeed, 7, 0, 0)
	badGuesses.Guesses = game.MoveGuesses{0: {Method: "endgame search", P: 0.5}}

	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stderr []string
		stdout []string
	}{
		{"unsound move names the line", recordtest.JSONL(t, good, unsound), []string{"replay", "-"}, 2,
			[]string{"minesat: replay: 1 of 2 records is invalid"},
			[]string{"<stdin>:1: game 0: easy, rules seed, seed 5: won after",
				"<stdin>:2: game 1: easy, rules seed, seed 6: INVALID: game: record: moves[6]: open",
				"the cell is a mine: game: deduced move contradicts the mines",
				"\n2 games verified: 1 won, 0 lost, 0 stuck; 1 error\n"}},
		{"unsound move, html", "\n" + recordtest.JSONL(t, good, unsound), []string{"replay", "-", "--html", filepath.Join(t.TempDir(), "x.html")}, 2,
			[]string{"minesat: <stdin>:3: game: record: moves[6]: open"}, nil},
		{"result does not follow", recordtest.JSONL(t, wrongResult), []string{"replay", "-"}, 2,
			[]string{"1 of 1 record is invalid"}, []string{`<stdin>:1: game 0: easy, rules seed, seed 5: INVALID: game: record: result is "lost" but the moves leave the game won`}},
		{"bad probabilities", recordtest.JSONL(t, badProbs), []string{"replay", "-"}, 2,
			nil, []string{"INVALID: game: record: moves[2]: probs: cell (1,1) has probability 1.5, outside [0, 1]"}},
		{"guess note on a deduced move", recordtest.JSONL(t, badGuesses), []string{"replay", "-"}, 2,
			nil, []string{`INVALID: game: record: moves[0]: guesses: the move is not a guess (why "oracle: `}},
		{"bad guesses json names the line", recordtest.JSONL(t, good) + `{"level":"easy","guesses":{"0":[1]}}` + "\n", []string{"replay", "-"}, 2,
			[]string{"1 of 2 records is invalid"}, []string{`<stdin>:2:32: game 1: INVALID: field "guesses"[0]: want an object, got a list`}},
		{"bad json names the line", recordtest.JSONL(t, good) + "\n{\"level\": 3}\n", []string{"replay", "-"}, 2,
			nil, []string{`<stdin>:3:11: game 1: INVALID: field "level": want a string, got a number`, "2 games verified: 1 won, 0 lost, 0 stuck; 1 error"}},
		{"bad probs json names the line", recordtest.JSONL(t, good) + withKey(t, bare, `"probs":{"0":[[1,2]]}`), []string{"replay", "-"}, 2,
			nil, []string{`<stdin>:2:1674: game 1: INVALID: field "probs"[0][0]: want [p, row, col, row, col, ...], got [1,2]`}},
		{"old probs json names the line", recordtest.JSONL(t, good) + strings.Replace(withKey(t, bare, `"probs":{"0":[[1,2]]}`), `"version":2,`, "", 1), []string{"replay", "-"}, 2,
			nil, []string{`<stdin>:2:1662: game 1: INVALID: field "probs"[0][0]: cell probability [1,2]: want [row, col, p]`}},
		{"a key in another case", strings.Replace(recordtest.JSONL(t, good), `"result":"won"`, `"result":"won","Result":"lost"`, 1), []string{"replay", "-"}, 2,
			nil, []string{`game 0: INVALID: unknown key "Result" (keys are case-sensitive; see the record schema)`}},
		{"no records", "\n\n", []string{"replay", "-"}, 2, []string{"replay: <stdin> holds no records"}, nil},
		{"game out of range", recordtest.JSONL(t, good), []string{"replay", "--game", "1", "-"}, 2, []string{"--game 1: <stdin> holds 1 game, numbered from 0"}, nil},
		{"negative game", recordtest.JSONL(t, good), []string{"replay", "-", "--game=-1"}, 2, []string{"--game -1: want a game number K or a range K-M, games counting from 0"}, nil},
		{"backward range", recordtest.JSONL(t, good), []string{"replay", "-", "--game=3-2"}, 2, []string{"--game 3-2: the range ends before it starts (3 > 2)"}, nil},
		{"no lost game", recordtest.JSONL(t, good), []string{"replay", "-", "--lost", "1"}, 2, []string{"--lost 1: <stdin> holds no lost game in the selection"}, nil},
		{"no file", "", []string{"replay"}, 2, []string{"want one RECORDS.jsonl file, got 0"}, nil},
		{"two files", "", []string{"replay", "a", "b"}, 2, []string{"got 2 arguments"}, nil},
		{"missing file", "", []string{"replay", filepath.Join(t.TempDir(), "nope.jsonl")}, 2, []string{"no such file"}, nil},
		{"bad flag after the file", "", []string{"replay", "-", "--bogus"}, 2, []string{"minesat: replay: unknown flag --bogus (see 'minesat replay -h')"}, nil},
		{"-- ends flags", recordtest.JSONL(t, good), []string{"replay", "--", "-"}, 0, nil, []string{"<stdin>:1: game 0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.stdin, nil, tc.args...)
			if r.code != tc.code {
				t.Errorf("exit %d; want %d\nstdout: %s\nstderr: %s", r.code, tc.code, r.out, r.err)
			}
			for _, s := range tc.stderr {
				if !strings.Contains(r.err, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.err)
				}
			}
			for _, s := range tc.stdout {
				if !strings.Contains(r.out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.out)
				}
			}
		})
	}
}

// TestReplayHTML checks the written page is self-contained and carries the
// games as the script expects them: the data agrees with a replay in Go.
func TestReplayHTML(t *testing.T) {
	out := filepath.Join(t.TempDir(), "replay.html")
	r := runCmd(t, recordtest.ThreeGames(t), nil, "replay", "-", "--html", out)
	if r.code != 0 || r.out != "" || r.err != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and silence", r.code, r.out, r.err)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	// Nothing is fetched: no URLs, no external scripts, styles or images,
	// and a Content-Security-Policy that forbids any request.
	for _, bad := range []string{"http://", "https://", "//cdn", "<link", "src=", "@import", "url("} {
		if strings.Contains(html, bad) {
			t.Errorf("page contains %q; want a self-contained page", bad)
		}
	}
	if !strings.Contains(html, `content="default-src 'none';`) {
		t.Errorf("page lacks a Content-Security-Policy with default-src 'none'")
	}
	m := regexp.MustCompile(`(?m)^const DATA = (.*);$`).FindStringSubmatch(html)
	if m == nil {
		t.Fatal("page lacks the line 'const DATA = {...};'")
	}
	var data replayPageData
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatalf("DATA is not JSON: %v", err)
	}
	if len(data.Games) != 3 || data.Source != "<stdin>" {
		t.Fatalf("DATA has %d games from %q; want 3 from <stdin>", len(data.Games), data.Source)
	}
	if strings.Contains(m[1], "<stdin>") {
		t.Errorf("the data's < and > are not escaped in the script: %.80s", m[1])
	}
	recs, err := game.ReadRecords("x", strings.NewReader(recordtest.ThreeGames(t)))
	if err != nil {
		t.Fatal(err)
	}
	for gi, pg := range data.Games {
		rec := &recs[gi]
		b := game.MustBoard(rec.Rows, rec.Cols)
		// Applying the page's moves as the script does gives the game's
		// final position.
		open := make([]bool, b.Len())
		for _, i := range pg.Initial {
			open[i] = true
		}
		for _, mv := range pg.Moves {
			for _, i := range mv.Opened {
				if open[i] {
					t.Errorf("game %d: cell %d opened twice", gi+1, i)
				}
				open[i] = true
			}
		}
		final, err := game.ReplayRecord(rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		mines := 0
		for i := range b.Len() {
			if got, want := open[i], final.Cell(i).State == game.Revealed; got != want {
				t.Errorf("game %d: cell %v open %v in the page, %v in the game", gi+1, b.Pos(i), got, want)
			}
			if pg.Hints[i] < 0 {
				mines++
				if !final.IsMine(i) {
					t.Errorf("game %d: cell %v a mine in the page, safe in the game", gi+1, b.Pos(i))
				}
			} else if open[i] && int(final.Cell(i).Hint) != int(pg.Hints[i]) {
				t.Errorf("game %d: cell %v hint %d in the page, %d in the game", gi+1, b.Pos(i), pg.Hints[i], final.Cell(i).Hint)
			}
		}
		if mines != rec.MineCount {
			t.Errorf("game %d: %d mines in the page; want %d", gi+1, mines, rec.MineCount)
		}
		last := pg.Moves[len(pg.Moves)-1]
		if last.Boom != (rec.Outcome == game.Lost) {
			t.Errorf("game %d (%s): last move boom=%v", gi+1, rec.Outcome, last.Boom)
		}
		guesses := 0
		for _, mv := range pg.Moves {
			if mv.Guess && mv.Op == game.OpOpen.String() && len(mv.Probs) == 0 && gi != 1 && gi != 2 {
				t.Errorf("game %d: a scripted guess lost its probabilities", gi+1)
			}
			if mv.Guess && len(mv.Probs) > 0 && !strings.HasPrefix(mv.Note, "by scripted: mine probability ") {
				t.Errorf("game %d: a scripted guess's note is %q; want the record's", gi+1, mv.Note)
			}
			if mv.Guess {
				guesses++
			}
		}
		if guesses == 0 {
			t.Errorf("game %d: no guesses; the scripted player should make some", gi+1)
		}
	}
}

// TestReplaySelect checks --game K, --game K-M, --lost N and -q: games
// count from 0 in file order, as play numbers them, and --game 0 is the
// first game, not every game.
func TestReplaySelect(t *testing.T) {
	in := recordtest.ThreeGames(t) // won, lost, stuck: games 0, 1, 2
	for _, tc := range []struct {
		args  []string
		games []string // the game lines, by their "game K:" part
		sum   string
	}{
		{[]string{"--game", "0"}, []string{"game 0: easy"}, "1 game verified: 1 won, 0 lost, 0 stuck; 0 errors"},
		{[]string{"--game", "1-2"}, []string{"game 1: beginner", "game 2: intermediate"}, "2 games verified: 0 won, 1 lost, 1 stuck; 0 errors"},
		{[]string{"--game", "2-9"}, []string{"game 2: intermediate"}, "1 game verified: 0 won, 0 lost, 1 stuck; 0 errors"},
		{[]string{"--lost", "5"}, []string{"game 1: beginner"}, "1 game verified: 0 won, 1 lost, 0 stuck; 0 errors"},
		{[]string{"-q"}, nil, "3 games verified: 1 won, 1 lost, 1 stuck; 0 errors"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCmd(t, in, nil, append([]string{"replay", "-"}, tc.args...)...)
			require.Equal(t, 0, r.code, r.err)
			lines := strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
			require.Len(t, lines, len(tc.games)+1, r.out)
			for i, g := range tc.games {
				assert.Contains(t, lines[i], ": "+g)
			}
			assert.Equal(t, tc.sum, lines[len(lines)-1])
		})
	}
}

// TestReplayFirstClick checks that the agent's first click is reported as
// such, not as a deduction: in the game line, on the page, and in the
// page's tag.
func TestReplayFirstClick(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "rec.jsonl.gz")
	r := runCmd(t, "", nil, "play", "--games", "3", "--level", "beginner", "--seed", "5", "--record", rec)
	require.LessOrEqual(t, r.code, 1, r.err)
	recs, err := readRecordFile(t, rec)
	require.NoError(t, err)
	require.Len(t, recs, 3)
	r = runCmd(t, "", nil, "replay", rec)
	require.Equal(t, 0, r.code, r.err)
	for i, line := range strings.Split(strings.TrimSpace(r.out), "\n")[:3] {
		first, deduced, guessed := recs[i].CountMoves()
		require.Equal(t, 1, first, "a safe-rules game starts with a first click")
		assert.Contains(t, line, fmt.Sprintf("after %d moves (first click, %d deduced, %d guessed)", len(recs[i].Moves), deduced, guessed))
	}
	page := filepath.Join(dir, "p.html")
	r = runCmd(t, "", nil, "replay", rec, "--html", page, "--game", "0")
	require.Equal(t, 0, r.code, r.err)
	data := readPage(t, page)
	require.Len(t, data.Games, 1)
	for i, m := range data.Games[0].Moves {
		assert.Equal(t, i == 0, m.First, "move %d", i)
	}
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(html), `m.f ? ["first", "first click"]`, "the page's script tags a first click")
}

// readRecordFile reads a record file, compressed or not.
func readRecordFile(t *testing.T, name string) ([]game.Record, error) {
	t.Helper()
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	return game.ReadRecords(name, f)
}

// replayPageData is the part of a replay page's data (its script's DATA,
// see web/replay.go) that the tests read.
type replayPageData struct {
	Source string `json:"source"`
	Games  []struct {
		Hints   []int8 `json:"hints"`
		Initial []int  `json:"initial"`
		Moves   []struct {
			Op     string       `json:"op"`
			Guess  bool         `json:"g"`
			First  bool         `json:"f"`
			Note   string       `json:"n"`
			Opened []int        `json:"o"`
			Boom   bool         `json:"b"`
			Probs  [][2]float64 `json:"p"`
		} `json:"moves"`
	} `json:"games"`
}

// readPage reads the games from a written replay page.
func readPage(t *testing.T, name string) replayPageData {
	t.Helper()
	page, err := os.ReadFile(name)
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^const DATA = (.*);$`).FindSubmatch(page)
	require.NotNil(t, m, "page lacks the line 'const DATA = {...};'")
	var data replayPageData
	require.NoError(t, json.Unmarshal(m[1], &data))
	return data
}

// TestReplayGzip plays to a compressed record, checks it is compressed,
// and replays it from the file and from standard input.
func TestReplayGzip(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "run.jsonl.gz")
	r := runCmd(t, "", nil, "play", "--games", "4", "--level", "beginner", "--seed", "9", "--record", rec)
	require.LessOrEqual(t, r.code, 1, r.err)
	raw, err := os.ReadFile(rec)
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(raw, []byte{0x1f, 0x8b}), "not gzip-compressed")
	for _, args := range [][]string{{"replay", rec}, {"replay", "-"}} {
		r := runCmd(t, string(raw), nil, args...)
		require.Equal(t, 0, r.code, r.err)
		assert.Regexp(t, `\n4 games verified: \d won, \d lost, 0 stuck; 0 errors\n$`, r.out)
	}
	// A torn compressed file: the whole games are verified, add up to the
	// games counted, and the tear is named after them (exit 2).
	r = runCmd(t, string(raw[:len(raw)*2/3]), nil, "replay", "-")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "the compressed stream ends early")
	m := regexp.MustCompile(`\n(\d) games? verified: (\d) won, (\d) lost, 0 stuck; 0 errors; then .*the compressed stream ends early.*\n$`).FindStringSubmatch(r.out)
	require.NotNil(t, m, r.out)
	n, _ := strconv.Atoi(m[1])
	won, _ := strconv.Atoi(m[2])
	lost, _ := strconv.Atoi(m[3])
	assert.Equal(t, n, won+lost, "won + lost + stuck + errors must be the games counted")
}

// TestReplayInterrupted cancels replay while it reads its second game: it
// prints the summary of what it verified and exits 3, not 2.
func TestReplayInterrupted(t *testing.T) {
	in := recordtest.ThreeGames(t)
	first, rest, _ := strings.Cut(in, "\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	src := &cancelReader{first: first + "\n", rest: rest, cancel: cancel}
	var out, errb bytes.Buffer
	s := &stdio{in: src, out: &out, err: &errb, getenv: func(string) string { return "" },
		openInput: func(string) (goio.ReadCloser, error) { return goio.NopCloser(src), nil }}
	err := run(ctx, []string{"replay", "-"}, s)
	assert.Equal(t, exitBudget, exitCode(err), "%v", err)
	assert.EqualError(t, err, "replay: interrupted after 1 game")
	assert.True(t, strings.HasSuffix(out.String(), "\n1 game verified: 1 won, 0 lost, 0 stuck; 0 errors (interrupted)\n"), out.String())
}

// cancelReader returns first, then cancels and returns rest.
type cancelReader struct {
	first, rest string
	cancel      func()
	n           int
}

func (r *cancelReader) Read(p []byte) (int, error) {
	r.n++
	switch r.n {
	case 1:
		return copy(p, r.first), nil
	case 2:
		r.cancel()
		return copy(p, r.rest), nil
	}
	return 0, goio.EOF
}

// TestReplayHTMLLimit checks that a page refuses more games than it can
// show, naming the way out, and takes them once selected.
func TestReplayHTMLLimit(t *testing.T) {
	one := recordtest.JSONL(t, recordtest.Scripted(t, game.Easy, game.RulesSeed, 1, 0, 0))
	in := strings.Repeat(one, web.ReplayMaxGames+1)
	page := filepath.Join(t.TempDir(), "p.html")
	r := runCmd(t, in, nil, "replay", "-", "--html", page)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "--html: the selection holds more than 1000 games or 4000000 cells, more than one page can show; select games with --game K-M or --lost N")
	r = runCmd(t, in, nil, "replay", "-", "--html", page, "--game", "10-19")
	require.Equal(t, 0, r.code, r.err)
	assert.Len(t, readPage(t, page).Games, 10)
}

// TestReplayBoardOutOfProportion checks that a short line declaring a huge
// board is refused before anything of its size is allocated.
func TestReplayBoardOutOfProportion(t *testing.T) {
	line := `{"level":"4096x4096/1","rows":4096,"cols":4096,"mine_count":1,"rules":"safe","seed":1,"mines":[],"initial":[],"moves":[],"result":"stuck"}` + "\n"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := runCmd(t, strings.Repeat(line, 20), nil, "replay", "-", "-q")
	runtime.ReadMemStats(&after)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.out, "board 4096x4096 is out of proportion to its 138-byte line: a record line of L bytes may declare at most max(65536, 8*L) = 65536 cells")
	assert.Contains(t, r.out, "20 games verified: 0 won, 0 lost, 0 stuck; 20 errors")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20), "bytes allocated")

	// Padded with spaces to 256 KB, plain or gzipped to a few KB: the
	// limit is on the decompressed line, and 8 cells a byte refuse it.
	padded := line[:len(line)-2] + strings.Repeat(" ", 256<<10) + "}\n"
	for _, in := range []string{padded, string(gzipBytes(t, padded))} {
		runtime.ReadMemStats(&before)
		r := runCmd(t, in, nil, "replay", "-", "-q")
		runtime.ReadMemStats(&after)
		assert.Equal(t, 2, r.code)
		assert.Contains(t, r.out, "board 4096x4096 is out of proportion to its 262282-byte line: a record line of L bytes may declare at most max(65536, 8*L) = 2098256 cells")
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20), "bytes allocated")
	}
	assert.Less(t, len(gzipBytes(t, padded)), 2000)
}

// gzipBytes compresses s as 'minesat play --record FILE.gz' does.
func gzipBytes(t *testing.T, s string) []byte {
	t.Helper()
	name := filepath.Join(t.TempDir(), "r.jsonl.gz")
	w, err := game.CreateRecordFile(name)
	require.NoError(t, err)
	_, err = goio.WriteString(w, s)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	return data
}

// TestReplayWrongSeed checks that a record whose seed gives other mines is
// reported in one short line, whatever the size of its mine list: where the
// lists first differ, not the lists.
func TestReplayWrongSeed(t *testing.T) {
	rec := recordtest.ThreeGames(t)
	line := rec[:strings.IndexByte(rec, '\n')+1]
	bad := regexp.MustCompile(`"seed":\d+`).ReplaceAllString(line, `"seed":12345`)
	r := runCmd(t, bad, nil, "replay", "-")
	assert.Equal(t, 2, r.code)
	assert.Regexp(t, `^<stdin>:1: game 0: easy, rules seed, seed 12345: INVALID: game: record: seed 12345 under rules \w+ gives other mines: it gives \d+ cells, the record lists \d+; the first difference in row-major order: \(\d+,\d+\) where the record lists \(\d+,\d+\)\n`, r.out)
	assert.Less(t, strings.IndexByte(r.out, '\n'), 250, "a short line")
}
