package longtest

import "flag"

var long = flag.Bool("long", false, "run the long statistical tests on their full samples")

// Enabled reports whether the tests run with -long.
func Enabled() bool { return *long }

// Pick returns full under -long and quick otherwise: the size of a
// statistical test's sample.
func Pick(quick, full int) int {
	if *long {
		return full
	}
	return quick
}
