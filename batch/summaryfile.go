package batch

// The run summary file, schema minesat.summary/1 (docs/formats.md, "Run
// summary (JSON)"): what 'minesat play --format json' writes and 'minesat
// merge' reads back and writes again.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/jsonerr"
)

// SummarySchema names the summary file's schema and its version. A change
// that a reader of version 1 would misread gets a new version.
const SummarySchema = "minesat.summary/1"

// SummaryFile is the JSON summary of a run, a shard or a merge: the
// summaries of its levels, with the run they belong to. NewSummaryFile
// builds one, Encode writes it, ParseSummaryFile reads and checks one, and
// MergeSummaryFiles joins the files of a run's shards.
type SummaryFile struct {
	Schema      string         `json:"schema"`       // SummarySchema
	Seed        int64          `json:"seed"`         // the run seed: game i of every level has seed game.GameSeed(seed, i)
	Games       int            `json:"games"`        // games per level in the whole run, over every shard
	Shard       ShardRange     `json:"shard"`        // the games this summary was to count
	Complete    bool           `json:"complete"`     // every level counted every game of its shard (false: interrupted)
	Agent       agent.Config   `json:"agent"`        // the player
	Vs          *SummaryVs     `json:"vs"`           // the second player of paired play; null without
	WallSeconds float64        `json:"wall_seconds"` // the run's wall time; for a merge, the sum of the merged runs'
	Levels      []SummaryLevel `json:"levels"`       // a level each, in the order played; always an array
}

// ShardRange is the slice of a run a summary was asked to count: games
// From..To-1 of each level, shard Index of Shards (0 of 1 for a whole run;
// see Shard).
type ShardRange struct {
	Index  int `json:"index"`
	Shards int `json:"count"`
	From   int `json:"from"`
	To     int `json:"to"`
}

// SummaryVs is the second player of paired play ('minesat play --vs').
type SummaryVs struct {
	Flags string       `json:"flags"` // the --vs flags, as given
	Agent agent.Config `json:"agent"` // the second player: the base's agent with the flags changed
}

// SummaryLevel is one level of a summary file.
type SummaryLevel struct {
	Level  string         `json:"level"`
	Rows   int            `json:"rows"`
	Cols   int            `json:"cols"`
	Mines  int            `json:"mines"`
	Rules  string         `json:"rules"` // seed, safe or zero
	First  string         `json:"first"` // the first click, e.g. "corner (0,0)"; "none" under seed rules
	From   int            `json:"from"`  // the games counted: from..to-1, from the shard's first without a gap
	To     int            `json:"to"`
	Base   SummaryPlayer  `json:"base"`             // the player's games
	Vs     *SummaryPlayer `json:"vs,omitempty"`     // paired play: the second player's games
	Paired *SummaryPaired `json:"paired,omitempty"` // paired play: the two compared game by game
}

// SummaryPlayer is one player's games at one level: counts, which a merge
// adds, and the figures computed from them, which it recomputes.
type SummaryPlayer struct {
	Strategy       agent.Preset `json:"strategy"`
	Guesser        string       `json:"guesser,omitempty"` // how it guesses, e.g. "exact, lookahead 8, endgame 1000"; empty when it never guesses
	NoGuess        bool         `json:"no_guess"`
	Games          int          `json:"games"`
	Won            int          `json:"won"`
	Lost           int          `json:"lost"`
	Stuck          int          `json:"stuck"`
	Guesses        int          `json:"guesses"`          // over every game
	ElapsedNs      int64        `json:"elapsed_ns"`       // the sum of the games' own times, in nanoseconds
	WinRate        float64      `json:"win_rate"`         // won / games
	CI95           [2]float64   `json:"ci95"`             // the win rate's 95% Wilson interval
	GuessesPerGame float64      `json:"guesses_per_game"` // guesses / games
	MsPerGame      float64      `json:"ms_per_game"`      // elapsed / games, in milliseconds
}

