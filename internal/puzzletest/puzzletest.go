package puzzletest

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/minesat/minesat/game"
)

// MaxUnknown is the most unknown cells Solutions enumerates.
const MaxUnknown = 50

// Parse parses a puzzle in the seeds' format with one extension for tests:
// F is a flagged cell. It fails t on a malformed puzzle.
func Parse(t testing.TB, text string) *game.Puzzle {
	t.Helper()
	fields := strings.Fields(text)
	var flags []int
	for k, f := range fields {
		if f == "F" {
			fields[k] = "-1"
			flags = append(flags, k-3)
		}
	}
	p, err := game.ParsePuzzle("test", strings.NewReader(strings.Join(fields, " ")))
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range flags {
		p.Cells[i].State = game.Flagged
	}
	return p
}

// SeedDir is the folder of the repository's seed puzzles; its README gives
// their known answers.
var SeedDir = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "puzzles", "seed")
}()

// Seed reads the seed puzzle name (such as "case1.txt"), failing t if it
// cannot.
func Seed(t testing.TB, name string) *game.Puzzle {
	t.Helper()
	p, err := game.ReadPuzzleFile(filepath.Join(SeedDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Solutions calls yield with every solution of p, in the order of the
// subsets of its unknown cells (row-major, each cell safe before mine),
// until yield returns false: mine[i] says whether cell i holds a mine,
// flags included. yield must not keep mine, which is reused. Each hint is
// checked as soon as its last unknown neighbour is decided. It returns an
// error, and enumerates nothing, if p has more than MaxUnknown unknown
// cells.
func Solutions(p *game.Puzzle, yield func(mine []bool) bool) error {
	var unknown []int
	left := p.Mines // mines to place; any number without a total
	if !p.MinesKnown() {
		left = -1
	}
	mine := make([]bool, len(p.Cells))
	for i, c := range p.Cells {
		switch c.State {
		case game.Unknown:
			unknown = append(unknown, i)
		case game.Flagged:
			mine[i] = true
			left--
		}
	}
	if len(unknown) > MaxUnknown {
		return fmt.Errorf("puzzletest: %d unknown cells, want at most %d", len(unknown), MaxUnknown)
	}
	// closes[k]: the hints whose last unknown neighbour is unknown[k];
	// closes[len(unknown)] also holds the hints with no unknown neighbour.
	closes := make([][]int, len(unknown)+1)
	rank := make(map[int]int, len(unknown))
	for k, i := range unknown {
		rank[i] = k
	}
	for i, c := range p.Cells {
		if c.State != game.Revealed {
			continue
		}
		last := len(unknown)
		for _, j := range p.Board.Neighbors(i) {
			if r, ok := rank[int(j)]; ok && (last == len(unknown) || r > last) {
				last = r
			}
		}
		closes[last] = append(closes[last], i)
	}
	holds := func(hints []int) bool {
		for _, i := range hints {
			n := 0
			for _, j := range p.Board.Neighbors(i) {
				if mine[j] {
					n++
				}
			}
			if n != int(p.Cells[i].Hint) {
				return false
			}
		}
		return true
	}
	stop := false
	var rec func(k, placed int)
	rec = func(k, placed int) {
		switch {
		case stop || (left >= 0 && (placed > left || placed+len(unknown)-k < left)):
			return
		case k > 0 && !holds(closes[k-1]):
			return
		case k == len(unknown):
			if holds(closes[k]) {
				stop = !yield(mine)
			}
			return
		}
		rec(k+1, placed)
		mine[unknown[k]] = true
		rec(k+1, placed+1)
		mine[unknown[k]] = false
	}
	if left >= 0 || !p.MinesKnown() {
		rec(0, 0)
	}
	return nil
}

// Count returns the number of solutions of p, failing t if p has too many
// unknown cells to enumerate.
func Count(t testing.TB, p *game.Puzzle) int64 {
	t.Helper()
	var n int64
	if err := Solutions(p, func([]bool) bool { n++; return true }); err != nil {
		t.Fatal(err)
	}
	return n
}
