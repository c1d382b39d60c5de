// Minesat plays and solves Minesweeper by logic: a knowledge base of the
// hints' clauses with unit propagation and resolution, a SAT solver
// (gophersat) for the cells the hints and the mine total force, and exact
// counting of a position's solutions for the probabilities a guess needs.
// This command is a thin layer over the module's packages, which Go
// programs can use directly:
//
//	game       the board, levels, rules, play, puzzle files and game records
//	cnf        literals, clauses, cardinality encodings and DIMACS output
//	kb         the clause knowledge base: unit propagation, resolution, reasons
//	exact      a position's exact answers: solutions, counts, probabilities,
//	           forced cells (proved by gophersat), why there is no solution
//	agent      the player: strategies, guessing, playing whole games, advice
//	batch      many games on many workers, summaries that merge exactly
//	backtrack  a backtracking CSP solver, the baseline SAT is compared with
//	compare    SAT and backtracking on the same puzzles
//	plot       the charts of play --plot and compare --plot
//	web        the page and JSON API of minesat serve, its static site, and
//	           the replay page
//	web/api    the JSON API's answers without a transport (HTTP or the
//	           WebAssembly module of cmd/minesat-wasm)
//
// Usage:
//
//	minesat <command> [flags] [args]
//
// The commands are:
//
//	gen      make a random puzzle file
//	cnf      write a puzzle as DIMACS CNF
//	solve    solve a static puzzle (one solution, count, forced cells, probabilities)
//	play     play automated games and report win rates
//	merge    merge the JSON summaries of a run's shards
//	compare  compare SAT and backtracking on puzzle files
//	replay   verify game records and write an HTML replay
//	analyze  the move minesat would make in a position, why, and every cell's odds
//	serve    a local web page and JSON API: analyse positions, play with hints
//	site     write the page as a static site that runs in the browser, no server
//	version  print minesat's version and the revision it was built from
//
// 'minesat help <command>' or 'minesat <command> -h' prints a command's
// manual, flags and exit codes on stdout; docs/cli.md collects them all.
// Flags may come before or after a command's arguments, with one or two
// dashes; "--" ends the flags. Flags that several commands share mean the
// same in each: --timeout D is a time limit, 0 for none; --max-nodes N is a
// backtracking search's node budget; --format picks text or JSON (and CSV
// for compare); --seed S makes a random run repeatable.
//
// Puzzle files are "rows cols mines" followed by rows*cols cells, -1 for
// unknown and 0..8 for a hint; a malformed file is reported as
// file:line:col.
//
// Results go to stdout, errors and messages to stderr. Every command exits
// with 0 on success, 1 when a puzzle has no solution or a game is lost, 2 on
// bad input or usage, and 3 when a budget or time limit ran out or the
// command was interrupted (Ctrl-C, SIGTERM or SIGHUP: it stops promptly,
// with whole lines written and a summary of what it finished).
//
// Every command opens and reads its inputs (files, FIFOs, standard input)
// and writes its results within --timeout and those signals: a FIFO that
// no one writes, or a pipe that no one reads, holds it up only until then.
// Past the limit or the signal, output goes on for half a second (the
// summary), then stops at the end of the line under way (a line that runs
// on for another 64 KiB is cut there and ended). Output files are opened
// only once the arguments check out, so that a usage error changes no
// file; each command's manual says how it writes them.
package main
