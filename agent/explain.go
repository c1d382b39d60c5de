package agent

import (
	"fmt"
	"math"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
)

// Explain returns the lines that explain m, with cell names, as play
// --trace prints them under a move: the clause and the hint or resolvents
// that settle the cell, the pair of hints, the SAT proof, or, for a guess,
// its probability, how it was chosen and the runner-up. Where Why is one
// line for a record, Explain is the proof for a reader.
func (m Move) Explain(b *game.Board) []string {
	switch m.Basis {
	case BasisFirst:
		return []string{"the first click: the rules keep it safe"}
	case BasisUnit, BasisResolution, BasisGlobal:
		return m.Reason.Proof(b, m.Verdict(b)) // the clause's proof, formatted by kb
	case BasisPair:
		return []string{m.Pair.Explain(b, m.Op), "  so " + m.Verdict(b)}
	case BasisSAT:
		return []string{"proved by SAT: " + m.satClaim(b)}
	case BasisGuess:
		return guessLines(b, m.Guess)
	}
	return []string{m.Why(b)}
}

// guessLines explains a guess: its probability, how it was estimated, the
// runner-up, and how many cells were weighed.
func guessLines(b *game.Board, g *guess.Guess) []string {
	if g == nil {
		return []string{"no estimate recorded"}
	}
	method := g.Method.String()
	if method == "" {
		method = "estimate"
	}
	line := fmt.Sprintf("guess: p(mine) %s (%s)", fmtProb(g.P), method)
	if g.Runner >= 0 {
		line += fmt.Sprintf("; runner-up %v at %s", b.Pos(g.Runner), fmtProb(g.RunnerP))
	} else {
		line += "; no other candidate"
	}
	weighed := 0
	for _, p := range g.Probs {
		if !math.IsNaN(p) && p >= 0 {
			weighed++
		}
	}
	out := []string{line}
	if d := g.Detail(); d != "" {
		out = append(out, "  "+d)
	}
	if weighed > 0 {
		out = append(out, fmt.Sprintf("  %d closed cells estimated", weighed))
	}
	return out
}

// fmtProb writes a probability with 3 decimals, "?" for NaN.
func fmtProb(p float64) string {
	if math.IsNaN(p) {
		return "?"
	}
	return fmt.Sprintf("%.3f", p)
}
