// Package guess holds minesat's guessing: how a player picks the cell to
// open when nothing proves a move, and its memory between guesses.
//
// A Guesser answers a Position (the player's view, its random source and
// the counts it lends) with a Guess: the cell, its estimated mine
// probability, the runner-up and the Method that chose it. Its State is
// the memory it works in, one a player, kept from guess to guess.
//
//   - LocalGuesser (guess.go) opens the cell of lowest local estimate.
//   - ProbGuesser (prob.go) guesses from exact probabilities (package
//     exact): the exhaustive endgame search when few layouts are left
//     (endgame.go), a pseudo 50/50 the game must take anyway (fifty.go),
//     else a lookahead that weighs the safest cells one or two moves ahead
//     (prob.go), optionally by a Policy of D. Hill's heuristics
//     (policy.go), with its weighings remembered (memo.go) and its
//     analyses reused (reveals.go).
//   - FiftyFifties (fifty.go) names the pseudo 50/50s of a position, for
//     the advice on a position as for the guessers; the cells that tell
//     nothing when opened are exact's (Analyzer.Dead), which the policy
//     asks about its candidates, keeping the analyses (reveals.go).
//   - Method (method.go) says how a guess was chosen, and Guess.Note
//     (note.go) writes it as a game record's guess note.
//
// A guess depends on the position, the guesser's settings and the draws
// from the position's random source alone, never on what its State holds.
package guess
