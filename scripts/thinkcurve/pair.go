package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
)

// phaseCounts are a think run's counts in one phase.
type phaseCounts struct {
	OnlyThink, OnlyDefault int // games one player alone won, counted at the first guess the search replaced
	Searched, Replaced     int // guesses at which the search ran, and those it played another cell at
}

// A pairing is a think run paired with the default run of the same level,
// rules and seed on the games both played.
type pairing struct {
	think, base *runData
	games       int               // the common games: 0..games-1
	tally       batch.PairedTally // the default first, think second
	refs        []refPairing      // the reference players that played these games
	phases      [numPhases]phaseCounts
	unexplained []int // games one player alone won with no guess replaced: none if the search draws nothing from the game's generator
}

// A refPairing is a reference player paired with a think run and its
// default on the same games.
type refPairing struct {
	ref         *batch.Reference
	file        string            // the reference's file name
	think, base batch.PairedTally // the think run (resp. the default) first, the reference second
}

// pairRuns pairs each think run with the default run of its level, rules
// and seed that holds the most of its games, and with the references that
// hold all of them. A think run is left out, and named in left with why,
// when there is no such default run, or when a think run of the same
// level, rules, seed and budget played more games: those hold all of its
// games (game i is the same in both), and counting both would count its
// games twice.
func pairRuns(runs []*runData, refs map[string]*batch.Reference) (ps []*pairing, left []string) {
	for _, t := range runs {
		if t.Think == 0 {
			continue
		}
		if u := largerRun(t, runs); u != nil {
			left = append(left, fmt.Sprintf("%s (its games are in %s)", t, u))
			continue
		}
		var base *runData
		for _, d := range runs {
			if d.Think == 0 && sameLayouts(d, t) &&
				(base == nil || min(d.Games, t.Games) > min(base.Games, t.Games)) {
				base = d
			}
		}
		if base == nil {
			left = append(left, fmt.Sprintf("%s (no finished default run of its level, rules and seed)", t))
			continue
		}
		p := &pairing{think: t, base: base, games: min(t.Games, base.Games)}
		for g := range p.games {
			p.tally.Add(base.out.Won[g], t.out.Won[g])
		}
		for _, file := range slices.Sorted(maps.Keys(refs)) {
			ref := refs[file]
			if ref.Covers(t.summary(), 0, p.games) != nil {
				continue
			}
			rp := refPairing{ref: ref, file: file}
			for g := range p.games {
				rp.think.Add(t.out.Won[g], ref.Won[g])
				rp.base.Add(base.out.Won[g], ref.Won[g])
			}
			p.refs = append(p.refs, rp)
		}
		ps = append(ps, p)
	}
	slices.SortStableFunc(ps, func(a, b *pairing) int {
		return cmp.Or(cmp.Compare(levelOrder(a.think.Level), levelOrder(b.think.Level)),
			cmp.Compare(a.think.Rules, b.think.Rules), cmp.Compare(a.think.Think, b.think.Think),
			cmp.Compare(a.think.Seed, b.think.Seed), cmp.Compare(a.think.Games, b.think.Games))
	})
	return ps, left
}

// largerRun returns the run of runs with the level, rules, seed, first
// click and budget of t that played the most games, if it played more
// than t; else nil.
func largerRun(t *runData, runs []*runData) *runData {
	var best *runData
	for _, u := range runs {
		if u.Think == t.Think && sameLayouts(u, t) &&
			u.Games > t.Games && (best == nil || u.Games > best.Games) {
			best = u
		}
	}
	return best
}

// sameLayouts reports whether runs a and b play the same layouts, game by
// game: the same level, rules, first click and seed (batch.Reference.Covers's
// test, which references pass too).
func sameLayouts(a, b *runData) bool {
	return a.out.Covers(b.summary(), a.out.From, a.out.From) == nil // no game range asked: only what makes the layouts
}

// readPhases reads the think run's records, one a game in game order, and
// counts in p.phases the guesses searched and replaced in each phase over
// the common games, and each game one player alone won at the phase of its
// first replaced guess. It checks that each record is the game of its
// place (its seed) and has the outcome the run's outcomes file gives.
func (p *pairing) readPhases() error {
	path := p.think.path(".jsonl.gz")
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rr := game.NewRecordReader(path, f)
	for g := range p.games {
		l, err := rr.Next()
		if err == io.EOF {
			return fmt.Errorf("%s: %d records; the run played %d games", path, g, p.think.Games)
		}
		if err != nil {
			return err
		}
		if err := p.addGame(g, l); err != nil {
			return fmt.Errorf("%s:%d: game %d: %w", path, rr.Line(), g, err)
		}
	}
	return nil
}

// addGame counts game g, whose record is l.
func (p *pairing) addGame(g int, l *game.RecordLine) error {
	if want := game.GameSeed(p.think.Seed, g); l.Seed != want {
		return fmt.Errorf("seed %d: want %d, the seed of game %d of run seed %d", l.Seed, want, g, p.think.Seed)
	}
	if won := l.Outcome == game.Won; won != p.think.out.Won[g] {
		return fmt.Errorf("the record is %s, the outcomes file says %s", l.Outcome, map[bool]string{true: "won", false: "not won"}[p.think.out.Won[g]])
	}
	guesses, err := searchedGuesses(l)
	if err != nil {
		return err
	}
	first := -1
	for k, s := range guesses {
		p.phases[s.phase].Searched++
		if s.replaced {
			p.phases[s.phase].Replaced++
			if first < 0 {
				first = k
			}
		}
	}
	th, def := p.think.out.Won[g], p.base.out.Won[g]
	switch {
	case th == def:
	case first < 0:
		p.unexplained = append(p.unexplained, g)
	case th:
		p.phases[guesses[first].phase].OnlyThink++
	default:
		p.phases[guesses[first].phase].OnlyDefault++
	}
	return nil
}

// readRefs reads every reference file (*.txt) of dir, by file name; none
// for dir "".
func readRefs(dir string) (map[string]*batch.Reference, error) {
	refs := map[string]*batch.Reference{}
	if dir == "" {
		return refs, nil
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("-refs %s: no reference files (*.txt); -refs \"\" pairs with none", dir)
	}
	for _, path := range paths {
		ref, err := batch.ReadReferenceFile(path)
		if err != nil {
			return nil, err
		}
		refs[filepath.Base(path)] = ref
	}
	return refs, nil
}
