package main

// The output of 'play' and 'merge': a table, or the run summary in JSON
// (schema minesat.summary/1, documented in docs/formats.md under "Run
// summary (JSON)"), which 'merge' reads back.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/jsonerr"
)

// summarySchema names the JSON summary's schema and its version. A change
// that a reader of version 1 would misread gets a new version.
const summarySchema = "minesat.summary/1"

// shardRange is the slice of a run's games a report was asked to count:
// games from..to-1 of each level, the index-th of count slices.
type shardRange struct {
	index, count, from, to int
}

// report is what play and merge print: the summaries of one run, shard or
// merge, a level each.
type report struct {
	sums    []batch.Summary
	games   int        // games per level in the whole run (--games)
	shard   shardRange // the games asked for, of each level
	vsFlags string     // --vs: the second player's flags, as given
	wall    time.Duration
	workers int // the run's workers; 0 for a merge
	merged  int // summaries merged; 0 for a run
}

// complete reports whether every level counted every game asked for.
func (r report) complete() bool {
	for _, s := range r.sums {
		if s.From != r.shard.from || s.To != r.shard.to {
			return false
		}
	}
	return len(r.sums) > 0
}

// runFile is the JSON summary of a run, a shard or a merge.
type runFile struct {
	Schema      string      `json:"schema"`       // summarySchema
	Seed        int64       `json:"seed"`         // the run seed: game i of every level has seed game.GameSeed(seed, i)
	Games       int         `json:"games"`        // games per level in the whole run, over every shard
	Shard       shardJSON   `json:"shard"`        // the games this summary was to count
	Complete    bool        `json:"complete"`     // every level counted every game of its shard (false: interrupted)
	Agent       batch.Agent `json:"agent"`        // the player
	Vs          *vsJSON     `json:"vs"`           // --vs: the second player; null without
	WallSeconds float64     `json:"wall_seconds"` // the run's wall time; for a merge, the sum of the merged runs'
	Levels      []levelJSON `json:"levels"`       // a level each, in the order played; always an array
}

// shardJSON is the slice of the run a summary was asked to count: games
// from..to-1 of each level, slice index of count (0 of 1 for a whole run).
type shardJSON struct {
	Index int `json:"index"`
	Count int `json:"count"`
	From  int `json:"from"`
	To    int `json:"to"`
}

// vsJSON is the second player of a --vs run.
type vsJSON struct {
	Flags string      `json:"flags"` // the --vs flags, as given
	Agent batch.Agent `json:"agent"` // the second player: the base's agent with the flags changed
}

// levelJSON is one level of a summary.
type levelJSON struct {
	Level  string      `json:"level"`
	Rows   int         `json:"rows"`
	Cols   int         `json:"cols"`
	Mines  int         `json:"mines"`
	Rules  string      `json:"rules"` // seed, safe or zero
	First  string      `json:"first"` // the first click, e.g. "corner (0,0)"; "none" under seed rules
	From   int         `json:"from"`  // the games counted: from..to-1, from the shard's first without a gap
	To     int         `json:"to"`
	Base   playerJSON  `json:"base"`             // the player's games
	Vs     *playerJSON `json:"vs,omitempty"`     // --vs: the second player's games
	Paired *pairedJSON `json:"paired,omitempty"` // --vs: the two compared game by game
}

// playerJSON is one player's games at one level: counts, which merge
// adds, and the figures computed from them, which it recomputes.
type playerJSON struct {
	Strategy       string     `json:"strategy"`
	Guesser        string     `json:"guesser,omitempty"` // how it guesses, e.g. "exact, lookahead 8, endgame 1000"; empty when it never guesses
	NoGuess        bool       `json:"no_guess"`
	Games          int        `json:"games"`
	Won            int        `json:"won"`
	Lost           int        `json:"lost"`
	Stuck          int        `json:"stuck"`
	Guesses        int        `json:"guesses"`          // over every game
	ElapsedNs      int64      `json:"elapsed_ns"`       // the sum of the games' own times, in nanoseconds
	WinRate        float64    `json:"win_rate"`         // won / games
	CI95           [2]float64 `json:"ci95"`             // the win rate's 95% Wilson interval
	GuessesPerGame float64    `json:"guesses_per_game"` // guesses / games
	MsPerGame      float64    `json:"ms_per_game"`      // elapsed / games, in milliseconds
}

