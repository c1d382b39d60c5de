package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/minesat/minesat/agent"
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
(3,3) on expert, and elsewhere to the cell that maximises the chance that the
opening spreads past the first 3x3 block; the table says which.

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
	levels   []game.Level
	games    int
	seed     int64
	rules    game.Rules // RulesUnset: each level's default
	first    string
	strategy string
	noGuess  bool
	workers  int
	record   string
	format   string
	plot     string
	trace    bool // play_trace.go
	noColor  bool

	guesser   string // exact or local
	lookahead int    // agent.ProbGuesser.Lookahead
	depth     int    // agent.ProbGuesser.Depth
	endgame   int    // agent.ProbGuesser.Endgame

	vs     *playConfig // --vs: the second player's agent flags (see play_vs.go); nil without
	vsArgs string      // in vs: the flags --vs gave, as given
}

// levelRun is one level's games and their tally.
type levelRun struct {
	level    game.Level
	rules    game.Rules
	first    agent.FirstClick
	hasFirst bool
	opts     []agent.Option

	games, won, lost, stuck int
	guesses                 int
	elapsed                 time.Duration // sum of the games' own times

	vs   *levelRun // --vs: the second player's games, the same layouts; nil without
	pair pairTally // --vs: the two players' results, game by game
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
	runs, err := planPlay(cfg)
	if err != nil {
		return err
	}
	if cfg.trace {
		return runPlayTrace(ctx, io, cfg, runs)
	}
	var rw *game.RecordWriter
	if cfg.record != "" {
		f, err := os.Create(cfg.record)
		if err != nil {
			return usageErrorf("play: %w", err)
		}
		defer f.Close()
		rw = game.NewRecordWriter(f)
	}
	start := time.Now()
	total := cfg.games * len(runs)
	bar := newProgress(io, total, "games")
	var runErr error
	for _, r := range runs {
		if runErr = playLevel(ctx, cfg, r, rw, bar); runErr != nil {
			break
		}
	}
	bar.finish()
	wall := time.Since(start)
	if rw != nil {
		if err := rw.Flush(); err != nil && runErr == nil {
			runErr = fmt.Errorf("play: %s: %w", cfg.record, err)
		}
	}
	interrupted := errors.Is(runErr, context.Canceled) || errors.Is(runErr, context.DeadlineExceeded)
	if runErr != nil && !interrupted {
		return runErr
	}
	if err := writePlaySummary(io.out, cfg, runs, wall); err != nil {
		return err
	}
	if cfg.plot != "" {
		if err := writePlayPlot(cfg, runs); err != nil {
			return err
		}
	}
	done := 0
	for _, r := range runs {
		done += r.games
	}
	switch {
	case interrupted:
		return budgetError(fmt.Errorf("play: interrupted after %d of %d games", done, total))
	case total == 1 && runs[0].lost == 1:
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
	fs.StringVar(&cfg.first, "first", "", "first click under safe and zero: corner, center or R,C (default corner under safe; under zero the click measured best for the level, (3,3) on expert, else the likeliest opening)")
	addAgentFlags(fs, &cfg, defaultAgentFlags)
	vs := fs.String("vs", "", "also play every game with these agent `FLAGS` changed, e.g. \"--lookahead 16\" or \"--strategy fast\", and compare the two game by game")
	fs.IntVar(&cfg.workers, "workers", runtime.NumCPU(), "games played in parallel")
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
	if err := checkAgentFlags(cfg, setFlags(fs)); err != nil {
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
	case cfg.workers <= 0:
		return cfg, false, usageErrorf("play: --workers %d: want at least 1", cfg.workers)
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
	}
	return cfg, false, nil
}

// defaultAgentFlags holds the defaults of the agent's flags.
var defaultAgentFlags = playConfig{strategy: agent.PresetFull, guesser: "exact",
	lookahead: agent.DefaultLookahead, depth: agent.DefaultDepth, endgame: agent.DefaultEndgame}

// addAgentFlags defines on fs the flags that configure the agent, the ones
// --vs may change, with def's values as their defaults.
func addAgentFlags(fs *flag.FlagSet, cfg *playConfig, def playConfig) {
	fs.StringVar(&cfg.strategy, "strategy", def.strategy, "kb, sat, full or fast (full with pairs of hints instead of resolution: the same guesses and wins, sooner; moves proved by a pair of hints or SAT instead of a clause)")
	fs.BoolVar(&cfg.noGuess, "no-guess", def.noGuess, "never guess: a game ends stuck when logic runs out")
	fs.StringVar(&cfg.guesser, "guesser", def.guesser, "how full and fast guess: exact (exact probabilities, with --lookahead, --depth and --endgame) or local (the lowest local estimate, the old provisional rule)")
	fs.IntVar(&cfg.lookahead, "lookahead", def.lookahead, "guessing weighs up to `N` of the safest cells one move ahead; 0 guesses the safest cell")
	fs.IntVar(&cfg.depth, "depth", def.depth, "the lookahead looks `N` moves ahead: 1, or 2 (a little stronger on expert, about 3 times slower)")
	fs.IntVar(&cfg.endgame, "endgame", def.endgame, "guessing searches the whole game tree once at most `N` layouts remain; 0 never")
}

// checkAgentFlags checks the agent's flags of cfg; set names the flags the
// command line set.
func checkAgentFlags(cfg playConfig, set map[string]bool) error {
	if cfg.guesser == "local" {
		for _, name := range []string{"lookahead", "depth", "endgame"} {
			if set[name] {
				return fmt.Errorf("--%s applies to --guesser exact, not local", name)
			}
		}
	}
	switch {
	case cfg.guesser != "exact" && cfg.guesser != "local":
		return fmt.Errorf("--guesser %q: want exact or local", cfg.guesser)
	case cfg.lookahead < 0:
		return fmt.Errorf("--lookahead %d: want 0 or more", cfg.lookahead)
	case cfg.depth < 1 || cfg.depth > agent.MaxDepth:
		return fmt.Errorf("--depth %d: want 1 to %d", cfg.depth, agent.MaxDepth)
	case cfg.depth > 1 && cfg.lookahead == 0:
		return fmt.Errorf("--depth %d needs a lookahead: --lookahead 0 weighs no cell", cfg.depth)
	case cfg.endgame < 0 || cfg.endgame > agent.MaxEndgame:
		return fmt.Errorf("--endgame %d: want 0 to %d", cfg.endgame, agent.MaxEndgame)
	}
	return nil
}

// defaultGuesserName is guesserName with the default flags; the text table
// names the guesser only when it is another.
var defaultGuesserName = defaultAgentFlags.guesserName()

// guesserName says how the full and fast strategies guess under cfg.
func (cfg playConfig) guesserName() string {
	if cfg.guesser == "local" {
		return "local estimate"
	}
	if cfg.depth > 1 {
		return fmt.Sprintf("exact, lookahead %d, depth %d, endgame %d", cfg.lookahead, cfg.depth, cfg.endgame)
	}
	return fmt.Sprintf("exact, lookahead %d, endgame %d", cfg.lookahead, cfg.endgame)
}

// planPlay checks every level against its rules and first click, and
// builds the agents' options.
func planPlay(cfg playConfig) ([]*levelRun, error) {
	opts, err := agentOptions(cfg)
	if err != nil {
		return nil, usageErrorf("play: --strategy: %w", err)
	}
	var vsOpts []agent.Option
	if cfg.vs != nil {
		if vsOpts, err = agentOptions(*cfg.vs); err != nil {
			return nil, usageErrorf("play: --vs: --strategy: %w", err)
		}
	}
	var runs []*levelRun
	for _, l := range cfg.levels {
		rules := cfg.rules
		if rules == game.RulesUnset {
			rules = l.DefaultRules()
		}
		if err := l.Check(rules); err != nil {
			return nil, usageErrorf("play: %w", err)
		}
		first, ok, err := agent.ChooseFirst(l, rules, cfg.first)
		if err != nil {
			return nil, usageErrorf("play: --first: %w", err)
		}
		if !ok && cfg.first != "" {
			return nil, usageErrorf("play: --first applies under the safe and zero rules; %s is played under seed rules, which open %d cells first (add --rules safe)",
				l.Name, game.InitialCount(l.Rows, l.Cols))
		}
		r := &levelRun{level: l, rules: rules, first: first, hasFirst: ok, opts: opts}
		if ok {
			r.opts = append(append([]agent.Option(nil), opts...), agent.WithFirst(first.Pos))
		}
		if cfg.vs != nil {
			vs := *r
			vs.opts = vsOpts
			if ok {
				vs.opts = append(append([]agent.Option(nil), vsOpts...), agent.WithFirst(first.Pos))
			}
			r.vs = &vs
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// agentOptions returns the options of the agent cfg's flags describe, and
// an error if they name no strategy.
func agentOptions(cfg playConfig) ([]agent.Option, error) {
	var guesser agent.Guesser = agent.ProbGuesser{Lookahead: cfg.lookahead, Depth: cfg.depth, Endgame: cfg.endgame}
	if cfg.guesser == "local" {
		guesser = agent.LocalGuesser{}
	}
	opts := []agent.Option{agent.WithStrategy(cfg.strategy), agent.WithGuesser(guesser)}
	if cfg.noGuess {
		opts = append(opts, agent.WithNoGuess())
	}
	if cfg.record != "" {
		opts = append(opts, agent.WithMoves())
	}
	if _, err := agent.New(opts...); err != nil {
		return nil, err
	}
	return opts, nil
}

// gameResult is one finished game, as a worker hands it back.
type gameResult struct {
	i      int
	res    agent.Result
	vs     *agent.Result // --vs: the second player's result on the same layout
	record *recordLine
	err    error
}

// playLevel plays cfg.games games of one level on cfg.workers workers,
// tallies them into r, and writes their records in game order. A cancelled
// ctx stops it after the games in progress; their results are dropped,
// and it returns ctx's error.
func playLevel(ctx context.Context, cfg playConfig, r *levelRun, rw *game.RecordWriter, bar *progress) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	for w := 0; w < min(cfg.workers, cfg.games); w++ {
		a, err := agent.New(r.opts...)
		if err != nil {
			return err
		}
		var b *agent.Agent // --vs: the second player, on the same worker
		if r.vs != nil {
			if b, err = agent.New(r.vs.opts...); err != nil {
				return err
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if b == nil {
					results <- playOne(ctx, a, r, cfg, i)
					continue
				}
				results <- playPair(ctx, a, b, r, cfg, i)
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.games; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	pending := map[int]*recordLine{}
	next := 0
	var firstErr error
	for gr := range results {
		if gr.err != nil {
			if firstErr == nil || errors.Is(firstErr, context.Canceled) {
				firstErr = gr.err
			}
			cancel()
			continue
		}
		r.tally(gr.res)
		if gr.vs != nil {
			r.vs.tally(*gr.vs)
			r.pair.add(gr.res, *gr.vs)
		}
		bar.add(1)
		if rw != nil {
			pending[gr.i] = gr.record
		}
		for rw != nil && pending[next] != nil {
			if err := rw.WriteLine(pending[next]); err != nil && firstErr == nil {
				firstErr = fmt.Errorf("play: %s: %w", cfg.record, err)
				cancel()
			}
			delete(pending, next)
			next++
		}
	}
	if firstErr == nil && r.games < cfg.games {
		firstErr = ctx.Err()
	}
	// Interrupted: the finished games after a gap are still worth keeping.
	for i := next; rw != nil && i < cfg.games; i++ {
		if rec := pending[i]; rec != nil {
			if err := rw.WriteLine(rec); err != nil && firstErr == nil {
				firstErr = err
			}
		}
	}
	return firstErr
}

// playOne plays game i of a level.
func playOne(ctx context.Context, a *agent.Agent, r *levelRun, cfg playConfig, i int) gameResult {
	g, err := game.New(r.level, r.rules, game.GameSeed(cfg.seed, i))
	if err != nil {
		return gameResult{i: i, err: fmt.Errorf("play: %w", err)}
	}
	res, err := a.Play(ctx, g)
	if err != nil {
		if ctx.Err() != nil {
			return gameResult{i: i, err: ctx.Err()}
		}
		return gameResult{i: i, err: fmt.Errorf("play: %s game %d (seed %d): %w", r.level.Name, i, g.Seed(), err)}
	}
	out := gameResult{i: i, res: res}
	if cfg.record != "" {
		out.record = newRecordLine(g, res)
	}
	return out
}

func (r *levelRun) tally(res agent.Result) {
	r.games++
	switch res.Outcome {
	case agent.Won:
		r.won++
	case agent.Lost:
		r.lost++
	case agent.Stuck:
		r.stuck++
	}
	r.guesses += res.Guesses
	r.elapsed += res.Elapsed
}

// wilson returns the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	nf := float64(n)
	p := float64(k) / nf
	den := 1 + z*z/nf
	center := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, center-half), min(1, center+half)
}

func (r *levelRun) summary(cfg playConfig) playSummary {
	s := playSummary{
		Level: r.level.Name, Rows: r.level.Rows, Cols: r.level.Cols, Mines: r.level.Mines,
		Rules: r.rules.String(), First: "none", Strategy: cfg.strategy, NoGuess: cfg.noGuess,
		Games: r.games, Won: r.won, Lost: r.lost, Stuck: r.stuck,
	}
	if agent.PresetGuesses(cfg.strategy) && !cfg.noGuess {
		s.Guesser = cfg.guesserName()
	}
	if r.hasFirst {
		s.First = r.first.String()
	}
	if r.games > 0 {
		s.WinRate = float64(r.won) / float64(r.games)
		s.GuessesPerGame = float64(r.guesses) / float64(r.games)
		s.MsPerGame = r.elapsed.Seconds() * 1000 / float64(r.games)
	}
	lo, hi := wilson(r.won, r.games)
	s.CI95 = [2]float64{lo, hi}
	return s
}

func writePlaySummary(w io.Writer, cfg playConfig, runs []*levelRun, wall time.Duration) error {
	if cfg.vs != nil {
		return writeVsSummary(w, cfg, runs, wall)
	}
	sums := make([]playSummary, len(runs))
	games := 0
	for i, r := range runs {
		sums[i] = r.summary(cfg)
		games += r.games
	}
	if cfg.format == "json" {
		return writeJSONLevels(w, sums)
	}
	if err := writeRunTable(w, sums, nil); err != nil {
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
	_, err := fmt.Fprintf(w, "%s in %.2f s on %d workers (%.0f games/s), seed %d\n", what, wall.Seconds(), cfg.workers, rate, cfg.seed)
	return err
}

func writePlayPlot(cfg playConfig, runs []*levelRun) error {
	var ls []plotLevel
	for _, r := range runs {
		if r.games == 0 {
			continue
		}
		lo, hi := wilson(r.won, r.games)
		ls = append(ls, plotLevel{Name: r.level.Name + "\nrules " + r.rules.String(), Won: r.won, Games: r.games, Lo: lo, Hi: hi})
	}
	if len(ls) == 0 {
		return nil
	}
	title := fmt.Sprintf("minesat play: strategy %s", cfg.strategy)
	if cfg.noGuess {
		title += ", no guessing"
	}
	return savePlot(cfg.plot, func(w io.Writer, format string) error {
		return plotWinRates(w, format, title, ls)
	})
}
