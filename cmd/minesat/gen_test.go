package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// TestGenGolden pins gen's output for fixed seeds. A change here changes
// every puzzle users have generated from a seed: update the goldens only on
// purpose.
func TestGenGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"gen-default", []string{"--seed", "1"}},
		{"gen-6x6", []string{"--rows", "6", "--cols", "6", "--mines", "10", "--seed", "42"}},
		{"gen-hints", []string{"--rows", "5", "--cols", "8", "--mines", "7", "--hints", "12", "--seed", "3"}},
		{"gen-reveal-all", []string{"--rows", "4", "--cols", "4", "--mines", "3", "--reveal", "1", "--seed", "9"}},
		{"gen-no-hints", []string{"--rows", "3", "--cols", "7", "--mines", "4", "--hints", "0", "--seed", "5"}},
		{"gen-expert", []string{"--level", "expert", "--reveal", "0.3", "--seed", "123"}},
		{"gen-custom-level", []string{"--level", "7x12/20", "--seed", "-8"}},
		{"gen-layout", []string{"--rows", "6", "--cols", "6", "--mines", "10", "--seed", "42", "--layout"}},
		{"gen-no-guess", []string{"--no-guess", "--level", "intermediate", "--seed", "7", "--layout"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, "", nil, append([]string{"gen"}, tc.args...)...)
			if r.code != 0 || r.err != "" {
				t.Fatalf("exit %d, stderr %q", r.code, r.err)
			}
			checkGolden(t, "gen/"+tc.name+".txt", []byte(r.out))
		})
	}
}

// TestGenOutput checks what every generated puzzle promises: it parses, has
// the asked size and hint count, and the --layout line solves it.
func TestGenOutput(t *testing.T) {
	tests := []struct {
		args              []string
		rows, cols, mines int
		hints             int
	}{
		{[]string{"--rows", "9", "--cols", "9", "--mines", "10"}, 9, 9, 10, 36}, // round(0.5*71)
		{[]string{"--level", "hard", "--hints", "22"}, 16, 30, 99, 22},
		{[]string{"--level", "beginner", "--reveal", "0.1"}, 9, 9, 10, 7},
		{[]string{"--rows", "1", "--cols", "30", "--mines", "29", "--reveal", "1"}, 1, 30, 29, 1},
		{[]string{"--rows", "20", "--cols", "2", "--mines", "0", "--hints", "40"}, 20, 2, 0, 40},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			for seed := range 20 {
				args := append([]string{"gen", "--layout", "--seed", strconv.Itoa(seed)}, tc.args...)
				r := runCmd(t, "", nil, args...)
				if r.code != 0 {
					t.Fatalf("seed %d: exit %d: %s", seed, r.code, r.err)
				}
				p, err := game.ParsePuzzle("gen", strings.NewReader(r.out))
				if err != nil {
					t.Fatalf("seed %d: output does not parse: %v\n%s", seed, err, r.out)
				}
				if p.Rows() != tc.rows || p.Cols() != tc.cols || p.Mines != tc.mines {
					t.Errorf("seed %d: %dx%d/%d; want %dx%d/%d", seed, p.Rows(), p.Cols(), p.Mines, tc.rows, tc.cols, tc.mines)
				}
				if got := len(p.Cells) - p.Unknowns(); got != tc.hints {
					t.Errorf("seed %d: %d hints; want %d", seed, got, tc.hints)
				}
				if err := p.Satisfies(layoutOf(t, p, r.out)); err != nil {
					t.Errorf("seed %d: the --layout line does not solve the puzzle: %v", seed, err)
				}
			}
		})
	}
}

var layoutLine = regexp.MustCompile(`(?m)^# layout: (.*)$`)
var cellRE = regexp.MustCompile(`\((\d+),(\d+)\)`)

// layoutOf reads the "# layout:" comment of gen's output as cell indices.
func layoutOf(t *testing.T, p *game.Puzzle, out string) []int {
	t.Helper()
	m := layoutLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no layout line in\n%s", out)
	}
	var idx []int
	for _, c := range cellRE.FindAllStringSubmatch(m[1], -1) {
		r, _ := strconv.Atoi(c[1])
		col, _ := strconv.Atoi(c[2])
		idx = append(idx, p.Board.Index(game.Pos{Row: r, Col: col}))
	}
	return idx
}

