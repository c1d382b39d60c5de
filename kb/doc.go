// Package kb holds minesat's clause knowledge base, and only that: the
// clauses a player learns about one board, move by move, with unit
// propagation, restricted resolution and the reason each cell settled.
//
//	k := kb.New(board)
//	err := k.AddHint(cell, 2) // cell is safe and shows 2
//	_, err = k.Resolve()      // call until k.Pending() is false to saturate
//	for _, l := range k.Settled() {
//		fmt.Println(kb.FormatLit(board, l), k.Explain(l).Format(board))
//	}
//
// Questions about a static position that need every solution at once
// (counting, probabilities, forced cells proved by SAT) are package exact's.
//
// The model: cell i (row-major) is variable cnf.Var(i+1), true iff the cell
// holds a mine; literals and clauses are package cnf's. MineLit(i) is
// "cell i holds a mine", SafeLit(i) "cell i is safe". A revealed hint n
// with m unsettled neighbours becomes "exactly n of them" in the binomial
// encoding (package cnf): C(m,n+1) clauses of n+1 safe literals and
// C(m,n-1) clauses of m-n+1 mine literals.
//
// The KB (the design of the course assignment minesat started from) holds
// clauses and KB0, the settled literals. Inserting a clause simplifies it
// by KB0, drops it if a stored clause subsumes it and removes the stored
// clauses it subsumes; a unit settles its literal in KB0 and propagates.
// Resolve resolves pairs that clash on exactly one cell, one of them short
// (Limits), to a fixpoint. Every settled literal keeps its Reason: the
// clause, as first derived, that became a unit.
package kb
