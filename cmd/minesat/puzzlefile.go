package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/minesat/minesat/game"
)

// openPuzzle reads the puzzle in the named file, "-" for standard input,
// for the command cmd, and returns it with the name messages give it
// ("<stdin>" for "-"). A file that cannot be opened or parsed is a usage
// error (exit 2) naming the command, the file, and the line and column;
// ctx stops the opening and the reading, which then return ctx's error.
func openPuzzle(ctx context.Context, io *stdio, cmd, name string) (*game.Puzzle, string, error) {
	shown := name
	if name == "-" {
		shown = stdinName
	}
	f, err := io.open(ctx, name)
	switch {
	case ctx.Err() != nil:
		return nil, shown, ctx.Err()
	case err != nil:
		return nil, shown, usageErrorf("%s: %w", cmd, err)
	}
	defer f.Close()
	name = shown
	p, err := untilDone(ctx, func() (*game.Puzzle, error) { return game.ParsePuzzle(name, f) })
	switch {
	case ctx.Err() != nil:
		return nil, name, ctx.Err()
	case err != nil:
		return nil, name, usageErrorf("%s: %w", cmd, err)
	}
	return p, name, nil
}

// openPuzzleTimed is openPuzzle for a command with a --timeout, which
// covers the reading: ctx's end while reading is a budget error (exit 3)
// that says whether the timeout or an interrupt stopped it.
func openPuzzleTimed(ctx context.Context, io *stdio, cmd, name string, timeout time.Duration) (*game.Puzzle, string, error) {
	p, name, err := openPuzzle(ctx, io, cmd, name)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return nil, name, budgetError(fmt.Errorf("%s: %s: gave up after --timeout %v, while reading the puzzle", cmd, name, timeout))
	case errors.Is(err, context.Canceled):
		return nil, name, budgetError(fmt.Errorf("%s: %s: interrupted while reading the puzzle", cmd, name))
	}
	return p, name, err
}

// withTimeout is context.WithTimeout for a --timeout flag, where 0 means
// no limit.
func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, d)
}

// noSolutionError reports a puzzle impossible on its face (exit 1), with why.
func noSolutionError(cmd, name string, why error) error {
	return &exitError{code: exitNoSolution, err: fmt.Errorf("%s: %s has no solution: %w", cmd, name, why)}
}
