package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/web"
)

const serveAbout = `
Serve runs a local web page and a JSON API over minesat's analysis (the
server itself is package web; this command sets its limits and runs it).

Open the address it prints in a browser. The page has two views:
  Analyse: build or paste a position (click a cell to cycle it: closed,
           hint 0-8, flag; set the size and the mine count, which may be
           unknown) and see every closed cell's mine probability as a heat
           map, the forced cells and the recommended move with its reason,
           recomputed on each edit, as 'minesat analyze' gives them.
  Play:    play a game at any level (beginner, intermediate, expert, easy,
           medium, hard or RxC/M) under any rules (seed, safe, zero); the
           server holds the game. "assist" shows the analysis after each
           move; "Hint" plays the recommended move. "no-guess board" asks
           for a board pure logic wins from its first click, as gen
           --no-guess makes them, opened at that click (under rules safe
           unless zero is picked).
The page is self-contained: it loads nothing from the network.

The API (docs/api.md): GET /api/config, POST /api/analyze, POST /api/games,
GET and DELETE /api/games/{id}, POST /api/games/{id}/open, .../flag and
.../hint. It takes and returns JSON; a refusal gets a 4xx or 5xx status and
{"error": {"code": "...", "message": "..."}}, the code one of a stable set
listed in docs/api.md. A request body may hold at most --max-body bytes, and a
request works at most --timeout: an analysis cut short answers with what it
found and says what is missing under "incomplete" (503 when it found
nothing). A position whose components are too large to count within
--max-states is answered with the cells SAT proves, and says so.

Limits (docs/limits.md): a game has at most --max-game-cells cells and a
position to analyse at most --max-puzzle-cells; at most --max-games games
holding at most --max-held-cells cells in all are kept: one unused for
--max-idle is let go within a quarter of that (at most a minute), and a new
game that does not fit is refused (503), never making room by dropping a
game held; undo takes back at most a game's last 1000 moves. The analysis
of a small position (at most --small-cells closed cells) runs in a lane of
its own, --small-workers at once, which the analyses of larger positions
(--workers at once) never take. In each lane four times --workers wait,
and more are refused with 503 at once; at most
--max-requests requests are served at once, a request counting only once
its body has arrived (a body must arrive within 10 s, else 408; a
Content-Length over --max-body gets 413 at once). At most --max-conns
connections are open at once: past it, a new connection takes the place of
the one idle the longest (sending no request yet, or kept alive between
requests), or waits until one closes. A connection is closed after 5 s
without a request's headers and after 1 minute idle between requests.
Every 503 carries Retry-After: 1.

Unless GOGC is set, serve runs Go's garbage collector at GOGC 100, Go's
default (the other commands run it less often, for speed): the server's
peak memory then stays near twice what it holds live, which is mostly
the --workers analyses running and the games held.

The server answers only requests whose Host is localhost, a loopback
address or the listen address (a defence against DNS rebinding); name
others with --allow-host. A request that changes state (POST, DELETE) must
come from the page itself (Origin or Sec-Fetch-Site), or from a program
that sends neither header, and its body must be application/json.

The agent flags shape the analysis and the hints as in play and analyze.
The address defaults to the local machine only; serving on another
interface exposes the API to the network (it has no authentication).

Ctrl-C or SIGTERM stops the server: it stops accepting connections, lets
the requests in progress finish (for up to --timeout and a little more)
and exits 0.`

// serveGCPercent is the garbage collector's target in serve unless GOGC
// says otherwise: Go's default, so that a server left running peaks near
// twice its live heap rather than the five times of main's gcPercent.
const serveGCPercent = 100

// serveFlags are serve's options.
type serveFlags struct {
	addr      string
	timeout   time.Duration
	maxThink  time.Duration
	maxStates int
	maxBody   int64
	maxGames  int
	maxIdle   time.Duration
	workers   int
	small     int
	smallWork int
	requests  int
	conns     int
	gameCells int
	puzzCells int
	heldCells int
	hosts     []string
	agent     agent.Config
}

