package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
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
.../hint. It takes and returns JSON; bad input gets a 4xx status and
{"error": "..."}. A request body may hold at most --max-body bytes, and a
request works at most --timeout: an analysis cut short answers with what it
found and says what is missing under "incomplete" (503 when it found
nothing). A position whose components are too large to count within
--max-states is answered with the cells SAT proves, and says so.

Limits (docs/limits.md): a game has at most --max-game-cells cells and a
position to analyse at most --max-puzzle-cells; at most --max-games games
holding at most --max-held-cells cells in all are kept (one unused for
--max-idle is dropped, and a new game drops the ones unused the longest
until it fits). At most --workers analyses run at once, four times as many
wait, and more are refused with 503 at once; at most --max-requests
requests are served at once.

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

// serveFlags are serve's options.
type serveFlags struct {
	addr      string
	timeout   time.Duration
	maxStates int
	maxBody   int64
	maxGames  int
	maxIdle   time.Duration
	workers   int
	requests  int
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
	fs.IntVar(&f.maxStates, "max-states", exact.DefaultMaxStates, "counting budget: most diagram states per component `N`; beyond, only forced cells are given")
	fs.Int64Var(&f.maxBody, "max-body", web.DefaultMaxBody, "a request body holds at most `N` bytes")
	fs.IntVar(&f.maxGames, "max-games", web.DefaultMaxGames, "hold at most `N` games at once")
	fs.DurationVar(&f.maxIdle, "max-idle", web.DefaultMaxIdle, "drop a game unused for `D`")
	fs.IntVar(&f.gameCells, "max-game-cells", web.DefaultMaxGameCells, "a game's board has at most `N` cells")
	fs.IntVar(&f.puzzCells, "max-puzzle-cells", web.DefaultMaxPuzzleCells, "a position to analyse has at most `N` cells")
	fs.IntVar(&f.heldCells, "max-held-cells", web.DefaultMaxHeldCells, "the games held have at most `N` cells in all (about 40 bytes a cell)")
	fs.IntVar(&f.workers, "workers", runtime.NumCPU(), "analyses run at once (default: the number of CPUs)")
	fs.IntVar(&f.requests, "max-requests", web.DefaultMaxRequests, "serve at most `N` requests at once")
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
	switch {
	case f.timeout <= 0:
		return flagError("serve", fmt.Errorf("--timeout %v must be positive", f.timeout))
	case f.maxStates <= 0:
		return flagError("serve", fmt.Errorf("--max-states %d must be positive", f.maxStates))
	case f.maxBody <= 0:
		return flagError("serve", fmt.Errorf("--max-body %d must be positive", f.maxBody))
	case f.maxGames <= 0:
		return flagError("serve", fmt.Errorf("--max-games %d must be positive", f.maxGames))
	case f.maxIdle <= 0:
		return flagError("serve", fmt.Errorf("--max-idle %v must be positive", f.maxIdle))
	case f.gameCells <= 0:
		return flagError("serve", fmt.Errorf("--max-game-cells %d must be positive", f.gameCells))
	case f.puzzCells <= 0:
		return flagError("serve", fmt.Errorf("--max-puzzle-cells %d must be positive", f.puzzCells))
	case f.heldCells < f.gameCells:
		return flagError("serve", fmt.Errorf("--max-held-cells %d must be at least --max-game-cells %d", f.heldCells, f.gameCells))
	case f.workers <= 0:
		return flagError("serve", fmt.Errorf("--workers %d must be positive", f.workers))
	case f.requests <= 0:
		return flagError("serve", fmt.Errorf("--max-requests %d must be positive", f.requests))
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
	s := web.New(web.Config{Agent: opts, Timeout: f.timeout, MaxBody: f.maxBody, MaxGames: f.maxGames, MaxIdle: f.maxIdle,
		Workers: f.workers, MaxRequests: f.requests, MaxGameCells: f.gameCells, MaxPuzzleCells: f.puzzCells,
		MaxHeldCells: f.heldCells, Hosts: append(listenHosts(ln.Addr()), f.hosts...), NoGuess: web.NoGuess(0)})
	srv := s.HTTPServer()
	srv.BaseContext = func(net.Listener) context.Context { return context.WithoutCancel(ctx) }
	fmt.Fprintf(io.err, "minesat serve: listening on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
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
