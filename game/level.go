package game

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Level is a board size and mine count, with a name.
type Level struct {
	Name       string // "easy", "expert", or "RxC/M" for a custom level
	Rows, Cols int
	Mines      int
}

// The named levels. Easy, Medium and Hard are the course assignment's; Beginner,
// Intermediate and Expert are the standard ones. Hard and Expert share a size
// (16 rows x 30 columns, 99 mines) but not default rules.
var (
	Easy         = Level{"easy", 9, 9, 10}
	Medium       = Level{"medium", 16, 16, 25}
	Hard         = Level{"hard", 16, 30, 99}
	Beginner     = Level{"beginner", 9, 9, 10}
	Intermediate = Level{"intermediate", 16, 16, 40}
	Expert       = Level{"expert", 16, 30, 99}
)

// Levels lists the named levels in the order they are documented.
var Levels = []Level{Easy, Medium, Hard, Beginner, Intermediate, Expert}

// String returns the level's name.
func (l Level) String() string { return l.Name }

// Cells returns Rows*Cols.
func (l Level) Cells() int { return l.Rows * l.Cols }

// IsSeedLevel reports whether l is one of the seed assignment's levels
// (easy, medium, hard), whose default rules are RulesSeed.
func (l Level) IsSeedLevel() bool {
	return l.Name == Easy.Name || l.Name == Medium.Name || l.Name == Hard.Name
}

// DefaultRules returns the rules a level is played under unless the user says
// otherwise: RulesSeed for easy, medium and hard; RulesSafe for the rest.
func (l Level) DefaultRules() Rules {
	if l.IsSeedLevel() {
		return RulesSeed
	}
	return RulesSafe
}

// ParseLevel parses a level name (easy, medium, hard, beginner,
// intermediate, expert) or a custom level "RxC/M" such as "20x40/150". It
// checks the size and that the mines fit, but not the rules; see
// Level.Check.
func ParseLevel(s string) (Level, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, l := range Levels {
		if l.Name == name {
			return l, nil
		}
	}
	size, mines, ok := strings.Cut(name, "/")
	r, c, ok2 := strings.Cut(size, "x")
	if !ok || !ok2 {
		return Level{}, fmt.Errorf("game: level %q: want easy, medium, hard, beginner, intermediate, expert or RxC/M (e.g. 20x40/150)", s)
	}
	var nums [3]int
	for k, t := range [3]string{r, c, mines} {
		n, err := strconv.Atoi(t)
		switch {
		case errors.Is(err, strconv.ErrRange):
			return Level{}, fmt.Errorf("game: level %q: %s is too large", s, t)
		case err != nil:
			return Level{}, fmt.Errorf("game: level %q: rows, cols and mines must be integers, as in 20x40/150", s)
		}
		nums[k] = n
	}
	rows, cols, m := nums[0], nums[1], nums[2]
	if err := checkSize(rows, cols); err != nil {
		return Level{}, fmt.Errorf("game: level %q: %w", s, err)
	}
	if m < 0 || m > rows*cols {
		return Level{}, fmt.Errorf("game: level %q: %d mines: want 0..%d on a %dx%d board", s, m, rows*cols, rows, cols)
	}
	return Level{Name: fmt.Sprintf("%dx%d/%d", rows, cols, m), Rows: rows, Cols: cols, Mines: m}, nil
}

// Check reports whether the level can be played under the rules: the board
// size is valid and, after the cells the rules keep free of mines, there is
// room for every mine.
func (l Level) Check(rules Rules) error {
	if err := checkSize(l.Rows, l.Cols); err != nil {
		return fmt.Errorf("game: level %s: %w", l.Name, err)
	}
	if l.Mines < 0 {
		return fmt.Errorf("game: level %s: negative mine count %d", l.Name, l.Mines)
	}
	free := l.Cells() - l.Mines
	need := 0
	switch rules {
	case RulesSeed:
		need = InitialCount(l.Rows, l.Cols)
	case RulesSafe:
		need = 1
	case RulesZero:
		need = 9
		if l.Rows < 3 || l.Cols < 3 {
			need = min(l.Rows, 3) * min(l.Cols, 3)
		}
	default:
		return fmt.Errorf("game: level %s: unknown rules %v", l.Name, rules)
	}
	if free < need {
		return fmt.Errorf("game: level %s cannot be played under rules %s: %d mines in %d cells leave %d free, the rules need %d",
			l.Name, rules, l.Mines, l.Cells(), free, need)
	}
	return nil
}

// InitialCount returns how many safe cells RulesSeed opens before the first
// move: round(sqrt(rows*cols)).
func InitialCount(rows, cols int) int {
	return int(math.Round(math.Sqrt(float64(rows) * float64(cols))))
}

// Rules say how a game starts.
type Rules uint8

// The rules for the start of a game.
const (
	RulesUnset Rules = iota // no rules chosen
	RulesSeed               // the course assignment's: round(sqrt(cells)) random safe cells are opened first
	RulesSafe               // the first opened cell is never a mine
	RulesZero               // the first opened cell and its neighbours are mine-free
)

// String returns "seed", "safe" or "zero".
func (r Rules) String() string {
	switch r {
	case RulesSeed:
		return "seed"
	case RulesSafe:
		return "safe"
	case RulesZero:
		return "zero"
	}
	return "unset"
}

// ParseRules parses "seed", "safe" or "zero".
func ParseRules(s string) (Rules, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "seed":
		return RulesSeed, nil
	case "safe":
		return RulesSafe, nil
	case "zero":
		return RulesZero, nil
	}
	return RulesUnset, fmt.Errorf("game: rules %q: want seed, safe or zero", s)
}
