package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/scripts/internal/docgen"
)

// docsDir is the checkout's docs directory, seen from this package.
var docsDir = filepath.Join("..", "..", "docs")

// TestDocsBlocks checks that the blocks in docs/results.md and
// docs/speed.md have the shape the generator writes, with the lines it
// measures today: a change to winLines or speedLines needs the docs
// regenerated.
func TestDocsBlocks(t *testing.T) {
	for _, p := range parts {
		t.Run(p.Name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(docsDir, p.file))
			require.NoError(t, err)
			body, err := p.Extract(string(data))
			require.NoError(t, err, "docs/%s: run '%s'", p.file, command)
			checkBlock(t, p, body)
		})
	}
}

// TestTinyEndToEnd runs the generator with -tiny -update on copies of the
// docs: it builds minesat, plays a few games a line, and rewrites only the
// blocks, in the shape TestDocsBlocks checks.
func TestTinyEndToEnd(t *testing.T) {
	root, err := moduleRoot()
	require.NoError(t, err)
	if _, err := git(root, "rev-parse", "HEAD"); err != nil {
		t.Skipf("the generator stamps the commit, and this checkout has none: %v", err)
	}
	tmp := t.TempDir()
	before := map[string]string{}
	for _, p := range parts {
		data, err := os.ReadFile(filepath.Join(docsDir, p.file))
		require.NoError(t, err)
		before[p.file] = string(data)
		require.NoError(t, os.WriteFile(filepath.Join(tmp, p.file), data, 0o644))
	}
	var stdout, stderr bytes.Buffer
	err = run([]string{"-tiny", "-update", "-root", root, "-docs", tmp}, &stdout, &stderr)
	require.NoError(t, err, stderr.String())
	assert.Empty(t, stdout.String(), "-update writes the files, not stdout")
	for _, p := range parts {
		data, err := os.ReadFile(filepath.Join(tmp, p.file))
		require.NoError(t, err)
		body, err := p.Extract(string(data))
		require.NoError(t, err)
		block := checkBlock(t, p, body)
		assert.True(t, block.Tiny, "%s: a -tiny block says so", p.file)
		assert.Equal(t, outside(t, p, before[p.file]), outside(t, p, string(data)), "%s: only the block changes", p.file)
	}
}

// outside returns text without the body of p's block.
func outside(t *testing.T, p part, text string) string {
	t.Helper()
	_, body, end, err := p.Locate(text)
	require.NoError(t, err)
	return text[:body] + text[end:]
}

// checkBlock checks a block's body against what p's generator writes and
// returns it parsed.
func checkBlock(t *testing.T, p part, body string) parsedBlock {
	t.Helper()
	b, err := parseBlock(body)
	require.NoError(t, err)
	for _, c := range b.Commands {
		assert.True(t, strings.HasPrefix(c, "minesat play "), "command %q", c)
		assert.Contains(t, c, "--format json")
	}
	switch p.Name {
	case "winrates":
		checkWinRates(t, b)
	case "speed":
		checkSpeed(t, b)
	default:
		t.Fatalf("no check for block %q", p.Name)
	}
	return b
}

// wonRE and rateRE read the win-rate table's counts and rates.
var (
	wonRE    = regexp.MustCompile(`^([0-9,]+) / ([0-9,]+)$`)
	rateRE   = regexp.MustCompile(`^(\d+\.\d\d)% \[(\d+\.\d\d), (\d+\.\d\d)\]$`)
	pairedRE = regexp.MustCompile(`^Game by game against .+ on the same [0-9,]+ expert games .*both won [0-9,]+, minesat alone [0-9,]+, .+ alone [0-9,]+, neither [0-9,]+; .+ - minesat [-+]\d+\.\d\d points \[[-+]\d+\.\d\d, [-+]\d+\.\d\d\], McNemar's z = [-+]\d+\.\d\d\.$`)
)

