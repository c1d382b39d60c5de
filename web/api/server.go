package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strings"
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

	// MaxThink is the most time a request may ask the win-probability
	// search to race a guess ("think_ms"); default DefaultMaxThink, at
	// most Timeout. The race counts within the request's Timeout.
	MaxThink time.Duration

	MaxGameCells   int // most cells of a game's board; default DefaultMaxGameCells
	MaxPuzzleCells int // most cells of a position to analyse; default DefaultMaxPuzzleCells
	MaxHeldCells   int // most cells of all games held together; default DefaultMaxHeldCells

	// NoGuess, when set, makes the boards of games asked for with
	// "no_guess": true: a game of level l under the rules (safe or zero),
	// from seed, that pure logic wins, opened at its first click (see
	// NoGuess). Nil means the server cannot make them, and such requests
	// are refused.
	NoGuess func(ctx context.Context, l game.Level, rules game.Rules, seed int64) (*game.Game, error)

	// Admit, when set, is called before every analysis and no-guess board,
	// with the request's context bounded by Timeout and the work's cost:
	// the closed cells of the position to analyse, or LargeCost for a
	// no-guess board and for an analysis that races its guess (think_ms).
	// It returns once the work may start, with release to
	// call when it ends, or an error (made by Refuse, else answered busy)
	// that the request is answered with. Nil admits every request at once.
	Admit func(ctx context.Context, cost int) (release func(), err error)

	// WithTimeout bounds a request's work by Timeout; default
	// context.WithTimeout. The WebAssembly module passes one that reads
	// the clock when the work checks its context: there, timers do not
	// fire while a goroutine computes.
	WithTimeout func(parent context.Context, d time.Duration) (context.Context, context.CancelFunc)

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
)

// Server holds the games being played and answers the API's requests.
type Server struct {
	cfg    Config
	games  *store
	routes []route
}

// New returns a Server with cfg's limits, defaults filled in.
func New(cfg Config) *Server {
	orDefault(&cfg.Timeout, DefaultTimeout)
	orDefault(&cfg.MaxBody, DefaultMaxBody)
	orDefault(&cfg.MaxGames, DefaultMaxGames)
	orDefault(&cfg.MaxIdle, DefaultMaxIdle)
	orDefault(&cfg.MaxThink, DefaultMaxThink)
	cfg.MaxThink = min(cfg.MaxThink, cfg.Timeout)
	orDefault(&cfg.MaxGameCells, DefaultMaxGameCells)
	orDefault(&cfg.MaxPuzzleCells, DefaultMaxPuzzleCells)
	orDefault(&cfg.MaxHeldCells, DefaultMaxHeldCells)
	cfg.MaxHeldCells = max(cfg.MaxHeldCells, cfg.MaxGameCells) // a game the server accepts always fits the store
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	if cfg.WithTimeout == nil {
		cfg.WithTimeout = context.WithTimeout
	}
	s := &Server{cfg: cfg, games: newStore(cfg.MaxGames, cfg.MaxHeldCells, cfg.MaxIdle, cfg.Now)}
	s.routes = []route{
		{"GET", "/api/config", s.config},
		{"POST", "/api/analyze", s.analyze},
		{"POST", "/api/games", s.newGame},
		{"GET", "/api/games/{id}", s.getGame},
		{"DELETE", "/api/games/{id}", s.deleteGame},
		{"POST", "/api/games/{id}/open", s.move(opOpen)},
		{"POST", "/api/games/{id}/flag", s.move(opFlag)},
		{"POST", "/api/games/{id}/unflag", s.move(opUnflag)},
		{"POST", "/api/games/{id}/chord", s.chord},
		{"POST", "/api/games/{id}/undo", s.undo},
		{"POST", "/api/games/{id}/hint", s.hint},
	}
	return s
}

