package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
)

// maskTimes replaces the figures that depend on the machine (ms per game,
// the footer's time and rate) so that play's output can be golden.
func maskTimes(s string) string {
	s = regexp.MustCompile(`\d+\.\d{3}\n`).ReplaceAllString(s, "T\n")
	s = regexp.MustCompile(`in \d+\.\d+ s on (\d+) workers \(\d+ games/s\)`).ReplaceAllString(s, "in T s on $1 workers (R games/s)")
	s = regexp.MustCompile(`in \d+\.\d+ s on 1 worker \(\d+ games/s\)`).ReplaceAllString(s, "in T s on 1 worker (R games/s)")
	return s
}

func TestPlayUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"no games", []string{"--games", "0"}, "--games 0"},
		{"no workers", []string{"--workers", "0"}, "--workers 0: want 1 to 256"},
		{"too many workers", []string{"--workers", "257"}, "--workers 257: want 1 to 256"},
		{"format", []string{"--format", "xml"}, `--format "xml"`},
		{"strategy", []string{"--strategy", "psychic"}, `play: --strategy psychic: unknown strategy "psychic": want kb, sat, full or fast`},
		{"level", []string{"--level", "huge"}, `level "huge"`},
		{"level in a list", []string{"--level", "easy,9x9/99"}, "9x9/99"},
		{"rules", []string{"--rules", "strict"}, `rules "strict"`},
		{"first under seed rules", []string{"--first", "center"}, "--first: a first click applies under the safe and zero rules only; easy is played under seed rules, which open 9 cells first (add --rules safe)"},
		{"first off the board", []string{"--level", "expert", "--first", "16,0"}, "off the 16x30 board"},
		{"first malformed", []string{"--level", "expert", "--first", "middle"}, "want corner, center or R,C"},
		{"unplayable level", []string{"--level", "3x3/9", "--rules", "zero"}, "cannot be played under rules zero"},
		{"argument", []string{"easy"}, `unexpected argument "easy"`},
		{"plot name", []string{"--plot", "out.pdf"}, "want a .svg or .png"},
		{"guesser", []string{"--guesser", "psychic"}, `play: --guesser psychic: unknown guesser "psychic": want exact or local`},
		{"policy", []string{"--policy", "blend,psychic"}, `play: --policy blend,psychic: unknown heuristic "psychic": want auto, none, hill or some of blend`},
		{"lookahead", []string{"--lookahead", "-1"}, "--lookahead -1: want 0 or more"},
		{"think", []string{"--think", "-1"}, "--think -1: want 0 or more rollouts"},
		{"think local", []string{"--think", "8", "--guesser", "local"}, "--think 8: want the exact guesser: the search races its candidates"},
		{"vs think", []string{"--vs", "--think -2"}, "--vs: --think -2: want 0 or more rollouts"},
		{"endgame", []string{"--endgame", "-1"}, "--endgame -1: want 0 to 10000"},
		{"endgame too large", []string{"--endgame", "10001"}, "--endgame 10001: want 0 to 10000"},
		{"lookahead with the local guesser", []string{"--guesser", "local", "--lookahead", "3"}, "--lookahead applies to --guesser exact, not local"},
		{"endgame with the local guesser", []string{"--endgame", "5", "--guesser", "local"}, "--endgame applies to --guesser exact, not local"},
		{"depth", []string{"--depth", "0"}, "--depth 0: want 1 to 2"},
		{"depth too large", []string{"--depth", "3"}, "--depth 3: want 1 to 2"},
		{"depth without lookahead", []string{"--depth", "2", "--lookahead", "0"}, "--depth 2: want a lookahead of 1 or more"},
		{"deep-open", []string{"--deep-open", "-1"}, "--deep-open -1: want 0 or more"},
		{"deep-open without lookahead", []string{"--deep-open", "40", "--lookahead", "0"}, "--deep-open 40: want a lookahead of 1 or more"},
		{"deep-open with the local guesser", []string{"--guesser", "local", "--deep-open", "40"}, "--deep-open applies to --guesser exact, not local"},
		{"depth with the local guesser", []string{"--guesser", "local", "--depth", "2"}, "--depth applies to --guesser exact, not local"},
		{"vs without flags", []string{"--vs", " "}, "--vs: no flags"},
		{"vs with a flag of the run", []string{"--vs", "--games 5"}, "--vs: unknown flag --games (--vs changes only the agent flags --deep-open, --depth, --endgame, --guesser, --lookahead, --no-guess, --policy, --strategy, --think)"},
		{"vs with an argument", []string{"--vs", "--strategy fast extra"}, `--vs: unexpected argument "extra"`},
		{"vs with a bad value", []string{"--vs", "--lookahead -1"}, "--vs: --lookahead -1: want 0 or more"},
		{"vs with a malformed value", []string{"--vs", "--lookahead=many"}, "--vs: --lookahead many: want a whole number (--vs changes"},
		{"vs with a bad strategy", []string{"--vs", "--strategy psychic"}, `--vs: --strategy psychic: unknown strategy "psychic": want kb, sat, full or fast`},
		{"vs lookahead with the local guesser", []string{"--vs", "--guesser local --lookahead 3"}, "--vs: --lookahead applies to --guesser exact, not local"},
		{"vs inherits the local guesser", []string{"--guesser", "local", "--vs", "--depth 2"}, "--vs: --depth applies to --guesser exact, not local"},
		{"vs with record", []string{"--vs", "--strategy fast", "--record", "games.jsonl"}, "--record writes one player's games; drop --vs or --record"},
		{"vs with trace", []string{"--vs", "--strategy fast", "--trace"}, "--trace follows one player; drop --vs or --trace"},
		{"shard", []string{"--shard", "4/4"}, "--shard 4/4: want 0 <= K < N"},
		{"shard malformed", []string{"--shard", "1-4"}, `--shard "1-4": want K/N`},
		{"shard from an empty environment", []string{"--shard", "env"}, "neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"},
		{"shard count without env", []string{"--shard-count", "4"}, "--shard-count applies to --shard env"},
		{"trace with shard", []string{"--trace", "--level", "expert", "--shard", "1/2"}, "--trace follows game 0; drop --shard"},
		{"vs with plot", []string{"--vs", "--strategy fast", "--plot", "out.svg"}, "--plot draws one player's win rates; drop --vs or --plot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(t, "", nil, append([]string{"play"}, tt.args...)...)
			if r.code != exitUsage || !strings.Contains(r.err, tt.want) || r.out != "" {
				t.Errorf("exit %d, stderr %q, stdout %q; want exit 2, %q on stderr, nothing on stdout", r.code, r.err, r.out, tt.want)
			}
		})
	}
}