func TestGenSeed(t *testing.T) {
	a := runCmd(t, "", nil, "gen", "--seed", "77")
	b := runCmd(t, "", nil, "gen", "--seed", "77")
	c := runCmd(t, "", nil, "gen", "--seed", "78")
	if a.out != b.out {
		t.Errorf("the same seed gave two puzzles:\n%s\n%s", a.out, b.out)
	}
	if a.out == c.out {
		t.Errorf("seeds 77 and 78 gave the same puzzle:\n%s", a.out)
	}

	// Without --seed, gen reports the seed it drew, and that seed repeats the puzzle.
	r := runCmd(t, "", nil, "gen", "--level", "medium")
	m := regexp.MustCompile(`^minesat: gen: no --seed given, using --seed (-?\d+)\n$`).FindStringSubmatch(r.err)
	if r.code != 0 || m == nil {
		t.Fatalf("gen without --seed: exit %d, stderr %q; want exit 0 and the seed reported", r.code, r.err)
	}
	again := runCmd(t, "", nil, "gen", "--level", "medium", "--seed", m[1])
	if again.out != r.out {
		t.Errorf("--seed %s did not repeat the puzzle:\n%s\n%s", m[1], r.out, again.out)
	}
}

func TestGenErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // the whole stderr message line
	}{
		{"too many mines", []string{"--rows", "3", "--cols", "3", "--mines", "10"},
			"minesat: gen: --mines 10: want 0..9 mines on a 3x3 board"},
		{"negative mines", []string{"--mines", "-1"},
			"minesat: gen: --mines -1: want 0..81 mines on a 9x9 board"},
		{"zero rows", []string{"--rows", "0"},
			"minesat: gen: --rows 0: want at least 1"},
		{"too big", []string{"--rows", "5000", "--cols", "5000"},
			"minesat: gen: --rows 5000 --cols 5000: more than the 16777216 cells supported"},
		{"too many hints", []string{"--rows", "3", "--cols", "3", "--mines", "5", "--hints", "5"},
			"minesat: gen: --hints 5: want 0..4, the safe cells of a 3x3 board with 5 mines"},
		{"negative hints", []string{"--hints", "-1"},
			"minesat: gen: --hints -1: want 0..71, the safe cells of a 9x9 board with 10 mines"},
		{"reveal too big", []string{"--reveal", "1.5"},
			"minesat: gen: --reveal 1.5: want a fraction 0..1"},
		{"reveal NaN", []string{"--reveal", "NaN"},
			"minesat: gen: --reveal NaN: want a fraction 0..1"},
		{"reveal and hints", []string{"--reveal", "0.2", "--hints", "3"},
			"minesat: gen: use --reveal or --hints, not both"},
		{"level and size", []string{"--level", "easy", "--rows", "4"},
			"minesat: gen: use --level or --rows/--cols/--mines, not both"},
		{"bad level", []string{"--level", "huge"},
			`minesat: gen: --level: game: level "huge": want easy, medium, hard, beginner, intermediate, expert or RxC/M (e.g. 20x40/150)`},
		{"level too many mines", []string{"--level", "3x3/10"},
			`minesat: gen: --level: game: level "3x3/10": 10 mines: want 0..9 on a 3x3 board`},
		{"not an integer", []string{"--rows", "nine"},
			`minesat: gen: --rows nine: want a whole number (see 'minesat gen -h')`},
		{"number too large", []string{"--mines", "99999999999999999999"},
			`minesat: gen: --mines 99999999999999999999: the number is too large (see 'minesat gen -h')`},
		{"level number too large", []string{"--level", "9x9/99999999999999999999"},
			`minesat: gen: --level: game: level "9x9/99999999999999999999": 99999999999999999999 is too large`},
		{"cols alone too large", []string{"--cols", "99999999999"},
			"minesat: gen: --rows 9 --cols 99999999999: more than the 16777216 cells supported"},
		{"stray argument", []string{"--seed", "1", "puzzle.txt"},
			`minesat: gen: unexpected argument "puzzle.txt": gen takes only flags (see 'minesat gen -h')`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, "", nil, append([]string{"gen", "--seed", "1"}, tc.args...)...)
			if r.code != 2 {
				t.Errorf("exit %d; want 2", r.code)
			}
			if r.out != "" {
				t.Errorf("stdout %q; want nothing", r.out)
			}
			lines := strings.Split(strings.TrimSuffix(r.err, "\n"), "\n")
			if last := lines[len(lines)-1]; last != tc.want {
				t.Errorf("stderr ends with\n%s\nwant\n%s", last, tc.want)
			}
		})
	}
}