// pairedJSON is one level's game-by-game comparison of a --vs run.
type pairedJSON struct {
	BothWon    int        `json:"both_won"`   // games both won
	OnlyBase   int        `json:"only_base"`  // games the base player won and the second lost
	OnlyVs     int        `json:"only_vs"`    // games the second player won and the base lost
	Neither    int        `json:"neither"`    // games neither won
	Difference float64    `json:"difference"` // the second's win rate less the base's
	CI95       [2]float64 `json:"ci95"`       // the difference's 95% interval (paired Wald)
	Z          float64    `json:"z"`          // McNemar's statistic, (only_vs - only_base) / sqrt(only_vs + only_base)
	TimeRatio  float64    `json:"time_ratio"` // the second's ms per game over the base's, timed side by side
}

func playerOf(a batch.Agent, t batch.Tally) playerJSON {
	p := playerJSON{Strategy: a.Strategy, NoGuess: a.NoGuess,
		Games: t.Games, Won: t.Won, Lost: t.Lost, Stuck: t.Stuck, Guesses: t.Guesses, ElapsedNs: int64(t.Elapsed),
		WinRate: t.WinRate(), GuessesPerGame: t.GuessesPerGame(), MsPerGame: t.MsPerGame()}
	if a.Guesses() {
		p.Guesser = a.GuesserName()
	}
	lo, hi := t.Interval()
	p.CI95 = [2]float64{lo, hi}
	return p
}

func pairedOf(s batch.Summary) pairedJSON {
	p := s.Pairs
	d, lo, hi, z := p.Diff()
	out := pairedJSON{BothWon: p.Both, OnlyBase: p.OnlyBase, OnlyVs: p.OnlyVs, Neither: p.Neither,
		Difference: d, CI95: [2]float64{lo, hi}, Z: z}
	if s.Base.Elapsed > 0 {
		out.TimeRatio = float64(s.VsTally.Elapsed) / float64(s.Base.Elapsed)
	}
	return out
}

// json returns r as its JSON summary.
func (r report) json() runFile {
	f := runFile{Schema: summarySchema, Games: r.games, Complete: r.complete(), WallSeconds: r.wall.Seconds(),
		Shard:  shardJSON{Index: r.shard.index, Count: r.shard.count, From: r.shard.from, To: r.shard.to},
		Levels: make([]levelJSON, 0, len(r.sums))}
	for i, s := range r.sums {
		if i == 0 {
			f.Seed, f.Agent = s.Seed, s.Agent
			if s.Vs != nil {
				f.Vs = &vsJSON{Flags: r.vsFlags, Agent: *s.Vs}
			}
		}
		l := levelJSON{Level: s.Level.Name, Rows: s.Level.Rows, Cols: s.Level.Cols, Mines: s.Level.Mines,
			Rules: s.Rules.String(), First: s.First, From: s.From, To: s.To, Base: playerOf(s.Agent, s.Base)}
		if s.Vs != nil {
			vs, paired := playerOf(*s.Vs, s.VsTally), pairedOf(s)
			l.Vs, l.Paired = &vs, &paired
		}
		f.Levels = append(f.Levels, l)
	}
	return f
}

// writeReport writes r in format, text or json.
func writeReport(w io.Writer, format string, r report) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r.json())
	}
	f := r.json()
	rows := make([]tableRow, 0, 2*len(f.Levels))
	var players []string
	for _, l := range f.Levels {
		rows = append(rows, tableRow{&l, &l.Base})
		if l.Vs != nil {
			rows = append(rows, tableRow{&l, l.Vs})
			players = []string{"base", "vs"}
		}
	}
	if err := writeRunTable(w, rows, players); err != nil {
		return err
	}
	if f.Vs != nil {
		if err := writePairedTable(w, f); err != nil {
			return err
		}
	}
	return writeRunFooter(w, r)
}

// tableRow is a row of the text table: one player at one level.
type tableRow struct {
	level  *levelJSON
	player *playerJSON
}

// writeRunTable writes the text table of rows. With players, a first
// column names row i's player, players[i%len(players)].
func writeRunTable(w io.Writer, rows []tableRow, players []string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if players != nil {
		fmt.Fprint(tw, "player\t")
	}
	fmt.Fprintln(tw, "level\trules\tfirst\tstrategy\tgames\twon\tlost\tstuck\twin rate\t95% CI\tguesses/game\tms/game")
	for i, r := range rows {
		if players != nil {
			fmt.Fprintf(tw, "%s\t", players[i%len(players)])
		}
		l, p := r.level, r.player
		strategy := p.Strategy
		if p.NoGuess {
			strategy += " (no guess)"
		}
		if p.Guesser != "" && p.Guesser != defaultGuesserName {
			strategy += " (" + p.Guesser + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%.1f%%\t[%.1f%%, %.1f%%]\t%.2f\t%.3f\n",
			l.Level, l.Rules, l.First, strategy, p.Games, p.Won, p.Lost, p.Stuck,
			100*p.WinRate, 100*p.CI95[0], 100*p.CI95[1], p.GuessesPerGame, p.MsPerGame)
	}
	return tw.Flush()
}

