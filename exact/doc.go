// Package exact holds minesat's exact answers about a static Minesweeper
// position, and only those: splitting it into independent parts, solving
// it, counting its solutions, each cell's mine probability, the cells every
// solution agrees on (proved by gophersat), the dead cells and why a
// position has no solution. It is the only package that imports gophersat.
//
// An Analyzer answers a position in one call, holding the counting budget,
// the cache of counted components and its working memory:
//
//	z := exact.NewAnalyzer(exact.Budget{})
//	r, err := z.Report(ctx, puzzle, exact.Ask{Count: true, Forced: true, Probabilities: true})
//	// r.Satisfiable, r.Conflict; r.Count, r.Forced, r.Probs as asked
//
// A Report falls back on SAT alone for the forced cells when a component
// is too large to count (Report.Uncounted says so), and says why when no
// layout fits (Conflict); its JSON form (ReportJSON) is the object solve
// and analyze print. The steps are methods too:
//
//	a, err := z.Analyze(ctx, puzzle)   // the Analysis: every component counted
//	n, err := a.Count(ctx)             // solutions, as a *big.Int
//	probs, err := a.Probabilities(ctx) // probs.At(i): cell i's chance of a mine
//	f, err := a.Forced(ctx)            // f.Mines, f.Safe: proved forced
//
// Analyze, Count, Probabilities, FindForced and Solve do the same from a
// puzzle in one call, with no cache. The clause knowledge base a player
// grows move by move is package kb's.
//
// # Parts
//
// A Split cuts a puzzle into parts. Unit propagation on the hints settles
// some cells; the undecided cells next to a hint (the frontier) fall into
// connected components, two cells being linked when a hint sees both; the
// cells next to no hint (the interior) are interchangeable, so they are
// never enumerated: they enter only through binomial coefficients
// C(interior, mines left). Components share no hint, so only the global
// mine count ties them together.
//
// # Solving and proving
//
// Solve asks gophersat for a solution of each component, then reconciles
// the mine count (see Solve). FindForced proves each forced cell by
// gophersat: the opposite value, with the component's hints and the mine
// totals the rest of the board allows, is unsatisfiable. The mine count is
// thus encoded compactly, as bounds on each component's total, never as
// "exactly M of every unknown cell", which gophersat may not finish.
// Interior cells, forced only by the count, rest on each component's set
// of totals, which gophersat certifies component by component.
//
// # Counting
//
// Count and Probabilities count exactly. Each component's solutions are
// built into a decision diagram (frontier-based search): cells are decided
// in a sweep order, and partial assignments that leave the open hints
// needing the same mines merge into one node, so the diagram grows with
// the component's width, not its number of solutions. Counts by number of
// mines flow through it forward; weights of the rest of the board flow
// back; their products give each cell's probability. Components combine
// by polynomial products, exactly with math/big for Count, and in floating
// point, tilted by the mine density, for Probabilities. Budget bounds the
// diagrams; a component too wide to count is first shrunk by a gophersat
// backbone search, which fixes its forced cells and splits the rest.
// Contexts cancel all of it: counting checks its context as it goes, and
// every gophersat search stops at its next conflict once the context ends
// (see below), so a call returns soon after its context's end, with its
// error, and nothing it started keeps running.
//
// # Sampling
//
// An Analysis's Sampler draws layouts uniformly at random from the
// position's solutions, seeded by the caller's math/rand/v2 generator:
//
//	s, err := a.Sampler(ctx)       // ErrNoSolution when there is none
//	layout = s.Draw(rng, layout)   // the mine cells, flags included, increasing
//
// It draws how many mines each component and the interior hold, with
// chance proportional to the product of the components' counts at those
// totals and the interior's binomial coefficient (without a mine total,
// each component alone, and each interior cell a fair coin), then each
// component's layout among its solutions with its total, by a walk down
// its diagram weighted by counts by mines left, then the interior's
// cells. Counts keep an exponent of their own, so every chance is exact
// to float64 rounding and none that is positive becomes zero. Making a
// Sampler costs about what counting did; a draw costs about the
// position's unknown cells.
//
// A player weighing guesses analyses many positions that differ from one
// another by a single hint. An Analyzer reuses, through its Cache, the
// components an earlier analysis counted; its Reveal also splits the
// position from the earlier one's Split (Split.Reveal), propagating and
// joining only the components next to the new hint, and takes the earlier
// analysis's counts for the components the two share, in memory it keeps
// (Reveals) for a lookahead that drops each analysis before the next;
// RevealIn makes one in memory the caller holds, for a caller that keeps
// several. All give the same answers as Analyze, to the bit. Dead opens a
// closed cell on each hint it could show (HintValues) to tell whether it
// is dead; Report lists the dead cells so, and a guesser tests its
// candidates so, keeping the analyses for its lookahead.
//
// # gophersat
//
// The SAT solver is minesat's copy of gophersat v1.4.0's solver package
// (internal/third_party/gophersat, MIT licence), changed in two ways: each solver has
// its own learning buffer, where upstream shares one package-level buffer
// between all solvers, so that two searches at once raced and every use
// had to hold one global mutex; and a solver stops its search when its
// Interrupt channel (a context's Done) closes, where upstream's Solve,
// Minimize and Optimal (whose stop channel is never read) cannot be
// stopped. Together they let any number of analyses search at once and
// each keep its own budget: a 40x60 position whose Minimize ran for
// minutes once froze every analysis of a server (TestSATInterrupted).
// (A third change only saves memory: the restart heuristic's last trail
// lengths grow as conflicts come, instead of a 40 KB array in every
// solver.)
//
// gophersat v1.4.0 has pitfalls, each worked around here and pinned by a
// test: ParseCardConstrs drops some constraints (constraints go through
// ParsePBConstrs); Assume forgets the problem's unit literals (they are
// saved and passed again) and accepts x and not-x together (refused
// first); Eq panics on nil weights and negates its input (never called);
// Model after an unsatisfiable query returns a stale model (models are
// taken only from satisfiable answers); CountModels and Enumerate count
// some models twice and cannot be cancelled (counting is our own);
// Minimize panics on nil cost weights (unit weights are passed);
// ParsePBConstrs sorts a constraint's weights in place (each build gets
// a copy); and Verbose prints to stdout (it stays off).
package exact