// TestGenNoGuess checks what gen --no-guess promises: the output is the
// position after the first click of its --layout, and the sat strategy
// without guessing wins that layout from that click.
func TestGenNoGuess(t *testing.T) {
	tests := []struct {
		args  []string
		level game.Level
		rules game.Rules
		first game.Pos
	}{
		{nil, game.Beginner, game.RulesSafe, game.Pos{}},
		{[]string{"--level", "intermediate", "--first", "center"}, game.Intermediate, game.RulesSafe, game.Pos{Row: 8, Col: 8}},
		{[]string{"--level", "expert", "--rules", "zero"}, game.Expert, game.RulesZero, game.Pos{Row: 3, Col: 3}},
		{[]string{"--rows", "6", "--cols", "7", "--mines", "8", "--first", "5,6"},
			game.Level{Name: "6x7/8", Rows: 6, Cols: 7, Mines: 8}, game.RulesSafe, game.Pos{Row: 5, Col: 6}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			for seed := range 3 {
				args := append([]string{"gen", "--no-guess", "--layout", "--seed", strconv.Itoa(seed)}, tc.args...)
				r := runCmd(t, "", nil, args...)
				require.Equal(t, 0, r.code, r.err)
				assert.Empty(t, r.err)
				p, err := game.ParsePuzzle("gen", strings.NewReader(r.out))
				require.NoError(t, err)
				var mines []game.Pos
				for _, i := range layoutOf(t, p, r.out) {
					mines = append(mines, p.Board.Pos(i))
				}
				g, err := game.NewWithLayout(tc.level, tc.rules, 0, mines, nil)
				require.NoError(t, err)
				_, err = g.Open(tc.first)
				require.NoError(t, err)
				assert.Equal(t, g.View().Cells, p.Cells, "the puzzle is the position after the first click")
				assert.Equal(t, tc.level.Mines, p.Mines)

				g, err = game.NewWithLayout(tc.level, tc.rules, 0, mines, nil)
				require.NoError(t, err)
				a, err := agent.New(agent.WithPreset(agent.PresetSAT), agent.WithNoGuess(), agent.WithFirst(tc.first))
				require.NoError(t, err)
				res, err := a.Play(context.Background(), g)
				require.NoError(t, err)
				assert.Equal(t, game.Won, res.Outcome, "seed %d: logic alone does not win the board", seed)

				again := runCmd(t, "", nil, args...)
				assert.Equal(t, r.out, again.out, "the same seed gives the same board")
			}
		})
	}
}

func TestGenNoGuessUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--rules", "zero"}, 2, "gen: --rules goes only with --no-guess\n"},
		{[]string{"--first", "corner"}, 2, "gen: --first goes only with --no-guess\n"},
		{[]string{"--tries", "5"}, 2, "gen: --tries goes only with --no-guess\n"},
		{[]string{"--timeout", "1s"}, 2, "gen: --timeout goes only with --no-guess\n"},
		{[]string{"--no-guess", "--hints", "3"}, 2, "gen: --hints does not go with --no-guess"},
		{[]string{"--no-guess", "--reveal", "0.2"}, 2, "gen: --reveal does not go with --no-guess"},
		{[]string{"--no-guess", "--rules", "seed"}, 2, "gen: --rules seed: a no-guess board needs a first click"},
		{[]string{"--no-guess", "--rules", "hard"}, 2, `gen: --rules: game: rules "hard": want seed, safe or zero`},
		{[]string{"--no-guess", "--first", "9,0"}, 2, "gen: --first: agent: first click 9,0 is off the 9x9 board"},
		{[]string{"--no-guess", "--tries", "0"}, 2, "gen: --tries 0: want at least 1\n"},
		{[]string{"--no-guess", "--timeout", "-1s"}, 2, "gen: --timeout -1s: want a duration of 0 (no limit) or more\n"},
		{[]string{"--no-guess", "--rules", "zero", "--level", "3x3/1"}, 2, "gen: game: level 3x3/1 cannot be played under rules zero"},
		{[]string{"--no-guess", "--mines", "-1"}, 2, "gen: --mines -1: want 0..81 mines on a 9x9 board\n"},
		{[]string{"--no-guess", "--level", "2x2/2", "--tries", "40"}, 3,
			"gen: agent: no no-guess board found on level 2x2/2 (2x2, 2 mines) under rules safe from (0,0) in 40 tries (raise --tries, or use fewer mines)\n"},
		{[]string{"--no-guess", "--level", "expert", "--timeout", "1ns"}, 3, "gen: --timeout 1ns ran out after "},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCmd(t, "", nil, append([]string{"gen", "--seed", "1"}, tc.args...)...)
			assert.Equal(t, tc.code, r.code)
			assert.Contains(t, r.err, tc.err)
			assert.Empty(t, r.out)
		})
	}
}

// TestGenNoGuessInterrupted checks that gen --no-guess stopped by Ctrl-C
// writes nothing, says so and exits 3.
func TestGenNoGuessInterrupted(t *testing.T) {
	var out, errb bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := run(ctx, []string{"gen", "--no-guess", "--level", "expert", "--seed", "1"}, &stdio{out: &out, err: &errb})
	assert.Equal(t, exitBudget, exitCode(err))
	assert.ErrorContains(t, err, "gen: interrupted after 0 layouts without a no-guess board")
	assert.Zero(t, out.Len())
}
