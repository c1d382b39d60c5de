// Package backtrack solves static Minesweeper puzzles by backtracking search
// over a constraint satisfaction problem. It is minesat's baseline: the
// classic CSP heuristics, engineered honestly, to compare against SAT.
//
// The model. Every Unknown cell is a variable with the domain {safe, mine}.
// Flagged cells are known mines and are not variables. Every revealed hint
// with at least one variable among its neighbours is a constraint "exactly
// need of these variables are mines", where need is the hint minus its
// flagged neighbours; the mine count is one more constraint, over every
// variable.
//
// The search. One depth-first loop, parameterised by Options:
//
//   - Variable order (Order): row-major (OrderNone); fewest legal values
//     (OrderMRV); most constraints shared with other unassigned variables,
//     ties broken by MRV (OrderDegree); MRV with ties broken by degree
//     (OrderMRVDegree). Remaining ties go to the lowest row-major index.
//   - Value order (Value): safe before mine (ValueFixed), or the value that
//     removes the fewest values from the domains of the variables sharing a
//     hint with it (ValueLCV).
//   - Forward checking (Options.FC).
//
// A value is legal for a variable when assigning it keeps every constraint
// of the variable satisfiable by counting: a mine needs every hint of the
// variable to still need a mine and the mine count to have one left; safe
// needs every hint to keep enough unassigned neighbours for the mines it
// still needs, and likewise for the mine count. Without forward checking the
// search tries both values of the chosen variable and rejects an illegal one
// (the consistency check). With forward checking each assignment tightens the
// domain of every unassigned variable to its legal values, plus the bound of
// the mine count over those domains (the variables left with only "mine"
// must not exceed the mines left, those left with only "safe" must not exceed
// the safe cells left, and when either bound is met the undecided variables
// are forced the other way); the assignment fails as soon as any domain is
// empty or a bound is exceeded, and only values still in a domain are tried.
// MRV counts legal values without forward checking and domain values with it.
//
// Nodes and backtracks. Stats.Nodes counts the search-tree nodes: one node
// is one value tried for one variable, counted before its consistency check
// or forward check, so a rejected value costs a node and a value pruned from
// the domain beforehand costs none. Stats.Backtracks counts the tried values
// that failed that check: the dead ends of the tree.
//
// Costs. Each hint keeps incremental counts (mines still needed, unassigned
// neighbours); each variable keeps how many of its hints forbid a mine, how
// many forbid safe, and its dynamic degree; unassigned variables sit in sets
// by (domain class, degree) and by class, each a two-level bitset. An
// assignment and its undo touch only the hints of the assigned cell and
// their cells, at most 8x8 updates. Choosing the next variable reads the
// counts of 4 classes and 36 buckets and takes the lowest member of a few
// sets (one word per 4096 variables), without scanning the board. The board
// is never copied: backtracking undoes the counts in reverse.
//
// Every search is bounded: by Options.MaxNodes and by context cancellation.
// On exhaustion the search stops with a *GaveUpError.
package backtrack
