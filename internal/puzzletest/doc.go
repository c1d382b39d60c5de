// Package puzzletest holds what the tests of several packages share about
// puzzles: boards written as text, the repository's seed puzzles, and the
// brute-force enumeration of a puzzle's solutions that the solvers are
// checked against.
//
// Enumeration is exponential in the unknown cells: keep them to about 20,
// or a few more on well-hinted boards.
package puzzletest
