// Docnumbers measures the figures that open docs/results.md and
// docs/speed.md and writes them between the marker comments
// <!-- numbers:NAME:begin ... --> and <!-- numbers:NAME:end --> of those
// files, with the commit, the date, the machine and the exact commands
// above each table:
//
//	go run ./scripts/docnumbers -update               # both tables (about 20 minutes of CPU)
//	go run ./scripts/docnumbers -update -only speed   # the speed table alone, on an idle machine
//	go run ./scripts/docnumbers -tiny                 # a few games a line, printed: a check that it runs
//
// It builds minesat from the checkout (or runs -minesat PATH), plays every
// line with 'minesat play --format json', and reads the run summaries with
// package batch. The win rates are fixed by their seeds (the same on any
// number of workers); the speed table times one process at a time on one
// worker, so it needs a machine running nothing else. Without -update it
// prints the blocks it would write.
package main
