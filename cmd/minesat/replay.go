package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	goio "io"
	"os"
	"strconv"
	"strings"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/web"
)

const replayAbout = `
Replay reads game records (JSON Lines, as written by 'minesat play --record')
and verifies each one against its own mines: the layout follows from the
seed, every deduced move is sound (a deduced open is safe, a deduced flag is a
mine), no move follows the end of the game, and the result follows from the
moves. Records are read one at a time, so a file of any size is checked in
memory bounded by its longest line. A file that is gzip-compressed (such as
'play --record run.jsonl.gz' writes) is decompressed as it is read, also
from standard input.

Without --html, replay prints one line per game, then a summary:
"N games verified: W won, L lost, S stuck; E errors" (W+L+S+E = N), and
after it the point where a torn or unreadable file stops. A record that
contradicts its mines or does not follow the schema (docs/formats.md, "Game
records") is an error naming its file, line and column (exit 2). Games are
numbered from 0 in file order, as 'play' numbers them: the record of game i
of a run is the line for seed game.GameSeed(S, i).

With --html OUT.html it writes one self-contained page that works offline (no
network requests): the board, step/back/play/pause controls, a slider over
the moves, each move's reason (for a guess, how it was chosen, from the
record's optional "guesses" key), a heat overlay where a move carries mine
probabilities (the record's optional "probs" key), and the mines revealed at
the end. Keys: left and right arrows step, space plays and pauses, Home and
End jump. A page holds at most %d games and %d cells in all:
select games with --game or --lost in larger files.

Interrupted (Ctrl-C, SIGTERM), replay prints the summary of the games read
so far and exits 3.

RECORDS may be "-" for standard input. Flags may come before or after it.`

// replayConfig is what the flags of 'minesat replay' select.
type replayConfig struct {
	from, to int    // games [from, to] (0-based, inclusive) are replayed; to < 0: to the end
	lost     int    // > 0: only the first lost games of the selection, this many
	html     string // the page to write, or ""
	quiet    bool   // print only invalid games and the summary
}

// selected reports whether game num is in the range.
func (c *replayConfig) selected(num int) bool { return num >= c.from && (c.to < 0 || num <= c.to) }

// runReplay implements 'minesat replay'.
func runReplay(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("replay", "RECORDS.jsonl", fmt.Sprintf(replayAbout, web.ReplayMaxGames, web.ReplayMaxCells), io)
	gameSel := fs.String("game", "", "replay only game `K`, or games K-M (inclusive); games count from 0 in file order (default: every game)")
	cfg := replayConfig{to: -1}
	fs.IntVar(&cfg.lost, "lost", 0, "replay only the first `N` lost games (of the --game selection)")
	fs.StringVar(&cfg.html, "html", "", "write the replay page to `OUT.html`")
	fs.BoolVar(&cfg.quiet, "q", false, "print only invalid games and the summary")
	help, err := parseFlags(fs, args, io)
	if help || err != nil {
		return err
	}
	rest := fs.Args()
	if len(rest) != 1 {
		return usageErrorf("replay: want one RECORDS.jsonl file, got %d arguments", len(rest))
	}
	if *gameSel != "" {
		if cfg.from, cfg.to, err = parseGameRange(*gameSel); err != nil {
			return usageErrorf("replay: --game %s: %w", *gameSel, err)
		}
	}
	if cfg.lost < 0 || (cfg.lost == 0 && setFlags(fs)["lost"]) { // 0 would select every game
		return usageErrorf("replay: --lost %d: want a number of games from 1", cfg.lost)
	}
	return replay(ctx, rest[0], &cfg, io)
}

// parseGameRange parses "K" or "K-M", game numbers from 0.
func parseGameRange(s string) (from, to int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	from, err1 := strconv.Atoi(a)
	to, err2 := from, error(nil)
	if isRange {
		to, err2 = strconv.Atoi(b)
	}
	switch {
	case err1 != nil || err2 != nil || from < 0 || to < 0:
		return 0, 0, errors.New("want a game number K or a range K-M, games counting from 0")
	case to < from:
		return 0, 0, fmt.Errorf("the range ends before it starts (%d > %d)", from, to)
	}
	return from, to, nil
}

