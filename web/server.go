package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"time"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// Config is what a Server needs; the zero value of a field means its
// default.
type Config struct {
	Agent    []agent.Option // the agent that analyses positions and plays hints
	Timeout  time.Duration  // most time one request may work; default DefaultTimeout
	MaxBody  int64          // largest request body in bytes; default DefaultMaxBody
	MaxGames int            // most games held at once (a new one is refused past it); default DefaultMaxGames
	MaxIdle  time.Duration  // a game unused this long is let go; default DefaultMaxIdle
	Workers  int            // most analyses of large positions at once; default GOMAXPROCS

	MaxGameCells   int // most cells of a game's board; default DefaultMaxGameCells
	MaxPuzzleCells int // most cells of a position to analyse; default DefaultMaxPuzzleCells
	MaxHeldCells   int // most cells of all games held together; default DefaultMaxHeldCells
	MaxRequests    int // most requests served at once; default DefaultMaxRequests
	MaxConns       int // most connections open at once (Server.Listener); default DefaultMaxConns
	MaxQueue       int // most requests waiting for an analysis slot in each lane; default 4 * Workers

	// SmallCells and SmallWorkers give cheap work a lane of its own: the
	// analysis of a position with at most SmallCells closed cells (flags
	// not counted) runs in one of SmallWorkers slots that the analyses of
	// larger positions never take, so that large ones can neither hold up
	// nor crowd out small ones. Defaults DefaultSmallCells and Workers.
	SmallCells   int
	SmallWorkers int

	// Hosts are the names, besides localhost and the loopback addresses,
	// that a request's Host header may give: the listen address and the
	// names a user allows. Any other Host is refused (DNS rebinding).
	Hosts []string

	// ReadTimeout bounds the reading of a request, its body included, in
	// the http.Server of HTTPServer; default DefaultReadTimeout.
	ReadTimeout time.Duration
	// IdleTimeout bounds the time a connection is kept alive between two
	// requests, in the http.Server of HTTPServer; default
	// DefaultIdleTimeout.
	IdleTimeout time.Duration

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
	DefaultMaxGames = 1024
	DefaultMaxIdle  = time.Hour

	// DefaultMaxGameCells and DefaultMaxPuzzleCells let boards of 100x100
	// be played and analysed, the page's own largest.
	DefaultMaxGameCells   = 100 * 100
	DefaultMaxPuzzleCells = 100 * 100
	// DefaultMaxHeldCells bounds the game store: a held game costs at most
	// about 40 bytes a cell (measured from 300x300 to 1000x1000, less on
	// smaller boards), so 4 Mi cells are about 170 MB.
	DefaultMaxHeldCells = 1 << 22
	DefaultMaxRequests  = 64
	// DefaultSmallCells makes a small position one of at most 100 closed
	// cells: a whole beginner board, or the end of any game.
	DefaultSmallCells  = 100
	DefaultReadTimeout = 10 * time.Second
	DefaultIdleTimeout = time.Minute
	// DefaultMaxConns bounds the memory of the connections: an idle one
	// costs about 20 KB, and one whose request is being read up to MaxBody
	// more (a body is read whole before the request is served).
	DefaultMaxConns = 256
)

// writeMargin is what the write timeout of HTTPServer allows on top of
// reading a request and working on it: the time to stop the work (every
// search stops when its context ends) and to write the answer.
const writeMargin = 5 * time.Second

// Server holds the games being played and answers the API.
type Server struct {
	cfg      Config
	small    *lane         // the analyses of positions of at most SmallCells closed cells
	large    *lane         // every other analysis, and the making of no-guess boards
	requests chan struct{} // one token per request served
	conns    *conns        // the connections open, at most MaxConns
	games    *store
}

// New returns a Server with cfg's limits, defaults filled in.
func New(cfg Config) *Server {
	orDefault(&cfg.Timeout, DefaultTimeout)
	orDefault(&cfg.MaxBody, DefaultMaxBody)
	orDefault(&cfg.MaxGames, DefaultMaxGames)
	orDefault(&cfg.MaxIdle, DefaultMaxIdle)
	orDefault(&cfg.Workers, runtime.GOMAXPROCS(0))
	orDefault(&cfg.MaxGameCells, DefaultMaxGameCells)
	orDefault(&cfg.MaxPuzzleCells, DefaultMaxPuzzleCells)
	orDefault(&cfg.MaxHeldCells, DefaultMaxHeldCells)
	cfg.MaxHeldCells = max(cfg.MaxHeldCells, cfg.MaxGameCells) // a game the server accepts always fits the store
	orDefault(&cfg.MaxRequests, DefaultMaxRequests)
	orDefault(&cfg.MaxQueue, 4*cfg.Workers)
	orDefault(&cfg.SmallCells, DefaultSmallCells)
	orDefault(&cfg.SmallWorkers, cfg.Workers)
	orDefault(&cfg.ReadTimeout, DefaultReadTimeout)
	orDefault(&cfg.IdleTimeout, DefaultIdleTimeout)
	orDefault(&cfg.MaxConns, DefaultMaxConns)
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	return &Server{cfg: cfg, small: newLane("small", cfg.SmallWorkers, cfg.MaxQueue), large: newLane("large", cfg.Workers, cfg.MaxQueue),
		requests: make(chan struct{}, cfg.MaxRequests), conns: newConns(cfg.MaxConns), games: newStore(cfg.MaxGames, cfg.MaxHeldCells, cfg.MaxIdle, cfg.Now)}
}

