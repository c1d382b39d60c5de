package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestUsage runs command lines through run and checks the exit code, what
// stderr says and, where it matters, stdout: flags on either side of the
// arguments, bad values reported in one line, flags that would do nothing,
// the shared flags' meanings, and the exit codes the commands agree on.
// usageCase is one command line and what it must give.
type usageCase struct {
	name   string
	stdin  string
	args   []string
	code   int
	stderr string // a substring of stderr; "" for an empty stderr
	stdout string // a substring of stdout, if not ""
}

// TestUsage checks how flags are read, in every command, and how a bad
// one is reported.
func TestUsage(t *testing.T) {
	case1 := filepath.Join(seedPuzzles, "case1.txt")
	checkUsage(t, []usageCase{
		// Flags before, between and after the arguments, in every command.
		{"solve flag after the file", "", []string{"solve", case1, "--count"}, 0, "", "count: "},
		{"solve flags around the file", "", []string{"solve", "--format", "json", case1, "--count"}, 0, "", `"count":"`},
		{"compare flag after the file", "", []string{"compare", case1, "--methods", "sat", "--totals"}, 0, "", "sat "},
		{"compare flags between the files", "", []string{"compare", case1, "--methods=sat", case1, "--format", "csv", "--totals"}, 0, "", "sat,2,2,"},
		{"cnf flag after the file", "", []string{"cnf", case1, "--total", "sequential"}, 0, "", "p cnf "},
		{"cnf flag after stdin", "1 2 1\n1 -1\n", []string{"cnf", "-", "--max-clauses", "10"}, 0, "", "p cnf 1 "},
		{"-- ends the flags", "", []string{"solve", "--", "--count"}, 2, "minesat: solve: open --count: no such file", ""},
		{"-h after the file", "", []string{"solve", case1, "-h"}, 0, "", "Usage: minesat solve"},
		{"-h after a bad value", "", []string{"gen", "--rows", "x", "--help"}, 0, "", "Usage: minesat gen"},
		{"a value that looks like -h", "", []string{"gen", "--level", "-h"}, 2, `gen: --level: game: level "-h"`, ""},
		{"stray argument after flags", "", []string{"gen", "--seed", "1", "extra", "--rows", "3"}, 2,
			`gen: unexpected argument "extra": gen takes only flags (see 'minesat gen -h')`, ""},

		// A bad flag: one line, the command's prefix, a pointer to its help.
		{"unknown flag", "", []string{"solve", case1, "--bogus"}, 2, "minesat: solve: unknown flag --bogus (see 'minesat solve -h')\n", ""},
		{"not an integer", "", []string{"gen", "--rows", "nine"}, 2, "minesat: gen: --rows nine: want a whole number (see 'minesat gen -h')\n", ""},
		{"not a duration", "", []string{"compare", case1, "--timeout", "5"}, 2,
			"minesat: compare: --timeout 5: want a duration such as 500ms, 10s or 1m30s (see 'minesat compare -h')\n", ""},
		{"not a number", "", []string{"gen", "--reveal", "half"}, 2, "minesat: gen: --reveal half: want a number such as 0.5 (see 'minesat gen -h')\n", ""},
		{"not a boolean", "", []string{"solve", case1, "--count=maybe"}, 2, "minesat: solve: --count maybe: want true or false (see 'minesat solve -h')\n", ""},
		{"empty value", "", []string{"cnf", case1, "--max-clauses="}, 2, `minesat: cnf: --max-clauses "": want a whole number`, ""},
		{"missing value", "", []string{"solve", case1, "--timeout"}, 2,
			"minesat: solve: --timeout needs a value: want a duration such as 500ms, 10s or 1m30s (see 'minesat solve -h')\n", ""},
		{"value of its own type", "", []string{"solve", case1, "--method", "backtrack", "--order", "sideways"}, 2,
			"minesat: solve: --order sideways: ", ""},
		{"bad flag syntax", "", []string{"solve", case1, "---count"}, 2, `minesat: solve: bad flag syntax "---count" (see 'minesat solve -h')`, ""},
		{"play bad value", "", []string{"play", "--games", "many"}, 2, "minesat: play: --games many: want a whole number (see 'minesat play -h')\n", ""},
		{"replay bad value", "", []string{"replay", "-", "--lost", "few"}, 2, "minesat: replay: --lost few: want a whole number (see 'minesat replay -h')\n", ""},
		{"version takes no argument", "", []string{"version", "now"}, 2, `minesat: version: unexpected argument "now"`, ""},

		// Numbers too large for an int, reported as written.
		{"integer too large", "", []string{"gen", "--mines", "99999999999999999999"}, 2,
			"minesat: gen: --mines 99999999999999999999: the number is too large (see 'minesat gen -h')\n", ""},
		{"integer too small", "", []string{"gen", "--hints", "-99999999999999999999"}, 2,
			"minesat: gen: --hints -99999999999999999999: the number is too small", ""},
		{"level too large", "", []string{"gen", "--level", "99999999999999999999x9/1"}, 2,
			`level "99999999999999999999x9/1": 99999999999999999999 is too large`, ""},
	})
}

