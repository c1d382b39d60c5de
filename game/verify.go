package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/minesat/minesat/internal/words"
)

// ErrUnsound is wrapped by a RecordError for a deduced move that contradicts
// the mines: a deduced open of a mine, or a deduced flag of a safe cell.
var ErrUnsound = errors.New("game: deduced move contradicts the mines")

// RecordError is a way a Record contradicts itself or its mines.
type RecordError struct {
	Move int   // index into Record.Moves, or -1 for the record as a whole
	Err  error // what is wrong
}

// Error names the move as "moves[i]", its index in the record's JSON array.
func (e *RecordError) Error() string {
	if e.Move < 0 {
		return "game: record: " + e.Err.Error()
	}
	return fmt.Sprintf("game: record: moves[%d]: %v", e.Move, e.Err)
}

// Unwrap returns the underlying error.
func (e *RecordError) Unwrap() error { return e.Err }

func recordErrorf(move int, format string, args ...any) error {
	return &RecordError{Move: move, Err: fmt.Errorf(format, args...)}
}

// VerifyRecord replays rec against its own mines and returns the first way
// it contradicts them, as a *RecordError. It is ReplayRecord with no
// callback; see there for what is checked.
func VerifyRecord(rec *Record) error {
	_, err := ReplayRecord(rec, nil)
	return err
}

// ReplayRecord replays rec move by move on a game with the record's own
// layout and checks, in order:
//
//   - the header: the level parses and its size and mine count match Rows,
//     Cols and MineCount; the rules parse; Mines lists MineCount distinct
//     cells on the board in row-major order;
//   - the seed: a game made with New from Level, Rules and Seed (and, under
//     RulesSafe and RulesZero, opened at the record's first open move) has
//     exactly the record's mines and initial cells. Generation is linear in
//     the board size, so this check is never skipped, except when a
//     RulesSafe or RulesZero record has no open move at all and lists no
//     mines: the layout was never drawn and there is nothing to compare;
//   - the start: the initial cells are safe and, under RulesSeed, there are
//     InitialCount of them (none under the other rules). The seed check
//     already implies that the first open respects RulesSafe or RulesZero;
//   - every move: the op is OpOpen or OpFlag on a cell of the board, Why is
//     not empty, the cell is not already open (nor already flagged, for a
//     flag), and the game has not ended. A deduced move (Why other than
//     WhyGuess) must be sound: an open is not a mine and a flag is a mine
//     (errors wrap ErrUnsound). A guessed open may hit a mine, which loses
//     the game, so it must be the last move;
//   - the result: Won iff every safe cell is open after the last move,
//     Lost iff the last move opened a mine, Stuck otherwise.
//
// When step is not nil it is called after each move that passed its checks,
// with the move's index and the row-major indices of the cells it opened, in
// the order the game opened them (nil for a flag or a lost open). The
// returned game is in its final state, also when err is not nil (then it is
// the state before the offending move, or nil if the header is bad).
func ReplayRecord(rec *Record, step func(i int, opened []int)) (*Game, error) {
	level, rules, err := recordHeader(rec)
	if err != nil {
		return nil, err
	}
	firstOpen := slices.IndexFunc(rec.Moves, func(m MoveRecord) bool { return m.Op == OpOpen.String() })
	var b *Board
	if rules != RulesSeed && firstOpen < 0 && len(rec.Mines) == 0 {
		// The layout was never drawn: replay on an empty board of the
		// right size, on which any flag is unsound.
		level.Mines = 0
	} else if b, err = checkSeed(rec, level, rules, firstOpen); err != nil {
		return nil, err
	}
	g, err := newWithLayout(level, rules, rec.Seed, b, posList(rec.Mines), posList(rec.Initial))
	if err != nil {
		return nil, &RecordError{Move: -1, Err: err}
	}
	g.level.Mines = rec.MineCount
	b = g.board
	var opened []int // reused when step is nil (step may keep it): a cascade may open every cell
	for i, m := range rec.Moves {
		if g.outcome != Unfinished {
			when := fmt.Sprintf("at moves[%d]", i-1)
			if i == 0 {
				when = "by its initial cells"
			}
			return g, recordErrorf(i, "%s %v after the game was %s %s", m.Op, PosOf(m.Cell), g.outcome, when)
		}
		p := PosOf(m.Cell)
		if !b.Contains(p) {
			return g, recordErrorf(i, "%s %v: off the %dx%d board", m.Op, p, b.rows, b.cols)
		}
		if m.Why == "" {
			return g, recordErrorf(i, "%s %v: no reason given (why is empty)", m.Op, p)
		}
		idx := b.Index(p)
		deduced := m.Why != WhyGuess
		if g.cells[idx].State == Revealed {
			return g, recordErrorf(i, "%s %v: the cell is already open", m.Op, p)
		}
		switch m.Op {
		case OpOpen.String():
			if deduced && g.mine[idx] {
				return g, &RecordError{Move: i, Err: fmt.Errorf("open %v (why %q): the cell is a mine: %w", p, m.Why, ErrUnsound)}
			}
			if step != nil {
				opened = nil
			}
			opened, err = g.OpenAppend(opened[:0], p)
			if err != nil && !errors.Is(err, ErrMine) {
				return g, &RecordError{Move: i, Err: err}
			}
			if step != nil {
				step(i, opened)
			}
		case OpFlag.String():
			if g.cells[idx].State == Flagged {
				return g, recordErrorf(i, "flag %v: the cell is already flagged", p)
			}
			if deduced && !g.mine[idx] {
				return g, &RecordError{Move: i, Err: fmt.Errorf("flag %v (why %q): the cell is safe: %w", p, m.Why, ErrUnsound)}
			}
			if err := g.Flag(p); err != nil {
				return g, &RecordError{Move: i, Err: err}
			}
			if step != nil {
				step(i, nil)
			}
		default:
			return g, recordErrorf(i, "op %q: want %q or %q", m.Op, OpOpen, OpFlag)
		}
	}
	want := Stuck
	if g.outcome != Unfinished {
		want = g.outcome
	}
	if rec.Outcome != want {
		switch rec.Outcome {
		case Won, Lost, Stuck:
		default:
			return g, recordErrorf(-1, "result %q: want %q, %q or %q", rec.Outcome, Won, Lost, Stuck)
		}
		return g, recordErrorf(-1, "result is %q but the moves leave the game %s (%d safe cells still closed)", rec.Outcome, want, g.closed)
	}
	return g, nil
}

