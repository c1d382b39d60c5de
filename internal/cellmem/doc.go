// Package cellmem measures what a piece of work costs in memory a cell of
// its board, for the benchmarks of replay, play, analyze, solve and gen on
// big boards (docs/limits.md).
package cellmem
