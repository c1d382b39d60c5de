package agent

import (
	"fmt"
	"strconv"
	"time"
)

// ThinkTimeRollouts is the rollouts a search with a time budget plays at
// most when WithThink gives no budget of its own: a guard for a search on a
// fast position, whose memory does not grow with its rollouts.
const ThinkTimeRollouts = 100_000

// WithThinkTime makes the agent search at its guesses as WithThink does,
// racing for at most d a guess (d > 0): rounds of layouts are raced until
// d has passed since the search began, read between rounds (one round is
// always raced, so a search may pass d by a round), until the context's
// deadline is less than two rounds as long as the last one, or a quarter
// of the time it gave when the search began, away, or until
// WithThink's budget of rollouts is spent, ThinkTimeRollouts when
// WithThink gives none. Its context is checked before every layout and in
// every rollout: a search it ends returns its error. 0 sets no time
// budget.
//
// It is meant for the assistant (Answer, package advice): how many rounds
// fit in d depends on the machine and its load, so the same position may
// be answered differently; the rounds themselves are reproducible, and a
// search stopped after the same number of rounds answers the same. For a
// reproducible answer, and in games, use WithThink alone.
func WithThinkTime(d time.Duration) Option {
	return func(a *Agent) error {
		if d < 0 {
			return fmt.Errorf("agent: think time %v: want 0 or more", d)
		}
		a.thinkTime = d
		return nil
	}
}

// ThinkStop says why a win-probability search ended its race. The zero
// value, ThinkSkipped, is a search that did not race.
type ThinkStop uint8

// Why a race ends.
const (
	ThinkSkipped  ThinkStop = iota // no race: the guesser's choice is played (Thinking.Skipped says why)
	ThinkDecided                   // one candidate was left racing
	ThinkRollouts                  // the next round would have passed the budget of rollouts
	ThinkTime                      // the time budget had passed
	ThinkDeadline                  // the context's deadline was near (the caller's own limit, such as analyze --timeout), with a time budget
)

var thinkStopNames = [...]string{
	ThinkSkipped:  "skipped",
	ThinkDecided:  "decided",
	ThinkRollouts: "rollouts",
	ThinkTime:     "time",
	ThinkDeadline: "deadline",
}

// String returns "skipped", "decided", "rollouts", "time" or "deadline".
func (s ThinkStop) String() string {
	if int(s) < len(thinkStopNames) {
		return thinkStopNames[s]
	}
	return "ThinkStop(" + strconv.Itoa(int(s)) + ")"
}

// Thinking is what a win-probability search did at a guess: why it did
// not race, or how long it raced and why it stopped. The candidates'
// estimates are the guess's (guess.Guess.Estimates).
type Thinking struct {
	Stop     ThinkStop     // why the race ended; ThinkSkipped when there was none
	Skipped  string        // when Stop is ThinkSkipped, why, e.g. "an endgame search: its score is already the exact chance to win"
	Rounds   int           // rounds raced (the last one may be short, at the rollout budget)
	Rollouts int           // games played on, every candidate's
	Elapsed  time.Duration // the search's wall time, the drawing of layouts and the counting it needs included
}
