package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// analyzeThinkAbout is analyze's help on --think-time.
var analyzeThinkAbout = fmt.Sprintf(`

--think-time DURATION races the guess for the game (the win-probability search
of play --think, docs/guessing.md): where the move is a guess by the
lookahead, the guesser's best candidates and the safest cell are each
opened on layouts drawn uniformly from the position and the game played on
to its end by the player, in rounds of 8 layouts, until DURATION has
passed (read between rounds: one round at least) or every candidate but
the guesser's pick is dropped, clearly beaten. The move is the candidate that won most often if it beat the
guesser's pick clearly, else the pick. Each candidate is listed with its
mine probability, its estimated chance to win the game with the 95%%
interval, and its rollouts; the JSON carries them under move.think. The
search races up to %d rollouts, or --think N; --think
alone races N rollouts whatever the time, the same answer every run. An
endgame search's guess (its score is already the exact chance to win), a
pseudo 50/50 and a position with no mine total are not raced: think says
why.`, agent.ThinkTimeRollouts)

// parseThinkTime reads --think-time's duration: 0 or more, with its unit.
func parseThinkTime(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil && isCount(s):
		return 0, errors.New("want a duration such as 500ms or 2s (--think takes a count of rollouts)")
	case err != nil:
		return 0, errors.New("want a duration such as 500ms or 2s")
	case d < 0:
		return 0, errors.New("want a duration of 0 or more")
	}
	return d, nil
}

// isCount reports whether s is a whole number other than 0, a count
// where a duration was wanted.
func isCount(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n != 0
}

// thinkOptions returns the agent options of --think-time and --think.
func thinkOptions(d time.Duration, rollouts int) ([]agent.Option, error) {
	if rollouts < 0 {
		return nil, fmt.Errorf("--think %d: want 0 or more", rollouts)
	}
	var opts []agent.Option
	if d > 0 {
		opts = append(opts, agent.WithThinkTime(d))
	}
	if rollouts > 0 {
		opts = append(opts, agent.WithThink(rollouts))
	}
	return opts, nil
}

// writeThink writes the search behind move m, if any: a line of totals,
// then a line per candidate, or why it did not race.
func writeThink(w io.Writer, m *advice.Recommendation) {
	th := m.Think
	if th == nil {
		return
	}
	if th.Stopped == agent.ThinkSkipped.String() {
		fmt.Fprintf(w, "think: not raced: %s\n", th.Skipped)
		return
	}
	fmt.Fprintf(w, "think: %d rollouts in %d rounds, %.0f ms, stopped: %s\n", th.Rollouts, th.Rounds, th.ElapsedMS, thinkStopWords[th.Stopped])
	for k, c := range th.Candidates {
		mark := ""
		switch {
		case c.Cell == m.Cell && k == 0:
			mark = "  < played: the guesser's pick"
		case c.Cell == m.Cell:
			mark = "  < played, over the guesser's pick"
		case k == 0:
			mark = "  (the guesser's pick)"
		}
		fmt.Fprintf(w, "  %-8v p(mine) %.3f  win %.3f [%.3f, %.3f]  won %d of %d%s\n",
			game.PosOf(c.Cell), c.P, c.Win, c.Low, c.High, c.Wins, c.Rollouts, mark)
	}
}

// thinkStopWords says why a race ended, by advice.Think.Stopped.
var thinkStopWords = map[string]string{
	agent.ThinkDecided.String():  "every other candidate dropped, clearly beaten",
	agent.ThinkRollouts.String(): "the rollout budget",
	agent.ThinkTime.String():     "the time budget",
	agent.ThinkDeadline.String(): "--timeout's deadline",
}