// TestPlayChecksInOrder pins the order in which parsePlay checks the modes'
// flags: where several are wrong, the first check reports, and the
// others' files stay unread.
func TestPlayChecksInOrder(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"trace before the arguments", []string{"extra", "--trace", "--games", "3"}, "play: --trace follows one game; drop --games 3"},
		{"the run before the plot", []string{"--games", "0", "--plot", "p.txt"}, "play: --games 0: want at least 1"},
		{"the plot before the shard", []string{"--plot", "p.txt", "--shard", "x"}, "play: --plot p.txt: want a .svg or .png file name"},
		{"the shard before vs", []string{"--shard", "x", "--vs", ""}, `play: --shard "x": want K/N`},
		{"vs before the outcomes", []string{"--vs", "", "--level", "beginner,expert", "--outcomes", "o.txt"}, "play: --vs: no flags"},
		{"the outcomes before against", []string{"--level", "beginner,expert", "--outcomes", "o.txt", "--against", "none.txt"}, "play: --outcomes holds the games of one level"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(t, "", nil, append([]string{"play"}, tt.args...)...)
			assert.Equal(t, exitUsage, r.code)
			assert.True(t, strings.HasPrefix(r.err, "minesat: "+tt.want), "stderr %q; want it to start %q", r.err, tt.want)
		})
	}
}