// recordHeader checks the level, size, mine list and rules of rec.
func recordHeader(rec *Record) (Level, Rules, error) {
	if err := CheckSize(rec.Rows, rec.Cols); err != nil {
		return Level{}, 0, &RecordError{Move: -1, Err: err}
	}
	level, err := ParseLevel(rec.Level)
	if err != nil {
		return Level{}, 0, &RecordError{Move: -1, Err: err}
	}
	if level.Rows != rec.Rows || level.Cols != rec.Cols || level.Mines != rec.MineCount {
		return Level{}, 0, recordErrorf(-1, "level %s is %dx%d with %d mines, the record says %dx%d with %d",
			level.Name, level.Rows, level.Cols, level.Mines, rec.Rows, rec.Cols, rec.MineCount)
	}
	rules, err := ParseRules(rec.Rules)
	if err != nil {
		return Level{}, 0, &RecordError{Move: -1, Err: err}
	}
	if err := level.Check(rules); err != nil {
		return Level{}, 0, &RecordError{Move: -1, Err: err}
	}
	if len(rec.Mines) == 0 && rules != RulesSeed && !slices.ContainsFunc(rec.Moves, func(m MoveRecord) bool { return m.Op == OpOpen.String() }) {
		return level, rules, nil
	}
	if len(rec.Mines) != rec.MineCount {
		return Level{}, 0, recordErrorf(-1, "mines lists %d cells, mine_count is %d", len(rec.Mines), rec.MineCount)
	}
	for k, m := range rec.Mines {
		p := PosOf(m)
		if p.Row < 0 || p.Row >= rec.Rows || p.Col < 0 || p.Col >= rec.Cols {
			return Level{}, 0, recordErrorf(-1, "mines[%d] %v: off the %dx%d board", k, p, rec.Rows, rec.Cols)
		}
		if k > 0 {
			q := PosOf(rec.Mines[k-1])
			if q.Row*rec.Cols+q.Col >= p.Row*rec.Cols+p.Col {
				return Level{}, 0, recordErrorf(-1, "mines[%d] %v: not after %v in row-major order (listed twice or out of order)", k, p, q)
			}
		}
	}
	return level, rules, nil
}

// checkSeed regenerates the layout from the record's seed and compares. It
// returns the board it made, for the replay.
func checkSeed(rec *Record, level Level, rules Rules, firstOpen int) (*Board, error) {
	g, err := New(level, rules, rec.Seed)
	if err != nil {
		return nil, &RecordError{Move: -1, Err: err}
	}
	if rules != RulesSeed {
		if firstOpen < 0 {
			return nil, recordErrorf(-1, "rules %s draw the layout at the first open, but no move opens a cell and mines lists %d cells", rules, len(rec.Mines))
		}
		p := PosOf(rec.Moves[firstOpen].Cell)
		if !g.board.Contains(p) {
			return nil, recordErrorf(firstOpen, "open %v: off the %dx%d board", p, rec.Rows, rec.Cols)
		}
		g.placeFor(g.board.Index(p))
	}
	if got := PairsOf(g.Mines()); !slices.Equal(got, rec.Mines) {
		return nil, recordErrorf(-1, "seed %d under rules %s gives other mines: %s", rec.Seed, rules, listDiff(got, rec.Mines))
	}
	got := PairsOf(g.Initial())
	want := slices.Clone(rec.Initial)
	byRowMajor := func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	}
	slices.SortFunc(got, byRowMajor)
	slices.SortFunc(want, byRowMajor)
	if !slices.Equal(got, want) {
		return nil, recordErrorf(-1, "seed %d under rules %s opens other initial cells: %s", rec.Seed, rules, listDiff(got, want))
	}
	return g.board, nil
}

// listDiff says where the record's cells, want, first differ from got, the
// seed's, both in row-major order, in a few words whatever their length:
// "it gives 10 cells, the record lists 9; the first difference in row-major
// order: (2,5) where the record lists (2,6)".
func listDiff(got, want [][2]int) string {
	k := 0
	for k < len(got) && k < len(want) && got[k] == want[k] {
		k++
	}
	cell := func(l [][2]int) string {
		if k < len(l) {
			return PosOf(l[k]).String()
		}
		return "nothing"
	}
	return fmt.Sprintf("it gives %s, the record lists %d; the first difference in row-major order: %s where the record lists %s",
		words.Count(len(got), "cell"), len(want), cell(got), cell(want))
}

func posList(pairs [][2]int) []Pos {
	out := make([]Pos, len(pairs))
	for i, p := range pairs {
		out[i] = PosOf(p)
	}
	return out
}
