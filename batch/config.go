package batch

import (
	"errors"
	"fmt"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// Config is what a batch plays: a level under rules from a first click, by
// an agent (and, for paired play, a second one), game i from the seed
// game.GameSeed(Seed, i).
type Config struct {
	Level game.Level
	Rules game.Rules    // game.RulesUnset: the level's default (Level.DefaultRules)
	First string        // the first click under safe and zero rules, as agent.ChooseFirst reads it; "" for its default
	Agent agent.Config  // the player
	Vs    *agent.Config // paired play: a second player, on the same layouts; nil for none
	Seed  int64         // the run seed
}

// ErrFirstUnderSeed is returned (in a *agent.FieldError of the field "first") for
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
		return p, &agent.FieldError{Field: "first", Err: err}
	}
	if !p.hasFirst && c.First != "" {
		return p, &agent.FieldError{Field: "first", Err: fmt.Errorf("%w; %s is played under seed rules, which open %d cells first",
			ErrFirstUnderSeed, c.Level.Name, game.InitialCount(c.Level.Rows, c.Level.Cols))}
	}
	withFirst := func(a agent.Config) ([]agent.Option, error) {
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
			return p, &agent.FieldError{Field: "vs", Err: err}
		}
	}
	return p, nil
}

// Resolve returns the rules c is played under and its first click, as the
// summary names it ("none" under the seed rules), or c's error: a
// *agent.FieldError for a field out of range.
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
