// Package agent holds minesat's player: its configuration, the strategies
// and the loop that plays a game by proof and calls a guesser (package
// guess) when proof runs out, its answer on one position (Answer: the move
// and the pseudo 50/50s, which package advice joins to exact's analysis),
// and the game record a played game writes.
//
// Play a game with the default configuration and write its record line:
//
//	opts, err := agent.DefaultConfig.Options() // the flags of 'minesat play' as values
//	if err != nil { ... }
//	a, err := agent.New(append(opts, agent.WithMoves())...)
//	if err != nil { ... }
//	g, _ := game.New(game.Expert, game.RulesSafe, 1)
//	res, err := a.Play(ctx, g)
//	line := agent.NewRecordLine(g, res) // a game.RecordLine, with the guesses' notes
//
// or ask what to do in a position: advice.Advise(ctx, puzzle, opts...).
//
// # The deduction loop
//
// One loop (Agent.loop) serves Play and Answer: it asks a list of
// strategies, in order, for moves, and acts on the first non-empty answer;
// when every strategy is empty the agent is stuck. Play plays the moves;
// Answer places the flags and stops at the first open. The agent keeps a
// clause knowledge base (package kb) of what the opened hints say. The
// standard strategies are
//
//  1. units: literals KB0 has settled (unit propagation runs as each hint
//     is added): a mine is flagged, a safe cell opened and its hint added;
//  2. resolution: restricted resolution (kb.KB.Resolve) until a literal
//     settles or the KB is closed;
//  3. global: the global mine count as binomial clauses, once it is small
//     enough to write out;
//  4. pairs: two hints at a time (HintPairs), a cheap step before sat;
//  5. sat: every cell forced in all layouts that agree with the hints and
//     the mine total, proved by SAT as exact.FindForced proves them, from a
//     count the guess that follows reuses when nothing is forced (count.go);
//  6. guess: a guess.Guesser's choice, when guessing is allowed.
//
// The presets (Preset) name the lists: "kb" is 1-3 (the course assignment's
// knowledge-base agent), "sat" adds 5 (the exact ceiling of pure logic),
// "full" adds 6, and "fast" is 1, 4, 5 and 6: the same guesses and wins as
// "full", sooner, with moves proved by a pair of hints or SAT where "full"
// names a clause. Every move carries its Basis (the kind of reason) and the clause or constraint
// behind it; a guess says exactly "guess" in a record's why.
//
// # Configuration
//
// Config is the agent's configuration as plain values (strategy, guesser,
// lookahead, depth, endgame, ...), the flags of 'minesat play', 'analyze'
// and 'serve'. Its named values are typed (Preset, GuesserKind,
// PolicySetting), each with a parser (ParsePreset, ParseGuesserKind,
// ParsePolicySetting) that a command calls once, on the flag's text.
// Config.Options turns it into the Options of New, and a value out of range
// is a *FieldError naming the field.
//
// # Guessing
//
// Guessing is package guess's: the GuessStrategy step asks its
// guess.Guesser about the Position's view, lending it the game's random
// source and counts (the SAT step's count of the same position, when it
// found nothing forced), and gives it a guess.State of its own, one an
// agent. With WithThink (Config.Think, play --think) the step races the
// guesser's best candidates for the game instead (think.go): each is
// opened on layouts drawn from the position (exact.Sampler) and the game
// played on by a copy of the agent without the search, its position copied
// rather than rebuilt (rollout.go), and the guess names the search and
// each candidate's wins and rollouts. WithThinkTime gives the search a time
// budget instead, for the assistant (thinking.go): Answer then says what it
// did (Answer.Thinking), and package advice reports each candidate's
// chance to win with its interval.
//
// # Records
//
// NewRecordLine is the one place a record line is built: the game
// (RecordOf), the estimates behind each guess (game.ProbsKey) and how each
// was chosen (game.GuessesKey, Guess.Note).
//
// # Randomness
//
// Everything random comes from a generator seeded per game (by default
// from the game's seed), so a game's moves depend on the game alone, never
// on which worker played it or what it played before.
package agent