// writePairedTable writes the game-by-game comparison of a --vs run, a row
// a level.
func writePairedTable(w io.Writer, f runFile) error {
	fmt.Fprintf(w, "\nvs is base with %s; game by game, on the same layouts:\n", f.Vs.Flags)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "level\tgames\tboth won\tonly base\tonly vs\tneither\tvs - base\t95% CI\tz\ttime vs/base")
	for _, l := range f.Levels {
		p := l.Paired
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%+.2f pts\t[%+.2f, %+.2f]\t%+.2f\t%.2f\n",
			l.Level, l.To-l.From, p.BothWon, p.OnlyBase, p.OnlyVs, p.Neither,
			100*p.Difference, 100*p.CI95[0], 100*p.CI95[1], p.Z, p.TimeRatio)
	}
	return tw.Flush()
}

// writeRunFooter writes the text output's last line: what was counted (say,
// "100 games", and the shard's range), in how long, on how many workers
// (games a second), from which run seed; for a merge, from how many
// summaries.
func writeRunFooter(w io.Writer, r report) error {
	games := 0
	for _, s := range r.sums {
		games += s.Games()
	}
	parts := []string{fmt.Sprintf("%d games", games)}
	if len(r.sums) > 0 && r.sums[0].Vs != nil {
		parts = append(parts, "each played by both")
	}
	if r.shard.count > 1 {
		parts = append(parts, fmt.Sprintf("shard %d/%d (%s of %d a level)", r.shard.index, r.shard.count, batch.GameRange(r.shard.from, r.shard.to), r.games))
	}
	if r.merged > 0 {
		parts = append(parts, fmt.Sprintf("merged from %d summaries", r.merged))
		_, err := fmt.Fprintf(w, "%s, seed %d\n", strings.Join(parts, ", "), r.sums[0].Seed)
		return err
	}
	what := strings.Join(parts, ", ")
	if len(parts) > 1 {
		what += ","
	}
	rate := float64(games) / max(r.wall.Seconds(), 1e-9)
	workers := fmt.Sprintf("%d workers", r.workers)
	if r.workers == 1 {
		workers = "1 worker"
	}
	seed := int64(0)
	if len(r.sums) > 0 {
		seed = r.sums[0].Seed
	}
	_, err := fmt.Fprintf(w, "%s in %.2f s on %s (%.0f games/s), seed %d\n", what, r.wall.Seconds(), workers, rate, seed)
	return err
}