// SummaryPaired is one level's game-by-game comparison of paired play.
type SummaryPaired struct {
	BothWon    int        `json:"both_won"`   // games both won
	OnlyBase   int        `json:"only_base"`  // games the base player won and the second lost
	OnlyVs     int        `json:"only_vs"`    // games the second player won and the base lost
	Neither    int        `json:"neither"`    // games neither won
	Difference float64    `json:"difference"` // the second's win rate less the base's
	CI95       [2]float64 `json:"ci95"`       // the difference's 95% interval (paired Wald)
	Z          float64    `json:"z"`          // McNemar's statistic, (only_vs - only_base) / sqrt(only_vs + only_base)
	TimeRatio  float64    `json:"time_ratio"` // the second's ms per game over the base's, timed side by side
}

// NewSummaryFile returns the summary file of sums, the levels of one run
// (all of one seed and players), as asked: games per level in the whole
// run, the shard's range, the second player's flags as given (for paired
// play) and the run's wall time. It is complete when every level counted
// every game of the shard.
func NewSummaryFile(sums []Summary, games int, shard ShardRange, vsFlags string, wall time.Duration) SummaryFile {
	f := SummaryFile{Schema: SummarySchema, Games: games, Shard: shard, Complete: len(sums) > 0,
		WallSeconds: wall.Seconds(), Levels: make([]SummaryLevel, 0, len(sums))}
	for i, s := range sums {
		if i == 0 {
			f.Seed, f.Agent = s.Seed, s.Agent
			if s.Vs != nil {
				f.Vs = &SummaryVs{Flags: vsFlags, Agent: *s.Vs}
			}
		}
		if s.From != shard.From || s.To != shard.To {
			f.Complete = false
		}
		l := SummaryLevel{Level: s.Level.Name, Rows: s.Level.Rows, Cols: s.Level.Cols, Mines: s.Level.Mines,
			Rules: s.Rules.String(), First: s.First, From: s.From, To: s.To, Base: playerOf(s.Agent, s.Base)}
		if s.Vs != nil {
			vs, paired := playerOf(*s.Vs, s.VsTally), pairedOf(s)
			l.Vs, l.Paired = &vs, &paired
		}
		f.Levels = append(f.Levels, l)
	}
	return f
}

func playerOf(a agent.Config, t Tally) SummaryPlayer {
	p := SummaryPlayer{Strategy: a.Strategy, NoGuess: a.NoGuess,
		Games: t.Games, Won: t.Won, Lost: t.Lost, Stuck: t.Stuck, Guesses: t.Guesses, ElapsedNs: int64(t.Elapsed),
		WinRate: t.WinRate(), GuessesPerGame: t.GuessesPerGame(), MsPerGame: t.MsPerGame()}
	if a.Guesses() {
		p.Guesser = a.GuesserName()
	}
	lo, hi := t.Interval()
	p.CI95 = [2]float64{lo, hi}
	return p
}

func pairedOf(s Summary) SummaryPaired {
	p := s.Paired
	d, lo, hi, z := p.Diff()
	out := SummaryPaired{BothWon: p.Both, OnlyBase: p.OnlyBase, OnlyVs: p.OnlyVs, Neither: p.Neither,
		Difference: d, CI95: [2]float64{lo, hi}, Z: z}
	if s.Base.Elapsed > 0 {
		out.TimeRatio = float64(s.VsTally.Elapsed) / float64(s.Base.Elapsed)
	}
	return out
}

// Encode writes f to w as indented JSON, one key a line, ending in a
// newline.
func (f SummaryFile) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(f)
}

// MaxSummaryBytes bounds the summary file ReadSummaryFile reads. A
// summary takes about 1 KB a level (2 KB with a second player), so 1 MiB
// holds hundreds of levels; a bigger input is not a summary.
const MaxSummaryBytes = 1 << 20

// ReadSummaryFile reads a summary file from r, at most MaxSummaryBytes of
// it, and parses it as ParseSummaryFile does. It stops reading at the
// limit: an endless input (/dev/zero) is refused, not held in memory.
func ReadSummaryFile(name string, r io.Reader) (SummaryFile, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSummaryBytes+1))
	switch {
	case err != nil:
		return SummaryFile{}, fmt.Errorf("%s: %w", name, err)
	case len(data) > MaxSummaryBytes:
		return SummaryFile{}, fmt.Errorf("%s: over %d bytes (1 MiB): a run summary takes a few KB; is it one?", name, MaxSummaryBytes)
	}
	return ParseSummaryFile(name, data)
}

