package batch

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/minesat/minesat/game"
)

// ReferenceSchema is the first line of a reference file.
const ReferenceSchema = "minesat.reference/1"

// MaxReferenceGames bounds the games a reference file may hold, so that a
// file's memory stays in proportion to its size: a game is a byte of the
// file and a bool in memory.
const MaxReferenceGames = 100_000_000

// A Role says what the games of a reference may be used for. A rule,
// constant or budget is chosen on games of the selection set and reported
// on both sets; the confirmation set is held out, so that what it says of
// a choice was not made on its games.
type Role uint8

const (
	RoleUnset   Role = iota // the file does not say
	RoleSelect              // "select": choices may be made on these games
	RoleConfirm             // "confirm": held out, they confirm and never select
)

// roleNames are the roles' values in a reference file, by Role.
var roleNames = [...]string{RoleUnset: "unset", RoleSelect: "select", RoleConfirm: "confirm"}

// String returns the role's value in a reference file: "select" or
// "confirm" ("unset" for RoleUnset, which a file does not write).
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// Describe names the role in prose: "the selection set", "the
// confirmation set, held out", or "" for RoleUnset.
func (r Role) Describe() string {
	switch r {
	case RoleSelect:
		return "the selection set"
	case RoleConfirm:
		return "the confirmation set, held out"
	}
	return ""
}

// ParseRole reads a role as a reference file writes it: select or confirm.
func ParseRole(s string) (Role, error) {
	switch s {
	case "select":
		return RoleSelect, nil
	case "confirm":
		return RoleConfirm, nil
	}
	return RoleUnset, errors.New("want select or confirm")
}

// Reference holds another player's outcome, won or not, on each game of a
// run, kept as data so that a run of minesat can be paired against that
// player game by game without running it (minesat play --against FILE).
//
// The file is text: the line "minesat.reference/1"; then "key value"
// lines: player (who played, and how), level, rules, first (the first
// click as a run summary names it, e.g. "corner (0,0)"), seed and from (the
// run's seed and its first game), and optionally role (select or confirm,
// see Role); then the outcomes, one character a game
// in game order, W for won and L for not won, in lines of any length.
// Lines starting with # are comments; blank lines are skipped.
type Reference struct {
	Player string     // who played the games, and how
	Level  game.Level // the run's level
	Rules  game.Rules // the run's rules
	First  string     // the first click, as Summary.First names it
	Seed   int64      // the run's seed: game i is game.GameSeed(Seed, i)
	From   int        // the first game held
	Role   Role       // what the games may be used for; RoleUnset when the file does not say
	Won    []bool     // Won[k]: game From+k was won
}

// referenceKeys are the keys a reference's header must give.
var referenceKeys = []string{"player", "level", "rules", "first", "seed", "from"}

// To returns the game after the last one held.
func (r *Reference) To() int { return r.From + len(r.Won) }

// Wins returns the games won among games from..to-1, which must lie in
// [From, To()).
func (r *Reference) Wins(from, to int) int {
	n := 0
	for _, w := range r.Won[from-r.From : to-r.From] {
		if w {
			n++
		}
	}
	return n
}

// Covers returns nil if r holds outcomes for games from..to-1 of a run
// played as s says (level, rules, first click and seed), and otherwise an
// error naming the first thing that differs.
func (r *Reference) Covers(s Summary, from, to int) error {
	switch {
	case r.Level.Name != s.Level.Name || r.Level.Rows != s.Level.Rows || r.Level.Cols != s.Level.Cols || r.Level.Mines != s.Level.Mines:
		return fmt.Errorf("the reference is of level %s, the run of %s", r.Level.Name, s.Level.Name)
	case r.Rules != s.Rules:
		return fmt.Errorf("the reference is under rules %s, the run under %s", r.Rules, s.Rules)
	case r.First != s.First:
		return fmt.Errorf("the reference's first click is %s, the run's %s", r.First, s.First)
	case r.Seed != s.Seed:
		return fmt.Errorf("the reference is of seed %d, the run of seed %d", r.Seed, s.Seed)
	case from < r.From || to > r.To():
		return fmt.Errorf("the reference holds %s, the run plays %s", GameRange(r.From, r.To()), GameRange(from, to))
	}
	return nil
}

// ReadReferenceFile reads the reference file at path (ReadReference).
func ReadReferenceFile(path string) (*Reference, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadReference(f, path)
}