// TestPlayGolden checks the text table and the JSON of small runs against
// golden files (ms per game and the footer's timing masked).
func TestPlayGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"kb-seed.txt", []string{"--strategy", "kb", "--games", "40"}},
		{"kb-zero.txt", []string{"--strategy", "kb", "--games", "30", "--level", "beginner", "--level", "20x20/60", "--rules", "zero"}},
		{"kb-safe-center.txt", []string{"--strategy", "kb", "--games", "30", "--level", "intermediate", "--first", "center", "--seed", "9"}},
		{"kb-easy.json", []string{"--strategy", "kb", "--games", "25", "--level", "easy", "--format", "json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(t, "", nil, append([]string{"play", "--workers", "2"}, tt.args...)...)
			if r.code != 0 || r.err != "" {
				t.Fatalf("exit %d, stderr %q", r.code, r.err)
			}
			out := r.out
			if strings.HasSuffix(tt.name, ".json") {
				out = regexp.MustCompile(`"(ms_per_game|elapsed_ns|wall_seconds)": [0-9.e-]+`).ReplaceAllString(out, `"$1": T`)
			} else {
				out = maskTimes(out)
			}
			checkGolden(t, filepath.Join("play", tt.name), []byte(out))
		})
	}
}

// TestPlayJSON checks the JSON summary's shape: the same for one level and
// several, with the schema, the seed and the run's configuration, and
// counts that add up.
func TestPlayJSON(t *testing.T) {
	for _, tc := range []struct {
		levels []string
		vs     bool
	}{{[]string{"medium"}, false}, {[]string{"easy", "hard"}, false}, {[]string{"beginner"}, true}} {
		args := []string{"play", "--strategy", "kb", "--games", "20", "--seed", "6", "--level", strings.Join(tc.levels, ","), "--format", "json"}
		if tc.vs {
			args = append(args, "--vs", "--strategy  sat")
		}
		r := runCmd(t, "", nil, args...)
		require.Equal(t, 0, r.code, r.err)
		var keys map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.out), &keys))
		for _, k := range []string{"schema", "seed", "games", "shard", "complete", "agent", "vs", "wall_seconds", "levels"} {
			assert.Contains(t, keys, k, "%v: JSON lacks key %q", tc.levels, k)
		}
		f, err := batch.ParseSummaryFile("stdout", []byte(r.out))
		require.NoError(t, err, r.out)
		assert.Equal(t, batch.SummarySchema, f.Schema)
		assert.Equal(t, int64(6), f.Seed)
		assert.Equal(t, 20, f.Games)
		assert.Equal(t, batch.ShardRange{Index: 0, Shards: 1, From: 0, To: 20}, f.Shard)
		assert.True(t, f.Complete)
		want := agent.DefaultConfig
		want.Strategy = "kb"
		assert.Equal(t, want, f.Agent)
		require.Len(t, f.Levels, len(tc.levels))
		for i, l := range f.Levels {
			assert.Equal(t, tc.levels[i], l.Level)
			assert.Equal(t, 0, l.From)
			assert.Equal(t, 20, l.To)
			assert.InDelta(t, float64(l.Base.Won)/20, l.Base.WinRate, 1e-12)
			assert.True(t, l.Base.CI95[0] <= l.Base.WinRate && l.Base.WinRate <= l.Base.CI95[1], "%+v", l.Base)
		}
		if tc.vs {
			want.Strategy = "sat"
			require.NotNil(t, f.Vs)
			assert.Equal(t, batch.SummaryVs{Flags: "--strategy sat", Agent: want}, *f.Vs)
		} else {
			assert.Nil(t, f.Vs)
		}
	}
}

