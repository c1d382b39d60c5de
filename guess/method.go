package guess

import "strconv"

// Method says how a guess was chosen. Its String is the guesser's words,
// written as a game record's guess "method" and in play --trace; Chosen is
// the coarser class Advise reports. The zero value is MethodUnknown.
type Method uint8

// The ways a guess is chosen.
const (
	MethodUnknown    Method = iota // not said (a Guess built by hand)
	MethodLocal                    // LocalGuesser: the lowest local estimate
	MethodProb                     // ProbGuesser: the lowest exact probability
	MethodLookahead                // ProbGuesser: the best chance of surviving this move and the next
	MethodLookahead2               // ProbGuesser: the same, two moves ahead
	MethodEndgame                  // ProbGuesser: the best chance of winning, by searching the whole game tree
	MethodFiftyFifty               // ProbGuesser: a pseudo 50/50 the game must take anyway, played now
	MethodThink                    // a player's win-probability search over the guesser's candidates (play --think)
)

var methodNames = [...]string{
	MethodUnknown:    "",
	MethodLocal:      "local estimate",
	MethodProb:       "exact probability",
	MethodLookahead:  "exact probability, one move ahead",
	MethodLookahead2: "exact probability, two moves ahead",
	MethodEndgame:    "endgame search",
	MethodFiftyFifty: "exact probability, pseudo 50/50",
	MethodThink:      "win-probability search",
}

// String returns the method in the guesser's words, e.g. "endgame search";
// "" for MethodUnknown.
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return "Method(" + strconv.Itoa(int(m)) + ")"
}

// Chosen returns the class of the method that Advise reports as a
// recommended guess's "chosen": "endgame", "fifty-fifty", "lookahead"
// (one or two moves ahead), "probability", "think", or else "local
// estimate".
func (m Method) Chosen() string {
	switch m {
	case MethodThink:
		return "think"
	case MethodEndgame:
		return "endgame"
	case MethodFiftyFifty:
		return "fifty-fifty"
	case MethodLookahead, MethodLookahead2:
		return "lookahead"
	case MethodProb:
		return "probability"
	}
	return "local estimate"
}

// Scored reports whether guesses of the method carry a score beyond their
// probability (Guess.Score): a lookahead's chance of surviving, an endgame
// search's chance of winning, a win-probability search's estimate of it.
func (m Method) Scored() bool {
	return m == MethodEndgame || m == MethodLookahead || m == MethodLookahead2 || m == MethodThink
}
