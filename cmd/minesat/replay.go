package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/minesat/minesat/game"
)

const replayAbout = `
Replay reads game records (JSON Lines, as written by 'minesat play --record')
and verifies each one against its own mines: the layout follows from the
seed, every deduced move is sound (a deduced open is safe, a deduced flag is a
mine), no move follows the end of the game, and the result follows from the
moves. A record that contradicts its mines is an error naming its file and
line (exit 2).

Without --html, replay prints one line per game. With --html OUT.html it
writes one self-contained page that works offline (no network requests):
the board, step/back/play/pause controls, a slider over the moves, each
move's reason (for a guess, how it was chosen, from the record's optional
"guesses" key), a heat overlay where a move carries mine probabilities (the
record's optional "probs" key), and the mines revealed at the end. Keys: left
and right arrows step, space plays and pauses, Home and End jump.

RECORDS may be "-" for standard input. Flags may come before or after it.`

// runReplay implements 'minesat replay'.
func runReplay(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("replay", "RECORDS.jsonl", replayAbout, io)
	gameNo := fs.Int("game", 0, "replay only game `K`, the K-th record of the file, counting from 1 (default: every game)")
	htmlOut := fs.String("html", "", "write the replay page to `OUT.html`")
	rest, help, err := replayParseArgs(fs, args, io)
	if help || err != nil {
		return err
	}
	if len(rest) != 1 {
		return usageErrorf("replay: want one RECORDS.jsonl file, got %d arguments", len(rest))
	}
	if *gameNo < 0 {
		return usageErrorf("replay: --game %d: want a game number from 1", *gameNo)
	}
	name := rest[0]
	// Records stream through: each is verified as it is read, and kept only
	// for the page, so files of any size can be checked.
	var games []*replayGame
	var bad []error
	n := 0
	err = scanReplayGames(ctx, name, io, func(g *replayGame) error {
		n++
		if *gameNo > 0 && g.num != *gameNo {
			return nil
		}
		g.err = g.verify()
		if g.err != nil {
			bad = append(bad, fmt.Errorf("%s:%d: %w", g.file, g.line, g.err))
		}
		if *htmlOut == "" {
			_, err := fmt.Fprintln(io.out, g.summary())
			return err
		}
		games = append(games, g)
		return nil
	})
	if err != nil {
		return err
	}
	if name == "-" {
		name = stdinName
	}
	switch {
	case n == 0:
		return usageErrorf("replay: %s holds no records", name)
	case *gameNo > n:
		return usageErrorf("replay: --game %d: %s holds %d games", *gameNo, name, n)
	}
	if len(bad) > 0 {
		if *htmlOut != "" {
			return &exitError{code: exitUsage, err: errors.Join(bad...)}
		}
		// The summary lines already name each bad record.
		checked := n
		if *gameNo > 0 {
			checked = 1
		}
		return &exitError{code: exitUsage, err: fmt.Errorf("replay: %d of %d records contradict their mines", len(bad), checked)}
	}
	if *htmlOut == "" {
		return nil
	}
	var buf bytes.Buffer
	if err := writeReplayPage(&buf, name, games); err != nil {
		return err
	}
	if err := os.WriteFile(*htmlOut, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	return nil
}

// replayParseArgs parses flags that may come before or after the positional
// arguments, as in 'replay RECORDS.jsonl --html OUT.html'. A lone "--" ends
// the flags.
func replayParseArgs(fs *flag.FlagSet, args []string, io *stdio) (rest []string, help bool, err error) {
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return nil, help, err
	}
	for fs.NArg() > 0 {
		left := fs.Args()
		if left[0] == "--" {
			return append(rest, left[1:]...), false, nil
		}
		rest = append(rest, left[0])
		if err := fs.Parse(left[1:]); err != nil {
			return nil, false, &exitError{code: exitUsage, err: fmt.Errorf("%s: %w", fs.Name(), err)}
		}
	}
	return rest, false, nil
}

// stdinName names standard input in messages.
const stdinName = "<stdin>"

// replayGame is one record with where it came from.
type replayGame struct {
	file    string
	line    int // 1-based line of the record in file
	num     int // 1-based record number in file
	rec     game.Record
	probs   game.MoveProbs   // the optional "probs" key; nil if absent
	guesses game.MoveGuesses // the optional "guesses" key; nil if absent
	err     error            // from verify
}

// scanReplayGames reads the named file's records one line at a time, with
// their line numbers and optional probabilities, and calls fn with each in
// order. Errors name the file and line; fn's error stops the scan.
func scanReplayGames(ctx context.Context, name string, io *stdio, fn func(*replayGame) error) error {
	f, err := io.openInput(name)
	if err != nil {
		return usageErrorf("replay: %w", err)
	}
	defer f.Close()
	if name == "-" {
		name = stdinName
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), maxRecordLine)
	line, num := 0, 0
	for sc.Scan() {
		line++
		if len(sc.Bytes()) == 0 {
			continue
		}
		if line%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		// One parse of the line; the optional keys, kept raw, are decoded
		// on their own so that their errors name their key.
		var rl struct {
			game.Record
			Probs   json.RawMessage `json:"probs"`
			Guesses json.RawMessage `json:"guesses"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rl); err != nil {
			return usageErrorf("replay: %s:%d: %w", name, line, err)
		}
		g := &replayGame{file: name, line: line, rec: rl.Record}
		for _, opt := range []struct {
			key string
			raw json.RawMessage
			v   any
		}{{game.ProbsKey, rl.Probs, &g.probs}, {game.GuessesKey, rl.Guesses, &g.guesses}} {
			if len(opt.raw) == 0 {
				continue
			}
			if err := json.Unmarshal(opt.raw, opt.v); err != nil {
				return usageErrorf("replay: %s:%d: key %q: %w", name, line, opt.key, err)
			}
		}
		num++
		g.num = num
		if err := fn(g); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return usageErrorf("replay: %s:%d: %w", name, line+1, err)
	}
	return nil
}

// maxRecordLine bounds one record line: 256 MiB, far above any game's.
const maxRecordLine = 1 << 28

// verify checks the record against its mines and its probabilities against
// the record.
func (g *replayGame) verify() error {
	if err := game.VerifyRecord(&g.rec); err != nil {
		return err
	}
	if err := g.probs.Check(&g.rec); err != nil {
		return err
	}
	return g.guesses.Check(&g.rec)
}

// summary is the one-line report of a game after verify.
func (g *replayGame) summary() string {
	r := &g.rec
	head := fmt.Sprintf("%s:%d: game %d: %s, rules %s, seed %d", g.file, g.line, g.num, r.Level, r.Rules, r.Seed)
	if g.err != nil {
		return head + ": INVALID: " + g.err.Error()
	}
	guesses := 0
	for _, m := range r.Moves {
		if m.Why == game.WhyGuess {
			guesses++
		}
	}
	return fmt.Sprintf("%s: %s after %d moves (%d deduced, %d guessed): verified",
		head, r.Result, len(r.Moves), len(r.Moves)-guesses, guesses)
}
