package batch

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/stats"
)

// Tally counts one player's games.
type Tally struct {
	Games   int           // games played: Won + Lost + Stuck
	Won     int           // games won
	Lost    int           // games lost (a mine opened)
	Stuck   int           // games given up without a guess (no-guess players)
	Guesses int           // guesses over every game
	Elapsed time.Duration // the sum of the games' own times
}

// add counts one game.
func (t *Tally) add(res agent.Result) {
	t.Games++
	switch res.Outcome {
	case game.Won:
		t.Won++
	case game.Lost:
		t.Lost++
	case game.Stuck:
		t.Stuck++
	}
	t.Guesses += res.Guesses
	t.Elapsed += res.Elapsed
}

// merge adds u's counts to t.
func (t *Tally) merge(u Tally) {
	t.Games += u.Games
	t.Won += u.Won
	t.Lost += u.Lost
	t.Stuck += u.Stuck
	t.Guesses += u.Guesses
	t.Elapsed += u.Elapsed
}

// WinRate returns Won / Games, 0 without games.
func (t Tally) WinRate() float64 {
	if t.Games == 0 {
		return 0
	}
	return float64(t.Won) / float64(t.Games)
}

// Interval returns the 95% Wilson interval of the win rate.
func (t Tally) Interval() (lo, hi float64) { return stats.Wilson(t.Won, t.Games) }

// GuessesPerGame returns Guesses / Games, 0 without games.
func (t Tally) GuessesPerGame() float64 {
	if t.Games == 0 {
		return 0
	}
	return float64(t.Guesses) / float64(t.Games)
}

// MsPerGame returns the mean time of a game in milliseconds, 0 without
// games.
func (t Tally) MsPerGame() float64 {
	if t.Games == 0 {
		return 0
	}
	return t.Elapsed.Seconds() * 1000 / float64(t.Games)
}

// PairedTally counts the games of paired play (two players on the same
// layouts) by which of the two players won them.
type PairedTally struct {
	Both     int // games both won
	OnlyBase int // games the first player won and the second did not
	OnlyVs   int // games the second player won and the first did not
	Neither  int // games neither won
}

// addResults counts one game, played by both.
func (p *PairedTally) addResults(base, vs agent.Result) {
	p.Add(base.Outcome == game.Won, vs.Outcome == game.Won)
}

// Add counts one game by whether the first player (b) and the second (v)
// won it.
func (p *PairedTally) Add(b, v bool) {
	switch {
	case b && v:
		p.Both++
	case b:
		p.OnlyBase++
	case v:
		p.OnlyVs++
	default:
		p.Neither++
	}
}

// Merge adds q's counts to p.
func (p *PairedTally) Merge(q PairedTally) {
	p.Both += q.Both
	p.OnlyBase += q.OnlyBase
	p.OnlyVs += q.OnlyVs
	p.Neither += q.Neither
}

// Games returns the games counted.
func (p PairedTally) Games() int { return p.Both + p.OnlyBase + p.OnlyVs + p.Neither }

// Diff returns stats.PairedDiff of the counts: the second player's win rate less
// the first's, its 95% interval and McNemar's z.
func (p PairedTally) Diff() (d, lo, hi, z float64) {
	return stats.PairedDiff(p.OnlyBase, p.OnlyVs, p.Games())
}

// Summary is the result of a batch: what was played (level, rules, first
// click, players, seed), which games ([From, To)), and their counts. Two
// summaries of the same configuration over adjacent ranges merge exactly
// (see Merge): the merged counts are those of one run over both ranges.
type Summary struct {
	Level game.Level
	Rules game.Rules    // never RulesUnset
	First string        // the first click, e.g. "corner (0,0)"; "none" under the seed rules
	Agent agent.Config  // the player
	Vs    *agent.Config // the second player of paired play; nil for none
	Seed  int64         // the run seed: game i was played from game.GameSeed(Seed, i)

	From, To int // the games counted are From, From+1, ..., To-1

	Base    Tally       // the player's games
	VsTally Tally       // the second player's games; zero without one
	Paired  PairedTally // the games by who won them; zero without a second player
}

// Games returns the number of games counted, To - From.
func (s Summary) Games() int { return s.To - s.From }