// TestUsageChecks checks values out of range, flags that would do
// nothing, the shared flags, exit codes and the words for what was counted.
func TestUsageChecks(t *testing.T) {
	case1 := filepath.Join(seedPuzzles, "case1.txt")
	impossible := "2 2 1\n4 -1\n-1 -1\n" // a hint larger than its neighbours
	tooMany := "2 2 5\n-1 -1\n-1 -1\n"   // more mines than unknown cells
	checkUsage(t, []usageCase{
		// Values out of range, in the user's terms.
		{"gen negative mines", "", []string{"gen", "--seed", "1", "--mines", "-1"}, 2, "minesat: gen: --mines -1: want 0..81 mines on a 9x9 board\n", ""},
		{"gen too many hints", "", []string{"gen", "--seed", "1", "--hints", "80"}, 2, "gen: --hints 80: want 0..71, the safe cells of a 9x9 board with 10 mines", ""},
		{"gen board too large", "", []string{"gen", "--rows", "5000", "--cols", "5000"}, 2, "gen: --rows 5000 --cols 5000: more than the 16777216 cells supported", ""},

		// A flag that would do nothing is refused.
		{"solve --grid with json", "", []string{"solve", case1, "--grid", "--format", "json"}, 2, "solve: --grid draws the text output; drop --grid or --format json", ""},
		{"solve --no-color without --grid", "", []string{"solve", case1, "--no-color"}, 2, "solve: --no-color applies to --grid only", ""},
		{"solve --order without backtrack", "", []string{"solve", case1, "--order", "mrv"}, 2, "solve: --order applies to --method backtrack only", ""},
		{"solve --value without backtrack", "", []string{"solve", case1, "--value", "lcv"}, 2, "solve: --value applies to --method backtrack only", ""},
		{"solve --fc without backtrack", "", []string{"solve", case1, "--fc=false"}, 2, "solve: --fc applies to --method backtrack only", ""},
		{"solve --max-nodes without backtrack", "", []string{"solve", case1, "--max-nodes", "5"}, 2, "solve: --max-nodes applies to --method backtrack only", ""},
		{"solve --max-states with backtrack", "", []string{"solve", case1, "--method", "backtrack", "--count", "--max-states", "5"}, 2,
			"solve: --max-states bounds the counting of --method sat", ""},
		{"solve --max-states without counting", "", []string{"solve", case1, "--max-states", "5"}, 2,
			"solve: --max-states bounds counting: use it with --count, --forced or --probabilities", ""},
		{"solve backtrack flags with backtrack", "", []string{"solve", case1, "--method", "backtrack", "--order", "mrv", "--value", "lcv", "--fc=false", "--max-nodes", "100000"}, 0, "", ""},
		{"compare --max-nodes without backtracking", "", []string{"compare", case1, "--methods", "sat", "--max-nodes", "5"}, 2,
			"compare: --max-nodes bounds the backtracking methods, and --methods lists none", ""},

		// The shared flags mean the same in every command.
		{"solve --timeout 0 is no limit", "", []string{"solve", case1, "--timeout", "0"}, 0, "", "("},
		{"compare --timeout 0 is no limit", "", []string{"compare", case1, "--methods", "sat,bt", "--timeout", "0", "--totals"}, 0, "", "bt "},
		{"solve negative timeout", "", []string{"solve", case1, "--timeout", "-1s"}, 2, "solve: --timeout -1s: want a duration of 0 (no limit) or more", ""},
		{"compare negative timeout", "", []string{"compare", case1, "--timeout", "-1s"}, 2, "compare: --timeout -1s: want a duration of 0 (no limit) or more", ""},
		{"solve zero node budget", "", []string{"solve", case1, "--method", "backtrack", "--max-nodes", "0"}, 2, "solve: --max-nodes 0: want at least 1", ""},
		{"compare zero node budget", "", []string{"compare", case1, "--max-nodes", "0"}, 2, "compare: --max-nodes 0: want at least 1", ""},

		// Exit codes agree: a puzzle impossible on its face is exit 1.
		{"cnf impossible", impossible, []string{"cnf", "-"}, 1, "minesat: cnf: <stdin> has no solution: ", "p cnf "},
		{"solve impossible", impossible, []string{"solve", "-"}, 1, "minesat: solve: <stdin> has no solution: ", "no solution"},
		{"compare impossible", impossible, []string{"compare", "-"}, 1, "minesat: compare: <stdin> has no solution: ", ""},
		{"analyze impossible", impossible, []string{"analyze", "-"}, 1, "minesat: analyze: <stdin> has no solution: ", ""},
		{"cnf too many mines", tooMany, []string{"cnf", "-"}, 1, "cnf: <stdin> has no solution: ", ""},
		{"solve too many mines", tooMany, []string{"solve", "-"}, 1, "solve: <stdin> has no solution: ", ""},
		{"compare too many mines", tooMany, []string{"compare", "-"}, 1, "compare: <stdin> has no solution: ", ""},
		{"cnf negative budget is usage", "", []string{"cnf", case1, "--max-clauses", "-1"}, 2, "minesat: cnf: --max-clauses -1: want at least 1\n", ""},
		{"cnf budget exceeded", "", []string{"cnf", case1, "--max-clauses", "1"}, 3, "more than --max-clauses 1", ""},

		// A mine total only the backtracking searches need.
		{"compare sat without a total", "2 2 ?\n1 -1\n-1 -1\n", []string{"compare", "-", "--methods", "sat"}, 0, "", "sat     solved"},
		{"compare mrv without a total", "2 2 ?\n1 -1\n-1 -1\n", []string{"compare", "-", "--methods", "sat,mrv"}, 2,
			"compare: <stdin>: the mine total is unknown (?): the backtracking search mrv needs it; give the count in the header, or compare with --methods sat\n", ""},

		// Flags that select nothing, and help on help.
		{"replay --lost 0", "", []string{"replay", "-", "--lost", "0"}, 2, "minesat: replay: --lost 0: want a number of games from 1\n", ""},
		{"help help", "", []string{"help", "help"}, 0, "", "Run 'minesat help <command>'"},
		{"help of no command", "", []string{"help", "helpp"}, 2, "minesat: help helpp: unknown command\n", ""},
		{"play --plot to a missing directory", "", []string{"play", "--level", "beginner", "--games", "1", "--plot", "/nonexistent/dir/p.svg"}, 2,
			"minesat: play: --plot: open /nonexistent/dir/p.svg: no such file or directory\n", ""},
		{"compare --plot to a directory", "", []string{"compare", case1, "--plot", "/tmp/"}, 2, "compare: --plot", ""},

		// Words for what was counted: no rate of no game, no "1 games".
		{"empty shard", "", []string{"play", "--level", "beginner", "--games", "1", "--shard", "0/2"}, 0, "",
			"0      0    0     0      -         -       -             -\n0 games, shard 0/2 (no game of 1 a level), in "},
		{"one game", "", []string{"play", "--level", "beginner", "--games", "1", "--workers", "1"}, 0, "", "\n1 game in "},
		{"one mine", "", []string{"play", "--level", "9x9/1", "--trace"}, 0, "", "9x9/1 9x9 with 1 mine, rules safe"},
	})
}

