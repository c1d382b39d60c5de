// Package longtest holds the -long flag of the statistical tests, the ones
// that play or solve thousands of games to check a rate or an invariant.
// Without the flag each such test runs a small sample that still exercises
// its code and its checks, so that go test ./... stays fast; with it,
// go test PACKAGES -long runs the full sample (.ci/run does). The flag goes
// after the packages: go test hands the flags it does not know to the test
// binaries. Only the packages whose tests import longtest accept it.
package longtest
