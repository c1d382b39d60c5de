package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"time"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// Config is what a Server needs; the zero value of a field means its
// default.
type Config struct {
	Agent    []agent.Option // the agent that analyses positions and plays hints
	Timeout  time.Duration  // most time one request may work; default DefaultTimeout
	MaxBody  int64          // largest request body in bytes; default DefaultMaxBody
	MaxGames int            // most games held at once; default DefaultMaxGames
	MaxIdle  time.Duration  // a game unused this long is dropped; default DefaultMaxIdle
	Workers  int            // most analyses at once; default GOMAXPROCS

	// NoGuess, when set, makes the boards of games asked for with
	// "no_guess": true: a game of level l under the rules (safe or zero),
	// from seed, that pure logic wins, opened at its first click (see
	// NoGuess). Nil means the server cannot make them, and such requests
	// are refused.
	NoGuess func(ctx context.Context, l game.Level, rules game.Rules, seed int64) (*game.Game, error)

	// Now and Seed replace time.Now and the random seed of a game asked
	// for without one; for tests.
	Now  func() time.Time
	Seed func() int64
}

// The defaults of Config's limits.
const (
	DefaultTimeout  = 5 * time.Second
	DefaultMaxBody  = 256 << 10
	DefaultMaxGames = 256
	DefaultMaxIdle  = time.Hour
)

// adviseGrace is how long a request waits, once its time is up, for the
// analysis to hand back what it found (see agent.AdviseWithin).
const adviseGrace = 200 * time.Millisecond

// Server holds the games being played and answers the API.
type Server struct {
	cfg   Config
	slots chan struct{} // one token per analysis running
	games *store
}

// New returns a Server with cfg's limits, defaults filled in.
func New(cfg Config) *Server {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = DefaultMaxGames
	}
	if cfg.MaxIdle <= 0 {
		cfg.MaxIdle = DefaultMaxIdle
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	return &Server{cfg: cfg, slots: make(chan struct{}, cfg.Workers), games: newStore(cfg.MaxGames, cfg.MaxIdle, cfg.Now)}
}

// Handler returns the page and the API as one handler.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /api/config", s.config)
	mux.HandleFunc("POST /api/analyze", s.analyze)
	mux.HandleFunc("POST /api/games", s.newGame)
	mux.HandleFunc("GET /api/games/{id}", s.getGame)
	mux.HandleFunc("DELETE /api/games/{id}", s.deleteGame)
	mux.HandleFunc("POST /api/games/{id}/open", s.move)
	mux.HandleFunc("POST /api/games/{id}/flag", s.move)
	mux.HandleFunc("POST /api/games/{id}/hint", s.hint)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no endpoint %s %s (see docs/api.md)", r.Method, r.URL.Path)
	})
	return mux
}

// configResponse is GET /api/config's answer.
type configResponse struct {
	Levels    []string `json:"levels"`     // the named levels; "RxC/M" is also accepted
	Rules     []string `json:"rules"`      // the rules a game can be played under
	NoGuess   bool     `json:"no_guess"`   // whether no-guess boards can be asked for
	TimeoutMS int64    `json:"timeout_ms"` // the time budget of one request
	MaxBody   int64    `json:"max_body"`   // the largest request body, in bytes
}

func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	c := configResponse{Rules: []string{"seed", "safe", "zero"}, NoGuess: s.cfg.NoGuess != nil,
		TimeoutMS: s.cfg.Timeout.Milliseconds(), MaxBody: s.cfg.MaxBody}
	for _, l := range game.Levels {
		c.Levels = append(c.Levels, l.Name)
	}
	writeJSON(w, http.StatusOK, c)
}

// errorResponse is the body of every refusal.
type errorResponse struct {
	Error string `json:"error"`
}

// writeJSON writes v as the response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v) // the client may be gone; nothing to do then
}

// writeError writes a refusal: status and {"error": message}.
func writeError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, errorResponse{Error: fmt.Sprintf(format, args...)})
}

// decode reads r's JSON body into v, at most MaxBody bytes of it, and
// refuses (writing the error, returning false) a body too large (413), not
// JSON, with unknown fields or with more than one value (400).
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	body := http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, "request body larger than %d bytes", tooLarge.Limit)
		return false
	case errors.Is(err, io.EOF):
		writeError(w, http.StatusBadRequest, "empty request body: want a JSON object (see docs/api.md)")
		return false
	case err != nil:
		writeError(w, http.StatusBadRequest, "bad request body: %v", err)
		return false
	}
	return true
}

// work returns the context a request works under, bounded by Timeout,
// after taking one of the analysis slots; ok is false (and a 503 written)
// when none frees up within the time.
func (s *Server) work(w http.ResponseWriter, r *http.Request) (ctx context.Context, done func(), ok bool) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	select {
	case s.slots <- struct{}{}:
		return ctx, func() { <-s.slots; cancel() }, true
	case <-ctx.Done():
		cancel()
		writeError(w, http.StatusServiceUnavailable, "server busy: no analysis slot free within %v", s.cfg.Timeout)
		return nil, nil, false
	}
}

// advise analyses p within ctx. A nil advice means nothing came back in
// time; a partial one says what is missing in Incomplete.
func (s *Server) advise(ctx context.Context, p *game.Puzzle) (*agent.Advice, error) {
	adv, err := agent.AdviseWithin(ctx, p, adviseGrace, s.cfg.Agent...)
	if err != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)) {
		if adv != nil {
			adv.Incomplete = append(adv.Incomplete, fmt.Sprintf("stopped at the server's time budget of %v", s.cfg.Timeout))
		}
		return adv, nil
	}
	return adv, err
}
