// Minesat plays and solves Minesweeper by logic.
//
// Usage:
//
//	minesat <command> [flags] [args]
//
// The commands are:
//
//	gen      make a random puzzle in the seeds' format
//	cnf      write a puzzle as DIMACS CNF
//	solve    solve a static puzzle (one solution, count, forced cells, probabilities)
//	play     play automated games and report win rates
//	compare  compare SAT and backtracking on puzzle files
//	replay   verify game records and write an HTML replay
//	analyze  the move minesat would make in a position, why, and every cell's odds
//
// 'minesat help <command>' or 'minesat <command> -h' prints a command's
// manual and flags on stdout. Puzzle files are "rows cols mines" followed by
// rows*cols cells, -1 for unknown and 0..8 for a hint; a malformed file is
// reported as file:line:col.
//
// Results go to stdout, errors and messages to stderr. Every command exits
// with 0 on success, 1 when a puzzle has no solution or a game is lost, 2 on
// bad input or usage, and 3 when a budget or time limit ran out.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"runtime/debug"
	"sort"
	"strings"

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
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, io *stdio) error
}

// commands lists every subcommand. Each lives in its own file.
var commands = map[string]command{
	"gen":     {"make a random puzzle in the seeds' format", runGen},
	"cnf":     {"write a puzzle as DIMACS CNF", runCNF},
	"solve":   {"solve a static puzzle (one solution, count, forced cells, probabilities)", runSolve},
	"play":    {"play automated games and report win rates", runPlay},
	"compare": {"compare SAT and backtracking on puzzle files", runCompare},
	"replay":  {"verify game records and write an HTML replay", runReplay},
	"analyze": {"the move minesat would make in a position, why, and every cell's odds", runAnalyze},
}

// gcPercent is the garbage collector's target unless GOGC says otherwise.
// A game's live heap is small (under 30 MB for play on expert) and its
// garbage plentiful: collecting at 400% instead of Go's 100% plays expert
// games about 10% faster (5,000 games on one worker, three runs alternating
// the two: 10.51, 10.65 and 10.43 s against 9.03, 10.04 and 9.34 s; see the
// README), for a peak of 41-44 MB instead of 26-27 MB.
const gcPercent = 400

func main() {
	log.SetFlags(0)
	log.SetPrefix("minesat: ")
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	io := &stdio{
		in: os.Stdin, out: os.Stdout, err: os.Stderr,
		outTTY:    term.IsTerminal(int(os.Stdout.Fd())),
		errTTY:    term.IsTerminal(int(os.Stderr.Fd())),
		getenv:    os.Getenv,
		openInput: openFile,
	}
	err := run(ctx, os.Args[1:], io)
	stop()
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
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		if len(args) > 1 {
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
	fmt.Fprintln(w, "Exit codes: 0 success, 1 no solution or a game lost, 2 bad input or usage, 3 budget or time exhausted.")
}

// setFlags returns the names of the flags the command line set.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// newFlagSet returns a FlagSet for a subcommand that reports errors instead of
// exiting, and writes its usage to io.err (or io.out for -h).
func newFlagSet(name, argsUsage, about string, io *stdio) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.err)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: %s\n\n%s\n\nFlags:\n", strings.TrimSpace("minesat "+name+" [flags] "+argsUsage), strings.TrimSpace(about))
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, mapping -h to a nil error after printing usage to
// stdout, and any other flag error to a usage error.
func parseFlags(fs *flag.FlagSet, args []string, io *stdio) (help bool, err error) {
	fs.SetOutput(io.err)
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(io.out)
			fs.Usage()
			return true, nil
		}
	}
	if err := fs.Parse(args); err != nil {
		return false, &exitError{code: exitUsage, err: fmt.Errorf("%s: %w", fs.Name(), err)}
	}
	return false, nil
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
