package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/scripts/internal/docgen"
)

// A winLine is one line of the win-rate table: a level and its start,
// played by the default player from run seed 1.
type winLine struct {
	level     string // --level
	rules     string // --rules; the first click is the default for the rules and level
	games     int    // games of a full run
	published string // the best published figure for the same start
	reference string // a minesat.reference/1 file under the root to pair the games with; "" for none
}

// winLines are the table's lines. Their games, with the confirmation
// lines', keep the whole run within about twenty minutes of one core's time.
var winLines = []winLine{
	{level: "beginner", rules: "safe", games: 1_000_000, published: "91.6949% (Tu et al. 2017, 10^8 games)"},
	{level: "intermediate", rules: "safe", games: 500_000, published: "78.2295% (Tu et al. 2017, 10^8 games)"},
	{level: "expert", rules: "safe", games: 200_000, published: "41.13% (D. Hill, 10^7 games); 40.80% (minesolve, depth 4)",
		reference: "testdata/reference/hill-expert-safe-corner-seed1.txt"},
	{level: "beginner", rules: "zero", games: 200_000, published: "97.1669% (Tu et al. 2017)"},
	{level: "intermediate", rules: "zero", games: 200_000, published: "89.0757% (Tu et al. 2017)"},
	{level: "expert", rules: "zero", games: 100_000, published: "54.3% (D. Hill, at (3,3)); 53.45% (Tu et al. 2017)"},
}

// A confirmLine is a run of the default player on games held out from every
// choice (another run seed), paired with a reference player's outcomes on
// them: the confirmation set. Its games are all those the reference holds.
type confirmLine struct {
	level     string // --level
	rules     string // --rules
	seed      int64  // --seed, not 1
	reference string // the minesat.reference/1 file under the root, role confirm
}

// confirmLines are the runs paired with a confirmation set, each line after
// the table's own pairings.
var confirmLines = []confirmLine{
	{level: "expert", rules: "safe", seed: 2, reference: "testdata/reference/hill-expert-safe-corner-seed2.txt"},
}

// tinyGames is the games of a line with -tiny.
const tinyGames = 20

// winHeader and winAlign are the win-rate table's columns.
var (
	winHeader = []string{"level", "rules, first click", "won / games", "win rate [95% interval]", "best published figure"}
	winAlign  = []string{"---", "---", "---:", "---:", "---"}
)

// measureWinRates plays every win-rate line and every confirmation line and
// returns the block of results.md.
func measureWinRates(o options, st stamp, log io.Writer) (string, error) {
	var cmds, paired []string
	var rows [][]string
	dir, err := os.MkdirTemp("", "docnumbers")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	for _, l := range winLines {
		games := l.games
		if o.tiny {
			games = tinyGames
		}
		r, err := playPaired(o, log, dir, l.level, l.rules, 1, games, l.reference)
		if err != nil {
			return "", err
		}
		cmds = append(cmds, r.cmd)
		paired = append(paired, r.paired...)
		rows = append(rows, winRow(r.summary, l))
	}
	for _, l := range confirmLines {
		ref, err := batch.ReadReferenceFile(filepath.Join(o.root, l.reference))
		if err != nil {
			return "", err
		}
		games := ref.To()
		if o.tiny {
			games = min(games, tinyGames)
		}
		r, err := playPaired(o, log, dir, l.level, l.rules, l.seed, games, l.reference)
		if err != nil {
			return "", err
		}
		cmds = append(cmds, r.cmd)
		paired = append(paired, r.paired...)
	}
	var b strings.Builder
	writeHeader(&b, st, o.tiny, cmds)
	docgen.WriteTable(&b, winHeader, winAlign, rows)
	for _, p := range paired {
		fmt.Fprintf(&b, "\n%s\n", p)
	}
	return b.String(), nil
}

// pairedRun is what playPaired measured.
type pairedRun struct {
	summary batch.Summary
	cmd     string   // the command, as the block shows it
	paired  []string // the line pairing its games with the reference; none without one
}

// playPaired plays games 0..games-1 of a level and rules from run seed
// seed with the default player and, given a reference file under the root,
// pairs its games with the reference's.
func playPaired(o options, log io.Writer, dir, level, rules string, seed int64, games int, reference string) (pairedRun, error) {
	args := []string{"play", "--level", level, "--rules", rules, "--games", strconv.Itoa(games),
		"--seed", strconv.FormatInt(seed, 10), "--workers", strconv.Itoa(o.workers), "--format", "json"}
	var outcomes string
	if reference != "" {
		name := "minesat-" + level + ".txt"
		if seed != 1 {
			name = fmt.Sprintf("minesat-%s-seed%d.txt", level, seed)
		}
		outcomes = filepath.Join(dir, name)
		args = append(args, "--outcomes", outcomes)
	}
	fmt.Fprintf(log, "docnumbers: minesat %s\n", strings.Join(args, " "))
	r, err := play(o.minesat, o.root, args)
	if err != nil {
		return pairedRun{}, err
	}
	run := pairedRun{summary: r.Summary, cmd: "minesat " + strings.Join(args, " ")}
	if outcomes != "" {
		run.cmd = strings.Replace(run.cmd, outcomes, filepath.Base(outcomes), 1)
		line, err := pairWith(outcomes, filepath.Join(o.root, reference), reference)
		if err != nil {
			return pairedRun{}, err
		}
		run.paired = []string{line}
	}
	return run, nil
}

// winRow is a summary's row of the win-rate table.
func winRow(s batch.Summary, l winLine) []string {
	return []string{
		levelLabel(s),
		s.Rules.String() + ", " + s.First,
		docgen.Thousands(s.Base.Won) + " / " + docgen.Thousands(s.Base.Games),
		docgen.Rate(s.Base.Won, s.Base.Games),
		l.published,
	}
}

// levelLabel names a summary's level with its size, e.g. "expert 16x30/99".
func levelLabel(s batch.Summary) string {
	return fmt.Sprintf("%s %dx%d/%d", s.Level.Name, s.Level.Rows, s.Level.Cols, s.Level.Mines)
}

// pairWith pairs minesat's outcomes (a file --outcomes wrote) with a
// reference player's on the same games and says how they compare.
func pairWith(ours, refPath, refName string) (string, error) {
	a, err := batch.ReadReferenceFile(ours)
	if err != nil {
		return "", err
	}
	ref, err := batch.ReadReferenceFile(refPath)
	if err != nil {
		return "", err
	}
	if a.From < ref.From || a.To() > ref.To() {
		return "", fmt.Errorf("%s holds games %d-%d, not all of minesat's %d-%d", refName, ref.From, ref.To()-1, a.From, a.To()-1)
	}
	var p batch.PairedTally
	for i, won := range a.Won {
		p.Add(won, ref.Won[a.From+i-ref.From])
	}
	d, lo, hi, z := p.Diff()
	role := ref.Role.Describe()
	if role != "" {
		role = ", " + role
	}
	return fmt.Sprintf("Game by game against %s on the same %s %s games of seed %d%s (its outcomes in `%s`, what "+
		"`--against` prints): both won %s, minesat alone %s, %s alone %s, neither %s; %s - minesat "+
		"%+.2f points [%+.2f, %+.2f], McNemar's z = %+.2f.",
		ref.Player, docgen.Thousands(p.Games()), ref.Level.Name, ref.Seed, role, refName, docgen.Thousands(p.Both),
		docgen.Thousands(p.OnlyBase), ref.Player, docgen.Thousands(p.OnlyVs), docgen.Thousands(p.Neither), ref.Player, 100*d, 100*lo, 100*hi, z), nil
}
