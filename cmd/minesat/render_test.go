package main

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/minesat/minesat/game"
)

// puzzleOf parses a puzzle written in the seeds' format.
func puzzleOf(t *testing.T, text string) *game.Puzzle {
	t.Helper()
	p, err := game.ParsePuzzle("test", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// marksOf builds marks from a picture, one glyph per cell, whitespace
// ignored: ? unknown, . safe, * mine, F flag; any other glyph (a hint digit)
// leaves the cell unmarked.
func marksOf(t *testing.T, p *game.Puzzle, picture string) []mark {
	t.Helper()
	glyphs := strings.Join(strings.Fields(picture), "")
	if len(glyphs) != len(p.Cells) {
		t.Fatalf("marks picture has %d glyphs for %d cells", len(glyphs), len(p.Cells))
	}
	marks := make([]mark, len(p.Cells))
	for i := range glyphs {
		switch glyphs[i] {
		case '.':
			marks[i] = markSafe
		case '*':
			marks[i] = markMine
		case 'F':
			marks[i] = markFlag
		}
	}
	return marks
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestRenderBoard(t *testing.T) {
	case1, err := os.ReadFile("../../testdata/puzzles/seed/case1.txt")
	if err != nil {
		t.Fatal(err)
	}
	wide := puzzleOf(t, "3 12 4\n"+
		"0 1 -1 -1 -1 -1 -1 -1 -1 -1 -1 8\n"+
		"2 3 4 5 6 7 -1 -1 -1 -1 -1 -1\n"+
		"-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n")
	wide.Cells[24].State = game.Flagged // (2,0), as a game's view would flag it
	tall := puzzleOf(t, "11 2 1\n"+strings.Repeat("-1 0\n", 11))
	tests := []struct {
		name  string
		p     *game.Puzzle
		marks string // picture for marksOf; "" for nil marks
	}{
		{"case1-plain", puzzleOf(t, string(case1)), ""},
		// One of case1's 8 solutions, as solve --grid would show it.
		{"case1-solution", puzzleOf(t, string(case1)), `
			* . . 1 1 .
			* 3 . * . 0
			2 3 * 3 3 2
			. * 2 . * *
			* 2 2 3 * 3
			. 1 . * . 1`},
		{"wide", wide, `
			0 1 ? . * F ? ? ? ? ? 8
			2 3 4 5 6 7 * . F ? ? .
			? ? ? ? ? ? ? ? ? ? * .`},
		{"tall", tall, ""},
		{"one-cell", puzzleOf(t, "1 1 1\n-1\n"), "*"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var marks []mark
			if tc.marks != "" {
				marks = marksOf(t, tc.p, tc.marks)
			}
			var plain, color bytes.Buffer
			if err := renderBoard(&plain, tc.p, marks, false); err != nil {
				t.Fatal(err)
			}
			if err := renderBoard(&color, tc.p, marks, true); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "render/"+tc.name+".txt", plain.Bytes())
			checkGolden(t, "render/"+tc.name+".ansi", color.Bytes())
			if ansi.MatchString(plain.String()) {
				t.Errorf("plain output holds ANSI escapes:\n%q", plain.String())
			}
			if stripped := ansi.ReplaceAllString(color.String(), ""); stripped != plain.String() {
				t.Errorf("colour output without its escapes differs from plain:\n%s\nplain:\n%s", stripped, plain.String())
			}
		})
	}
}

// TestRenderBoardCells checks the glyph of every cell, read back from the
// drawn grid by its row and column labels.
func TestRenderBoardCells(t *testing.T) {
	p := puzzleOf(t, "12 11 5\n"+strings.Repeat(strings.Repeat("-1 ", 10)+"3\n", 12))
	p.Cells[5].State = game.Flagged
	marks := make([]mark, len(p.Cells))
	for i := range marks {
		marks[i] = mark(i % 4)
	}
	var buf bytes.Buffer
	if err := renderBoard(&buf, p, marks, false); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	header := 2 // columns 0..10 need two header lines
	if len(lines) != header+p.Rows() {
		t.Fatalf("%d lines; want %d:\n%s", len(lines), header+p.Rows(), buf.String())
	}
	if strings.TrimSpace(lines[0]) != "1" || !strings.HasSuffix(lines[0], "  1") || !strings.HasSuffix(lines[1], " 9 0") {
		t.Errorf("column header %q / %q; want tens then units", lines[0], lines[1])
	}
	for r := range p.Rows() {
		f := strings.Fields(lines[header+r])
		if len(f) != 1+p.Cols() || f[0] != strconv.Itoa(r) {
			t.Fatalf("row %d: %q", r, lines[header+r])
		}
		for c := range p.Cols() {
			i := r*p.Cols() + c
			want := string(marks[i].glyph())
			switch {
			case c == 10:
				want = "3"
			case i == 5:
				want = "F"
			}
			if f[1+c] != want {
				t.Errorf("cell (%d,%d) drawn %q; want %q", r, c, f[1+c], want)
			}
		}
	}
}

func TestRenderBoardBadMarks(t *testing.T) {
	p := puzzleOf(t, "2 2 1\n-1 -1 -1 1\n")
	var buf bytes.Buffer
	err := renderBoard(&buf, p, make([]mark, 3), false)
	if err == nil || !strings.Contains(err.Error(), "3 marks for 4 cells") {
		t.Errorf("renderBoard with 3 marks: %v; want an error naming 3 marks for 4 cells", err)
	}
	if buf.Len() != 0 {
		t.Errorf("renderBoard wrote %q before failing", buf.String())
	}
}

func TestMarkString(t *testing.T) {
	for m, want := range map[mark]string{markUnknown: "unknown", markSafe: "safe", markMine: "mine", markFlag: "flag"} {
		if got := m.String(); got != want {
			t.Errorf("mark(%d).String() = %q; want %q", m, got, want)
		}
	}
}

func TestUseColor(t *testing.T) {
	tests := []struct {
		name    string
		tty     bool
		env     map[string]string
		noColor bool
		want    bool
	}{
		{"terminal", true, nil, false, true},
		{"not a terminal", false, nil, false, false},
		{"NO_COLOR set", true, map[string]string{"NO_COLOR": "1"}, false, false},
		{"NO_COLOR empty", true, map[string]string{"NO_COLOR": ""}, false, true},
		{"--no-color", true, nil, true, false},
		{"everything off", false, map[string]string{"NO_COLOR": "yes"}, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &stdio{outTTY: tc.tty, getenv: func(k string) string { return tc.env[k] }}
			if got := useColor(s, tc.noColor); got != tc.want {
				t.Errorf("useColor = %v; want %v", got, tc.want)
			}
		})
	}
	if !useColor(&stdio{outTTY: true}, false) {
		t.Errorf("useColor with no getenv = false; want true")
	}
}

func BenchmarkRenderBoard(b *testing.B) {
	for _, l := range []game.Level{game.Beginner, game.Expert, {Name: "100x100", Rows: 100, Cols: 100, Mines: 2000}} {
		p, _, err := game.Generate(l.Rows, l.Cols, l.Mines, game.GenOptions{Reveal: 0.5}, 1)
		if err != nil {
			b.Fatal(err)
		}
		marks := make([]mark, len(p.Cells))
		for _, color := range []bool{false, true} {
			name := l.Name + "/plain"
			if color {
				name = l.Name + "/color"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				var buf bytes.Buffer
				for b.Loop() {
					buf.Reset()
					if err := renderBoard(&buf, p, marks, color); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
