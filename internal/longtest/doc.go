// Package longtest holds the -long flag of the statistical tests, the ones
// that play or solve thousands of games to check a rate or an invariant.
// Without the flag each such test runs a small sample that still exercises
// its code and its checks, so that go test ./... stays fast; with it,
// go test -long runs the full sample (.ci/run does). Only the packages
// whose tests import longtest accept the flag.
package longtest