// ReadReference reads a reference file from rd; name is the file's name in
// errors, which say name:line:col and what was expected.
func ReadReference(rd io.Reader, name string) (*Reference, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var (
		ref    Reference
		line   int
		schema bool
		seen   = map[string]bool{}
	)
	errorf := func(col int, format string, args ...any) error {
		return fmt.Errorf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), " \t\r")
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if !schema {
			if text != ReferenceSchema {
				return nil, errorf(1, "want %q, found %q", ReferenceSchema, text)
			}
			schema = true
			continue
		}
		if text[0] == 'W' || text[0] == 'L' {
			for _, k := range referenceKeys {
				if !seen[k] {
					return nil, errorf(1, "outcomes before the header is whole: want player, level, rules, first, seed and from")
				}
			}
			for col, c := range []byte(text) {
				if c != 'W' && c != 'L' {
					return nil, errorf(col+1, "want W (won) or L (not won), found %q", c)
				}
				if len(ref.Won) == MaxReferenceGames {
					return nil, errorf(col+1, "more than %d games", MaxReferenceGames)
				}
				ref.Won = append(ref.Won, c == 'W')
			}
			continue
		}
		if len(ref.Won) > 0 {
			return nil, errorf(1, "want only outcome lines after the first one")
		}
		key, value, ok := strings.Cut(text, " ")
		if !ok || value == "" {
			return nil, errorf(1, "want \"key value\", found %q", text)
		}
		if seen[key] {
			return nil, errorf(1, "%s given twice", key)
		}
		col := len(key) + 2
		var err error
		switch key {
		case "player":
			ref.Player = value
		case "level":
			ref.Level, err = game.ParseLevel(value)
		case "rules":
			ref.Rules, err = game.ParseRules(value)
		case "first":
			ref.First = value
		case "seed":
			ref.Seed, err = strconv.ParseInt(value, 10, 64)
		case "from":
			ref.From, err = strconv.Atoi(value)
			if err == nil && ref.From < 0 {
				err = errors.New("want 0 or more")
			}
		case "role":
			ref.Role, err = ParseRole(value)
		default:
			return nil, errorf(1, "unknown key %q: want player, level, rules, first, seed, from or role", key)
		}
		if err != nil {
			return nil, errorf(col, "%s %s: %v", key, value, err)
		}
		seen[key] = true
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	switch {
	case !schema:
		return nil, fmt.Errorf("%s: empty: want a %s file", name, ReferenceSchema)
	case len(ref.Won) == 0:
		return nil, fmt.Errorf("%s:%d: no outcomes: want lines of W and L after the header", name, line)
	}
	return &ref, nil
}

// ReferenceWriter writes a reference file: the header of a Reference when
// made, then one outcome a game as Add is called, in game order, 100 a line.
// Close ends the last line; a file closed after any number of games, none
// included, is one ReadReference reads back (none: the header only, which
// ReadReference refuses as holding no outcomes).
type ReferenceWriter struct {
	w    *bufio.Writer
	line int // outcomes on the current line
}

// referenceLine is the number of outcomes a line of a written reference holds.
const referenceLine = 100

// NewReferenceWriter writes r's header (r.Won is ignored; the role only when
// set), after the comment lines comments (each written as "# " and the
// line), to w.
func NewReferenceWriter(w io.Writer, r *Reference, comments ...string) *ReferenceWriter {
	rw := &ReferenceWriter{w: bufio.NewWriter(w)}
	for _, c := range comments {
		fmt.Fprintf(rw.w, "# %s\n", c)
	}
	fmt.Fprintf(rw.w, "%s\nplayer %s\nlevel %s\nrules %s\nfirst %s\nseed %d\nfrom %d\n",
		ReferenceSchema, r.Player, r.Level.Name, r.Rules, r.First, r.Seed, r.From)
	if r.Role != RoleUnset {
		fmt.Fprintf(rw.w, "role %s\n", r.Role)
	}
	return rw
}

// Add writes the next game's outcome.
func (rw *ReferenceWriter) Add(won bool) {
	c := byte('L')
	if won {
		c = 'W'
	}
	rw.w.WriteByte(c)
	if rw.line++; rw.line == referenceLine {
		rw.w.WriteByte('\n')
		rw.line = 0
	}
}

// Close ends the last line and flushes what is buffered; it returns the
// first write error.
func (rw *ReferenceWriter) Close() error {
	if rw.line > 0 {
		rw.w.WriteByte('\n')
		rw.line = 0
	}
	return rw.w.Flush()
}