// TestPlayWorkersIndependent plays the same run on 1 and 3 workers, with
// guessing: the tables (timings masked) and the record files are identical, the records
// come in game order with seeds game.GameSeed(S, i), and every record
// replays cleanly.
func TestPlayWorkersIndependent(t *testing.T) {
	dir := t.TempDir()
	var outs [2]string
	var files [2][]byte
	for k, w := range []string{"1", "3"} {
		rec := filepath.Join(dir, "rec"+w+".jsonl")
		r := runCmd(t, "", nil, "play", "--strategy", "full", "--games", "30", "--level", "easy,hard,beginner", "--seed", "42", "--workers", w, "--record", rec)
		if r.code != 0 {
			t.Fatalf("workers %s: exit %d: %s", w, r.code, r.err)
		}
		outs[k] = regexp.MustCompile(`on \d+ workers`).ReplaceAllString(maskTimes(r.out), "on N workers")
		outs[k] = strings.Replace(outs[k], "on 1 worker ", "on N workers ", 1)
		var err error
		if files[k], err = os.ReadFile(rec); err != nil {
			t.Fatal(err)
		}
	}
	if outs[0] != outs[1] {
		t.Errorf("1 and 3 workers print different tables:\n%s\n%s", outs[0], outs[1])
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Errorf("1 and 3 workers write different records")
	}
	recs, err := game.ReadRecords("rec", bytes.NewReader(files[0]))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 90 {
		t.Fatalf("%d records; want 90", len(recs))
	}
	for i, rec := range recs {
		if want := game.GameSeed(42, i%30); rec.Seed != want {
			t.Errorf("record %d: seed %d; want GameSeed(42, %d) = %d", i, rec.Seed, i%30, want)
		}
		if want := []string{"easy", "hard", "beginner"}[i/30]; rec.Level != want {
			t.Errorf("record %d: level %s; want %s", i, rec.Level, want)
		}
		if err := game.VerifyRecord(&rec); err != nil {
			t.Errorf("record %d does not replay: %v", i, err)
		}
	}
}

// TestPlayRecordProbs checks that every guess in a bulk run's records
// carries the probabilities it was made from, and no deduced move does.
func TestPlayRecordProbs(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "rec.jsonl")
	r := runCmd(t, "", nil, "play", "--games", "40", "--level", "beginner", "--seed", "3", "--record", rec)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	guesses := 0
	rr := game.NewRecordReader("rec", bytes.NewReader(data))
	for n := 1; ; n++ {
		rl, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range rl.Moves {
			ps, ok := rl.Probs[i]
			if m.Why != game.WhyGuess {
				if ok {
					t.Errorf("line %d: deduced move %d has probabilities", n, i)
				}
				continue
			}
			guesses++
			found := false
			for _, c := range ps {
				if c.P < 0 || c.P > 1 {
					t.Errorf("line %d move %d: probability %v", n, i, c.P)
				}
				found = found || c.Pos == game.PosOf(m.Cell)
			}
			if !found {
				t.Errorf("line %d: guess %d at %v has no probability for its cell", n, i, m.Cell)
			}
		}
	}
	if guesses == 0 {
		t.Errorf("40 beginner games made no guess")
	}
}

// TestPlayGuesser plays the same games with each guesser and its
// settings: every run is sound and replays, and the guessers' records name
// their methods in the trace, so each flag reaches the agent.
func TestPlayGuesser(t *testing.T) {
	won := map[string]string{}
	for _, args := range [][]string{
		{"--guesser", "local"},
		{"--lookahead", "0", "--endgame", "0"},
		{"--depth", "2"},
		{},
	} {
		name := strings.Join(args, " ")
		r := runCmd(t, "", nil, append([]string{"play", "--level", "beginner", "--games", "300", "--seed", "4", "--format", "json"}, args...)...)
		if r.code != 0 {
			t.Fatalf("%s: exit %d: %s", name, r.code, r.err)
		}
		f, err := batch.ParseSummaryFile("stdout", []byte(r.out))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := f.Levels[0].Base
		if s.Won+s.Lost+s.Stuck != 300 || s.Stuck != 0 {
			t.Errorf("%s: %+v", name, s)
		}
		wantGuesser := map[string]string{
			"--guesser local":           "local estimate",
			"--lookahead 0 --endgame 0": "exact, lookahead 0, endgame 0",
			"--depth 2":                 "exact, lookahead 8, depth 2, endgame 1000",
			"":                          "exact, lookahead 8, endgame 1000, policy auto",
		}[name]
		if s.Guesser != wantGuesser {
			t.Errorf("%s: guesser %q; want %q", name, s.Guesser, wantGuesser)
		}
		won[name] = strconv.Itoa(s.Won)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--guesser", "local"}, " full (local estimate) "},
		{[]string{"--lookahead", "2"}, " full (exact, lookahead 2, endgame 1000, policy auto) "},
		{nil, " full "},
		{[]string{"--no-guess"}, " full (no guess) "},
	} {
		r := runCmd(t, "", nil, append([]string{"play", "--level", "beginner", "--games", "5"}, tc.args...)...)
		if !strings.Contains(r.out, tc.want) || (tc.args == nil && strings.Contains(r.out, "(exact")) {
			t.Errorf("play %v: table lacks %q:\n%s", tc.args, tc.want, r.out)
		}
	}
	if won["--guesser local"] == won[""] && won["--lookahead 0 --endgame 0"] == won[""] {
		t.Errorf("every guesser won the same games (%v): the flags do not reach the agent", won)
	}
	t.Logf("wins of 300: %v", won)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--guesser", "local"}, "(local estimate)"},
		{[]string{"--lookahead", "0", "--endgame", "0"}, "(exact probability)"},
		{[]string{"--depth", "2", "--endgame", "0"}, "(exact probability, two moves ahead)"},
	} {
		r := runCmd(t, "", nil, append([]string{"play", "--trace", "--level", "expert", "--seed", "2", "--no-color"}, tc.args...)...)
		if !strings.Contains(r.out, tc.want) {
			t.Errorf("trace with %v never says %q", tc.args, tc.want)
		}
	}
}

