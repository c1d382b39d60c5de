// Package cnf encodes Minesweeper knowledge as propositional constraints:
// variables, literals, clauses and cardinality constraints, with no solver.
//
// The model: each Unknown cell of a game.Puzzle gets a variable, numbered 1, 2,
// ... in row-major order, that is true iff the cell holds a mine. Revealed and
// Flagged cells get no variable: a hint is never a mine, and a flag is a known
// mine, so flags are simplified away by subtracting them from the counts they
// take part in. A revealed hint h with f flagged neighbours says "exactly h-f of
// its unknown neighbours are mines"; the puzzle's mine count M with F flags
// says "exactly M-F of all unknown cells are mines". A count that cannot be
// met (negative, or larger than the cells it ranges over) makes the problem
// unsatisfiable: it is kept as a constraint and encoded as the empty clause,
// never reported by a panic.
//
// "Exactly n of these literals" (an Exactly value) has three forms:
//
//   - Binomial: the naive clauses, C(m,n+1) clauses of n+1 negative literals
//     (at most n) and C(m,m-n+1) clauses of m-n+1 positive literals (at least
//     n). No auxiliary variables; fine for a hint's 8 neighbours, exponential
//     for large sets.
//   - Totalizer (Bailleux and Boufkhad 2003) and Sequential (Sinz 2005): compact
//     encodings for large sets such as the global mine count. With k =
//     min(n,m-n), the totalizer adds O(m log k) auxiliary variables and the
//     sequential counter O(m k); both write O(m k) clauses.
//     Both are written in both directions, so unit propagation alone detects
//     every violated count and forces every implied input.
//   - Card: a pair of pseudo-boolean "at least" constraints (at least n, and at
//     least m-n of the negations), for solvers that take cardinality
//     constraints natively, such as gophersat's ParsePBConstrs.
//
// Encoders write clauses to a Sink, a small interface that hands out fresh
// variables and takes clauses; Formula is the Sink that keeps them, and
// writes DIMACS. A Problem holds a puzzle's constraints as plain values, for
// callers that build their own solver input.
package cnf
