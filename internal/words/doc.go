// Package words holds the small English helpers minesat's messages share:
// a count with its noun in the singular or the plural.
//
//	words.Count(1, "game")                    // "1 game"
//	words.CountAs(3, "summary", "summaries")  // "3 summaries"
package words
