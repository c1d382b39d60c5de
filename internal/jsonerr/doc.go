// Package jsonerr says what a JSON decode error means in a reader's terms:
// what a field wants, named by its Go type (an integer, a list...), and
// what the input holds there. Game records and run summaries word their
// errors with it, and decode with its Strict options.
package jsonerr
