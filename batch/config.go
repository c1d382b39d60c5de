package batch

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// Agent is an agent's configuration as plain values, the flags of
// 'minesat play': it identifies a player in a Summary and is written to JSON
// as is.
type Agent struct {
	Strategy  string `json:"strategy"`            // kb, sat, full or fast (see agent.WithStrategy)
	NoGuess   bool   `json:"no_guess"`            // never guess: a game ends stuck when logic runs out
	Guesser   string `json:"guesser"`             // exact (agent.ProbGuesser) or local (agent.LocalGuesser)
	Lookahead int    `json:"lookahead"`           // agent.ProbGuesser.Lookahead
	Depth     int    `json:"depth"`               // agent.ProbGuesser.Depth
	Endgame   int    `json:"endgame"`             // agent.ProbGuesser.Endgame
	DeepOpen  int    `json:"deep_open,omitempty"` // agent.ProbGuesser.DeepOpen
}

// DefaultAgent is the agent 'minesat play' plays with unless told otherwise:
// strategy full, guessing by exact probabilities with the default lookahead,
// depth and endgame.
var DefaultAgent = Agent{Strategy: agent.PresetFull, Guesser: "exact",
	Lookahead: agent.DefaultLookahead, Depth: agent.DefaultDepth, Endgame: agent.DefaultEndgame}

// A FieldError reports a field of a Config or an Agent that is out of
// range. Field is the field's name in lower case, as 'minesat play' also
// names its flag; Value its value as written, "" when Err names it.
type FieldError struct {
	Field string // e.g. "lookahead", "first", "vs"
	Value string // e.g. "-1" or `"psychic"`; "" when Err names the value
	Err   error  // what is wrong, e.g. "want 0 or more"
}

func (e *FieldError) Error() string {
	if e.Value == "" {
		return fmt.Sprintf("%s: %v", e.Field, e.Err)
	}
	return fmt.Sprintf("%s %s: %v", e.Field, e.Value, e.Err)
}

func (e *FieldError) Unwrap() error { return e.Err }

// fieldErrorf returns a *FieldError of the field with the integer value n.
func fieldErrorf(field string, n int, format string, args ...any) error {
	return &FieldError{Field: field, Value: strconv.Itoa(n), Err: fmt.Errorf(format, args...)}
}

// Check reports an Agent whose values are out of range, as a *FieldError.
// It does not check the strategy's name; Options does.
func (a Agent) Check() error {
	switch {
	case a.Guesser != "exact" && a.Guesser != "local":
		return &FieldError{Field: "guesser", Value: strconv.Quote(a.Guesser), Err: errors.New("want exact or local")}
	case a.Lookahead < 0:
		return fieldErrorf("lookahead", a.Lookahead, "want 0 or more")
	case a.Depth < 1 || a.Depth > agent.MaxDepth:
		return fieldErrorf("depth", a.Depth, "want 1 to %d", agent.MaxDepth)
	case a.Depth > 1 && a.Lookahead == 0:
		return fieldErrorf("depth", a.Depth, "want a lookahead of 1 or more: lookahead 0 weighs no cell")
	case a.DeepOpen < 0:
		return fieldErrorf("deep-open", a.DeepOpen, "want 0 or more")
	case a.DeepOpen > 0 && a.Lookahead == 0:
		return fieldErrorf("deep-open", a.DeepOpen, "want a lookahead of 1 or more: lookahead 0 weighs no cell")
	case a.Endgame < 0 || a.Endgame > agent.MaxEndgame:
		return fieldErrorf("endgame", a.Endgame, "want 0 to %d", agent.MaxEndgame)
	}
	return nil
}

// Options returns the agent options a describes, or a *FieldError if a is
// out of range or names no strategy.
func (a Agent) Options() ([]agent.Option, error) {
	if err := a.Check(); err != nil {
		return nil, err
	}
	var guesser agent.Guesser = agent.ProbGuesser{Lookahead: a.Lookahead, Depth: a.Depth, DeepOpen: a.DeepOpen, Endgame: a.Endgame}
	if a.Guesser == "local" {
		guesser = agent.LocalGuesser{}
	}
	opts := []agent.Option{agent.WithStrategy(a.Strategy), agent.WithGuesser(guesser)}
	if a.NoGuess {
		opts = append(opts, agent.WithNoGuess())
	}
	if _, err := agent.New(opts...); err != nil {
		return nil, &FieldError{Field: "strategy", Err: err}
	}
	return opts, nil
}

