// Package kb is minesat's knowledge about a Minesweeper position: a clause
// knowledge base that a playing agent grows move by move, and the SAT layer
// that answers exact questions about a static position. It is the only
// package that imports gophersat.
//
// The model: variable i is true iff cell i (row-major) holds a mine. A Lit
// is "cell i holds a mine" (2i) or "cell i is safe" (2i+1). A revealed hint
// n with m unsettled neighbours becomes "exactly n of them" in the seeds'
// binomial encoding (package cnf): C(m,n+1) clauses of n+1 safe literals
// and C(m,n-1) clauses of m-n+1 mine literals.
//
// The clause KB (KB, seed 004's design) holds clauses and KB0, the settled
// literals. Inserting a clause simplifies it by KB0, drops it if a stored
// clause subsumes it and removes the stored clauses it subsumes; a unit
// settles its literal in KB0 and propagates. Resolve resolves pairs that
// clash on exactly one cell, one of them short (Limits), to a fixpoint.
// Every settled literal keeps its Reason: the clause, as first derived,
// that became a unit.
package kb