// sameConfig returns what differs between the configurations of s and t,
// e.g. "seed 1 and 2", or "" if nothing does.
func (s Summary) sameConfig(t Summary) string {
	var diffs []string
	differ := func(what string, a, b any) {
		if a != b {
			diffs = append(diffs, fmt.Sprintf("%s %v and %v", what, a, b))
		}
	}
	differ("level", s.Level.Name, t.Level.Name)
	if s.Level.Name == t.Level.Name && (s.Level.Rows != t.Level.Rows || s.Level.Cols != t.Level.Cols || s.Level.Mines != t.Level.Mines) {
		diffs = append(diffs, fmt.Sprintf("level size %dx%d/%d and %dx%d/%d",
			s.Level.Rows, s.Level.Cols, s.Level.Mines, t.Level.Rows, t.Level.Cols, t.Level.Mines))
	}
	differ("rules", s.Rules, t.Rules)
	differ("first click", s.First, t.First)
	if s.Agent != t.Agent {
		diffs = append(diffs, "agent "+s.Agent.Diff(t.Agent))
	}
	switch {
	case (s.Vs == nil) != (t.Vs == nil):
		diffs = append(diffs, "paired play in one and not the other")
	case s.Vs != nil && *s.Vs != *t.Vs:
		diffs = append(diffs, "second agent "+s.Vs.Diff(*t.Vs))
	}
	differ("seed", s.Seed, t.Seed)
	return strings.Join(diffs, ", ")
}

// RangeError reports summaries that do not cover a range of games exactly
// once: games missing between two summaries, or counted in two.
type RangeError struct {
	From, To int  // the games missing or counted twice: From..To-1
	Missing  bool // missing, or else counted twice
	A, B     int  // the indices (in Merge's arguments) of the summaries before and after the gap, or the two that overlap
}

func (e *RangeError) Error() string {
	what := "counted twice (in summaries %d and %d)"
	if e.Missing {
		what = "missing (between summaries %d and %d)"
	}
	return fmt.Sprintf("batch: %s %s", GameRange(e.From, e.To), fmt.Sprintf(what, e.A, e.B))
}

// GameRange names the games from..to-1, e.g. "games 0-1999", "game 7" or
// "no game".
func GameRange(from, to int) string {
	if to <= from {
		return "no game"
	}
	if to-from == 1 {
		return fmt.Sprintf("game %d", from)
	}
	return fmt.Sprintf("games %d-%d", from, to-1)
}

// ConfigError reports summaries of different configurations.
type ConfigError struct {
	A, B int    // the indices of the two summaries, in Merge's arguments
	Diff string // what differs, e.g. "seed 1 and 2"
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("batch: summaries %d and %d are of different runs: %s", e.A, e.B, e.Diff)
}

// Merge returns the summary of the games of ss, in any order, as one run
// would have counted them. The summaries must share one configuration
// (else a *ConfigError names what differs) and their ranges must meet
// end to start, each game once (else a *RangeError names the games missing
// or counted twice); a summary of no games may lie anywhere. Every count of the result equals that of a single run
// over the whole range; so do the win rates, intervals and paired
// statistics computed from them. Merge of no summary is an error.
func Merge(ss ...Summary) (Summary, error) {
	if len(ss) == 0 {
		return Summary{}, fmt.Errorf("batch: no summary to merge")
	}
	for i := 1; i < len(ss); i++ {
		if d := ss[0].sameConfig(ss[i]); d != "" {
			return Summary{}, &ConfigError{A: 0, B: i, Diff: d}
		}
	}
	order := make([]int, len(ss))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return cmp.Or(cmp.Compare(ss[i].From, ss[j].From), cmp.Compare(ss[i].To, ss[j].To))
	})
	// A summary of no games counts nothing and joins anywhere.
	kept := make([]int, 0, len(order))
	for _, i := range order {
		if ss[i].From < ss[i].To {
			kept = append(kept, i)
		}
	}
	if len(kept) > 0 {
		order = kept
	}
	out := ss[order[0]]
	if out.Vs != nil {
		vs := *out.Vs
		out.Vs = &vs
	}
	prev := order[0]
	for _, i := range order[1:] {
		s := ss[i]
		switch {
		case s.From > out.To:
			return Summary{}, &RangeError{From: out.To, To: s.From, Missing: true, A: prev, B: i}
		case s.From < out.To:
			return Summary{}, &RangeError{From: s.From, To: min(out.To, s.To), A: prev, B: i}
		}
		out.To = s.To
		out.Base.merge(s.Base)
		out.VsTally.merge(s.VsTally)
		out.Paired.Merge(s.Paired)
		prev = i
	}
	return out, nil
}
