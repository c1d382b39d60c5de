package web

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/minesat/minesat/game"
)

func TestGuessNoteThink(t *testing.T) {
	n := game.GuessNote{Method: "win-probability search", P: 0.1, Score: 0.75, Runner: &[2]int{0, 2}, RunnerP: 0.2, RunnerScore: 0.5,
		Think: []game.ThinkEstimate{{Cell: [2]int{8, 0}, Wins: 3, Rollouts: 4}, {Cell: [2]int{0, 2}, Wins: 2, Rollouts: 4}}}
	assert.Equal(t, "by win-probability search: mine probability 0.100, score 0.750; runner-up (0,2): 0.200, score 0.500; games won of those played on: (8,0) 3/4 (0,2) 2/4", guessNote(n))
}
