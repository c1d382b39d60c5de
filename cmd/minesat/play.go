package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
)

const playAbout = `
Play plays automated games and reports how often the agent wins.

With no flags it plays 200 games each at easy, medium and hard under the
seeds' rules with strategy full, and prints one table row per level: the
rules, the first click, the strategy, games, won, lost, stuck, the win rate
with its 95% Wilson interval, guesses per game and milliseconds per game
(the mean time of one game on one core).

Strategies: kb (unit propagation and resolution over the hints' clauses,
plus the global mine count once it is small: seed 004's agent), sat (kb,
then every cell that SAT proves forced by the hints and the mine total: the
exact ceiling of pure logic), full (sat, then a guess), fast (full with
pairs of hints in place of resolution: the same guesses and wins, in less
time). --no-guess ends a game stuck when logic runs out.

Rules default to seed for easy, medium and hard, and to safe for the other
levels. The first click (safe and zero only) defaults to the top-left corner
under safe. Under zero it defaults to the click measured best for the level,
(3,3) on expert, and elsewhere to (2,2), the first cell whose numbers see a
whole 5x5 window (on boards narrower than 5, the cell among those seeing the
most cells whose opening most likely spreads past its 3x3 block); the table
says which.

Game i of a run is played with seed game.GameSeed(S, i) (splitmix64 of
S + i*0x9E3779B97F4A7C15), the same at every level, and its agent draws its
random choices from a generator seeded by that game seed: the results and
the records are identical for any number of workers. --record writes one
JSON line per game, in game order, with the probabilities behind each
guess under the key "probs" (see game.ProbsKey) and how each guess was
chosen under the key "guesses" (see game.GuessesKey).

--vs FLAGS plays every game a second time, on the same layout, with the
agent flags FLAGS changed (--strategy, --no-guess, --guesser, --lookahead,
--depth, --endgame), e.g. --vs "--lookahead 16". It prints both players'
rows and, per level, the games both won, each won alone and neither won,
the difference in win rate (vs - base) with its 95% interval, McNemar's z
(beyond 1.96 in either direction: a difference at the 5% level) and the
ratio of the two players' times, timed side by side on the same workers.
Paired on the same layouts, the comparison sees differences far smaller
than the two rows' own intervals.

Exit status: 0 when the run completes, whatever the games' results; with a
single game in total, 1 if that game is lost. Interrupted (Ctrl-C), play
prints the summary of the games finished so far and exits 3. Bad flags exit 2.
`

// levelList is the repeatable --level flag; each value may be a comma
// list.
type levelList []game.Level

func (l *levelList) String() string {
	names := make([]string, len(*l))
	for i, lv := range *l {
		names[i] = lv.Name
	}
	return strings.Join(names, ",")
}

func (l *levelList) Set(s string) error {
	for _, name := range strings.Split(s, ",") {
		lv, err := game.ParseLevel(name)
		if err != nil {
			return err
		}
		*l = append(*l, lv)
	}
	return nil
}

// playConfig is a parsed 'play' command line.
type playConfig struct {
	levels  []game.Level
	games   int
	seed    int64
	rules   game.Rules // RulesUnset: each level's default
	first   string
	agent   batch.Agent
	workers int
	record  string
	format  string
	plot    string
	trace   bool // play_trace.go
	noColor bool

	vs     *batch.Agent // --vs: the second player's agent flags (see play_vs.go); nil without
	vsArgs string       // the flags --vs gave, as given
}

// playSummary is one level's row in --format json.
type playSummary struct {
	Level          string     `json:"level"`
	Rows           int        `json:"rows"`
	Cols           int        `json:"cols"`
	Mines          int        `json:"mines"`
	Rules          string     `json:"rules"`
	First          string     `json:"first"`
	Strategy       string     `json:"strategy"`
	Guesser        string     `json:"guesser,omitempty"` // how full guesses, e.g. "exact, lookahead 8, endgame 1000"; empty when it never guesses
	NoGuess        bool       `json:"no_guess"`
	Games          int        `json:"games"`
	Won            int        `json:"won"`
	Lost           int        `json:"lost"`
	Stuck          int        `json:"stuck"`
	WinRate        float64    `json:"win_rate"`
	CI95           [2]float64 `json:"ci95"`
	GuessesPerGame float64    `json:"guesses_per_game"`
	MsPerGame      float64    `json:"ms_per_game"`
}

