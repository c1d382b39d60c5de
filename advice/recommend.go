package advice

import (
	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
)

// Recommendation is the move Advice recommends: always an open, of a cell
// proved safe when there is one, else of the cell the guesser picks.
type Recommendation struct {
	Op     string   `json:"op"`     // "open"
	Cell   [2]int   `json:"cell"`   // the cell to open
	Basis  string   `json:"rule"`   // why: unit, resolution, global count, pair, sat or guess (agent.Basis's names; the key keeps its first name)
	Forced bool     `json:"forced"` // proved safe; false for a guess
	P      float64  `json:"p"`      // the cell's mine probability: 0 when forced
	Why    string   `json:"why"`    // one line, as a game record's "why"
	Proof  []string `json:"proof"`  // the lines play --trace prints under the move

	// For a guess: how it was chosen (Chosen: guess.Method.Chosen,
	// "endgame", "fifty-fifty", "lookahead", "probability", "think" or
	// "local estimate"; Method: guess.Method.String, the guesser's words),
	// its score (the chance of surviving this move and the next for a
	// lookahead, of winning the game for an endgame search, its estimate
	// for the win-probability search; absent otherwise) and the runner-up.
	Chosen      string   `json:"chosen,omitempty"`
	Method      string   `json:"method,omitempty"`
	Score       *float64 `json:"score,omitempty"`
	Runner      *[2]int  `json:"runner_up,omitempty"`
	RunnerP     *float64 `json:"runner_up_p,omitempty"`
	RunnerScore *float64 `json:"runner_up_score,omitempty"`

	// Think is the win-probability search at a guess, when the agent was
	// asked for one (agent.WithThinkTime, agent.WithThink): its
	// candidates' chances to win, or why it did not race; absent for a
	// move proved safe and without the search.
	Think *Think `json:"think,omitempty"`
}

// recommend describes ans's move; probs are the position's mine
// probabilities (nil when not counted).
func recommend(b *game.Board, ans agent.Answer, probs []float64) *Recommendation {
	m := ans.Move
	r := &Recommendation{Op: m.Op.String(), Cell: b.Pos(m.Cell).Pair(), Basis: m.Basis.String(),
		Forced: m.Basis.Deduced(), Why: m.Why(b), Proof: m.Explain(b)}
	if m.Guess != nil {
		r.describe(b, m.Guess, probs)
		if ans.Thinking != nil {
			r.Think = thinkOf(b, ans.Thinking, m.Guess, probs)
		}
	}
	return r
}

// describe fills r's guess fields from g: how it was chosen, its score (for
// the methods that score), and the runner-up. probs are the position's
// mine probabilities, which replace g's own estimates; nil when not
// counted.
func (r *Recommendation) describe(b *game.Board, g *guess.Guess, probs []float64) {
	r.P = g.P
	if probs != nil {
		r.P = probs[g.Cell]
	}
	r.Method = g.Method.String()
	r.Chosen = g.Method.Chosen()
	if g.Method.Scored() {
		r.Score = &g.Score
	}
	rc := g.RunnerPair(b)
	if rc == nil {
		return
	}
	r.Runner = rc
	rp := g.RunnerP
	if probs != nil {
		rp = probs[g.Runner]
	}
	r.RunnerP = &rp
	if r.Score != nil {
		r.RunnerScore = &g.RunnerScore
	}
}