// replayTally counts the games replay verified: each game is won, lost,
// stuck or an error, so the four add up to games. A file torn or unreadable
// past the last whole game is not a game: it is named after the counts.
type replayTally struct {
	games, won, lost, stuck, errors int
	torn                            error
}

func (t replayTally) String() string {
	s := fmt.Sprintf("%s verified: %d won, %d lost, %d stuck; %s",
		plural(t.games, "game"), t.won, t.lost, t.stuck, plural(t.errors, "error"))
	if t.torn != nil {
		s += "; then " + t.torn.Error()
	}
	return s
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// replay verifies the selected games of the named file and prints them and
// the summary, or writes the page.
func replay(ctx context.Context, name string, cfg *replayConfig, io *stdio) error {
	// Records stream through: each is verified as it is read, and kept
	// only for the page, whose size is bounded.
	var games []*replayGame
	var bad []error
	var tally replayTally
	cells, n := 0, 0
	stop := errors.New("stop")
	err := scanReplayGames(ctx, name, io, func(g *replayGame) error {
		n++
		if !cfg.selected(g.num) {
			if cfg.to >= 0 && g.num > cfg.to {
				return stop
			}
			return nil
		}
		if g.err == nil {
			g.err = g.verify()
		}
		if cfg.lost > 0 && (g.err != nil || g.rec.Result != game.Lost) {
			return nil
		}
		tally.games++
		switch {
		case g.err != nil:
			tally.errors++
			bad = append(bad, g.err)
		case g.rec.Result == game.Won:
			tally.won++
		case g.rec.Result == game.Lost:
			tally.lost++
		default:
			tally.stuck++
		}
		if cfg.html == "" {
			if !cfg.quiet || g.err != nil {
				if _, err := fmt.Fprintln(io.out, g.summary()); err != nil {
					return err
				}
			}
		} else if g.err == nil {
			cells += g.rec.Rows * g.rec.Cols
			if len(games) == web.ReplayMaxGames || cells > web.ReplayMaxCells {
				return usageErrorf("replay: --html: the selection holds more than %d games or %d cells, more than one page can show; select games with --game K-M or --lost N",
					web.ReplayMaxGames, web.ReplayMaxCells)
			}
			games = append(games, g)
		}
		if cfg.lost > 0 && tally.lost == cfg.lost {
			return stop
		}
		return nil
	})
	if name == "-" {
		name = stdinName
	}
	if ctx.Err() != nil {
		fmt.Fprintf(io.out, "%v (interrupted)\n", tally)
		return &exitError{code: exitBudget, err: fmt.Errorf("replay: interrupted after %s", plural(tally.games, "game"))}
	}
	var se *streamError
	if errors.As(err, &se) {
		// The file is torn or unreadable past this point: what was read
		// is summed up, and the tear named after it.
		if cfg.html == "" {
			tally.torn = se.err
			fmt.Fprintln(io.out, tally)
		}
		return usageErrorf("replay: %w", se.err)
	}
	if err != nil && err != stop {
		return err
	}
	switch {
	case n == 0:
		return usageErrorf("replay: %s holds no records", name)
	case tally.games == 0 && cfg.lost > 0:
		return usageErrorf("replay: --lost %d: %s holds no lost game in the selection", cfg.lost, name)
	case tally.games == 0:
		return usageErrorf("replay: --game %d: %s holds %s, numbered from 0", cfg.from, name, plural(n, "game"))
	}
	if cfg.html == "" {
		if _, err := fmt.Fprintln(io.out, tally); err != nil {
			return err
		}
	}
	if len(bad) > 0 {
		if cfg.html != "" {
			return &exitError{code: exitUsage, err: errors.Join(bad...)}
		}
		// The game lines already name each bad record.
		verb := "are"
		if len(bad) == 1 {
			verb = "is"
		}
		return &exitError{code: exitUsage, err: fmt.Errorf("replay: %d of %s %s invalid", len(bad), plural(tally.games, "record"), verb)}
	}
	if cfg.html == "" {
		return nil
	}
	page := make([]web.ReplayGame, len(games))
	for i, g := range games {
		page[i] = web.ReplayGame{File: g.file, Line: g.line, Num: g.num, Record: g.rec, Probs: g.probs, Guesses: g.guesses}
	}
	var buf bytes.Buffer
	if err := web.WriteReplayPage(&buf, name, page); err != nil {
		return err
	}
	if err := os.WriteFile(cfg.html, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	return nil
}

// stdinName names standard input in messages.
const stdinName = "<stdin>"

// replayGame is one record with where it came from.
type replayGame struct {
	file    string
	line    int // 1-based line of the record in file
	num     int // 0-based game number: the record's place in file
	rec     game.Record
	probs   game.MoveProbs   // the optional "probs" key; nil if absent
	guesses game.MoveGuesses // the optional "guesses" key; nil if absent
	err     error            // a decode error, or from verify
}

// scanReplayGames reads the named file's records one at a time and calls fn
// with each in order. A line that does not decode is passed as a game with
// its error, so that game numbers stay those of the file. fn's error, a
// stream error and cancellation stop the scan.
func scanReplayGames(ctx context.Context, name string, io *stdio, fn func(*replayGame) error) error {
	f, err := io.openInput(name)
	if err != nil {
		return usageErrorf("replay: %w", err)
	}
	defer f.Close()
	if name == "-" {
		name = stdinName
	}
	rr := game.NewRecordReader(name, f)
	for num := 0; ; num++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		// A read may block (a pipe): an interrupt must not wait for it.
		l, err := untilDone(ctx, rr.Next)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err == goio.EOF {
			return nil
		}
		var pe *game.ParseError
		if err != nil && !errors.As(err, &pe) {
			return &streamError{err}
		}
		g := &replayGame{file: name, line: rr.Line(), num: num, err: err}
		if l != nil {
			g.rec, g.probs, g.guesses = l.Record, l.Probs, l.Guesses
		}
		if err := fn(g); err != nil {
			return err
		}
	}
}

// streamError is an error reading the records file itself, past which
// nothing can be read.
type streamError struct{ err error }

func (e *streamError) Error() string { return e.err.Error() }

// verify checks the record against its mines and its probabilities against
// the record.
func (g *replayGame) verify() error {
	if err := game.VerifyRecord(&g.rec); err != nil {
		return fmt.Errorf("%s:%d: %w", g.file, g.line, err)
	}
	if err := g.probs.Check(&g.rec); err != nil {
		return fmt.Errorf("%s:%d: %w", g.file, g.line, err)
	}
	if err := g.guesses.Check(&g.rec); err != nil {
		return fmt.Errorf("%s:%d: %w", g.file, g.line, err)
	}
	return nil
}

// summary is the one-line report of a game after verify.
func (g *replayGame) summary() string {
	r := &g.rec
	if g.err != nil {
		var pe *game.ParseError
		if errors.As(g.err, &pe) {
			return fmt.Sprintf("%s:%d:%d: game %d: INVALID: %s", g.file, g.line, pe.Col, g.num, pe.Msg)
		}
	}
	head := fmt.Sprintf("%s:%d: game %d: %s, rules %s, seed %d", g.file, g.line, g.num, r.Level, r.Rules, r.Seed)
	if g.err != nil {
		msg := strings.TrimPrefix(g.err.Error(), fmt.Sprintf("%s:%d: ", g.file, g.line))
		return head + ": INVALID: " + msg
	}
	first, deduced, guesses := r.CountMoves()
	firstText := ""
	if first > 0 {
		firstText = "first click, "
	}
	return fmt.Sprintf("%s: %s after %d moves (%s%d deduced, %d guessed): verified",
		head, r.Result, len(r.Moves), firstText, deduced, guesses)
}