// ParseSummaryFile reads and checks a summary file: its keys exactly as
// the schema spells them, each once; its schema; counts that add up, within
// range, and figures that are those the counts give. Its errors name the
// file and, for bad JSON, the line and column and the key (as a JSON
// pointer, e.g. /levels/0/base/won); for a bad value, the key.
func ParseSummaryFile(name string, data []byte) (SummaryFile, error) {
	var f SummaryFile
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	// Keys match exactly, once each: no "Won" standing in for "won".
	if err := jsonv2.Unmarshal(data, &f, jsonerr.Strict); err != nil {
		var probe struct {
			Schema string `json:"schema"`
		}
		if json.Unmarshal(data, &probe) == nil && probe.Schema != SummarySchema {
			return f, fmt.Errorf("%s: schema %q: want %q (a summary written by 'minesat play --format json')", name, probe.Schema, SummarySchema)
		}
		return f, fmt.Errorf("%s%s: not a run summary: %w", name, errorPlace(data, err), summaryJSONError(err))
	}
	if f.Schema != SummarySchema {
		return f, fmt.Errorf("%s: schema %q: want %q (a summary written by 'minesat play --format json')", name, f.Schema, SummarySchema)
	}
	if err := f.check(); err != nil {
		return f, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// errorPlace returns ":line:col" of a JSON decode error in data, or "".
func errorPlace(data []byte, err error) string {
	off := int64(-1)
	var se *jsonv2.SemanticError
	var te *jsontext.SyntacticError
	switch {
	case errors.As(err, &se):
		off = se.ByteOffset
	case errors.As(err, &te):
		off = te.ByteOffset
	}
	if off < 0 || off > int64(len(data)) {
		return ""
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf(":%d:%d", line, col)
}

// maxWallSeconds is the largest wall time a summary may give: what a
// time.Duration holds, about 292 years.
const maxWallSeconds = float64(math.MaxInt64) / float64(time.Second)

// check reports a summary whose counts do not add up or are out of range,
// naming the key.
func (f SummaryFile) check() error {
	sh := f.Shard
	switch {
	case f.Games < 1:
		return fmt.Errorf("games %d: want at least 1", f.Games)
	case sh.Shards < 1 || sh.Index < 0 || sh.Index >= sh.Shards:
		return fmt.Errorf("shard %d of %d: want 0 <= index < count", sh.Index, sh.Shards)
	case sh.Shards > f.Games || f.Games > math.MaxInt/sh.Shards:
		return fmt.Errorf("shard count %d: want 1 to the %d games", sh.Shards, f.Games)
	case math.IsNaN(f.WallSeconds) || f.WallSeconds < 0 || f.WallSeconds > maxWallSeconds:
		return fmt.Errorf("wall_seconds %v: want 0 to %.0f", f.WallSeconds, maxWallSeconds)
	case len(f.Levels) == 0:
		return fmt.Errorf("no level")
	}
	if from, to := Shard(sh.Index, sh.Shards, f.Games); sh.From != from || sh.To != to {
		return fmt.Errorf("shard %d/%d of %d games counts games %d to %d, not shard.from %d and shard.to %d",
			sh.Index, sh.Shards, f.Games, from, to, sh.From, sh.To)
	}
	if err := checkAgent("agent", f.Agent); err != nil {
		return err
	}
	if f.Vs != nil {
		if err := checkAgent("vs.agent", f.Vs.Agent); err != nil {
			return err
		}
	}
	complete := true
	for i, l := range f.Levels {
		if err := l.check(f, sh); err != nil {
			return fmt.Errorf("levels[%d] (%s): %w", i, l.Level, err)
		}
		complete = complete && l.To == sh.To
	}
	if f.Complete != complete {
		return fmt.Errorf("complete %v: want %v, as the levels' games from and to say", f.Complete, complete)
	}
	return nil
}

// checkAgent reports an agent out of range, naming its key.
func checkAgent(key string, a agent.Config) error {
	if _, err := a.Options(); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

func (l SummaryLevel) check(f SummaryFile, sh ShardRange) error {
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
	vs := f.Vs != nil
	switch {
	case l.From != sh.From || l.To < l.From || l.To > sh.To:
		return fmt.Errorf("games %d to %d: want from %d to at most %d, the shard's", l.From, l.To, sh.From, sh.To)
	case vs != (l.Vs != nil) || vs != (l.Paired != nil):
		return fmt.Errorf("the second player's counts: want them exactly when the summary has a vs player")
	}
	if err := l.Base.check("base", f.Agent, n, lv.Rows*lv.Cols); err != nil {
		return err
	}
	if !vs {
		return nil
	}
	if err := l.Vs.check("vs", f.Vs.Agent, n, lv.Rows*lv.Cols); err != nil {
		return err
	}
	p := l.Paired
	if !within(n, p.BothWon, p.OnlyBase, p.OnlyVs, p.Neither) || p.BothWon+p.OnlyBase+p.OnlyVs+p.Neither != n ||
		p.BothWon+p.OnlyBase != l.Base.Won || p.BothWon+p.OnlyVs != l.Vs.Won {
		return fmt.Errorf("paired counts %d, %d, %d, %d do not add up to the players' %d and %d games won of %d",
			p.BothWon, p.OnlyBase, p.OnlyVs, p.Neither, l.Base.Won, l.Vs.Won, n)
	}
	s := Summary{Base: l.Base.tally(), VsTally: l.Vs.tally(),
		Paired: PairedTally{Both: p.BothWon, OnlyBase: p.OnlyBase, OnlyVs: p.OnlyVs, Neither: p.Neither}}
	want := pairedOf(s)
	return checkFigures("paired", []figure{
		{"difference", p.Difference, want.Difference}, {"ci95[0]", p.CI95[0], want.CI95[0]}, {"ci95[1]", p.CI95[1], want.CI95[1]},
		{"z", p.Z, want.Z}, {"time_ratio", p.TimeRatio, want.TimeRatio}})
}

// within reports whether every count is 0 to n.
func within(n int, counts ...int) bool {
	for _, c := range counts {
		if c < 0 || c > n {
			return false
		}
	}
	return true
}

// check reports a player's counts of n games on a board of cells cells
// that do not add up or are out of range, and figures not those of its
// counts, naming the key under key ("base" or "vs").
func (p *SummaryPlayer) check(key string, a agent.Config, n, cells int) error {
	switch {
	case p.Games != n || !within(n, p.Won, p.Lost, p.Stuck) || p.Won+p.Lost+p.Stuck != n:
		return fmt.Errorf("%s: counts of %d games: %d won, %d lost, %d stuck do not add up to the %d games from the level's from to its to",
			key, p.Games, p.Won, p.Lost, p.Stuck, n)
	case p.Guesses < 0 || (n > 0 && p.Guesses/n > cells):
		return fmt.Errorf("%s.guesses %d: want 0 to %d a game (a guess a cell) over %d games", key, p.Guesses, cells, n)
	case p.ElapsedNs < 0:
		return fmt.Errorf("%s.elapsed_ns %d: want 0 or more", key, p.ElapsedNs)
	case p.Strategy != a.Strategy || p.NoGuess != a.NoGuess:
		return fmt.Errorf("%s.strategy %q, no_guess %v: want the agent's, %q and %v", key, p.Strategy, p.NoGuess, a.Strategy, a.NoGuess)
	}
	want := playerOf(a, p.tally())
	if p.Guesser != want.Guesser {
		return fmt.Errorf("%s.guesser %q: want the agent's, %q", key, p.Guesser, want.Guesser)
	}
	return checkFigures(key, []figure{
		{"win_rate", p.WinRate, want.WinRate}, {"ci95[0]", p.CI95[0], want.CI95[0]}, {"ci95[1]", p.CI95[1], want.CI95[1]},
		{"guesses_per_game", p.GuessesPerGame, want.GuessesPerGame}, {"ms_per_game", p.MsPerGame, want.MsPerGame}})
}

// tally returns the counts of p.
func (p *SummaryPlayer) tally() Tally {
	return Tally{Games: p.Games, Won: p.Won, Lost: p.Lost, Stuck: p.Stuck, Guesses: p.Guesses, Elapsed: time.Duration(p.ElapsedNs)}
}

// figure is a figure a summary gives and the one its counts give.
type figure struct {
	key       string
	got, want float64
}

// checkFigures reports the first figure that is not the one its counts
// give, to a relative 1e-9.
func checkFigures(key string, figs []figure) error {
	for _, f := range figs {
		if math.Abs(f.got-f.want) > 1e-9*max(1, math.Abs(f.want)) || math.IsNaN(f.got) {
			return fmt.Errorf("%s.%s %v: want %v, as the counts give", key, f.key, f.got, f.want)
		}
	}
	return nil
}

// Summaries returns the levels of a checked summary file (as
// ParseSummaryFile returns) as summaries, to merge.
func (f SummaryFile) Summaries() []Summary {
	out := make([]Summary, len(f.Levels))
	for i, l := range f.Levels {
		lv, _ := game.ParseLevel(l.Level)
		rules, _ := game.ParseRules(l.Rules)
		s := Summary{Level: lv, Rules: rules, First: l.First, Agent: f.Agent, Seed: f.Seed,
			From: l.From, To: l.To, Base: l.Base.tally()}
		if f.Vs != nil {
			vs := f.Vs.Agent
			s.Vs = &vs
			s.VsTally = l.Vs.tally()
			s.Paired = PairedTally{Both: l.Paired.BothWon, OnlyBase: l.Paired.OnlyBase, OnlyVs: l.Paired.OnlyVs, Neither: l.Paired.Neither}
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
		return fmt.Errorf("not valid JSON: %v", te.Err)
	}
	return err
}

// MergeSummaryFiles merges checked summary files (as ParseSummaryFile
// returns), files[i] read from names[i], in any order, into the summary
// file of the whole run, as one run of every game would have written it
// (times aside: its wall time is the sum of the files'). Its errors name
// the files: summaries of different runs, games counted twice, and games
// no file counts (a shard missing, or one interrupted).
func MergeSummaryFiles(names []string, files []SummaryFile) (SummaryFile, error) {
	if len(files) == 0 || len(names) != len(files) {
		return SummaryFile{}, fmt.Errorf("batch: %d summary files for %d names: want one or more, a name each", len(files), len(names))
	}
	ref := files[0]
	for i, f := range files[1:] {
		if d := runDiff(ref, f); d != "" {
			return SummaryFile{}, fmt.Errorf("%s and %s are of different runs: %s", names[0], names[i+1], d)
		}
	}
	if err := checkSums(names, files); err != nil {
		return SummaryFile{}, err
	}
	var wall time.Duration
	levels := make([][]Summary, len(ref.Levels))
	for _, f := range files {
		wall += time.Duration(f.WallSeconds * float64(time.Second))
		for j, s := range f.Summaries() {
			levels[j] = append(levels[j], s)
		}
	}
	var sums []Summary
	for j, ss := range levels {
		s, err := mergeLevel(names, files, ss, ref.Games)
		if err != nil {
			return SummaryFile{}, fmt.Errorf("%s: %w", ref.Levels[j].Level, err)
		}
		sums = append(sums, s)
	}
	vsFlags := ""
	if ref.Vs != nil {
		vsFlags = ref.Vs.Flags
	}
	return NewSummaryFile(sums, ref.Games, ShardRange{Index: 0, Shards: 1, From: 0, To: ref.Games}, vsFlags, wall), nil
}

// mergeLevel merges the summaries ss of one level (ss[i] from names[i])
// into the summary of its games 0..games-1 (see Merge), or reports the
// games they leave out or count twice, or their different configurations,
// naming the files.
func mergeLevel(names []string, files []SummaryFile, ss []Summary, games int) (Summary, error) {
	s, err := Merge(ss...)
	var ce *ConfigError
	var re *RangeError
	switch {
	case errors.As(err, &ce):
		return s, fmt.Errorf("%s and %s are of different runs: %s", names[ce.A], names[ce.B], ce.Diff)
	case errors.As(err, &re) && re.Missing:
		return s, missingError(names, files, re.From, re.To)
	case errors.As(err, &re):
		return s, fmt.Errorf("%s counted twice, by %s and %s", GameRange(re.From, re.To), names[re.A], names[re.B])
	case err != nil:
		return s, err
	case s.Games() == 0: // an interrupted shard's games are reported missing
		return s, missingError(names, files, 0, games)
	case s.From > 0:
		return s, missingError(names, files, 0, s.From)
	case s.To < games:
		return s, missingError(names, files, s.To, games)
	}
	return s, nil
}

// checkSums reports sums of the files' counts and times that overflow
// (the games' sums cannot: they are checked against the run's games), naming
// the key and the file whose count overflows the sum.
func checkSums(names []string, files []SummaryFile) error {
	var wall int64
	type sums struct{ guesses, elapsed int64 }
	players := make([][2]sums, len(files[0].Levels))
	for i, f := range files {
		var ok bool
		if wall, ok = addChecked(wall, int64(f.WallSeconds*float64(time.Second))); !ok {
			return fmt.Errorf("%s: wall_seconds %v: the sum of the summaries' wall times overflows (over 292 years)", names[i], f.WallSeconds)
		}
		for j, l := range f.Levels {
			for k, p := range []*SummaryPlayer{&l.Base, l.Vs} {
				if p == nil {
					continue
				}
				key := fmt.Sprintf("levels[%d].%s", j, []string{"base", "vs"}[k])
				sum := &players[j][k]
				if sum.guesses, ok = addChecked(sum.guesses, int64(p.Guesses)); !ok {
					return fmt.Errorf("%s: %s.guesses %d: the sum of the summaries' guesses overflows", names[i], key, p.Guesses)
				}
				if sum.elapsed, ok = addChecked(sum.elapsed, p.ElapsedNs); !ok {
					return fmt.Errorf("%s: %s.elapsed_ns %d: the sum of the summaries' times overflows (over 292 years)", names[i], key, p.ElapsedNs)
				}
			}
		}
	}
	return nil
}

// addChecked returns a+b for a, b >= 0, and whether it did not overflow.
func addChecked(a, b int64) (int64, bool) {
	if b > math.MaxInt64-a {
		return 0, false
	}
	return a + b, true
}

// runDiff returns what differs between the runs of two summary files
// beyond their levels' own configurations, which Merge compares, or "".
func runDiff(a, b SummaryFile) string {
	var diffs []string
	if a.Seed != b.Seed {
		diffs = append(diffs, fmt.Sprintf("seed %d and %d", a.Seed, b.Seed))
	}
	if a.Games != b.Games {
		diffs = append(diffs, fmt.Sprintf("games %d and %d", a.Games, b.Games))
	}
	la, lb := levelNames(a), levelNames(b)
	if la != lb {
		diffs = append(diffs, fmt.Sprintf("levels %s and %s", la, lb))
	}
	if a.Agent != b.Agent {
		diffs = append(diffs, "agent "+a.Agent.Diff(b.Agent))
	}
	switch {
	case (a.Vs == nil) != (b.Vs == nil):
		diffs = append(diffs, "--vs in one and not the other")
	case a.Vs != nil && a.Vs.Agent != b.Vs.Agent:
		diffs = append(diffs, fmt.Sprintf("--vs %q and %q (%s)", a.Vs.Flags, b.Vs.Flags, a.Vs.Agent.Diff(b.Vs.Agent)))
	}
	return strings.Join(diffs, ", ")
}

func levelNames(f SummaryFile) string {
	names := make([]string, len(f.Levels))
	for i, l := range f.Levels {
		names[i] = l.Level
	}
	return strings.Join(names, ",")
}

// missingError reports games from..to-1 missing, with the summary files
// that were to count them and stopped short, or else a missing shard.
func missingError(names []string, files []SummaryFile, from, to int) error {
	var short []string
	for i, f := range files {
		if sh := f.Shard; !f.Complete && sh.From < to && sh.To > from {
			short = append(short, fmt.Sprintf("%s (shard %d/%d, %s) was interrupted", names[i], sh.Index, sh.Shards, GameRange(sh.From, sh.To)))
		}
	}
	if len(short) == 0 {
		return fmt.Errorf("%s missing: no summary counts them (a shard not given?)", GameRange(from, to))
	}
	return fmt.Errorf("%s missing: %s", GameRange(from, to), strings.Join(short, "; "))
}