// orDefault sets *v to d when it is zero or negative: unset.
func orDefault[T int | int64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// Held returns the number of games held and their cells.
func (s *Server) Held() (games, cells int) { return s.games.size() }

// ExpireIdle drops the games unused for Config.MaxIdle as they pass it,
// until ctx ends: each within a quarter of MaxIdle (at most a minute) of
// its time. Without it a game idle too long is dropped only when the next
// game is made, or when it is asked for.
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

// ConfigResponse is GET /api/config's answer.
type ConfigResponse struct {
	Levels         []string `json:"levels"`           // the named levels; "RxC/M" is also accepted
	Rules          []string `json:"rules"`            // the rules a game can be played under
	NoGuess        bool     `json:"no_guess"`         // whether no-guess boards can be asked for
	TimeoutMS      int64    `json:"timeout_ms"`       // the time budget of one request
	MaxThinkMS     int64    `json:"max_think_ms"`     // the most think_ms a request may ask
	MaxBody        int64    `json:"max_body"`         // the largest request body, in bytes
	MaxGameCells   int      `json:"max_game_cells"`   // the most cells of a game's board
	MaxPuzzleCells int      `json:"max_puzzle_cells"` // the most cells of a position to analyse
}

func (s *Server) config(w *Answer, r *request) {
	c := ConfigResponse{Rules: []string{"seed", "safe", "zero"}, NoGuess: s.cfg.NoGuess != nil,
		TimeoutMS: s.cfg.Timeout.Milliseconds(), MaxThinkMS: s.cfg.MaxThink.Milliseconds(), MaxBody: s.cfg.MaxBody,
		MaxGameCells: s.cfg.MaxGameCells, MaxPuzzleCells: s.cfg.MaxPuzzleCells}
	for _, l := range game.Levels {
		c.Levels = append(c.Levels, l.Name)
	}
	writeJSON(w, StatusOK, c)
}

// writeJSON sets v as the answer with the given status.
func writeJSON(w *Answer, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = StatusInternalServerError, []byte(`{"error":{"code":"internal","message":"writing the answer failed"}}`)
	}
	w.Status, w.Body = status, append(b, '\n')
}

// LargeCost is the cost work is told for work that is not the analysis
// of one position (making a no-guess board), or more than it (an analysis
// whose guess is raced for the game): an admission by cost counts it among
// the largest.
const LargeCost = math.MaxInt

// work returns the context a request works under, bounded by Timeout,
// once Config.Admit admits it at cost; done ends the work. The error says
// why the request was not admitted.
func (s *Server) work(r *request, cost int) (ctx context.Context, done func(), err *Refusal) {
	ctx, cancel := s.cfg.WithTimeout(r.ctx, s.cfg.Timeout)
	if s.cfg.Admit == nil {
		return ctx, cancel, nil
	}
	release, aerr := s.cfg.Admit(ctx, cost)
	if aerr != nil {
		cancel()
		if !errors.As(aerr, &err) {
			err = refuse(CodeBusy, "%v", aerr)
		}
		return nil, nil, err
	}
	return ctx, func() { release(); cancel() }, nil
}

// advise analyses p within ctx, racing its guess for think (0 for no
// race). It returns when the work has stopped, not before: every search in
// it stops when ctx ends, and the caller's admission stays taken until
// then. A nil advice means nothing came back in time; a partial one says
// what is missing in Incomplete.
func (s *Server) advise(ctx context.Context, p *game.Puzzle, think time.Duration) (*advice.Advice, error) {
	adv, err := advice.Advise(ctx, p, s.agentWith(think)...)
	switch {
	case err != nil && ctx.Err() != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)):
		if adv.Satisfiable == nil {
			return nil, nil // stopped before the position was even solved
		}
		adv.Incomplete = append(adv.Incomplete, fmt.Sprintf("stopped at the server's time budget of %v", s.cfg.Timeout))
		return &adv, nil
	case err != nil:
		return nil, err
	}
	return &adv, nil
}

// splitQuery splits a request target into its path and query.
func splitQuery(target string) (string, url.Values) {
	path, raw, _ := strings.Cut(target, "?")
	q, _ := url.ParseQuery(raw) // a malformed pair is dropped, as net/http does
	return path, q
}
