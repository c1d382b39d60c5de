package main

import (
	"bytes"
	"context"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/kb"
)

// traceOf plays one game with a tracer and returns the trace.
func traceOf(t *testing.T, l game.Level, rules game.Rules, seed int64, color bool, opts ...agent.Option) (string, agent.Result) {
	t.Helper()
	g, err := game.New(l, rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	tr := newTracer(&buf, color)
	a, err := agent.New(append(opts, agent.WithObserver(tr.observe), agent.WithMoves())...)
	if err != nil {
		t.Fatal(err)
	}
	tr.header(g, "")
	res, err := a.Play(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	tr.footer(g, res)
	if tr.err != nil {
		t.Fatal(tr.err)
	}
	return buf.String(), res
}

var traceEscapes = regexp.MustCompile("\x1b\\[[0-9;]*m")

// TestTraceGolden pins the trace of whole games: a win under the seeds'
// rules, games under safe rules that guess, one with pairs of hints as the
// fast preset plays them, and the same in colour, which must be the plain
// trace once the escapes are stripped.
func TestTraceGolden(t *testing.T) {
	// Explicit strategy lists, so the goldens do not move when a preset
	// changes; exact.FindForced is the SAT step's prover.
	find := func(ctx context.Context, p *game.Puzzle) ([]int, []int, error) {
		f, err := exact.FindForced(ctx, p)
		return f.Mines, f.Safe, err
	}
	logic := []agent.Strategy{agent.Units{}, agent.Resolution{}, agent.Global{}}
	withSAT := append(logic[:len(logic):len(logic)], agent.SAT{Find: find})
	guessing := agent.GuessStrategy{G: guess.LocalGuesser{}}
	for _, tc := range []struct {
		name  string
		level game.Level
		rules game.Rules
		seed  int64
		opts  []agent.Option
	}{
		{"easy-seed-1-kb", game.Easy, game.RulesSeed, 1, []agent.Option{agent.WithStrategies(logic...)}},
		{"beginner-safe-68-global", game.Beginner, game.RulesSafe, 68, []agent.Option{agent.WithStrategies(append(logic, guessing)...)}},
		{"beginner-safe-33-sat-lost", game.Beginner, game.RulesSafe, 33, []agent.Option{agent.WithStrategies(append(withSAT, guessing)...)}},
		{"beginner-safe-33-exact", game.Beginner, game.RulesSafe, 33, []agent.Option{agent.WithStrategies(append(withSAT, agent.GuessStrategy{G: guess.DefaultGuesser()})...)}},
		{"beginner-safe-57-pairs", game.Beginner, game.RulesSafe, 57, []agent.Option{agent.WithStrategies(agent.Units{}, agent.HintPairs{}, agent.SAT{Find: find}, guessing)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, res := traceOf(t, tc.level, tc.rules, tc.seed, false, tc.opts...)
			checkGolden(t, "trace/"+tc.name+".golden", []byte(plain))
			colored, _ := traceOf(t, tc.level, tc.rules, tc.seed, true, tc.opts...)
			if !strings.Contains(colored, "\x1b[") {
				t.Errorf("colour trace has no escapes")
			}
			if got := traceEscapes.ReplaceAllString(colored, ""); got != plain {
				t.Errorf("colour trace without escapes differs from the plain trace")
			}
			if strings.Contains(plain, "\x1b") {
				t.Errorf("plain trace has escapes")
			}
			if got := strings.Count(plain, "\nmove "); got != len(res.Moves) {
				t.Errorf("trace shows %d moves; the game made %d", got, len(res.Moves))
			}
		})
	}
}

// TestTraceReason checks the explanation of each kind of move, built by
// hand so every rule is covered whatever the games above happen to do.
func TestTraceReason(t *testing.T) {
	b := game.MustBoard(3, 3)
	cl := func(lits ...cnf.Lit) cnf.Clause { return cnf.Clause(lits) }
	probs := []float64{0.2, 0.25, math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), 0.5}
	for _, tc := range []struct {
		name string
		m    agent.Move
		want string
	}{
		{"first", agent.Move{Op: game.OpOpen, Cell: 0, Basis: agent.BasisFirst},
			"the first click: the rules keep it safe"},
		{"unit flag", agent.Move{Op: game.OpFlag, Cell: 2, Basis: agent.BasisUnit,
			Reason: kb.Reason{Source: kb.SourceHint, Clause: cl(kb.MineLit(2)), Hint: 1, HintN: 1}},
			"hint 1 at (0,1) gives clause (0,2)\n  so (0,2) is a mine"},
		{"unit from a longer clause", agent.Move{Op: game.OpOpen, Cell: 3, Basis: agent.BasisUnit,
			Reason: kb.Reason{Source: kb.SourceHint, Clause: cl(kb.MineLit(0), kb.SafeLit(3)), Hint: 4, HintN: 2}},
			"hint 2 at (1,1) gives clause (0,0) v -(1,0)\n  its other literals are false, so (1,0) is safe"},
		{"resolution open", agent.Move{Op: game.OpOpen, Cell: 5, Basis: agent.BasisResolution,
			Reason: kb.Reason{Source: kb.SourceResolution, Clause: cl(kb.SafeLit(5)), Hint: -1,
				Parents: [2]cnf.Clause{cl(kb.MineLit(4), kb.SafeLit(5)), cl(kb.SafeLit(4), kb.SafeLit(5))}}},
			"clause -(1,2) is the resolvent of\n  (1,1) v -(1,2)\n  -(1,1) v -(1,2)\n  so (1,2) is safe"},
		{"global", agent.Move{Op: game.OpOpen, Cell: 8, Basis: agent.BasisGlobal,
			Reason: kb.Reason{Source: kb.SourceTotal, Clause: cl(kb.SafeLit(8)), Hint: -1}},
			"the global mine count gives clause -(2,2)\n  so (2,2) is safe"},
		{"pair", agent.Move{Op: game.OpFlag, Cell: 5, Basis: agent.BasisPair,
			Pair: &agent.PairReason{Hint: 1, HintN: 2, With: 0, WithN: 1, Need: 2, Shared: 1, Others: 1}},
			"hint 2 at (0,1) needs 2 more mines, the cells it shares with hint 1 at (0,0) hold at most 1, and it has 1 other closed cell\n  so (1,2) is a mine"},
		{"sat", agent.Move{Op: game.OpFlag, Cell: 7, Basis: agent.BasisSAT, Mines: 3},
			"proved by SAT: (2,1) is a mine in every layout that agrees with the hints and the 3-mine total"},
		{"guess", agent.Move{Op: game.OpOpen, Cell: 0, Basis: agent.BasisGuess,
			Guess: &guess.Guess{Cell: 0, P: 0.2, Runner: 1, RunnerP: 0.25, Method: guess.MethodProb, Probs: probs}},
			"guess: p(mine) 0.200 (exact probability); runner-up (0,1) at 0.250\n  3 closed cells estimated"},
		{"lone guess", agent.Move{Op: game.OpOpen, Cell: 0, Basis: agent.BasisGuess,
			Guess: &guess.Guess{Cell: 0, P: 0.5, Runner: -1}},
			"guess: p(mine) 0.500 (estimate); no other candidate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Join(traceReason(b, tc.m), "\n"); got != tc.want {
				t.Errorf("traceReason:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// runTTY runs args with stdout on a pretend terminal and the environment env.
func runTTY(t *testing.T, env map[string]string, args ...string) (string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	s := &stdio{in: strings.NewReader(""), out: &out, err: &errb, outTTY: true,
		getenv: func(k string) string { return env[k] }}
	err := run(context.Background(), args, s)
	if err != nil && exitCode(err) == exitUsage {
		t.Fatalf("%v: %v\n%s", args, err, errb.String())
	}
	return out.String(), exitCode(err)
}

// TestPlayTraceCommand runs 'play --trace' as a person would: one game,
// colour only on a terminal without NO_COLOR or --no-color, the record
// written with the guesses' estimates, and the flags it refuses.
func TestPlayTraceCommand(t *testing.T) {
	args := []string{"play", "--trace", "--level", "beginner", "--seed", "3", "--strategy", "kb"}
	plain := runCmd(t, "", nil, args...)
	if plain.code != 0 && plain.code != 1 {
		t.Fatalf("exit %d: %s", plain.code, plain.err)
	}
	if !strings.HasPrefix(plain.out, "game: beginner 9x9 with 10 mines, rules safe, seed ") ||
		!strings.Contains(plain.out, ", first click corner (0,0)\n") || !strings.Contains(plain.out, "\nresult: ") {
		t.Errorf("trace lacks its header or result:\n%s", plain.out)
	}
	if strings.Contains(plain.out, "\x1b") {
		t.Errorf("trace to a pipe has colour escapes")
	}
	colored, _ := runTTY(t, nil, args...)
	if !strings.Contains(colored, "\x1b[") || traceEscapes.ReplaceAllString(colored, "") != plain.out {
		t.Errorf("trace on a terminal: want colour, and the plain trace once escapes are stripped")
	}
	for name, env := range map[string]map[string]string{"NO_COLOR": {"NO_COLOR": "1"}, "--no-color": nil} {
		a := args
		if env == nil {
			a = append(append([]string(nil), args...), "--no-color")
		}
		if out, _ := runTTY(t, env, a...); out != plain.out {
			t.Errorf("%s on a terminal: trace differs from the plain one", name)
		}
	}

	rec := t.TempDir() + "/trace.jsonl"
	r := runCmd(t, "", nil, "play", "--trace", "--level", "beginner", "--seed", "2", "--strategy", "kb", "--record", rec)
	if r.code > 1 {
		t.Fatalf("--record: exit %d: %s", r.code, r.err)
	}
	if v := runCmd(t, "", nil, "replay", rec); v.code != 0 || !strings.Contains(v.out, "game 0: beginner, rules safe") {
		t.Errorf("the traced game's record does not replay: exit %d\n%s%s", v.code, v.out, v.err)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--trace", "--level", "easy,medium"}, "--trace follows one game: choose one --level (got 2 levels)"},
		{[]string{"play", "--trace"}, "choose one --level (got 3 levels)"},
		{[]string{"play", "--trace", "--level", "easy", "--games", "5"}, "--trace follows one game; drop --games 5"},
		{[]string{"play", "--trace", "--level", "easy", "--format", "json"}, "--trace writes its game as text; drop --format json (--record writes the game as JSON)"},
		{[]string{"play", "--trace", "--level", "easy", "--plot", "out.svg"}, "--trace follows one game and --plot draws win rates; drop --plot"},
	} {
		if r := runCmd(t, "", nil, tc.args...); r.code != 2 || !strings.Contains(r.err, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, r.code, r.err, tc.want)
		}
	}
}
