// Package agent plays Minesweeper by proof: it keeps a clause knowledge base
// (package kb) of what the opened hints say, acts on what the KB settles,
// and guesses only when no strategy can prove a move.
//
// The model: one loop asks a list of strategies, in order, for moves, and
// plays the first non-empty answer; when every strategy is empty the agent
// is stuck. The standard strategies are
//
//  1. units: literals KB0 has settled (unit propagation runs as each hint
//     is added): a mine is flagged, a safe cell opened and its hint added;
//  2. resolution: restricted resolution (kb.KB.Resolve) until a literal
//     settles or the KB is closed;
//  3. global: the global mine count as binomial clauses, once it is small
//     enough to write out;
//  4. pairs: two hints at a time (HintPairs), a cheap step before sat;
//  5. sat: every cell forced in all layouts that agree with the hints and
//     the mine total, proved by SAT as exact.FindForced proves them, from a
//     count the guess that follows reuses when nothing is forced;
//  6. guess: a Guesser's choice, when guessing is allowed.
//
// The presets name the lists: "kb" is 1-3 (the course assignment's
// knowledge-base agent), "sat" adds 5
// (the exact ceiling of pure logic), "full" adds 6, and "fast" is 1, 4, 5
// and 6: the same guesses and wins as "full", sooner, with moves proved by
// a pair of hints or SAT where "full" names a clause. Every move carries its
// Rule and the clause or constraint behind it; a guess says exactly "guess"
// in a record's why.
//
// Everything random comes from a generator seeded per game (by default
// from the game's seed), so a game's moves depend on the game alone, never
// on which worker played it or what it played before.
package agent
