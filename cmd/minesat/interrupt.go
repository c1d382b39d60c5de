package main

// Stopping work that does not watch a context (parsing a puzzle, building a
// formula, generating a board) when the user presses Ctrl-C or a --timeout
// runs out. Input and output end likewise (input.go, output.go).

import "context"

// untilDone runs f and returns its results, or ctx's error as soon as ctx is
// done. f then runs on, abandoned, until the command exits: use it only for
// work without side effects the user could see, such as reading and
// building, never for writing output.
func untilDone[T any](ctx context.Context, f func() (T, error)) (T, error) {
	return untilDoneDrop(ctx, f, nil)
}

// untilDoneDrop is untilDone; when ctx ends first and the abandoned f later
// succeeds, drop (unless nil) is given its value, to release what it holds
// (close a file opened too late, remove one created).
func untilDoneDrop[T any](ctx context.Context, f func() (T, error), drop func(T)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, err
	}
	type answer struct {
		v   T
		err error
	}
	done := make(chan answer, 1)
	go func() {
		v, err := f()
		done <- answer{v, err}
	}()
	select {
	case a := <-done:
		return a.v, a.err
	case <-ctx.Done():
		if drop != nil {
			go func() {
				if a := <-done; a.err == nil {
					drop(a.v)
				}
			}()
		}
		var zero T
		return zero, ctx.Err()
	}
}