// runServe implements 'minesat serve'.
func runServe(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("serve", "", serveAbout, io)
	var f serveFlags
	fs.StringVar(&f.addr, "addr", "127.0.0.1:8080", "listen on `host:port` (port 0 picks a free one)")
	fs.DurationVar(&f.timeout, "timeout", web.DefaultTimeout, "a request works at most `D`")
	fs.DurationVar(&f.maxThink, "max-think", web.DefaultMaxThink, "a request may ask a guess raced for the game (think_ms) for at most `D`, within --timeout")
	fs.IntVar(&f.maxStates, "max-states", exact.DefaultMaxStates, "counting budget: most diagram states per component `N`; beyond, only forced cells are given")
	fs.Int64Var(&f.maxBody, "max-body", web.DefaultMaxBody, "a request body holds at most `N` bytes")
	fs.IntVar(&f.maxGames, "max-games", web.DefaultMaxGames, "hold at most `N` games at once")
	fs.DurationVar(&f.maxIdle, "max-idle", web.DefaultMaxIdle, "drop a game unused for `D`")
	fs.IntVar(&f.gameCells, "max-game-cells", web.DefaultMaxGameCells, "a game's board has at most `N` cells")
	fs.IntVar(&f.puzzCells, "max-puzzle-cells", web.DefaultMaxPuzzleCells, "a position to analyse has at most `N` cells")
	fs.IntVar(&f.heldCells, "max-held-cells", web.DefaultMaxHeldCells, "the games held have at most `N` cells in all (about 40 bytes a cell)")
	fs.IntVar(&f.workers, "workers", runtime.NumCPU(), "analyses of large positions run at once (default: the number of CPUs)")
	fs.IntVar(&f.small, "small-cells", web.DefaultSmallCells, "a position of at most `N` closed cells is small: its analysis runs in a lane of its own")
	fs.IntVar(&f.smallWork, "small-workers", 0, "analyses of small positions run at once (default: --workers)")
	fs.IntVar(&f.requests, "max-requests", web.DefaultMaxRequests, "serve at most `N` requests at once")
	fs.IntVar(&f.conns, "max-conns", web.DefaultMaxConns, "keep at most `N` connections open at once (each may hold a request body of --max-body bytes)")
	fs.Func("allow-host", "also answer requests whose Host is `NAME` (repeatable); localhost, loopback addresses and the listen address always are", func(v string) error {
		if v == "" || strings.ContainsAny(v, "/ ") {
			return fmt.Errorf("want a host name or address, got %q", v)
		}
		f.hosts = append(f.hosts, v)
		return nil
	})
	addAgentFlags(fs, &f.agent, agent.DefaultConfig)
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return flagError("serve", fmt.Errorf("unexpected argument %q: serve takes no arguments", fs.Arg(0)))
	}
	if err := f.check(); err != nil {
		return flagError("serve", err)
	}
	opts, err := checkAgentFlags(f.agent, setFlags(fs))
	if err != nil {
		return flagError("serve", err)
	}
	opts = append(opts, agent.WithBudget(exact.Budget{MaxStates: f.maxStates}))
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return usageErrorf("serve: %w", err)
	}
	if io.getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(serveGCPercent))
	}
	s := web.New(web.Config{Agent: opts, Timeout: f.timeout, MaxThink: f.maxThink, MaxBody: f.maxBody, MaxGames: f.maxGames, MaxIdle: f.maxIdle,
		Workers: f.workers, SmallCells: f.small, SmallWorkers: f.smallWork, MaxRequests: f.requests, MaxConns: f.conns, MaxGameCells: f.gameCells, MaxPuzzleCells: f.puzzCells,
		MaxHeldCells: f.heldCells, Hosts: append(listenHosts(ln.Addr()), f.hosts...), NoGuess: web.NoGuess(0)})
	srv := s.HTTPServer()
	srv.BaseContext = func(net.Listener) context.Context { return context.WithoutCancel(ctx) }
	expiry, stopExpiry := context.WithCancel(ctx)
	var expiring sync.WaitGroup
	expiring.Go(func() { s.ExpireIdle(expiry) })
	defer expiring.Wait()
	defer stopExpiry()
	fmt.Fprintf(io.err, "minesat serve: listening on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(s.Listener(ln)) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// Let the requests in progress finish: each is bounded by --timeout.
	shutdown, cancel := context.WithTimeout(context.WithoutCancel(ctx), f.timeout+time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		srv.Close()
		return budgetError(fmt.Errorf("serve: shutting down: %w", err))
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintln(io.err, "minesat serve: stopped")
	return nil
}

// check refuses a limit that is not positive, and --max-held-cells below
// --max-game-cells.
func (f *serveFlags) check() error {
	for _, l := range []struct {
		flag     string
		v        any
		positive bool
	}{
		{"--timeout", f.timeout, f.timeout > 0},
		{"--max-think", f.maxThink, f.maxThink > 0},
		{"--max-states", f.maxStates, f.maxStates > 0},
		{"--max-body", f.maxBody, f.maxBody > 0},
		{"--max-games", f.maxGames, f.maxGames > 0},
		{"--max-idle", f.maxIdle, f.maxIdle > 0},
		{"--max-game-cells", f.gameCells, f.gameCells > 0},
		{"--max-puzzle-cells", f.puzzCells, f.puzzCells > 0},
		{"--workers", f.workers, f.workers > 0},
		{"--small-cells", f.small, f.small > 0},
		{"--small-workers", f.smallWork, f.smallWork >= 0},
		{"--max-requests", f.requests, f.requests > 0},
		{"--max-conns", f.conns, f.conns > 0},
	} {
		if !l.positive {
			return fmt.Errorf("%s %v must be positive", l.flag, l.v)
		}
	}
	if f.heldCells < f.gameCells {
		return fmt.Errorf("--max-held-cells %d must be at least --max-game-cells %d", f.heldCells, f.gameCells)
	}
	return nil
}

// listenHosts returns the addresses a request's Host may give for a
// server listening on addr: its IP, or every interface's when it listens
// on all of them.
func listenHosts(addr net.Addr) []string {
	ta, ok := addr.(*net.TCPAddr)
	if !ok {
		return nil
	}
	if !ta.IP.IsUnspecified() {
		return []string{ta.IP.String()}
	}
	ifaddrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var hosts []string
	for _, a := range ifaddrs {
		if n, ok := a.(*net.IPNet); ok {
			hosts = append(hosts, n.IP.String())
		}
	}
	return hosts
}
