package agent

import (
	"fmt"
	"slices"

	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/kb"
)

// Preset names a list of strategies, as --strategy takes it: PresetKB,
// PresetSAT, PresetFull or PresetFast. The zero Preset names none.
type Preset string

// The presets.
const (
	PresetKB   Preset = "kb"   // units, resolution, global count: the course assignment's agent
	PresetSAT  Preset = "sat"  // kb plus the SAT step: the exact ceiling of pure logic
	PresetFull Preset = "full" // sat plus guessing
	PresetFast Preset = "fast" // full with pairs of hints instead of resolution: the same guesses and wins, sooner
)

// Presets lists the presets in order of strength; fast plays as full.
var Presets = []Preset{PresetKB, PresetSAT, PresetFull, PresetFast}

// ParsePreset returns the preset named s, or an error listing the names.
func ParsePreset(s string) (Preset, error) {
	if p := Preset(s); slices.Contains(Presets, p) {
		return p, nil
	}
	return "", fmt.Errorf("unknown strategy %q: want kb, sat, full or fast", s)
}

// Strategies returns the strategies p names, guessing with g and proving
// with find (nil picks the defaults: guess.DefaultGuesser(), and the SAT
// step's own prover, which finds what exact.FindForced finds), and the KB
// limits it plays with.
//
// The kb preset resolves with merging (kb.DefaultLimits) and writes the
// global count out up to KBGlobalClauses clauses: it has no SAT step
// behind it, and both bring it closer to the SAT ceiling. The sat and full
// presets resolve with the plain binary restriction and a 256-clause
// count: the SAT step finds whatever the KB misses, so the stronger KB
// would only cost time.
//
// The fast preset is full with HintPairs in place of resolution and the
// written-out count: pairs of hints settle most cells, and the SAT step
// finds every forced cell they miss, so a game reaches each guess in the
// same position as under full (the forced cells of a position are forced
// in every later one, so the order of the deductions cannot change where
// they end) and guesses the same cell with the same random draws. Its
// moves give "pair" or "sat" where full gives a clause.
func (p Preset) Strategies(g guess.Guesser, find ForcedFinder) ([]Strategy, kb.Limits, error) {
	if g == nil {
		g = guess.DefaultGuesser()
	}
	s := []Strategy{Units{}, Resolution{}, Global{}}
	switch p {
	case PresetKB:
		return []Strategy{Units{}, Resolution{}, Global{MaxClauses: KBGlobalClauses}}, kb.DefaultLimits, nil
	case PresetSAT:
		return append(s, SAT{Find: find}), binaryLimits, nil
	case PresetFull:
		return append(s, SAT{Find: find}, GuessStrategy{G: g}), binaryLimits, nil
	case PresetFast:
		return []Strategy{Units{}, HintPairs{}, SAT{Find: find}, GuessStrategy{G: g}}, binaryLimits, nil
	}
	_, err := ParsePreset(string(p))
	return nil, kb.Limits{}, fmt.Errorf("agent: %w", err)
}

// Guesses reports whether p guesses when logic runs out (false for an
// unknown preset).
func (p Preset) Guesses() bool {
	s, _, err := p.Strategies(nil, nil)
	return err == nil && slices.ContainsFunc(s, guesses)
}
