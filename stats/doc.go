// Package stats holds the few statistics minesat reports win rates with:
// the 95% Wilson interval of a rate (Wilson), and the comparison of two
// players on the same games, by the games each won alone (PairedDiff, and
// McNemar's z alone, McNemar). It imports nothing of minesat's: batch
// reports runs with it, agent races its candidates with it, and advice
// gives a candidate's chance to win with it.
package stats
