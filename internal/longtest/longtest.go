// Package longtest holds the -long flag of the statistical tests, the ones
// that play or solve thousands of games to check a rate or an invariant.
// Without the flag each such test runs a small sample that still exercises
// its code and its checks, so that go test ./... stays fast; with it,
// go test -long runs the full sample (.ci/run does). Only the packages
// whose tests import longtest accept the flag.
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
