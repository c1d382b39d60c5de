package advice

import (
	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/stats"
)

// Think is the win-probability search at a guessed move
// (agent.WithThinkTime, agent.WithThink): each candidate's estimated chance
// to win the game, with its 95% interval, or why the guess was not
// searched.
type Think struct {
	// Candidates are the cells raced, the guesser's own pick first, then
	// its next best and the safest cell; absent when the search did not
	// race. The move is the first unless another beat it clearly (by
	// McNemar's z of 1.5 over the layouts both played).
	Candidates []ThinkCandidate `json:"candidates,omitempty"`
	Rounds     int              `json:"rounds"`            // rounds raced, 8 layouts each
	Rollouts   int              `json:"rollouts"`          // games played on, every candidate's
	ElapsedMS  float64          `json:"elapsed_ms"`        // the search's wall time, in milliseconds
	Stopped    string           `json:"stopped"`           // why the race ended: "time", "deadline" (the caller's own time limit came near), "rollouts" (the rollout cap), "decided" (one candidate left) or "skipped" (no race)
	Skipped    string           `json:"skipped,omitempty"` // why there was no race, e.g. an endgame search's guess, whose score is already exact
}

// ThinkCandidate is one cell of a win-probability search: how often the
// player won the game, playing on after opening it, over layouts drawn
// uniformly from the position.
type ThinkCandidate struct {
	Cell     [2]int  `json:"cell"`     // [row, col]
	P        float64 `json:"p"`        // its mine probability
	Wins     int     `json:"wins"`     // games won
	Rollouts int     `json:"rollouts"` // games played from it; a candidate dropped from the race has fewer
	Win      float64 `json:"win"`      // Wins/Rollouts: its estimated chance to win the game
	Low      float64 `json:"low"`      // the 95% Wilson interval of that chance
	High     float64 `json:"high"`
}

// thinkOf describes th, the search behind guess g; probs are the
// position's mine probabilities (nil when not counted).
func thinkOf(b *game.Board, th *agent.Thinking, g *guess.Guess, probs []float64) *Think {
	out := &Think{Rounds: th.Rounds, Rollouts: th.Rollouts, ElapsedMS: float64(th.Elapsed.Microseconds()) / 1000,
		Stopped: th.Stop.String(), Skipped: th.Skipped}
	if probs == nil {
		probs = g.Probs
	}
	for _, e := range g.Estimates {
		c := ThinkCandidate{Cell: b.Pos(e.Cell).Pair(), Wins: e.Wins, Rollouts: e.Rollouts}
		if e.Cell < len(probs) {
			c.P = probs[e.Cell]
		}
		if e.Rollouts > 0 {
			c.Win = float64(e.Wins) / float64(e.Rollouts)
		}
		c.Low, c.High = stats.Wilson(e.Wins, e.Rollouts)
		out.Candidates = append(out.Candidates, c)
	}
	return out
}