// TestPlayInterrupted cancels a long run: play prints the summary of the
// games finished so far, which says it is incomplete, and exits 3.
func TestPlayInterrupted(t *testing.T) {
	for _, delay := range []time.Duration{0, 50 * time.Millisecond} {
		var out, errb bytes.Buffer
		s := &stdio{out: &out, err: &errb, getenv: func(string) string { return "" }}
		ctx, cancel := context.WithCancel(context.Background())
		if delay == 0 {
			cancel()
		} else {
			time.AfterFunc(delay, cancel)
		}
		err := run(ctx, []string{"play", "--strategy", "kb", "--level", "hard,easy", "--games", "1000000", "--format", "json"}, s)
		cancel()
		if code := exitCode(err); code != exitBudget || !strings.Contains(err.Error(), "interrupted after") || !strings.Contains(err.Error(), "none of easy") {
			t.Errorf("delay %v: exit %d (%v); want 3, 'interrupted after' and 'none of easy'", delay, code, err)
		}
		f, err := batch.ParseSummaryFile("stdout", out.Bytes())
		require.NoError(t, err, "delay %v: no summary", delay)
		assert.False(t, f.Complete)
		require.Len(t, f.Levels, 2)
		assert.Less(t, f.Levels[0].To, 1000000)
		assert.Equal(t, 0, f.Levels[1].To)
	}
}

// TestPlayShardFooter checks that a shard's text output names its games,
// and that the environment of a job array chooses the shard.
func TestPlayShardFooter(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
	}{
		{[]string{"--shard", "1/4"}, nil},
		{[]string{"--shard", "env"}, map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"}},
		{[]string{"--shard", "env", "--shard-count", "4"}, map[string]string{"JOB_COMPLETION_INDEX": "1"}},
	} {
		r := runCmd(t, "", tc.env, append([]string{"play", "--level", "beginner", "--games", "10", "--strategy", "kb"}, tc.args...)...)
		require.Equal(t, 0, r.code, r.err)
		assert.Regexp(t, `\n3 games, shard 1/4 \(games 2-4 of 10 a level\), in \d+\.\d\d s on \d+ workers? `, r.out, "%v", tc.args)
	}
}

// TestPlayThinkReplays checks that the games of play --think replay: their
// records, with the search's estimates in the guesses' notes, verify.
func TestPlayThinkReplays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "think.jsonl")
	r := runCmd(t, "", nil, "play", "--level", "beginner", "--games", "12", "--seed", "3", "--think", "16", "--record", path)
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "think 16")
	rec, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(rec), `"method":"win-probability search"`)
	r = runCmd(t, "", nil, "replay", path)
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "12 games verified")
}
