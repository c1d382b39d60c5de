package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"sort"
	"syscall"

	"golang.org/x/term"
)

// stdio is what a command reads and writes. Tests fill it with buffers.
type stdio struct {
	in        io.Reader
	out       io.Writer // results
	err       io.Writer // messages, progress
	outTTY    bool      // out is a terminal (colour allowed unless NO_COLOR)
	errTTY    bool      // err is a terminal (progress bars allowed)
	getenv    func(string) string
	openInput func(name string) (io.ReadCloser, error) // "-" means in

	// setMaxProcs is runtime.GOMAXPROCS in the command; nil in tests.
	setMaxProcs func(int) int
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, io *stdio) error
}

// commands lists every subcommand. Each lives in its own file.
var commands = map[string]command{
	"gen":     {"make a random puzzle file", runGen},
	"cnf":     {"write a puzzle as DIMACS CNF", runCNF},
	"solve":   {"solve a static puzzle (one solution, count, forced cells, probabilities)", runSolve},
	"play":    {"play automated games and report win rates", runPlay},
	"merge":   {"merge the JSON summaries of a run's shards", runMerge},
	"compare": {"compare SAT and backtracking on puzzle files", runCompare},
	"replay":  {"verify game records and write an HTML replay", runReplay},
	"analyze": {"the move minesat would make in a position, why, and every cell's odds", runAnalyze},
	"serve":   {"a local web page and JSON API: analyse positions, play with hints", runServe},
	"site":    {"write the page as a static site that runs in the browser, no server", runSite},
	"version": {"print minesat's version and the revision it was built from", runVersion},
}

// gcPercent is the garbage collector's target unless GOGC says otherwise.
// A game's live heap is small and its garbage plentiful, so the collector
// runs four times less often than at Go's default of 100, for a higher
// peak (docs/speed.md). Users who need a smaller process set GOGC, or
// GOMEMLIMIT, which the Go runtime reads itself.
const gcPercent = 400

// signalsCaught is called once main catches the signals that stop a
// command; the tests set it to learn when a signal is safe to send.
var signalsCaught = func() {}

func main() {
	log.SetFlags(0)
	log.SetPrefix("minesat: ")
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	// A scheduler stops a job with SIGTERM (Slurm at its time limit or on
	// scancel, Kubernetes on eviction), a closed terminal with SIGHUP: both
	// end a command as Ctrl-C does, with whole lines, a summary and exit 3.
	// The signals stay caught until the process exits: a second one (timeout(1)
	// signals the command and then its process group) must not kill the
	// command between its end and its exit, taking its exit code.
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	signalsCaught()
	io := &stdio{
		in: os.Stdin, out: os.Stdout, err: os.Stderr,
		outTTY:    term.IsTerminal(int(os.Stdout.Fd())),
		errTTY:    term.IsTerminal(int(os.Stderr.Fd())),
		getenv:    os.Getenv,
		openInput: openFile,

		setMaxProcs: runtime.GOMAXPROCS,
	}
	err := run(ctx, os.Args[1:], io)
	if err != nil {
		if msg := err.Error(); msg != "" {
			log.Print(msg)
		}
		os.Exit(exitCode(err))
	}
}

func openFile(name string) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(os.Stdin), nil
	}
	return os.Open(name)
}

// run dispatches to a subcommand. It never exits; main maps its error to an
// exit code with exitCode.
func run(ctx context.Context, args []string, io *stdio) error {
	if len(args) == 0 {
		usage(io.err)
		return usageErrorf("no command given")
	}
	name := args[0]
	if name == "--version" || name == "-version" {
		name = "version"
	}
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		if len(args) > 1 && args[1] != "help" {
			if c, ok := commands[args[1]]; ok {
				return c.run(ctx, []string{"-h"}, io)
			}
			return usageErrorf("help %s: unknown command", args[1])
		}
		usage(io.out)
		return nil
	}
	c, ok := commands[name]
	if !ok {
		usage(io.err)
		return usageErrorf("unknown command %q", name)
	}
	return c.run(ctx, args[1:], io)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "minesat plays and solves Minesweeper by logic.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: minesat <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'minesat help <command>' or 'minesat <command> -h' for a command's flags.")
	fmt.Fprintln(w, "Exit codes: "+exitCommon)
}

// exitStatus says what each command's exit codes mean, in its usage; a
// command not listed uses the common meanings, exitCommon.
var exitStatus = map[string]string{
	"gen": "0 the puzzle was written; 2 bad usage or a size that cannot hold the mines or hints; " +
		"3 interrupted, or --no-guess found no board within --tries or --timeout.",
	"cnf": "0 the formula was written; 1 the puzzle is impossible on its face (the formula, unsatisfiable, " +
		"is written all the same); 2 bad input or usage; 3 more than --max-clauses clauses, or interrupted.",
	"solve": "0 a solution was found; 1 the puzzle has no solution; 2 bad input or usage; " +
		"3 --timeout, --max-nodes or --max-states ran out, or interrupted.",
	"compare": "0 every answer checked out; 1 a method gave a wrong answer or failed, or a puzzle is impossible " +
		"on its face; 2 bad input or usage; 3 interrupted (a run that reaches --timeout or --max-nodes is " +
		"reported as \"gave up\" and is no error).",
	"play": "0 the games were played; 1 the only game played (--games 1 on one level, or --trace) was lost; " +
		"2 bad usage; 3 interrupted (the games finished so far are reported).",
	"replay": "0 every record checks out; 2 bad usage, or a record that is malformed or contradicts its mines; " +
		"3 interrupted.",
	"serve": "0 the server stopped cleanly on Ctrl-C or SIGTERM; 2 bad usage, or the address cannot be " +
		"listened on; 3 the requests in progress did not finish in time when stopping.",
	"site":    "0 the site was written; 2 bad usage, the module did not build, or DIR cannot be written.",
	"version": "0 always.",
}

// exitCommon is the exit codes' common meanings.
const exitCommon = "0 success; 1 no solution, or a game lost; 2 bad input or usage; " +
	"3 a budget or time limit ran out, or interrupted."

// commandExits says what the named command's exit codes mean.
func commandExits(name string) string {
	if s, ok := exitStatus[name]; ok {
		return s
	}
	return exitCommon
}

// The exit codes of every command.
const (
	exitOK         = 0
	exitNoSolution = 1 // no solution, or a game lost
	exitUsage      = 2 // bad input or usage
	exitBudget     = 3 // budget or time exhausted
)

// exitError carries an exit code. An empty message prints nothing (the
// command already said what happened on stdout).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErrorf reports bad input or usage (exit 2).
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// budgetError reports an exhausted budget or timeout (exit 3).
func budgetError(err error) error { return &exitError{code: exitBudget, err: err} }

// errNoSolution is exit 1 with nothing more printed.
var errNoSolution = &exitError{code: exitNoSolution}

// exitCode maps an error from run to the process exit code.
func exitCode(err error) int {
	var ee *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, context.DeadlineExceeded):
		return exitBudget
	}
	return exitUsage
}
