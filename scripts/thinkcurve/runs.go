package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
)

// runName is what a run's name says: LEVEL-RULES-sSEED-gGAMES-default or
// LEVEL-RULES-sSEED-gGAMES-thinkB.
type runName struct {
	Level, Rules string
	Seed         int64
	Games        int
	Think        int // the --think budget; 0 for the default player
}

// runNameRE matches a run's name.
var runNameRE = regexp.MustCompile(`^([a-z]+)-([a-z]+)-s(\d+)-g(\d+)-(default|think(\d+))$`)

// parseRunName reads a run's name; ok is false for a name of another shape.
func parseRunName(s string) (n runName, ok bool) {
	m := runNameRE.FindStringSubmatch(s)
	if m == nil {
		return runName{}, false
	}
	seed, err1 := strconv.ParseInt(m[3], 10, 64)
	games, err2 := strconv.Atoi(m[4])
	var err3 error
	if m[6] != "" {
		n.Think, err3 = strconv.Atoi(m[6])
	}
	if err1 != nil || err2 != nil || err3 != nil || games < 1 || (m[6] != "" && n.Think < 1) {
		return runName{}, false
	}
	n.Level, n.Rules, n.Seed, n.Games = m[1], m[2], seed, games
	return n, true
}

// String writes the name back.
func (n runName) String() string {
	s := fmt.Sprintf("%s-%s-s%d-g%d-", n.Level, n.Rules, n.Seed, n.Games)
	if n.Think == 0 {
		return s + "default"
	}
	return s + "think" + strconv.Itoa(n.Think)
}

// A run is one finished run of the directory: its outcomes, its CPU time
// and how it was played.
type runData struct {
	runName
	dir      string
	out      *batch.Reference // its games' outcomes (NAME.txt)
	cpu      float64          // user + system seconds of the whole run (NAME.time)
	workers  int              // --workers, from NAME.out; 0 where it does not say
	finished time.Time        // when NAME.done was written
}

// path returns the path of the run's file with the extension ext.
func (r *runData) path(ext string) string { return filepath.Join(r.dir, r.String()+ext) }

// summary returns what the run's outcomes file says of its games: the
// level, rules, first click and seed that make its layouts.
func (r *runData) summary() batch.Summary {
	return batch.Summary{Level: r.out.Level, Rules: r.out.Rules, First: r.out.First, Seed: r.out.Seed}
}

// msPerGame returns the run's CPU milliseconds a game.
func (r *runData) msPerGame() float64 { return 1000 * r.cpu / float64(r.Games) }

// command returns the command that played the run (doc.go's command).
func (r *runData) command() string {
	s := fmt.Sprintf("minesat play --level %s --rules %s --seed %d --games %d", r.Level, r.Rules, r.Seed, r.Games)
	if r.workers > 0 {
		s += fmt.Sprintf(" --workers %d", r.workers)
	}
	if r.Think > 0 {
		s += fmt.Sprintf(" --think %d --record %s.jsonl.gz", r.Think, r.String())
	}
	return s + fmt.Sprintf(" --outcomes %s.txt", r.String())
}

// loadRuns reads the finished runs of dir (those with NAME.done), in name
// order, and returns the names of the runs not finished.
func loadRuns(dir string) (runs []*runData, unfinished []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]bool{}
	for _, e := range entries {
		base, _, _ := strings.Cut(e.Name(), ".")
		n, ok := parseRunName(base)
		if !ok || seen[base] {
			continue
		}
		seen[base] = true
		done, err := os.Stat(filepath.Join(dir, base+".done"))
		if err != nil {
			unfinished = append(unfinished, base)
			continue
		}
		r := &runData{runName: n, dir: dir, finished: done.ModTime()}
		if err := r.load(); err != nil {
			return nil, nil, err
		}
		runs = append(runs, r)
	}
	slices.Sort(unfinished)
	return runs, unfinished, nil
}

// load reads the run's outcomes, CPU time and workers, and checks that
// the outcomes are of the run its name says.
func (r *runData) load() error {
	path := r.path(".txt")
	var err error
	if r.out, err = batch.ReadReferenceFile(path); err != nil {
		return err
	}
	switch o := r.out; {
	case o.Level.Name != r.Level || o.Rules.String() != r.Rules || o.Seed != r.Seed:
		return fmt.Errorf("%s: the outcomes are of %s, %s, seed %d; the name says %s, %s, seed %d",
			path, o.Level.Name, o.Rules, o.Seed, r.Level, r.Rules, r.Seed)
	case o.From != 0 || len(o.Won) != r.Games:
		return fmt.Errorf("%s: the outcomes are of %s; the name says games 0-%d", path, batch.GameRange(o.From, o.To()), r.Games-1)
	}
	if r.cpu, err = readTime(r.path(".time")); err != nil {
		return err
	}
	r.workers = readWorkers(r.path(".out"))
	return nil
}

// readTime reads the CPU seconds, user + system, of a file written by
// /usr/bin/time -f "%U %S %e": its last line.
func readTime(path string) (float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	f := strings.Fields(lines[len(lines)-1])
	if len(f) != 3 {
		return 0, fmt.Errorf("%s: want \"user sys elapsed\" seconds on the last line, found %q", path, lines[len(lines)-1])
	}
	var cpu float64
	for _, s := range f[:2] {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < 0 {
			return 0, fmt.Errorf("%s: %q is not a number of seconds", path, s)
		}
		cpu += v
	}
	if cpu <= 0 {
		return 0, fmt.Errorf("%s: no CPU time", path)
	}
	return cpu, nil
}

// workersRE finds the workers in the last line 'minesat play' prints.
var workersRE = regexp.MustCompile(` on (\d+) workers? \(`)

// readWorkers returns the workers a run's printed summary names, or 0.
func readWorkers(path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	m := workersRE.FindSubmatch(data)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// levelOrder returns where a level's name comes in game.Levels, for
// sorting; unknown names come last.
func levelOrder(name string) int {
	i := slices.IndexFunc(game.Levels, func(l game.Level) bool { return l.Name == name })
	if i < 0 {
		return len(game.Levels)
	}
	return i
}