// runPlay implements 'minesat play'.
func runPlay(ctx context.Context, args []string, io *stdio) error {
	cfg, help, err := parsePlay(args, io)
	if help || err != nil {
		return err
	}
	configs, err := planPlay(cfg)
	if err != nil {
		return err
	}
	if cfg.trace {
		return runPlayTrace(ctx, io, cfg, configs)
	}
	opt := batch.Options{Workers: cfg.workers}
	closeRecords := func() error { return nil }
	if cfg.record != "" {
		// A ".gz" record is compressed; Close ends the stream.
		f, err := game.CreateRecordFile(cfg.record)
		if err != nil {
			return usageErrorf("play: %w", err)
		}
		closeRecords, opt.Records = f.Close, f
	}
	start := time.Now()
	total := cfg.games * len(configs)
	bar := newProgress(io, total, "games")
	sums := make([]batch.Summary, 0, len(configs))
	var runErr error
	for _, c := range configs {
		last := 0
		opt.Progress = func(finished int) {
			bar.add(finished - last)
			last = finished
		}
		s, err := batch.Run(ctx, c, 0, cfg.games, opt)
		if err != nil && ctx.Err() == nil {
			runErr = fmt.Errorf("play: %w", err)
			break
		}
		sums = append(sums, s)
	}
	bar.finish()
	wall := time.Since(start)
	if err := closeRecords(); err != nil && runErr == nil {
		runErr = fmt.Errorf("play: %s: %w", cfg.record, err)
	}
	if runErr != nil {
		return runErr
	}
	if err := writePlaySummary(io.out, cfg, sums, wall); err != nil {
		return err
	}
	if cfg.plot != "" {
		if err := writePlayPlot(cfg, sums); err != nil {
			return err
		}
	}
	done := 0
	for _, s := range sums {
		done += s.Games()
	}
	switch {
	case ctx.Err() != nil:
		return budgetError(fmt.Errorf("play: interrupted after %d of %d games", done, total))
	case total == 1 && sums[0].Base.Lost == 1:
		return errNoSolution
	}
	return nil
}

func parsePlay(args []string, io *stdio) (cfg playConfig, help bool, err error) {
	fs := newFlagSet("play", "", playAbout, io)
	var levels levelList
	fs.Var(&levels, "level", "play `L`: easy, medium, hard, beginner, intermediate, expert or RxC/M; repeat or list with commas (default easy,medium,hard)")
	fs.IntVar(&cfg.games, "games", 200, "games per level")
	fs.Int64Var(&cfg.seed, "seed", 1, "run seed `S`; game i is played with seed game.GameSeed(S, i)")
	rules := fs.String("rules", "", "start rules: seed, safe or zero (default seed for easy/medium/hard, safe otherwise)")
	fs.StringVar(&cfg.first, "first", "", "first click under safe and zero: corner, center or R,C (default corner under safe; under zero the click measured best for the level, (3,3) on expert, else (2,2): see agent.BestOpening)")
	addAgentFlags(fs, &cfg.agent, batch.DefaultAgent)
	vs := fs.String("vs", "", "also play every game with these agent `FLAGS` changed, e.g. \"--lookahead 16\" or \"--strategy fast\", and compare the two game by game")
	fs.IntVar(&cfg.workers, "workers", runtime.NumCPU(), fmt.Sprintf("games played in parallel, 1 to %d", batch.MaxWorkers))
	fs.StringVar(&cfg.record, "record", "", "write every game as a JSON line to `FILE`, in game order")
	fs.StringVar(&cfg.format, "format", "text", "output format: text or json")
	fs.StringVar(&cfg.plot, "plot", "", "also draw the win rates with their 95% intervals to `OUT.svg` (or .png)")
	addTraceFlags(fs, &cfg)
	if help, err = parseFlags(fs, args, io); help || err != nil {
		return cfg, help, err
	}
	if err := checkTraceFlags(fs, &cfg); err != nil {
		return cfg, false, err
	}
	if fs.NArg() > 0 {
		return cfg, false, usageErrorf("play: unexpected argument %q", fs.Arg(0))
	}
	if err := checkAgentFlags(cfg.agent, setFlags(fs)); err != nil {
		return cfg, false, usageErrorf("play: %w", err)
	}
	cfg.levels = levels
	if len(cfg.levels) == 0 {
		cfg.levels = []game.Level{game.Easy, game.Medium, game.Hard}
	}
	if *rules != "" {
		if cfg.rules, err = game.ParseRules(*rules); err != nil {
			return cfg, false, usageErrorf("play: --rules: %w", err)
		}
	}
	switch {
	case cfg.games <= 0:
		return cfg, false, usageErrorf("play: --games %d: want at least 1", cfg.games)
	case cfg.workers <= 0 || cfg.workers > batch.MaxWorkers:
		return cfg, false, usageErrorf("play: --workers %d: want 1 to %d", cfg.workers, batch.MaxWorkers)
	case cfg.format != "text" && cfg.format != "json":
		return cfg, false, usageErrorf("play: --format %q: want text or json", cfg.format)
	}
	if cfg.plot != "" {
		if _, err := plotFormat(cfg.plot); err != nil {
			return cfg, false, usageErrorf("play: --%w", err)
		}
	}
	if setFlags(fs)["vs"] {
		if cfg.vs, err = parseVs(cfg, *vs); err != nil {
			return cfg, false, err
		}
		cfg.vsArgs = strings.Join(strings.Fields(*vs), " ")
	}
	return cfg, false, nil
}