// checkWinRates checks the win-rate table: a row a line of winLines, each
// count consistent with its rate and interval, and the paired line.
func checkWinRates(t *testing.T, b parsedBlock) {
	t.Helper()
	require.Equal(t, winHeader, b.Header)
	require.Len(t, b.Rows, len(winLines))
	require.Len(t, b.Commands, len(winLines)+len(confirmLines))
	for i, l := range confirmLines {
		assert.Contains(t, b.Commands[len(winLines)+i], fmt.Sprintf("--level %s --rules %s ", l.level, l.rules), "confirmation line %d", i)
		assert.Contains(t, b.Commands[len(winLines)+i], fmt.Sprintf(" --seed %d ", l.seed), "confirmation line %d", i)
	}
	for i, row := range b.Rows {
		l := winLines[i]
		assert.True(t, strings.HasPrefix(row[0], l.level+" "), "row %d: level %q; want %s", i, row[0], l.level)
		assert.True(t, strings.HasPrefix(row[1], l.rules+", "), "row %d: rules %q; want %s", i, row[1], l.rules)
		assert.Equal(t, l.published, row[4], "row %d", i)
		m := wonRE.FindStringSubmatch(row[2])
		require.NotNil(t, m, "row %d: won / games %q", i, row[2])
		won, games := atoi(t, m[1]), atoi(t, m[2])
		require.True(t, won <= games && games > 0, "row %d: %d won of %d", i, won, games)
		if !b.Tiny {
			assert.Equal(t, l.games, games, "row %d: games", i)
		}
		r := rateRE.FindStringSubmatch(row[3])
		require.NotNil(t, r, "row %d: rate %q", i, row[3])
		assert.Equal(t, fmt.Sprintf("%.2f", 100*float64(won)/float64(games)), r[1], "row %d: the rate of %d / %d", i, won, games)
		assert.True(t, atof(t, r[2]) <= atof(t, r[1]) && atof(t, r[1]) <= atof(t, r[3]), "row %d: %s outside its interval", i, row[3])
	}
	require.Len(t, b.After, 1+len(confirmLines), "the lines pairing the expert games with D. Hill's, on both sets")
	for _, l := range b.After {
		assert.Regexp(t, pairedRE, l)
	}
	assert.Contains(t, b.After[0], "games of seed 1, the selection set (")
	for i, l := range confirmLines {
		assert.Contains(t, b.After[1+i], fmt.Sprintf("games of seed %d, the confirmation set, held out (its outcomes in `%s`", l.seed, l.reference))
	}
}

// msRE and mbRE read the speed table's cells.
var (
	msRE = regexp.MustCompile(`^\d+\.\d{3} ms( \(\d+\.\d{3}-\d+\.\d{3}\))?$`)
	mbRE = regexp.MustCompile(`^\d+\.\d MB$`)
)

// checkSpeed checks the speed table: a row a level of speedLines, a time
// and a peak for each strategy.
func checkSpeed(t *testing.T, b parsedBlock) {
	t.Helper()
	require.Equal(t, speedHeader, b.Header)
	require.Len(t, b.Rows, len(speedLines))
	require.Len(t, b.Commands, len(speedLines)*len(speedStrategies))
	for i, row := range b.Rows {
		l := speedLines[i]
		assert.True(t, strings.HasPrefix(row[0], l.level+" "), "row %d: level %q; want %s", i, row[0], l.level)
		games := l.games
		if b.Tiny {
			games = l.tinyGames
		}
		assert.Equal(t, docgen.Thousands(games), row[1], "row %d: games", i)
		for _, c := range row[2:4] {
			assert.Regexp(t, msRE, c, "row %d", i)
		}
		for _, c := range row[4:6] {
			assert.Regexp(t, mbRE, c, "row %d", i)
		}
	}
	require.Len(t, b.After, 1, "the line saying how the times are taken")
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	require.NoError(t, err)
	return n
}

func atof(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err)
	return f
}

// TestBadInput checks that bad flags give errors that say what is wrong.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"only", []string{"-only", "plots"}, `-only "plots": want winrates or speed`},
		{"argument", []string{"extra"}, `unexpected argument "extra"`},
		{"workers", []string{"-workers", "0"}, "-workers and -rounds must be at least 1"},
		{"flag", []string{"-nope"}, "flag provided but not defined: -nope"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			err := run(tc.args, &out, &errs)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
