package agent

import (
	"math"
	"testing"

	"github.com/minesat/minesat/game"
)

func TestChooseFirst(t *testing.T) {
	tests := []struct {
		level game.Level
		rules game.Rules
		spec  string
		want  string // FirstClick.String(), or "" for no first click
		err   bool
	}{
		{game.Easy, game.RulesSeed, "", "", false},
		{game.Expert, game.RulesSafe, "", "corner (0,0)", false},
		{game.Expert, game.RulesSafe, "corner", "corner (0,0)", false},
		{game.Expert, game.RulesSafe, "center", "center (8,15)", false},
		{game.Expert, game.RulesSafe, " 3, 4 ", "(3,4)", false},
		{game.Expert, game.RulesZero, "15,29", "(15,29)", false},
		{game.Expert, game.RulesSafe, "16,0", "", true},
		{game.Expert, game.RulesSafe, "-1,0", "", true},
		{game.Expert, game.RulesSafe, "middle", "", true},
		{game.Expert, game.RulesSafe, "1;2", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.level.Name+"/"+tt.rules.String()+"/"+tt.spec, func(t *testing.T) {
			f, ok, err := ChooseFirst(tt.level, tt.rules, tt.spec)
			if (err != nil) != tt.err {
				t.Fatalf("err = %v; want error %v", err, tt.err)
			}
			got := ""
			if ok {
				got = f.String()
			}
			if !tt.err && got != tt.want {
				t.Errorf("ChooseFirst = %q; want %q", got, tt.want)
			}
		})
	}
	for _, tt := range []struct {
		level game.Level
		want  string
	}{
		{game.Expert, "measured (3,3)"},
		{game.Intermediate, "opening (2,2)"},
		{game.Beginner, "opening (2,2)"},
		{custom(t, "20x20/60"), "opening (2,2)"},
		{custom(t, "30x16/99"), "opening (2,2)"}, // expert turned on its side: not measured
	} {
		f, ok, err := ChooseFirst(tt.level, game.RulesZero, "")
		if err != nil || !ok || f.String() != tt.want || f.Note == "" {
			t.Errorf("%s: default under zero = %+v, %v, %v; want %s with a note", tt.level.Name, f, ok, err, tt.want)
		}
	}
}

// TestBestOpeningExact checks the inclusion-exclusion formula against
// enumeration of every layout on small boards, for every first click.
func TestBestOpeningExact(t *testing.T) {
	for _, l := range []game.Level{{Name: "4x5/4", Rows: 4, Cols: 5, Mines: 4}, {Name: "5x5/6", Rows: 5, Cols: 5, Mines: 6}, {Name: "3x7/3", Rows: 3, Cols: 7, Mines: 3}} {
		b := game.MustBoard(l.Rows, l.Cols)
		bestBrute, bestP := -1, -1.0
		for f := 0; f < b.Len(); f++ {
			block := map[int]bool{f: true}
			for _, j := range b.Neighbors(f) {
				block[int(j)] = true
			}
			var outside []int
			for i := 0; i < b.Len(); i++ {
				if !block[i] {
					outside = append(outside, i)
				}
			}
			spread, total := 0, 0
			mine := make([]bool, b.Len())
			var rec func(k, left int)
			rec = func(k, left int) {
				if left == 0 {
					total++
					for _, n := range b.Neighbors(f) {
						zero, hasOut := true, false
						for _, j := range b.Neighbors(int(n)) {
							zero = zero && !mine[j]
							hasOut = hasOut || !block[int(j)]
						}
						if zero && hasOut {
							spread++
							return
						}
					}
					return
				}
				for x := k; x < len(outside); x++ {
					mine[outside[x]] = true
					rec(x+1, left-1)
					mine[outside[x]] = false
				}
			}
			rec(0, l.Mines)
			p := float64(spread) / float64(total)
			if got := openingChance(b, l.Mines, f); math.Abs(got-p) > 1e-12 {
				t.Errorf("%s: first click %v spreads with chance %.15f; enumeration says %.15f", l.Name, b.Pos(f), got, p)
			}
			if p > bestP+1e-12 {
				bestBrute, bestP = f, p
			}
		}
		pos, p := BestOpening(l)
		if pos != b.Pos(bestBrute) || math.Abs(p-bestP) > 1e-12 {
			t.Errorf("%s: BestOpening = %v, %.15f; enumeration says %v, %.15f", l.Name, pos, p, b.Pos(bestBrute), bestP)
		}
	}
}

// custom parses a level such as "20x20/60".
func custom(t *testing.T, s string) game.Level {
	t.Helper()
	l, err := game.ParseLevel(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
