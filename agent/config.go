package agent

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/minesat/minesat/guess"
)

// Config is an agent's configuration as plain values, the flags of
// 'minesat play', 'analyze' and 'serve': it identifies a player in a batch
// summary and is written to JSON as is. Options turns it into the Options
// of New.
type Config struct {
	Strategy  Preset        `json:"strategy"`            // the strategies (see WithPreset)
	NoGuess   bool          `json:"no_guess"`            // never guess: a game ends stuck when logic runs out
	Guesser   GuesserKind   `json:"guesser"`             // exact (guess.ProbGuesser) or local (guess.LocalGuesser)
	Lookahead int           `json:"lookahead"`           // guess.ProbGuesser.Lookahead
	Depth     int           `json:"depth"`               // guess.ProbGuesser.Depth
	Endgame   int           `json:"endgame"`             // guess.ProbGuesser.Endgame
	DeepOpen  int           `json:"deep_open,omitempty"` // guess.ProbGuesser.DeepOpen
	Policy    PolicySetting `json:"policy,omitempty"`    // guess.ProbGuesser.Policy: PolicyAuto, or PolicyOf some heuristics; zero for none
	Think     int           `json:"think,omitempty"`     // WithThink: the win-probability search's rollouts a guess; 0 for none
}

// DefaultConfig is the agent 'minesat play' plays with unless told
// otherwise: strategy full, guessing by exact probabilities with the
// default lookahead, depth and endgame, and policy auto.
var DefaultConfig = Config{Strategy: PresetFull, Guesser: GuesserExact,
	Lookahead: guess.DefaultLookahead, Depth: guess.DefaultDepth, Endgame: guess.DefaultEndgame, Policy: PolicyAuto}

// A FieldError reports a field of a Config (or of a configuration holding
// one, such as a batch's) that is out of range. Field is the field's name
// in lower case, as 'minesat play' also names its flag; Value its value as
// written, "" when Err names it.
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

// Check reports a Config whose values are out of range, as a *FieldError.
// It does not check the strategy's name; Options does.
func (c Config) Check() error {
	switch {
	case c.Guesser != GuesserExact && c.Guesser != GuesserLocal:
		return &FieldError{Field: "guesser", Value: strconv.Quote(string(c.Guesser)), Err: errors.New("want exact or local")}
	case c.Lookahead < 0:
		return fieldErrorf("lookahead", c.Lookahead, "want 0 or more")
	case c.Depth < 1 || c.Depth > guess.MaxDepth:
		return fieldErrorf("depth", c.Depth, "want 1 to %d", guess.MaxDepth)
	case c.Depth > 1 && c.Lookahead == 0:
		return fieldErrorf("depth", c.Depth, "want a lookahead of 1 or more: lookahead 0 weighs no cell")
	case c.DeepOpen < 0:
		return fieldErrorf("deep-open", c.DeepOpen, "want 0 or more")
	case c.DeepOpen > 0 && c.Lookahead == 0:
		return fieldErrorf("deep-open", c.DeepOpen, "want a lookahead of 1 or more: lookahead 0 weighs no cell")
	case c.Endgame < 0 || c.Endgame > guess.MaxEndgame:
		return fieldErrorf("endgame", c.Endgame, "want 0 to %d", guess.MaxEndgame)
	case c.Think < 0:
		return fieldErrorf("think", c.Think, "want 0 or more rollouts")
	case c.Think > 0 && c.Guesser != GuesserExact:
		return fieldErrorf("think", c.Think, "want the exact guesser: the search races its candidates")
	}
	return c.checkPolicy()
}

// checkPolicy reports a Policy field whose heuristics the lookahead cannot
// play as configured, as a *FieldError.
func (c Config) checkPolicy() error {
	quoted := strconv.Quote(c.Policy.String())
	switch {
	case c.Policy.Heuristics() == 0:
		return nil
	case c.Lookahead == 0:
		return &FieldError{Field: "policy", Value: quoted, Err: errors.New("want a lookahead of 1 or more: the heuristics are the lookahead's")}
	case c.Depth > 1 || c.DeepOpen > 0:
		return &FieldError{Field: "policy", Value: quoted, Err: errors.New("want depth 1 and no deep-open: the heuristics look one move ahead")}
	}
	return nil
}