// checkUsage runs each case's command line and checks its exit code and
// output.
func checkUsage(t *testing.T, tests []usageCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.stdin, nil, tc.args...)
			if r.code != tc.code {
				t.Errorf("%q: exit %d; want %d\nstderr: %s", tc.args, r.code, tc.code, r.err)
			}
			switch {
			case tc.stderr == "" && r.err != "":
				t.Errorf("%q: stderr %q; want nothing", tc.args, r.err)
			case !strings.Contains(r.err, tc.stderr):
				t.Errorf("%q: stderr %q; want it to hold %q", tc.args, r.err, tc.stderr)
			}
			if tc.stdout != "" && !strings.Contains(r.out, tc.stdout) {
				t.Errorf("%q: stdout %q; want it to hold %q", tc.args, r.out, tc.stdout)
			}
			if tc.code == exitUsage && strings.Count(r.err, "\n") != 1 {
				t.Errorf("%q: a usage error of %d lines:\n%s", tc.args, strings.Count(r.err, "\n"), r.err)
			}
		})
	}
}

// TestSharedFlagDefaults checks that a flag several commands define has the
// same default and the same kind of value in each.
func TestSharedFlagDefaults(t *testing.T) {
	defaults := map[string]map[string]string{} // flag -> command -> "--flag TYPE ... (default X)"
	flagLine := regexp.MustCompile(`(?m)^  --([a-z-]+)( \S+)?\n\s+.*?(\(default [^)]*\))?$`)
	for name := range commands {
		r := runCmd(t, "", nil, name, "-h")
		for _, m := range flagLine.FindAllStringSubmatch(r.out, -1) {
			if defaults[m[1]] == nil {
				defaults[m[1]] = map[string]string{}
			}
			defaults[m[1]][name] = strings.TrimSpace(m[2] + " " + m[3])
		}
	}
	// The commands where a flag may differ, and why.
	differs := map[string]string{
		"seed":    "gen picks a random seed and reports it, play's win rates are repeatable from seed 1",
		"format":  "compare also writes CSV",
		"timeout": "compare limits each run, 5s unless set; solve the whole command, no limit unless set",
		"level":   "play takes a list of levels",
		"rules":   "gen --no-guess needs a first click, safe unless set; play's default depends on the level",
	}
	for flag, byCmd := range defaults {
		if len(byCmd) < 2 || differs[flag] != "" {
			continue
		}
		var first, firstCmd string
		for cmd, d := range byCmd {
			if firstCmd == "" {
				first, firstCmd = d, cmd
				continue
			}
			if d != first {
				t.Errorf("--%s: %s in %s but %s in %s", flag, d, cmd, first, firstCmd)
			}
		}
	}
	if len(defaults["max-nodes"]) < 2 {
		t.Errorf("--max-nodes is defined by %v; want solve and compare", defaults["max-nodes"])
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		text  string
		width int
		want  string
	}{
		{"", 10, ""},
		{"one", 10, "one"},
		{"one two three", 7, "one two\nthree"},
		{"one  two\nthree", 80, "one two three"},
		{"a verylongword b", 4, "a\nverylongword\nb"},
	}
	for _, tc := range tests {
		if got := wrap(tc.text, tc.width); got != tc.want {
			t.Errorf("wrap(%q, %d) = %q; want %q", tc.text, tc.width, got, tc.want)
		}
	}
}