// readRunFile reads and checks a JSON summary; its errors name the file.
func readRunFile(name string, data []byte) (runFile, error) {
	var f runFile
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	// Keys match exactly, once each: no "Won" standing in for "won".
	strict := jsonv2.JoinOptions(jsonv2.RejectUnknownMembers(true), jsonv2.MatchCaseInsensitiveNames(false))
	if err := jsonv2.Unmarshal(data, &f, strict); err != nil {
		var probe struct {
			Schema string `json:"schema"`
		}
		if json.Unmarshal(data, &probe) == nil && probe.Schema != summarySchema {
			return f, fmt.Errorf("%s: schema %q: want %q (a summary written by 'minesat play --format json')", name, probe.Schema, summarySchema)
		}
		return f, fmt.Errorf("%s: not a run summary: %w", name, summaryJSONError(err))
	}
	if f.Schema != summarySchema {
		return f, fmt.Errorf("%s: schema %q: want %q (a summary written by 'minesat play --format json')", name, f.Schema, summarySchema)
	}
	if err := f.check(); err != nil {
		return f, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// check reports a summary whose counts do not add up.
func (f runFile) check() error {
	sh := f.Shard
	switch {
	case f.Games < 1:
		return fmt.Errorf("games %d: want at least 1", f.Games)
	case sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count:
		return fmt.Errorf("shard %d of %d: want 0 <= index < count", sh.Index, sh.Count)
	case sh.From < 0 || sh.To < sh.From || sh.To > f.Games:
		return fmt.Errorf("shard games %d to %d: want 0 <= from <= to <= %d", sh.From, sh.To, f.Games)
	case len(f.Levels) == 0:
		return fmt.Errorf("no level")
	}
	for _, l := range f.Levels {
		if err := l.check(sh, f.Vs != nil); err != nil {
			return fmt.Errorf("level %s: %w", l.Level, err)
		}
	}
	return nil
}

func (l levelJSON) check(sh shardJSON, vs bool) error {
	lv, err := game.ParseLevel(l.Level)
	if err != nil {
		return err
	}
	if lv.Rows != l.Rows || lv.Cols != l.Cols || lv.Mines != l.Mines {
		return fmt.Errorf("%dx%d with %d mines: want %dx%d with %d", l.Rows, l.Cols, l.Mines, lv.Rows, lv.Cols, lv.Mines)
	}
	if _, err := game.ParseRules(l.Rules); err != nil {
		return err
	}
	n := l.To - l.From
	switch {
	case l.From != sh.From || l.To < l.From || l.To > sh.To:
		return fmt.Errorf("games %d to %d: want from %d to at most %d, the shard's", l.From, l.To, sh.From, sh.To)
	case vs != (l.Vs != nil) || vs != (l.Paired != nil):
		return fmt.Errorf("the second player's counts: want them exactly when the summary has a vs player")
	}
	players := []*playerJSON{&l.Base}
	if vs {
		players = append(players, l.Vs)
	}
	for _, p := range players {
		if p.Games != n || p.Won < 0 || p.Lost < 0 || p.Stuck < 0 || p.Won+p.Lost+p.Stuck != n || p.Guesses < 0 || p.ElapsedNs < 0 {
			return fmt.Errorf("counts of %d games: %d won, %d lost, %d stuck, %d guesses, elapsed %d ns do not add up to the %d games from %d to %d",
				p.Games, p.Won, p.Lost, p.Stuck, p.Guesses, p.ElapsedNs, n, l.From, l.To)
		}
	}
	if vs {
		p := l.Paired
		if p.BothWon < 0 || p.OnlyBase < 0 || p.OnlyVs < 0 || p.Neither < 0 || p.BothWon+p.OnlyBase+p.OnlyVs+p.Neither != n ||
			p.BothWon+p.OnlyBase != l.Base.Won || p.BothWon+p.OnlyVs != l.Vs.Won {
			return fmt.Errorf("paired counts %d, %d, %d, %d do not add up to the players' %d and %d games won of %d",
				p.BothWon, p.OnlyBase, p.OnlyVs, p.Neither, l.Base.Won, l.Vs.Won, n)
		}
	}
	return nil
}

// summaries returns the levels of a checked summary as batch summaries.
func (f runFile) summaries() []batch.Summary {
	tally := func(p *playerJSON) batch.Tally {
		return batch.Tally{Games: p.Games, Won: p.Won, Lost: p.Lost, Stuck: p.Stuck, Guesses: p.Guesses, Elapsed: time.Duration(p.ElapsedNs)}
	}
	out := make([]batch.Summary, len(f.Levels))
	for i, l := range f.Levels {
		lv, _ := game.ParseLevel(l.Level)
		rules, _ := game.ParseRules(l.Rules)
		s := batch.Summary{Level: lv, Rules: rules, First: l.First, Agent: f.Agent, Seed: f.Seed,
			From: l.From, To: l.To, Base: tally(&l.Base)}
		if f.Vs != nil {
			vs := f.Vs.Agent
			s.Vs = &vs
			s.VsTally = tally(l.Vs)
			s.Pairs = batch.Pairs{Both: l.Paired.BothWon, OnlyBase: l.Paired.OnlyBase, OnlyVs: l.Paired.OnlyVs, Neither: l.Paired.Neither}
		}
		out[i] = s
	}
	return out
}

// summaryJSONError says what is wrong with a summary's JSON in a reader's
// terms: the key (as a JSON pointer, e.g. /levels/0/base/won), what it
// should hold and what it holds.
func summaryJSONError(err error) error {
	var se *jsonv2.SemanticError
	var te *jsontext.SyntacticError
	switch {
	case errors.As(err, &se):
		at := string(se.JSONPointer)
		if errors.Is(se.Err, jsonv2.ErrUnknownName) {
			return fmt.Errorf("unknown key %s (keys are case-sensitive; see the run summary's schema in docs/formats.md)", at)
		}
		return fmt.Errorf("key %s: want %s, got %s", at, jsonerr.Want(se.GoType), jsonerr.Got(se))
	case errors.As(err, &te):
		if errors.Is(te.Err, jsontext.ErrDuplicateName) {
			return fmt.Errorf("key %s given twice", te.JSONPointer)
		}
		return fmt.Errorf("not valid JSON at byte %d: %v", te.ByteOffset, te.Err)
	}
	return err
}
