package api

import (
	"slices"
	"strconv"
	"time"

	"github.com/minesat/minesat/agent"
)

// DefaultMaxThink is Config.MaxThink's default: the most time a request
// may ask the win-probability search to race a guess.
const DefaultMaxThink = 3 * time.Second

// thinkTime reads a request's think_ms, the time the win-probability
// search may race the analysis's guess (agent.WithThinkTime); 0 for no
// search. It refuses a negative one (bad_request) and one over MaxThink
// (think_too_long).
func (s *Server) thinkTime(ms int) (time.Duration, *Refusal) {
	d := time.Duration(ms) * time.Millisecond
	switch {
	case ms < 0:
		return 0, refuse(CodeBadRequest, `"think_ms" %d: want 0 (no search) or more milliseconds`, ms)
	case d > s.cfg.MaxThink:
		return 0, refuse(CodeThinkTooLong, `"think_ms" %d: more than this server's %d ms of thinking a request (GET /api/config says "max_think_ms")`,
			ms, s.cfg.MaxThink.Milliseconds())
	}
	return d, nil
}

// queryThink reads the think_ms of a game's GET: "" or a whole number of
// milliseconds, which needs assist.
func (s *Server) queryThink(v string, assist bool) (time.Duration, *Refusal) {
	if v == "" {
		return 0, nil
	}
	ms, err := strconv.Atoi(v)
	switch {
	case err != nil:
		return 0, refuse(CodeBadRequest, "think_ms=%q: want a whole number of milliseconds", v)
	case !assist && ms != 0:
		return 0, refuse(CodeBadRequest, "think_ms=%q: the search races the analysis's guess: add assist=1", v)
	}
	return s.thinkTime(ms)
}

// analysisCost is the admission cost (Config.Admit) of analysing a
// position of unknowns closed cells, racing its guess for think: a race
// plays whole games for all its time whatever the position's size, so a
// think costs LargeCost.
func analysisCost(unknowns int, think time.Duration) int {
	if think > 0 {
		return LargeCost
	}
	return unknowns
}

// agentWith returns the options of the server's agent, racing its guesses
// for think when think > 0.
func (s *Server) agentWith(think time.Duration) []agent.Option {
	if think <= 0 {
		return s.cfg.Agent
	}
	return append(slices.Clip(s.cfg.Agent), agent.WithThinkTime(think))
}
