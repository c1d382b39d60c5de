package agent

import (
	"fmt"
	"strings"

	"github.com/minesat/minesat/guess"
)

// GuesserKind is how the agent guesses, as --guesser takes it:
// GuesserExact or GuesserLocal. The zero GuesserKind names none.
type GuesserKind string

// The guessers a Config names.
const (
	GuesserExact GuesserKind = "exact" // guess.ProbGuesser, from exact probabilities
	GuesserLocal GuesserKind = "local" // guess.LocalGuesser, the lowest local estimate
)

// ParseGuesserKind returns the guesser named s, or an error listing the
// names.
func ParseGuesserKind(s string) (GuesserKind, error) {
	switch k := GuesserKind(s); k {
	case GuesserExact, GuesserLocal:
		return k, nil
	}
	return "", fmt.Errorf("unknown guesser %q: want exact or local", s)
}

// PolicySetting is the heuristics the lookahead plays by, as --policy takes
// them: PolicyAuto, or the guess.Policy PolicyOf gives. The zero
// PolicySetting plays none. It is written to JSON and read back as
// --policy writes it: "auto", or the heuristics' names, e.g. "hill" or
// "blend,risk".
type PolicySetting uint16

// PolicyAuto is the policy of the default player: guess.PolicyDefault on
// boards of at least guess.DefaultPolicyDensity mines, with the default
// depth; no heuristic on sparser boards, or when the lookahead looks two
// moves ahead or weighs no cell.
const PolicyAuto PolicySetting = 1 << 8

// PolicyOf returns the setting that plays the heuristics of p.
func PolicyOf(p guess.Policy) PolicySetting { return PolicySetting(p) }

// ParsePolicySetting reads --policy: "auto", or a list of heuristics as
// guess.ParsePolicy reads it ("" and "none" for none).
func ParsePolicySetting(s string) (PolicySetting, error) {
	if strings.TrimSpace(s) == "auto" {
		return PolicyAuto, nil
	}
	p, err := guess.ParsePolicy(s)
	if err != nil {
		return 0, err
	}
	return PolicyOf(p), nil
}

// Heuristics returns the heuristics s names itself: none for PolicyAuto,
// whose depend on the board (see Config.Options).
func (s PolicySetting) Heuristics() guess.Policy {
	if s == PolicyAuto {
		return 0
	}
	return guess.Policy(s)
}

// String returns s as --policy takes it: "auto", "none", or the
// heuristics' names.
func (s PolicySetting) String() string {
	switch {
	case s == PolicyAuto:
		return "auto"
	case s.Heuristics() == 0:
		return "none"
	}
	return s.Heuristics().String()
}

// MarshalText returns s as String writes it.
func (s PolicySetting) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads s as ParsePolicySetting does.
func (s *PolicySetting) UnmarshalText(text []byte) error {
	v, err := ParsePolicySetting(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