// orDefault sets *v to d when it is zero or negative: unset.
func orDefault[T int | int64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// Handler returns the page and the API as one handler, behind the checks
// of guard.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /api/config", s.config)
	mux.HandleFunc("POST /api/analyze", s.analyze)
	mux.HandleFunc("POST /api/games", s.newGame)
	mux.HandleFunc("GET /api/games/{id}", s.getGame)
	mux.HandleFunc("DELETE /api/games/{id}", s.deleteGame)
	mux.HandleFunc("POST /api/games/{id}/open", s.move(opOpen))
	mux.HandleFunc("POST /api/games/{id}/flag", s.move(opFlag))
	mux.HandleFunc("POST /api/games/{id}/unflag", s.move(opUnflag))
	mux.HandleFunc("POST /api/games/{id}/undo", s.undo)
	mux.HandleFunc("POST /api/games/{id}/hint", s.hint)
	mux.HandleFunc("/", s.notFound(mux))
	return s.guard(mux)
}

// HTTPServer returns an http.Server of Handler with timeouts that keep a
// slow or stalled client from holding a connection (or a shutdown):
// reading the headers at most 5 s, the whole request ReadTimeout, writing
// the answer the request's budget on top of that, and an idle
// keep-alive connection IdleTimeout. Serve it on Listener(ln), which caps
// the connections open; its ConnState hook tells that listener which
// connections are idle.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: min(5*time.Second, s.cfg.ReadTimeout),
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.ReadTimeout + s.cfg.Timeout + writeMargin,
		IdleTimeout:       s.cfg.IdleTimeout,
		ConnState:         s.conns.track,
	}
}

// ExpireIdle lets go the games unused for Config.MaxIdle as they pass it,
// until ctx ends: each within a quarter of MaxIdle (at most a minute) of
// its time. Without it a game idle too long is let go only when the next
// game is asked for, or when it is.
func (s *Server) ExpireIdle(ctx context.Context) {
	tick := time.NewTicker(min(max(s.cfg.MaxIdle/4, time.Millisecond), time.Minute))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			s.games.expire()
		}
	}
}

// configResponse is GET /api/config's answer.
type configResponse struct {
	Levels         []string `json:"levels"`           // the named levels; "RxC/M" is also accepted
	Rules          []string `json:"rules"`            // the rules a game can be played under
	NoGuess        bool     `json:"no_guess"`         // whether no-guess boards can be asked for
	TimeoutMS      int64    `json:"timeout_ms"`       // the time budget of one request
	MaxBody        int64    `json:"max_body"`         // the largest request body, in bytes
	MaxGameCells   int      `json:"max_game_cells"`   // the most cells of a game's board
	MaxPuzzleCells int      `json:"max_puzzle_cells"` // the most cells of a position to analyse
}

func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	c := configResponse{Rules: []string{"seed", "safe", "zero"}, NoGuess: s.cfg.NoGuess != nil,
		TimeoutMS: s.cfg.Timeout.Milliseconds(), MaxBody: s.cfg.MaxBody,
		MaxGameCells: s.cfg.MaxGameCells, MaxPuzzleCells: s.cfg.MaxPuzzleCells}
	for _, l := range game.Levels {
		c.Levels = append(c.Levels, l.Name)
	}
	writeJSON(w, http.StatusOK, c)
}

// writeJSON writes v as the response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v) // the client may be gone; nothing to do then
}

// advise analyses p within ctx. It returns when the work has stopped, not
// before: every search in it stops when ctx ends, and the caller's
// analysis slot stays taken until then, so that at most Workers (and
// SmallWorkers) analyses ever run. A nil advice means nothing came back in time; a partial one
// says what is missing in Incomplete.
func (s *Server) advise(ctx context.Context, p *game.Puzzle) (*advice.Advice, error) {
	adv, err := advice.Advise(ctx, p, s.cfg.Agent...)
	switch {
	case err != nil && ctx.Err() != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)):
		if !adv.Satisfiable && adv.Conflict == "" {
			return nil, nil // stopped before the position was even solved
		}
		adv.Incomplete = append(adv.Incomplete, fmt.Sprintf("stopped at the server's time budget of %v", s.cfg.Timeout))
		return &adv, nil
	case err != nil:
		return nil, err
	}
	return &adv, nil
}