// addAgentFlags defines on fs the flags that configure the agent a, the
// ones --vs may change, with def's values as their defaults.
func addAgentFlags(fs *flag.FlagSet, a *batch.Agent, def batch.Agent) {
	fs.StringVar(&a.Strategy, "strategy", def.Strategy, "kb, sat, full or fast (full with pairs of hints instead of resolution: the same guesses and wins, sooner; moves proved by a pair of hints or SAT instead of a clause)")
	fs.BoolVar(&a.NoGuess, "no-guess", def.NoGuess, "never guess: a game ends stuck when logic runs out")
	fs.StringVar(&a.Guesser, "guesser", def.Guesser, "how full and fast guess: exact (exact probabilities, with --lookahead, --depth and --endgame) or local (the lowest local estimate, the old provisional rule)")
	fs.IntVar(&a.Lookahead, "lookahead", def.Lookahead, "guessing weighs up to `N` of the safest cells one move ahead; 0 guesses the safest cell")
	fs.IntVar(&a.Depth, "depth", def.Depth, "the lookahead looks `N` moves ahead: 1, or 2 (a little stronger on expert, about 3 times slower)")
	fs.IntVar(&a.Endgame, "endgame", def.Endgame, "guessing searches the whole game tree once at most `N` layouts remain; 0 never")
}

// checkAgentFlags checks the agent's flags a; set names the flags the
// command line set.
func checkAgentFlags(a batch.Agent, set map[string]bool) error {
	if a.Guesser == "local" {
		for _, name := range []string{"lookahead", "depth", "endgame"} {
			if set[name] {
				return fmt.Errorf("--%s applies to --guesser exact, not local", name)
			}
		}
	}
	return a.Check()
}

// defaultGuesserName is the guesser's name with the default flags; the
// text table names the guesser only when it is another.
var defaultGuesserName = batch.DefaultAgent.GuesserName()

// planPlay returns the batch configuration of each level, checked against
// its rules and first click.
func planPlay(cfg playConfig) ([]batch.Config, error) {
	var configs []batch.Config
	for _, l := range cfg.levels {
		c := batch.Config{Level: l, Rules: cfg.rules, First: cfg.first, Agent: cfg.agent, Vs: cfg.vs, Seed: cfg.seed}
		if _, _, err := c.Resolve(); err != nil {
			return nil, usageErrorf("play: %w", err)
		}
		configs = append(configs, c)
	}
	return configs, nil
}

