package main

import "github.com/minesat/minesat/game"

// playProcs returns how many threads may run Go code at once (GOMAXPROCS)
// for a play run with workers players' goroutines on a machine of cpus
// CPUs, or 0 to keep Go's default (one a CPU): GOMAXPROCS set in the
// environment, or workers that fill the CPUs. With fewer workers than CPUs,
// an idle thread woke for every game to pass it between the goroutines that
// hand out games, play them and count them, and slept again: on one worker
// at beginner a third of the CPU time went to that (futex calls and
// context switches), so 30,000 games took 4.2-4.5 s of CPU at Go's default
// and 2.5-2.9 s at one thread (docs/speed.md). The collector then marks on
// the workers' threads.
func playProcs(getenv func(string) string, workers, cpus int) int {
	if getenv("GOMAXPROCS") != "" || workers >= cpus {
		return 0
	}
	return workers
}

// The collector's setting for play on small boards. At the command line's
// GOGC of 400 the heap may grow to 16 MB before the collector first runs
// (Go's 4 MB minimum heap, times 4), while a beginner game's live heap is
// about 2 MB: a 100,000-game beginner run peaked at 31 MB. A soft memory
// limit of 12 MiB a player makes the collector run earlier: the peak falls
// to about 19 MB, for more CPU (on one thread, where the collector's work
// is no longer hidden on an idle CPU, 30,000 beginner games took 2.1-2.9 s
// with it and 2.2-2.3 s without, three rounds alternating). That is paid
// on boards of at most 100 cells, beginner's and easy's 9x9, where a small
// process is asked for; from intermediate's 16x16 up play keeps GOGC 400
// alone (at intermediate the limit cost 10% of the CPU for 14 MB; on expert
// 2.4 times the CPU), and so do runs that write records: they keep every
// move, and under the limit 20,000 beginner games took 25% more CPU
// (docs/speed.md, "A small process").
const (
	smallBoardCells = 100      // boards up to 10x10 (beginner, easy) get the limit
	smallHeapLimit  = 12 << 20 // bytes a player, runtime memory the limit counts
)

// playMemoryLimit returns the soft memory limit for a play run of levels
// with players agents in all (workers, times two in paired play), writing
// records or not, or 0 for none: GOGC or GOMEMLIMIT set in the
// environment, records, or a board above smallBoardCells cells.
func playMemoryLimit(getenv func(string) string, levels []game.Level, players int, records bool) int64 {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" || records {
		return 0
	}
	for _, l := range levels {
		if l.Cells() > smallBoardCells {
			return 0
		}
	}
	return int64(smallHeapLimit * players)
}
