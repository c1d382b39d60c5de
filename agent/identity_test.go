package agent

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"hash"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
)

// identityBlocks is the number of lines per level in the identity golden
// files: each line digests one block of consecutive games.
const identityBlocks = 30

// TestPlayIdentity plays the same games (safe rules, first click in the
// corner, game i of seed 1 as `minesat play --seed 1` plays it) at
// beginner, intermediate and expert with the fast and full presets, and
// compares them game by game with testdata/identity.golden (300 games a
// level) or, under -long, testdata/identity-long.golden (10,000 a level):
// the outcome and every guess (cell, runner-up, probabilities and scores to
// the bit), which fast and full share, and each preset's moves (op, cell,
// rule). A change meant only to make the player faster must leave both
// files as they are; -update rewrites the one in use.
func TestPlayIdentity(t *testing.T) {
	games := longtest.Pick(300, 10000)
	name := "identity.golden"
	if longtest.Enabled() {
		name = "identity-long.golden"
	}
	path := filepath.Join("testdata", name)
	var got []string
	for _, level := range []game.Level{game.Beginner, game.Intermediate, game.Expert} {
		got = append(got, identityLines(t, level, games)...)
	}
	if *update {
		head := fmt.Sprintf("# TestPlayIdentity: %d games a level, safe rules, corner first click, seed 1.\n"+
			"# level, first game, games, won, guesses, digest of outcomes and guesses, of fast's moves, of full's moves\n", games)
		require.NoError(t, os.WriteFile(path, []byte(head+strings.Join(got, "\n")+"\n"), 0o644))
		return
	}
	f, err := os.Open(path)
	require.NoError(t, err, "run go test -run TestPlayIdentity -update (with -long for the long sample) at a commit known to be right")
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	require.NoError(t, sc.Err())
	require.Len(t, want, len(got), "%s has another sample size; -update rewrites it", path)
	for i := range want {
		assert.Equal(t, want[i], got[i], "block of games differs from %s", path)
	}
}

// identityLines plays games games of level with fast and full, checks that
// both reach the same outcomes with the same guesses, and returns one line
// per block of games.
func identityLines(t *testing.T, level game.Level, games int) []string {
	t.Helper()
	first := WithFirst(game.Pos{})
	// fast twice: with its moves kept, and quiet, as minesat play plays
	// without --record (no reasons built, memory reused, no runner-up
	// weighed). Their strategies digest every move they propose, so the two
	// are compared move by move too.
	proposed := [2]hash.Hash64{fnv.New64a(), fnv.New64a()}
	fastStrategies := func(h hash.Hash64) Option {
		s, _, err := PresetFast.Strategies(nil, nil)
		require.NoError(t, err)
		for k := range s {
			s[k] = digestStrategy{s[k], h}
		}
		return WithStrategies(s...)
	}
	fast, err := New(fastStrategies(proposed[0]), WithMoves(), first)
	require.NoError(t, err)
	quiet, err := New(fastStrategies(proposed[1]), first)
	require.NoError(t, err)
	full, err := New(WithPreset(PresetFull), WithMoves(), first)
	require.NoError(t, err)
	size := (games + identityBlocks - 1) / identityBlocks
	var lines []string
	for start := 0; start < games; start += size {
		end := min(start+size, games)
		shared, hFast, hFull := fnv.New64a(), fnv.New64a(), fnv.New64a()
		won, guesses := 0, 0
		for i := start; i < end; i++ {
			proposed[0].Reset()
			proposed[1].Reset()
			res, _ := playBoth(t, [2]*Agent{fast, full}, level, game.RulesSafe, game.GameSeed(1, i))
			g := [2][]byte{guessDigest(res[0]), guessDigest(res[1])}
			require.Equal(t, g[1], g[0], "%s game %d: fast and full differ in outcome or guesses", level.Name, i)
			q, _ := playBoth(t, [2]*Agent{quiet, nil}, level, game.RulesSafe, game.GameSeed(1, i))
			kept := res[0]
			kept.Moves, kept.Elapsed, q[0].Elapsed = nil, 0, 0
			require.Equal(t, kept, q[0], "%s game %d: fast plays differently when its moves are not kept", level.Name, i)
			require.Equal(t, proposed[0].Sum64(), proposed[1].Sum64(), "%s game %d: fast proposes other moves when they are not kept", level.Name, i)
			shared.Write(g[0])
			hFast.Write(moveDigest(res[0]))
			hFull.Write(moveDigest(res[1]))
			if res[0].Outcome == game.Won {
				won++
			}
			guesses += res[0].Guesses
		}
		lines = append(lines, fmt.Sprintf("%s %d %d %d %d %016x %016x %016x",
			level.Name, start, end-start, won, guesses, shared.Sum64(), hFast.Sum64(), hFull.Sum64()))
	}
	return lines
}

// digestStrategy is s, writing the op, cell and rule of every move it
// proposes to h.
type digestStrategy struct {
	s Strategy
	h hash.Hash64
}

func (d digestStrategy) Name() string { return d.s.Name() }

func (d digestStrategy) Deduce(ctx context.Context, p *Position) ([]Move, error) {
	moves, err := d.s.Deduce(ctx, p)
	var b []byte
	for _, m := range moves {
		b = append(b, byte(m.Op), byte(m.Basis))
		b = binary.AppendVarint(b, int64(m.Cell))
	}
	d.h.Write(append(b, '.'))
	return moves, err
}

// guessDigest returns the bytes of a game's outcome and guesses.
func guessDigest(r Result) []byte {
	b := []byte{byte(r.Outcome)}
	for _, m := range r.Moves {
		if m.Basis != BasisGuess {
			continue
		}
		g := m.Guess
		b = binary.AppendVarint(b, int64(g.Cell))
		b = binary.AppendVarint(b, int64(g.Runner))
		b = append(b, g.Method.String()...)
		for _, f := range append([]float64{g.P, g.RunnerP, g.Score, g.RunnerScore}, g.Probs...) {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
		}
	}
	return b
}

// moveDigest returns the bytes of a game's moves: op, cell and rule each.
func moveDigest(r Result) []byte {
	var b []byte
	for _, m := range r.Moves {
		b = append(b, byte(m.Op), byte(m.Basis))
		b = binary.AppendVarint(b, int64(m.Cell))
	}
	return binary.AppendVarint(b, int64(len(r.Moves)))
}
