package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

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
		{"strategy", []string{"--strategy", "psychic"}, `unknown strategy "psychic"`},
		{"level", []string{"--level", "huge"}, `level "huge"`},
		{"level in a list", []string{"--level", "easy,9x9/99"}, "9x9/99"},
		{"rules", []string{"--rules", "strict"}, `rules "strict"`},
		{"first under seed rules", []string{"--first", "center"}, "--first applies under the safe and zero rules"},
		{"first off the board", []string{"--level", "expert", "--first", "16,0"}, "off the 16x30 board"},
		{"first malformed", []string{"--level", "expert", "--first", "middle"}, "want corner, center or R,C"},
		{"unplayable level", []string{"--level", "3x3/9", "--rules", "zero"}, "cannot be played under rules zero"},
		{"argument", []string{"easy"}, `unexpected argument "easy"`},
		{"plot name", []string{"--plot", "out.pdf"}, "want a .svg or .png"},
		{"guesser", []string{"--guesser", "psychic"}, `--guesser "psychic": want exact or local`},
		{"lookahead", []string{"--lookahead", "-1"}, "--lookahead -1: want 0 or more"},
		{"endgame", []string{"--endgame", "-1"}, "--endgame -1: want 0 to 10000"},
		{"endgame too large", []string{"--endgame", "10001"}, "--endgame 10001: want 0 to 10000"},
		{"lookahead with the local guesser", []string{"--guesser", "local", "--lookahead", "3"}, "--lookahead applies to --guesser exact, not local"},
		{"endgame with the local guesser", []string{"--endgame", "5", "--guesser", "local"}, "--endgame applies to --guesser exact, not local"},
		{"depth", []string{"--depth", "0"}, "--depth 0: want 1 to 2"},
		{"depth too large", []string{"--depth", "3"}, "--depth 3: want 1 to 2"},
		{"depth without lookahead", []string{"--depth", "2", "--lookahead", "0"}, "--depth 2 needs a lookahead"},
		{"depth with the local guesser", []string{"--guesser", "local", "--depth", "2"}, "--depth applies to --guesser exact, not local"},
		{"vs without flags", []string{"--vs", " "}, "--vs: no flags"},
		{"vs with a flag of the run", []string{"--vs", "--games 5"}, "--vs: flag provided but not defined: -games (--vs changes only the agent flags --depth, --endgame, --guesser, --lookahead, --no-guess, --strategy)"},
		{"vs with an argument", []string{"--vs", "--strategy fast extra"}, `--vs: unexpected argument "extra"`},
		{"vs with a bad value", []string{"--vs", "--lookahead -1"}, "--vs: --lookahead -1: want 0 or more"},
		{"vs with a malformed value", []string{"--vs", "--lookahead=many"}, `--vs: invalid value "many" for flag -lookahead`},
		{"vs with a bad strategy", []string{"--vs", "--strategy psychic"}, `--vs: --strategy: agent: unknown strategy "psychic"`},
		{"vs lookahead with the local guesser", []string{"--vs", "--guesser local --lookahead 3"}, "--vs: --lookahead applies to --guesser exact, not local"},
		{"vs inherits the local guesser", []string{"--guesser", "local", "--vs", "--depth 2"}, "--vs: --depth applies to --guesser exact, not local"},
		{"vs with record", []string{"--vs", "--strategy fast", "--record", "games.jsonl"}, "--record writes one player's games; drop --vs or --record"},
		{"vs with trace", []string{"--vs", "--strategy fast", "--trace"}, "--trace follows one player; drop --vs or --trace"},
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
				out = regexp.MustCompile(`"ms_per_game": [0-9.e-]+`).ReplaceAllString(out, `"ms_per_game": T`)
			} else {
				out = maskTimes(out)
			}
			checkGolden(t, filepath.Join("play", tt.name), []byte(out))
		})
	}
}

func TestPlayJSON(t *testing.T) {
	one := runCmd(t, "", nil, "play", "--strategy", "kb", "--games", "20", "--level", "medium", "--format", "json")
	var s playSummary
	if err := json.Unmarshal([]byte(one.out), &s); err != nil {
		t.Fatalf("one level: not a JSON object: %v\n%s", err, one.out)
	}
	if s.Level != "medium" || s.Rows != 16 || s.Cols != 16 || s.Mines != 25 || s.Rules != "seed" || s.Games != 20 ||
		s.Won+s.Lost+s.Stuck != 20 || math.Abs(s.WinRate-float64(s.Won)/20) > 1e-12 ||
		s.CI95[0] > s.WinRate || s.CI95[1] < s.WinRate || s.Strategy != "kb" {
		t.Errorf("summary %+v is inconsistent", s)
	}
	var keys map[string]any
	json.Unmarshal([]byte(one.out), &keys)
	for _, k := range []string{"level", "rows", "cols", "mines", "rules", "first", "strategy", "games", "won", "lost", "stuck", "win_rate", "ci95", "guesses_per_game", "ms_per_game"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("JSON lacks key %q", k)
		}
	}
	many := runCmd(t, "", nil, "play", "--strategy", "kb", "--games", "5", "--level", "easy,hard", "--format", "json")
	var ss []playSummary
	if err := json.Unmarshal([]byte(many.out), &ss); err != nil || len(ss) != 2 || ss[0].Level != "easy" || ss[1].Level != "hard" {
		t.Errorf("two levels: want an array of two summaries, got %v\n%s", err, many.out)
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
		var s playSummary
		if err := json.Unmarshal([]byte(r.out), &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Won+s.Lost+s.Stuck != 300 || s.Stuck != 0 {
			t.Errorf("%s: %+v", name, s)
		}
		wantGuesser := map[string]string{
			"--guesser local":           "local estimate",
			"--lookahead 0 --endgame 0": "exact, lookahead 0, endgame 0",
			"--depth 2":                 "exact, lookahead 8, depth 2, endgame 1000",
			"":                          "exact, lookahead 8, endgame 1000",
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
		{[]string{"--lookahead", "2"}, " full (exact, lookahead 2, endgame 1000) "},
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
// games finished so far and exits 3.
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
		err := run(ctx, []string{"play", "--strategy", "kb", "--level", "hard", "--games", "1000000", "--format", "json"}, s)
		cancel()
		if code := exitCode(err); code != exitBudget || !strings.Contains(err.Error(), "interrupted after") {
			t.Errorf("delay %v: exit %d (%v); want 3 and 'interrupted after'", delay, code, err)
		}
		var sum playSummary
		if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
			t.Fatalf("delay %v: no summary: %v\n%s", delay, err, out.String())
		}
		if sum.Games >= 1000000 || sum.Won+sum.Lost+sum.Stuck != sum.Games {
			t.Errorf("delay %v: summary %+v", delay, sum)
		}
	}
}

// TestPlayFooterOneWorker checks the footer's grammar on one worker.
func TestPlayFooterOneWorker(t *testing.T) {
	r := runCmd(t, "", nil, "play", "--level", "beginner", "--games", "3", "--workers", "1", "--strategy", "kb")
	if r.code != 0 || !regexp.MustCompile(`\n3 games in \d+\.\d\d s on 1 worker \(\d+ games/s\), seed 1\n$`).MatchString(r.out) {
		t.Errorf("exit %d, stdout:\n%s\nwant a footer '3 games in T s on 1 worker (R games/s), seed 1'", r.code, r.out)
	}
}
