package main

// 'minesat play' is a plain run of games and the modes its flags add. Each
// mode lives in a file of its own with the check of its flags, which
// parsePlay calls in turn, and the piece that does its work, which runPlay
// and playRun call:
//
//	a plain run  play_run.go       playRun: each level's games on the workers, the summary
//	--trace      play_trace.go     checkTraceFlags; playTrace: game 0, move by move
//	--vs         play_vs.go        checkVsFlag: a second player on the same layouts (batch pairs them)
//	--against    play_against.go   checkAgainstFlags; against: pairs with a recorded player's outcomes
//	--outcomes   play_outcomes.go  checkOutcomesFlag; outcomes: each game's outcome, as a reference file
//	--record     play_record.go    records: each game as a JSON line
//	--shard      shard.go          checkShardFlags: one slice of each level's games
//	--plot       play_plot.go      checkPlotFlag; writePlayPlot: the win rates drawn

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strings"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
)

const playAbout = `
Play plays automated games and reports how often the agent wins.

With no flags it plays 200 games each at easy, medium and hard under the
course assignment's rules (--rules seed, below) with strategy full, and prints one table row per level: the
rules, the first click, the strategy, games, won, lost, stuck, the win rate
with its 95% Wilson interval, guesses per game and milliseconds per game
(the mean time of one game on one core).

Strategies: kb (unit propagation and resolution over the hints' clauses,
plus the global mine count once it is small: the knowledge-base agent
of the course assignment minesat started from), sat (kb,
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

Output files are opened only once every flag checks out: a usage error
leaves every file as it was. --record is written in place as the games
finish, so that it can be followed; a run that fails (a full disk, a file
size limit) cuts it back to its last whole line (a .gz file to its last
whole gzip member: one ends every 256 KiB of records). --outcomes and
--plot are written under a temporary name in their directory and renamed
into place when the run ends; a failed run leaves an existing file as it
was. A FIFO or a device is written as it is: play waits for a FIFO's
reader until interrupted.

--policy HEURISTICS makes the lookahead play by D. Hill's guessing heuristics, each a
switch (see docs/guessing.md): blend (a position after a hint is valued at
4:1 of its two safest living cells), dead (cells that can show only one
value are weighed last), candidates (his candidate set: cells within 0.9 of
the best safety and, when nearly as safe, cells next to no hint), risk (a
bonus for cells that could sit in a pair or 2x2 50/50), progress (a bonus
of 0.001 x the chance of proving a cell safe; ties to more cells expected
proved safe), overrides (play a safer cell that the choice implies safe, or
the unique safest cell after every hint); hill names all six, none none.
The default, auto, plays blend, dead and progress on boards of at least 18%
mines (expert), where they win more, and none on sparser boards, where
they won nothing measurable at more time; nor with --depth 2 or
--deep-open. The endgame search and pseudo 50/50s still come
first.

--think N makes each guess a race for the game: where the guesser would
guess by its lookahead (not an endgame search or a pseudo 50/50), its best
4 candidates and the safest cell are each opened on the same layouts drawn
uniformly from the position, and the game is played on to its end by the
player without --think; the rounds of 8 layouts stop at N rollouts, a
candidate clearly beaten is dropped, and the leader is opened if it beats
the guesser's choice by McNemar's z of 1.5 or more (else the guesser's
choice). Its layouts and rollouts are seeded from the game's seed and the
moves played: the games are the same for any number of workers. Each such
guess's record note names the method "win-probability search" and each
candidate's wins and rollouts (docs/formats.md). At 16 to 64 rollouts it
won nothing measurable (docs/notes/2026-11-29-think.md).

--vs FLAGS plays every game a second time, on the same layout, with the
agent flags FLAGS changed (--strategy, --no-guess, --guesser, --lookahead,
--depth, --deep-open, --endgame, --policy, --think), e.g. --vs "--lookahead 16" or
--vs "--policy blend". It prints both players'
rows and, per level, the games both won, each won alone and neither won,
the difference in win rate (vs - base) with its 95% interval, McNemar's z
(beyond 1.96 in either direction: a difference at the 5% level) and the
ratio of the two players' times, timed side by side on the same workers.
Paired on the same layouts, the comparison sees differences far smaller
than the two rows' own intervals.

--against FILE pairs the games with another player's recorded outcomes on
the same layouts (a minesat.reference/1 file, see docs/formats.md), without
running that player: it prints the games both won, each won alone and
neither won, the other player's win rate with its 95% interval, the
difference (reference - minesat) and McNemar's z. The run must be of the
file's level, rules, first click and seed, and within its games.
testdata/reference/hill-expert-safe-corner-seed1.txt holds D. Hill's solver
on the first 200,000 games of 'play --level expert --rules safe --seed 1'.
--against may be given several times: one table a file.

--outcomes FILE writes each game's outcome (one level; the first player's
with --vs) as such a file, so that a later build or another configuration
is paired with this run by --against FILE without playing it again.

--format json writes the run summary (schema "minesat.summary/1", see
docs/formats.md): the seed, the games, the shard, the agent's flags and,
for each level (always an array), the games counted and their counts.
'minesat merge' adds up such summaries exactly.

--shard K/N plays only the K-th (from 0) of N contiguous slices of each
level's --games: games K*G/N to (K+1)*G/N - 1, so that the shards cover
every game once, their sizes differing by at most one. The text footer
names the range. Each game keeps its seed, so the shards' summaries merge
('minesat merge') into exactly the single run's, and their record files,
concatenated in shard order, are byte for byte the single run's (for one
level; with several, each shard's file holds its slice of each level in
turn). --shard env reads the shard from a job array: Slurm's
SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN) of SLURM_ARRAY_TASK_COUNT,
or Kubernetes' JOB_COMPLETION_INDEX with --shard-count N. For example, in
a Slurm array job:

  minesat play --level expert --games 8000 --seed 1 --shard env --format json --record shard-$K.jsonl > shard-$K.json
  minesat merge shard-*.json

Interrupted (Ctrl-C, SIGTERM or SIGHUP, as a scheduler stops a job), play
stops the games in progress, writes the records and the summary of the
games finished without a gap from the first (a game finished after a
gap is dropped from both, so that the summary counts exactly the records
written), every line whole, and exits 3. Its JSON summary says
"complete": false, and 'minesat merge' names the games it lacks.

Exit status: 0 when the run completes, whatever the games' results; with a
single game in total, 1 if that game is lost; 3 when interrupted; 2 for bad
flags.
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

// pathList is a repeatable flag of file names.
type pathList []string

func (l *pathList) String() string { return strings.Join(*l, ",") }

func (l *pathList) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// playConfig is a parsed 'play' command line.
type playConfig struct {
	levels  []game.Level
	games   int
	seed    int64
	rules   game.Rules // RulesUnset: each level's default
	first   string
	agent   agent.Config
	workers int
	record  string
	format  string
	shard   batch.ShardRange // the games of each level to play
	plot    string
	trace   bool // play_trace.go
	noColor bool

	vs           *agent.Config // --vs: the second player's agent flags (see play_vs.go); nil without
	vsArgs       string        // the flags --vs gave, as given
	againstPaths []string      // --against: other players' recorded outcomes (see play_against.go), a file each
	outcomes     string        // --outcomes: the file to write the run's outcomes to, as a reference
}

// runPlay implements 'minesat play'. Its inputs (--against) are read and
// checked, then its outputs (--record, --outcomes, --plot) opened, only
// once every flag is valid: a usage error leaves every file as it was.
func runPlay(ctx context.Context, args []string, io *stdio) error {
	cfg, help, err := parsePlay(args, io)
	if help || err != nil {
		return err
	}
	configs, err := planPlay(cfg)
	if err != nil {
		return err
	}
	refs, err := readAgainsts(ctx, io, cfg, configs[0])
	if err != nil {
		return err
	}
	outs := outFiles{cmd: "play"}
	po := playOutputs{
		record:   outs.add("record", cfg.record, outStream),
		outcomes: outs.add("outcomes", cfg.outcomes, outWhole),
		plot:     outs.add("plot", cfg.plot, outWhole),
	}
	if err := outs.open(ctx); err != nil {
		return err
	}
	if cfg.trace {
		err = playTrace(ctx, io, cfg, configs, po.record)
	} else {
		err = playRun(ctx, io, cfg, configs, refs, po)
	}
	// A lost game (exit 1) or an interrupt (exit 3) keeps the outputs
	// written; a failure (exit 2) takes them back.
	if cerr := outs.close(exitCode(err) == exitUsage); err == nil {
		err = cerr
	}
	return err
}

// playOutputs are the named outputs of a play run; nil when not asked for.
type playOutputs struct{ record, outcomes, plot *outFile }

// parsePlay defines play's flags, parses args and checks them: the common
// flags, then each mode's, in the order that reports a user's first
// problem.
func parsePlay(args []string, io *stdio) (cfg playConfig, help bool, err error) {
	fs := newFlagSet("play", "", playAbout, io)
	var levels levelList
	fs.Var(&levels, "level", "play `L`: easy, medium, hard, beginner, intermediate, expert or RxC/M; repeat or list with commas (default easy,medium,hard)")
	fs.IntVar(&cfg.games, "games", 200, "games per level")
	fs.Int64Var(&cfg.seed, "seed", 1, "run seed `S`; game i is played with seed game.GameSeed(S, i)")
	rules := fs.String("rules", "", "start rules: seed, safe or zero (default seed for easy/medium/hard, safe otherwise)")
	fs.StringVar(&cfg.first, "first", "", "first click under safe and zero: corner, center or R,C (default corner under safe; under zero the click measured best for the level, (3,3) on expert, else (2,2): see agent.BestOpening)")
	addAgentFlags(fs, &cfg.agent, agent.DefaultConfig)
	addThinkFlag(fs, &cfg.agent, agent.DefaultConfig)
	vs := fs.String("vs", "", "also play every game with these agent `FLAGS` changed, e.g. \"--lookahead 16\" or \"--strategy fast\", and compare the two game by game")
	var againstPaths pathList
	fs.Var(&againstPaths, "against", "compare game by game with another player's outcomes on the same games, read from `FILE` (minesat.reference/1, e.g. testdata/reference/hill-expert-safe-corner-seed1.txt); repeat for several")
	fs.StringVar(&cfg.outcomes, "outcomes", "", "write each game's outcome to `FILE` as a minesat.reference/1 file, for --against in later runs")
	fs.IntVar(&cfg.workers, "workers", runtime.NumCPU(), fmt.Sprintf("games played in parallel, 1 to %d (default: the number of CPUs)", batch.MaxWorkers))
	fs.StringVar(&cfg.record, "record", "", "write every game as a JSON line to `FILE`, in game order")
	fs.StringVar(&cfg.format, "format", "text", "output format: text or json")
	shard := fs.String("shard", "", "play only shard `K/N` of the games of each level: the K-th (from 0) of N contiguous slices; env reads K and N from a Slurm job array or a Kubernetes Indexed Job")
	shardCount := fs.Int("shard-count", 0, "with --shard env under Kubernetes: the number of shards `N` (the Job's completions)")
	fs.StringVar(&cfg.plot, "plot", "", "also draw the win rates with their 95% intervals to `OUT.svg` (or .png)")
	addTraceFlags(fs, &cfg)
	if help, err = parseFlags(fs, args, io); help || err != nil {
		return cfg, help, err
	}
	set := setFlags(fs)
	if err := checkTraceFlags(set, &cfg); err != nil {
		return cfg, false, err
	}
	if err := checkRunFlags(&cfg, fs.Args(), set, levels, *rules); err != nil {
		return cfg, false, err
	}
	if err := checkPlotFlag(cfg); err != nil {
		return cfg, false, err
	}
	if err := checkShardFlags(&cfg, *shard, *shardCount, set, io.getenv); err != nil {
		return cfg, false, err
	}
	if err := checkVsFlag(&cfg, *vs, set); err != nil {
		return cfg, false, err
	}
	if err := checkOutcomesFlag(cfg); err != nil {
		return cfg, false, err
	}
	return cfg, false, checkAgainstFlags(&cfg, againstPaths)
}

// checkRunFlags checks the flags of every run: no arguments, the agent's
// flags, the levels (easy, medium and hard unless given), the rules, the
// games, the workers and the format.
func checkRunFlags(cfg *playConfig, args []string, set map[string]bool, levels []game.Level, rules string) error {
	if len(args) > 0 {
		return usageErrorf("play: unexpected argument %q", args[0])
	}
	if _, err := checkAgentFlags(cfg.agent, set); err != nil {
		return usageErrorf("play: %w", err)
	}
	cfg.levels = levels
	if len(cfg.levels) == 0 {
		cfg.levels = []game.Level{game.Easy, game.Medium, game.Hard}
	}
	if rules != "" {
		var err error
		if cfg.rules, err = game.ParseRules(rules); err != nil {
			return usageErrorf("play: --rules: %w", err)
		}
	}
	switch {
	case cfg.games <= 0:
		return usageErrorf("play: --games %d: want at least 1", cfg.games)
	case cfg.workers <= 0 || cfg.workers > batch.MaxWorkers:
		return usageErrorf("play: --workers %d: want 1 to %d", cfg.workers, batch.MaxWorkers)
	case cfg.format != "text" && cfg.format != "json":
		return usageErrorf("play: --format %q: want text or json", cfg.format)
	}
	return nil
}

// addAgentFlags defines on fs the flags that configure the agent a, the
// ones --vs may change, with def's values as their defaults.
func addAgentFlags(fs *flag.FlagSet, a *agent.Config, def agent.Config) {
	parsedVar(fs, &a.Strategy, "strategy", def.Strategy, agent.ParsePreset, "kb, sat, full or fast (full with pairs of hints instead of resolution: the same guesses and wins, sooner; moves proved by a pair of hints or SAT instead of a clause)")
	fs.BoolVar(&a.NoGuess, "no-guess", def.NoGuess, "never guess: a game ends stuck when logic runs out")
	parsedVar(fs, &a.Guesser, "guesser", def.Guesser, agent.ParseGuesserKind, "how full and fast guess: exact (exact probabilities, with --lookahead, --depth and --endgame) or local (the lowest local estimate, the old provisional rule)")
	fs.IntVar(&a.Lookahead, "lookahead", def.Lookahead, "guessing weighs up to `N` of the safest cells one move ahead; 0 guesses the safest cell")
	fs.IntVar(&a.Depth, "depth", def.Depth, "the lookahead looks `N` moves ahead: 1, or 2 (a little stronger on expert, about 3 times slower)")
	fs.IntVar(&a.DeepOpen, "deep-open", def.DeepOpen, "guesses made while at most `N` cells are open look two moves ahead, as --depth 2; 0 never")
	fs.IntVar(&a.Endgame, "endgame", def.Endgame, "guessing searches the whole game tree once at most `N` layouts remain; 0 never")
	parsedVar(fs, &a.Policy, "policy", def.Policy, agent.ParsePolicySetting, "the lookahead plays by D. Hill's guessing `HEURISTICS`, comma-separated: blend, dead, candidates, risk, progress, overrides; hill for all, none for none; auto: blend, dead and progress on boards of at least 18% mines")
}

// addThinkFlag defines on fs play's --think, an agent flag --vs may
// change too, with def's value as its default.
func addThinkFlag(fs *flag.FlagSet, a *agent.Config, def agent.Config) {
	fs.IntVar(&a.Think, "think", def.Think, "at each guess, race the guesser's best candidates over up to `N` rollouts (layouts drawn from the position, each game played on to its end) and open the one likeliest to win; 0 never. Reproducible; costs about N short games a guess")
}

// checkAgentFlags checks the agent's flags a, its strategy's name
// included, and returns the agent options they give; set names the flags
// the command line set.
func checkAgentFlags(a agent.Config, set map[string]bool) ([]agent.Option, error) {
	if a.Guesser == agent.GuesserLocal {
		for _, name := range []string{"lookahead", "depth", "deep-open", "endgame", "policy"} {
			if set[name] {
				return nil, fmt.Errorf("--%s applies to --guesser exact, not local", name)
			}
		}
	}
	opts, err := a.Options()
	return opts, asFlagError(err)
}

// asFlagError rewrites batch's error of a field out of range in the name
// of its flag, which is the field's: "lookahead -1: want 0 or more"
// becomes "--lookahead -1: want 0 or more", and "vs: depth 3: ..." becomes
// "--vs: --depth 3: ...". It returns any other error as is.
func asFlagError(err error) error {
	var fe *agent.FieldError
	if !errors.As(err, &fe) {
		return err
	}
	inner := asFlagError(fe.Err)
	if errors.Is(inner, batch.ErrFirstUnderSeed) {
		inner = fmt.Errorf("%w (add --rules safe)", inner)
	}
	if fe.Value == "" {
		return fmt.Errorf("--%s: %w", fe.Field, inner)
	}
	return fmt.Errorf("--%s %s: %w", fe.Field, fe.Value, inner)
}

// defaultGuesserName is the guesser's name with the default flags; the
// text table names the guesser only when it is another.
var defaultGuesserName = agent.DefaultConfig.GuesserName()

// planPlay returns the batch configuration of each level, checked against
// its rules and first click.
func planPlay(cfg playConfig) ([]batch.Config, error) {
	var configs []batch.Config
	for _, l := range cfg.levels {
		c := batch.Config{Level: l, Rules: cfg.rules, First: cfg.first, Agent: cfg.agent, Vs: cfg.vs, Seed: cfg.seed}
		if _, _, err := c.Resolve(); err != nil {
			return nil, usageErrorf("play: %w", asFlagError(err))
		}
		configs = append(configs, c)
	}
	return configs, nil
}