// Guesses reports whether the agent ever guesses.
func (a Agent) Guesses() bool { return agent.PresetGuesses(a.Strategy) && !a.NoGuess }

// GuesserName says how the agent guesses, e.g. "exact, lookahead 8,
// endgame 1000" or "local estimate".
func (a Agent) GuesserName() string {
	if a.Guesser == "local" {
		return "local estimate"
	}
	depth := ""
	switch {
	case a.Depth > 1:
		depth = fmt.Sprintf(", depth %d", a.Depth)
	case a.DeepOpen > 0:
		depth = fmt.Sprintf(", depth 2 up to %d open", a.DeepOpen)
	}
	return fmt.Sprintf("exact, lookahead %d%s, endgame %d", a.Lookahead, depth, a.Endgame)
}

// Config is what a batch plays: a level under rules from a first click, by
// an agent (and, for paired play, a second one), game i from the seed
// game.GameSeed(Seed, i).
type Config struct {
	Level game.Level
	Rules game.Rules // game.RulesUnset: the level's default (Level.DefaultRules)
	First string     // the first click under safe and zero rules, as agent.ChooseFirst reads it; "" for its default
	Agent Agent      // the player
	Vs    *Agent     // paired play: a second player, on the same layouts; nil for none
	Seed  int64      // the run seed
}

// ErrFirstUnderSeed is returned (in a *FieldError of the field "first") for
// a Config with a first click under the seed rules, which open cells before
// the first move and have none.
var ErrFirstUnderSeed = errors.New("a first click applies under the safe and zero rules only")

// plan is a Config resolved: its rules and first click, and the options
// of its players.
type plan struct {
	rules    game.Rules
	first    agent.FirstClick
	hasFirst bool
	opts     []agent.Option // the player's, with the first click
	vsOpts   []agent.Option // the second player's, nil without one
}

// plan checks c and resolves it.
func (c Config) plan() (plan, error) {
	p := plan{rules: c.Rules}
	if p.rules == game.RulesUnset {
		p.rules = c.Level.DefaultRules()
	}
	if err := c.Level.Check(p.rules); err != nil {
		return p, err
	}
	var err error
	p.first, p.hasFirst, err = agent.ChooseFirst(c.Level, p.rules, c.First)
	if err != nil {
		return p, &FieldError{Field: "first", Err: err}
	}
	if !p.hasFirst && c.First != "" {
		return p, &FieldError{Field: "first", Err: fmt.Errorf("%w; %s is played under seed rules, which open %d cells first",
			ErrFirstUnderSeed, c.Level.Name, game.InitialCount(c.Level.Rows, c.Level.Cols))}
	}
	withFirst := func(a Agent) ([]agent.Option, error) {
		opts, err := a.Options()
		if err == nil && p.hasFirst {
			opts = append(opts, agent.WithFirst(p.first.Pos))
		}
		return opts, err
	}
	if p.opts, err = withFirst(c.Agent); err != nil {
		return p, err
	}
	if c.Vs != nil {
		if p.vsOpts, err = withFirst(*c.Vs); err != nil {
			return p, &FieldError{Field: "vs", Err: err}
		}
	}
	return p, nil
}

// Resolve returns the rules c is played under and its first click, as the
// summary names it ("none" under the seed rules), or c's error: a
// *FieldError for a field out of range.
func (c Config) Resolve() (game.Rules, string, error) {
	p, err := c.plan()
	if err != nil {
		return p.rules, "", err
	}
	return p.rules, p.firstName(), nil
}

func (p plan) firstName() string {
	if !p.hasFirst {
		return "none"
	}
	return p.first.String()
}

// AgentOptions returns the options of c's player (not its second one),
// first click included, for a caller that plays a game itself.
func (c Config) AgentOptions() ([]agent.Option, error) {
	p, err := c.plan()
	return p.opts, err
}
