package main

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/stats"
)

// playJSON runs play with args and --format json, and returns its
// summary's one level.
func playJSON(t *testing.T, args ...string) batch.SummaryLevel {
	t.Helper()
	r := runCmd(t, "", nil, append(append([]string{"play"}, args...), "--format", "json")...)
	if r.code != 0 || r.err != "" {
		t.Fatalf("play %v: exit %d, stderr %q", args, r.code, r.err)
	}
	f, err := batch.ParseSummaryFile("stdout", []byte(r.out))
	if err != nil || len(f.Levels) != 1 {
		t.Fatalf("play %v: %v, %d levels\n%s", args, err, len(f.Levels), r.out)
	}
	return f.Levels[0]
}

// sameGames reports whether two players' counts are the same (everything
// but the time).
func sameGames(a, b *batch.SummaryPlayer) bool {
	x, y := *a, *b
	x.MsPerGame, y.MsPerGame, x.ElapsedNs, y.ElapsedNs = 0, 0, 0, 0
	return x == y
}

// TestPlayVs checks that playing in pairs changes neither player's games:
// each side of --vs equals a run of its own flags alone, the paired counts
// add up to both, and the statistics are stats.PairedDiff's. fast against full
// must differ in no game at all (they make the same guesses).
func TestPlayVs(t *testing.T) {
	tests := []struct {
		name  string
		args  []string // the level and the base's flags
		vs    []string // the second player's flags, as --vs gives them
		equal bool     // the two must win the same games
	}{
		{"fast against full", []string{"--level", "expert", "--games", "40", "--seed", "5"}, []string{"--strategy", "fast"}, true},
		{"full against itself", []string{"--level", "beginner", "--games", "60", "--seed", "2"}, []string{"--lookahead", "8"}, true},
		{"local guesser", []string{"--level", "intermediate", "--games", "60", "--seed", "3"}, []string{"--guesser", "local"}, false},
		{"no guessing, zero rules", []string{"--level", "beginner", "--rules", "zero", "--games", "60"}, []string{"--no-guess", "--strategy", "kb"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vsArg := tt.vs[0]
			for _, f := range tt.vs[1:] {
				vsArg += " " + f
			}
			got := playJSON(t, append(tt.args, "--vs", vsArg)...)
			base := playJSON(t, tt.args...).Base
			vs := playJSON(t, append(tt.args, tt.vs...)...).Base
			if !sameGames(&got.Base, &base) {
				t.Errorf("base of --vs: %+v\nalone: %+v", got.Base, base)
			}
			if !sameGames(got.Vs, &vs) {
				t.Errorf("vs of --vs: %+v\nalone: %+v", got.Vs, vs)
			}
			p := got.Paired
			if got.To-got.From != base.Games || p.BothWon+p.OnlyBase != base.Won || p.BothWon+p.OnlyVs != vs.Won ||
				p.BothWon+p.OnlyBase+p.OnlyVs+p.Neither != base.Games {
				t.Errorf("paired %+v does not add up to base won %d, vs won %d of %d", p, base.Won, vs.Won, base.Games)
			}
			d, lo, hi, z := stats.PairedDiff(p.OnlyBase, p.OnlyVs, base.Games)
			if p.Difference != d || p.CI95 != [2]float64{lo, hi} || p.Z != z || p.TimeRatio <= 0 {
				t.Errorf("paired %+v: want difference %v, ci95 [%v, %v], z %v and a time ratio", p, d, lo, hi, z)
			}
			if tt.equal && (p.OnlyBase != 0 || p.OnlyVs != 0) {
				t.Errorf("%d games won by base alone and %d by vs alone; want none", p.OnlyBase, p.OnlyVs)
			}
			if !tt.equal && p.OnlyBase+p.OnlyVs == 0 {
				t.Errorf("no game won by one player alone: the test compares nothing")
			}
		})
	}
}

// TestPlayVsWorkers checks that the pairs do not depend on the workers.
func TestPlayVsWorkers(t *testing.T) {
	args := []string{"--level", "expert", "--games", "30", "--seed", "8", "--vs", "--lookahead 0 --endgame 0"}
	one := playJSON(t, append(args, "--workers", "1")...)
	two := playJSON(t, append(args, "--workers", "2")...)
	one.Paired.TimeRatio, two.Paired.TimeRatio = 0, 0
	if !sameGames(&one.Base, &two.Base) || !sameGames(one.Vs, two.Vs) || *one.Paired != *two.Paired {
		t.Errorf("1 worker: %+v\n2 workers: %+v", one, two)
	}
}

// TestPlayVsGolden checks the text output of --vs on two levels (times
// and time ratios masked).
func TestPlayVsGolden(t *testing.T) {
	r := runCmd(t, "", nil, "play", "--level", "beginner,16x16/25", "--games", "50", "--seed", "4", "--workers", "2", "--vs", "--lookahead 0")
	if r.code != 0 || r.err != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.err)
	}
	out := regexp.MustCompile(`  \d+\.\d\d\n`).ReplaceAllString(maskTimes(r.out), "  R\n")
	checkGolden(t, filepath.Join("play", "vs-lookahead0.txt"), []byte(out))
}
