// Package compare runs the SAT solver and backtracking searches on the
// same puzzles and reports, for each puzzle and solver, the outcome, the
// solutions, the search's nodes and backtracks and the time, and a total
// per solver: the harness behind 'minesat compare'.
//
//	solvers, err := compare.ParseSolvers("sat,bt,mrv+fc", backtrack.DefaultMaxNodes)
//	rep, err := compare.Run(ctx, []compare.Puzzle{{Name: "a.txt", Puzzle: p}}, compare.Options{Solvers: solvers})
//	rep.WriteText(os.Stdout, false)
//
// Solvers are "sat" (gophersat through exact.Solve, or with Options.All
// exact.Count) and backtracking searches named by their heuristics joined by
// + (see backtrack.ParseOptions). A node is one value tried for one
// variable; sat counts no nodes. 'minesat compare' still calls the solvers
// methods (its --methods flag and "method" column), as its users know them.
//
// Every solution is checked against its puzzle before it counts, and the
// solvers' answers on one puzzle are checked against each other: an
// invalid solution, "no solution" where another solver found one, or with
// Options.All a count that disagrees with a finished enumeration is
// Wrong. Times are wall-clock, the fastest of Options.Repeat runs; with
// Options.All the time spent checking solutions is not counted.
//
// Each run (one puzzle, one solver) stops at its node budget
// (backtrack.Options.MaxNodes) or after Options.Timeout and is GaveUp.
// The report writes as aligned text, CSV or JSON with the same columns.
package compare
