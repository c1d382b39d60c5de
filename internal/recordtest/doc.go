// Package recordtest holds game records that the tests of several
// packages share: games played by a scripted player that sees the mines,
// with the optional probabilities and guess notes of a record line, and
// their JSON Lines.
package recordtest