// levelSummary returns the JSON row of one player of s: a with tally t.
func levelSummary(s batch.Summary, a batch.Agent, t batch.Tally) playSummary {
	out := playSummary{
		Level: s.Level.Name, Rows: s.Level.Rows, Cols: s.Level.Cols, Mines: s.Level.Mines,
		Rules: s.Rules.String(), First: s.First, Strategy: a.Strategy, NoGuess: a.NoGuess,
		Games: t.Games, Won: t.Won, Lost: t.Lost, Stuck: t.Stuck,
		WinRate: t.WinRate(), GuessesPerGame: t.GuessesPerGame(), MsPerGame: t.MsPerGame(),
	}
	if a.Guesses() {
		out.Guesser = a.GuesserName()
	}
	lo, hi := t.Interval()
	out.CI95 = [2]float64{lo, hi}
	return out
}

func writePlaySummary(w io.Writer, cfg playConfig, sums []batch.Summary, wall time.Duration) error {
	if cfg.vs != nil {
		return writeVsSummary(w, cfg, sums, wall)
	}
	rows := make([]playSummary, len(sums))
	games := 0
	for i, s := range sums {
		rows[i] = levelSummary(s, s.Agent, s.Base)
		games += s.Games()
	}
	if cfg.format == "json" {
		return writeJSONLevels(w, rows)
	}
	if err := writeRunTable(w, rows, nil); err != nil {
		return err
	}
	return writeRunFooter(w, cfg, fmt.Sprintf("%d games", games), games, wall)
}

// writeJSONLevels writes the levels' summaries as JSON: an object for one
// level, an array for several.
func writeJSONLevels[S any](w io.Writer, sums []S) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if len(sums) == 1 {
		return enc.Encode(sums[0])
	}
	return enc.Encode(sums)
}

// writeRunTable writes the text table of sums, a row each. With players,
// a first column names row i's player, players[i%len(players)].
func writeRunTable(w io.Writer, sums []playSummary, players []string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if players != nil {
		fmt.Fprint(tw, "player\t")
	}
	fmt.Fprintln(tw, "level\trules\tfirst\tstrategy\tgames\twon\tlost\tstuck\twin rate\t95% CI\tguesses/game\tms/game")
	for i, s := range sums {
		if players != nil {
			fmt.Fprintf(tw, "%s\t", players[i%len(players)])
		}
		strategy := s.Strategy
		if s.NoGuess {
			strategy += " (no guess)"
		}
		if s.Guesser != "" && s.Guesser != defaultGuesserName {
			strategy += " (" + s.Guesser + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%.1f%%\t[%.1f%%, %.1f%%]\t%.2f\t%.3f\n",
			s.Level, s.Rules, s.First, strategy, s.Games, s.Won, s.Lost, s.Stuck,
			100*s.WinRate, 100*s.CI95[0], 100*s.CI95[1], s.GuessesPerGame, s.MsPerGame)
	}
	return tw.Flush()
}

// writeRunFooter writes the text output's last line: what was played (say,
// "100 games"), in how long, on how many workers (games a second), from
// which run seed.
func writeRunFooter(w io.Writer, cfg playConfig, what string, games int, wall time.Duration) error {
	rate := float64(games) / max(wall.Seconds(), 1e-9)
	workers := fmt.Sprintf("%d workers", cfg.workers)
	if cfg.workers == 1 {
		workers = "1 worker"
	}
	_, err := fmt.Fprintf(w, "%s in %.2f s on %s (%.0f games/s), seed %d\n", what, wall.Seconds(), workers, rate, cfg.seed)
	return err
}

func writePlayPlot(cfg playConfig, sums []batch.Summary) error {
	var ls []plotLevel
	for _, s := range sums {
		if s.Games() == 0 {
			continue
		}
		lo, hi := s.Base.Interval()
		ls = append(ls, plotLevel{Name: s.Level.Name + "\nrules " + s.Rules.String(), Won: s.Base.Won, Games: s.Base.Games, Lo: lo, Hi: hi})
	}
	if len(ls) == 0 {
		return nil
	}
	title := fmt.Sprintf("minesat play: strategy %s", cfg.agent.Strategy)
	if cfg.agent.NoGuess {
		title += ", no guessing"
	}
	return savePlot(cfg.plot, func(w io.Writer, format string) error {
		return plotWinRates(w, format, title, ls)
	})
}
