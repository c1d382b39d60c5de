package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	goio "io"
	"strconv"
	"strings"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/words"
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
select games with --game or --lost in larger files. The page is written
under a temporary name in its directory and renamed into place once every
record checks out; an existing page is otherwise kept as it was.

Interrupted (Ctrl-C, SIGTERM), replay prints the summary of the games read
so far and exits 3.

RECORDS may be "-" for standard input. Flags may come before or after it.`

// replayConfig is what the flags of 'minesat replay' select.
type replayConfig struct {
	sel   game.RecordSelect // the games replayed
	html  string            // the page to write, or ""
	quiet bool              // print only invalid games and the summary
}

// runReplay implements 'minesat replay'.
func runReplay(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("replay", "RECORDS.jsonl", fmt.Sprintf(replayAbout, web.ReplayMaxGames, web.ReplayMaxCells), io)
	gameSel := fs.String("game", "", "replay only game `K`, or games K-M (inclusive); games count from 0 in file order (default: every game)")
	cfg := replayConfig{sel: game.RecordSelect{To: -1}}
	fs.IntVar(&cfg.sel.Lost, "lost", 0, "replay only the first `N` lost games (of the --game selection)")
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
		if cfg.sel.From, cfg.sel.To, err = parseGameRange(*gameSel); err != nil {
			return usageErrorf("replay: --game %s: %w", *gameSel, err)
		}
	}
	if cfg.sel.Lost < 0 || (cfg.sel.Lost == 0 && setFlags(fs)["lost"]) { // 0 would select every game
		return usageErrorf("replay: --lost %d: want a number of games from 1", cfg.sel.Lost)
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

// replay opens the named file and the page, if asked for, and replays the
// file into them; the page is renamed into place only if all goes well.
func replay(ctx context.Context, name string, cfg *replayConfig, io *stdio) error {
	f, err := io.open(ctx, name)
	switch {
	case ctx.Err() != nil:
		return budgetError(fmt.Errorf("replay: interrupted while opening %s", name))
	case err != nil:
		return usageErrorf("replay: %w", err)
	}
	defer f.Close()
	if name == "-" {
		name = stdinName
	}
	outs := outFiles{cmd: "replay"}
	page := outs.add("html", cfg.html, outWhole)
	if err := outs.open(ctx); err != nil {
		return err
	}
	err = replayRecords(ctx, f, name, cfg, page, io)
	if cerr := outs.close(err != nil); err == nil {
		err = cerr
	}
	return err
}

// replayRecords verifies the selected games of r, the file name
// (game.VerifyRecords), and prints them and the summary, or writes the
// page into page.
func replayRecords(ctx context.Context, r goio.Reader, name string, cfg *replayConfig, page *outFile, io *stdio) error {
	out := io.stdout(ctx)
	// Records stream through: each is verified as it is read, and kept
	// only for the page, whose size is bounded.
	var games []web.ReplayGame
	var bad []error
	cells := 0
	tally, err := game.VerifyRecords(ctx, r, name, cfg.sel, func(g *game.VerifiedRecord) error {
		if g.Err != nil {
			bad = append(bad, g.Err)
		}
		if cfg.html == "" {
			if !cfg.quiet || g.Err != nil {
				_, err := fmt.Fprintln(out, replaySummary(g))
				return outputError(ctx, "replay", err)
			}
		} else if g.Err == nil {
			cells += g.Record.Rows * g.Record.Cols
			if len(games) == web.ReplayMaxGames || cells > web.ReplayMaxCells {
				return usageErrorf("replay: --html: the selection holds more than %d games or %d cells, more than one page can show; select games with --game K-M or --lost N",
					web.ReplayMaxGames, web.ReplayMaxCells)
			}
			games = append(games, web.ReplayGame{File: g.File, Line: g.Line, Num: g.Num, Record: g.Record, Probs: g.Probs, Guesses: g.Guesses})
		}
		return nil
	})
	if ctx.Err() != nil {
		fmt.Fprintf(out, "%v (interrupted)\n", tally)
		return &exitError{code: exitBudget, err: fmt.Errorf("replay: interrupted after %s", words.Count(tally.Games, "game"))}
	}
	if tally.Torn != nil {
		// The file is torn or unreadable past this point: what was read
		// is summed up, and the tear named after it.
		if cfg.html == "" {
			fmt.Fprintln(out, tally)
		}
		return usageErrorf("replay: %w", tally.Torn)
	}
	if err != nil {
		return err
	}
	switch {
	case tally.Read == 0:
		return usageErrorf("replay: %s holds no records", name)
	case tally.Games == 0 && cfg.sel.Lost > 0:
		return usageErrorf("replay: --lost %d: %s holds no lost game in the selection", cfg.sel.Lost, name)
	case tally.Games == 0:
		return usageErrorf("replay: --game %d: %s holds %s, numbered from 0", cfg.sel.From, name, words.Count(tally.Read, "game"))
	}
	if cfg.html == "" {
		if _, err := fmt.Fprintln(out, tally); err != nil {
			return outputError(ctx, "replay", err)
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
		return &exitError{code: exitUsage, err: fmt.Errorf("replay: %d of %s %s invalid", len(bad), words.Count(tally.Games, "record"), verb)}
	}
	if cfg.html == "" {
		return nil
	}
	var buf bytes.Buffer
	if err := web.WriteReplayPage(&buf, name, games); err != nil {
		return err
	}
	_, err = page.Write(buf.Bytes())
	return outputError(ctx, "replay: --html", err)
}

// stdinName names standard input in messages.
const stdinName = "<stdin>"

// replaySummary is the one-line report of a verified game.
func replaySummary(g *game.VerifiedRecord) string {
	r := &g.Record
	if g.Err != nil {
		var pe *game.ParseError
		if errors.As(g.Err, &pe) {
			return fmt.Sprintf("%s:%d:%d: game %d: INVALID: %s", g.File, g.Line, pe.Col, g.Num, pe.Msg)
		}
	}
	head := fmt.Sprintf("%s:%d: game %d: %s, rules %s, seed %d", g.File, g.Line, g.Num, r.Level, r.Rules, r.Seed)
	if g.Err != nil {
		msg := strings.TrimPrefix(g.Err.Error(), fmt.Sprintf("%s:%d: ", g.File, g.Line))
		return head + ": INVALID: " + msg
	}
	first, deduced, guesses := r.CountMoves()
	firstText := ""
	if first > 0 {
		firstText = "first click, "
	}
	return fmt.Sprintf("%s: %s after %d moves (%s%d deduced, %d guessed): verified",
		head, r.Outcome, len(r.Moves), firstText, deduced, guesses)
}