// policy returns the heuristics c's guesser plays by and the least share
// of mines they need (0 for any).
func (c Config) policy() (guess.Policy, float64) {
	if c.Policy == PolicyAuto {
		if !c.autoPlays() {
			return 0, 0 // auto yields to depth 2 and --deep-open, as documented
		}
		return guess.PolicyDefault, guess.DefaultPolicyDensity
	}
	return c.Policy.Heuristics(), 0
}

// autoPlays reports whether PolicyAuto plays any heuristic with c's
// lookahead: one move ahead, weighing some cell.
func (c Config) autoPlays() bool { return c.Lookahead > 0 && c.Depth <= 1 && c.DeepOpen == 0 }

// Options returns the options of New that c describes, or a *FieldError if
// c is out of range or names no strategy.
func (c Config) Options() ([]Option, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	pol, density := c.policy()
	var guesser guess.Guesser = guess.ProbGuesser{Lookahead: c.Lookahead, Depth: c.Depth, DeepOpen: c.DeepOpen, Endgame: c.Endgame, Policy: pol, PolicyDensity: density}
	if c.Guesser == GuesserLocal {
		guesser = guess.LocalGuesser{}
	}
	opts := []Option{WithPreset(c.Strategy), WithGuesser(guesser)}
	if c.NoGuess {
		opts = append(opts, WithNoGuess())
	}
	if c.Think > 0 {
		opts = append(opts, WithThink(c.Think))
	}
	if _, err := New(opts...); err != nil {
		return nil, &FieldError{Field: "strategy", Err: err}
	}
	return opts, nil
}

// Guesses reports whether the agent ever guesses.
func (c Config) Guesses() bool { return c.Strategy.Guesses() && !c.NoGuess }

// GuesserName says how the agent guesses, e.g. "exact, lookahead 8,
// endgame 1000, policy auto" (the default), "exact, lookahead 8, endgame
// 1000" (no policy), "exact, lookahead 8, endgame 1000, policy hill",
// "exact, lookahead 8, endgame 1000, policy auto, think 64" or "local
// estimate".
func (c Config) GuesserName() string {
	if c.Guesser == GuesserLocal {
		return "local estimate"
	}
	depth := ""
	switch {
	case c.Depth > 1:
		depth = fmt.Sprintf(", depth %d", c.Depth)
	case c.DeepOpen > 0:
		depth = fmt.Sprintf(", depth 2 up to %d open", c.DeepOpen)
	}
	policy := ""
	if p := c.Policy; p.Heuristics() != 0 || (p == PolicyAuto && c.autoPlays()) {
		policy = ", policy " + p.String()
	}
	think := ""
	if c.Think > 0 {
		think = fmt.Sprintf(", think %d", c.Think)
	}
	return fmt.Sprintf("exact, lookahead %d%s, endgame %d%s%s", c.Lookahead, depth, c.Endgame, policy, think)
}

// Diff says how c and d differ, as the flags of 'minesat play' that would
// set them: e.g. "--strategy fast and full, --lookahead 8 and 0"; "" when
// they do not.
func (c Config) Diff(d Config) string {
	var diffs []string
	flag := func(name string, x, y any) {
		if x != y {
			diffs = append(diffs, fmt.Sprintf("--%s %v and %v", name, x, y))
		}
	}
	flag("strategy", c.Strategy, d.Strategy)
	flag("no-guess", c.NoGuess, d.NoGuess)
	flag("guesser", c.Guesser, d.Guesser)
	flag("lookahead", c.Lookahead, d.Lookahead)
	flag("depth", c.Depth, d.Depth)
	flag("deep-open", c.DeepOpen, d.DeepOpen)
	flag("endgame", c.Endgame, d.Endgame)
	flag("policy", c.Policy, d.Policy)
	flag("think", c.Think, d.Think)
	return strings.Join(diffs, ", ")
}
