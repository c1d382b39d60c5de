package main

// playProcs returns how many threads may run Go code at once (GOMAXPROCS)
// for a play run with workers players' goroutines on a machine of cpus
// CPUs, or 0 to keep Go's default (one a CPU): GOMAXPROCS set in the
// environment, or workers that fill the CPUs. With fewer workers than CPUs,
// an idle thread woke for every game to pass it between the goroutines that
// hand out games, play them and count them, and slept again (futex calls
// and context switches). The collector then marks on the workers' threads.
func playProcs(getenv func(string) string, workers, cpus int) int {
	if getenv("GOMAXPROCS") != "" || workers >= cpus {
		return 0
	}
	return workers
}
