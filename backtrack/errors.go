package backtrack

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNoTotal is returned by New for a puzzle whose mine total is unknown
// (game.UnknownMines): the search places an exact number of mines.
var ErrNoTotal = errors.New("backtrack: the mine total is unknown; the search needs it")

// ErrBudget is wrapped by a GaveUpError when the node budget ran out.
var ErrBudget = errors.New("backtrack: node budget exhausted")

// GaveUpError reports a search stopped before it finished, by the node
// budget (Err is ErrBudget) or by its context (Err is the context's error).
// Nothing is known then about the puzzle's solutions beyond those reported.
type GaveUpError struct {
	Stats Stats // the work done before giving up
	Err   error // ErrBudget, context.Canceled or context.DeadlineExceeded
}

// Error returns "backtrack: gave up after N nodes (why)".
func (e *GaveUpError) Error() string {
	return fmt.Sprintf("backtrack: gave up after %d nodes (%s)", e.Stats.Nodes,
		strings.TrimPrefix(e.Err.Error(), "backtrack: "))
}

// Unwrap returns ErrBudget or the context's error.
func (e *GaveUpError) Unwrap() error { return e.Err }
