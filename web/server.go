package web

import (
	"context"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"time"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/web/api"
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
	MaxThink time.Duration  // most time a request may ask a guess raced for ("think_ms"); default DefaultMaxThink, at most Timeout

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

// The defaults of Config's limits; see package api for those of the
// games and the analyses.
const (
	DefaultTimeout        = api.DefaultTimeout
	DefaultMaxBody        = api.DefaultMaxBody
	DefaultMaxGames       = api.DefaultMaxGames
	DefaultMaxIdle        = api.DefaultMaxIdle
	DefaultMaxGameCells   = api.DefaultMaxGameCells
	DefaultMaxPuzzleCells = api.DefaultMaxPuzzleCells
	DefaultMaxHeldCells   = api.DefaultMaxHeldCells
	DefaultMaxThink       = api.DefaultMaxThink

	DefaultMaxRequests = 64
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
	api      *api.Server   // the games and the answers, without HTTP
}

// New returns a Server with cfg's limits, defaults filled in.
func New(cfg Config) *Server {
	orDefault(&cfg.Timeout, DefaultTimeout)
	orDefault(&cfg.MaxBody, DefaultMaxBody)
	orDefault(&cfg.Workers, runtime.GOMAXPROCS(0))
	orDefault(&cfg.MaxRequests, DefaultMaxRequests)
	orDefault(&cfg.MaxQueue, 4*cfg.Workers)
	orDefault(&cfg.SmallCells, DefaultSmallCells)
	orDefault(&cfg.SmallWorkers, cfg.Workers)
	orDefault(&cfg.ReadTimeout, DefaultReadTimeout)
	orDefault(&cfg.IdleTimeout, DefaultIdleTimeout)
	orDefault(&cfg.MaxConns, DefaultMaxConns)
	s := &Server{cfg: cfg, small: newLane("small", cfg.SmallWorkers, cfg.MaxQueue), large: newLane("large", cfg.Workers, cfg.MaxQueue),
		requests: make(chan struct{}, cfg.MaxRequests), conns: newConns(cfg.MaxConns)}
	s.api = api.New(api.Config{Agent: cfg.Agent, Timeout: cfg.Timeout, MaxBody: cfg.MaxBody, MaxGames: cfg.MaxGames, MaxIdle: cfg.MaxIdle, MaxThink: cfg.MaxThink,
		MaxGameCells: cfg.MaxGameCells, MaxPuzzleCells: cfg.MaxPuzzleCells, MaxHeldCells: cfg.MaxHeldCells,
		NoGuess: cfg.NoGuess, Admit: s.admit, Now: cfg.Now, Seed: cfg.Seed})
	return s
}

// NoGuess returns a Config.NoGuess that makes boards with
// agent.NoGuessGame (see api.NoGuess).
func NoGuess(maxTries int) func(ctx context.Context, l game.Level, rules game.Rules, seed int64) (*game.Game, error) {
	return api.NoGuess(maxTries)
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
	mux.HandleFunc("/api/", s.serveAPI)
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
// until ctx ends (see api.Server.ExpireIdle).
func (s *Server) ExpireIdle(ctx context.Context) { s.api.ExpireIdle(ctx) }

// serveAPI answers a request of the API: package api answers it, without
// HTTP, and this writes its answer.
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	var body []byte
	if r.Body != nil && r.Body != http.NoBody {
		body, _ = io.ReadAll(r.Body) // readBody has read it into memory
	}
	writeAnswer(w, s.api.Serve(r.Context(), api.Request{Method: r.Method, Target: r.URL.RequestURI(), Body: body}))
}

// writeAnswer writes a: its status, its headers and its JSON body.
func writeAnswer(w http.ResponseWriter, a api.Answer) {
	h := w.Header()
	if a.RetryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(a.RetryAfter))
	}
	if a.Allow != "" {
		h.Set("Allow", a.Allow)
	}
	if a.Body != nil {
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Cache-Control", "no-store")
	}
	w.WriteHeader(a.Status)
	w.Write(a.Body) // the client may be gone; nothing to do then
}

// writeError writes a refusal of the transport, as the API writes its own
// (api.Error).
func writeError(w http.ResponseWriter, code Code, format string, args ...any) {
	writeAnswer(w, api.Error(code, format, args...))
}
