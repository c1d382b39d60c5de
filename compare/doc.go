// Package compare runs the SAT solver and backtracking searches on the
// same puzzles and reports, for each puzzle and method, the outcome, the
// solutions, the search's nodes and backtracks and the time, and a total
// per method: the harness behind 'minesat compare'.
//
//	methods, err := compare.ParseMethods("sat,bt,mrv+fc", backtrack.DefaultMaxNodes)
//	rep, err := compare.Run(ctx, []compare.Puzzle{{Name: "a.txt", Puzzle: p}}, compare.Options{Methods: methods})
//	rep.WriteText(os.Stdout, false)
//
// Methods are "sat" (gophersat through exact.Solve, or with Options.All
// exact.Count) and backtracking searches named by their heuristics joined by
// + (see backtrack.ParseMethod). A node is one value tried for one
// variable; sat counts no nodes.
//
// Every solution is checked against its puzzle before it counts, and the
// methods' answers on one puzzle are checked against each other: an
// invalid solution, "no solution" where another method found one, or with
// Options.All a count that disagrees with a finished enumeration is
// Wrong. Times are wall-clock, the fastest of Options.Repeat runs; with
// Options.All the time spent checking solutions is not counted.
//
// Each run (one puzzle, one method) stops at its node budget
// (backtrack.Options.MaxNodes) or after Options.Timeout and is GaveUp.
// The report writes as aligned text, CSV or JSON with the same columns.
package compare
