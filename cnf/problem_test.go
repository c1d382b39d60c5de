package cnf

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
	"github.com/minesat/minesat/internal/puzzletest"
)

// describe renders a problem's constraints as "(r,c)=N:[lits]" strings,
// hints first, then "total=N:[lits]".
func describe(pr *Problem) []string {
	var out []string
	for _, h := range pr.Hints {
		out = append(out, fmt.Sprintf("%v=%d:%v", pr.Puzzle.Board.Pos(h.Cell), h.N, h.Lits))
	}
	return append(out, fmt.Sprintf("total=%d:%v", pr.Total.N, pr.Total.Lits))
}

func TestNewProblem(t *testing.T) {
	tests := []struct {
		name     string
		puzzle   string
		cells    string // the variables' cells, in order
		want     []string
		feasible bool
	}{
		{
			name:     "one hint",
			puzzle:   "2 2 1\n1 -1\n-1 -1",
			cells:    "(0,1)(1,0)(1,1)",
			want:     []string{"(0,0)=1:[1 2 3]", "total=1:[1 2 3]"},
			feasible: true,
		},
		{
			name:     "flags are subtracted and get no variable",
			puzzle:   "2 3 2\n1 F -1\n-1 2 -1",
			cells:    "(0,2)(1,0)(1,2)",
			want:     []string{"(0,0)=0:[2]", "(1,1)=1:[1 2 3]", "total=1:[1 2 3]"},
			feasible: true,
		},
		{
			name:     "hint met by its flags and without unknowns says nothing",
			puzzle:   "1 3 1\n1 F 1",
			cells:    "",
			want:     []string{"total=0:[]"},
			feasible: true,
		},
		{
			name:     "zero with nothing around is dropped",
			puzzle:   "1 2 0\n0 0",
			want:     []string{"total=0:[]"},
			feasible: true,
		},
		{
			name:   "hint beyond its unknown neighbours",
			puzzle: "1 3 1\n-1 2 0",
			cells:  "(0,0)",
			want:   []string{"(0,1)=2:[1]", "total=1:[1]"},
		},
		{
			name:   "more flags than the hint",
			puzzle: "1 3 2\nF 1 F",
			want:   []string{"(0,1)=-1:[]", "total=0:[]"},
		},
		{
			name:   "hint without unknowns and flags short of it",
			puzzle: "1 2 0\n1 0",
			want:   []string{"(0,0)=1:[]", "total=0:[]"},
		},
		{
			name:   "more mines than unknown cells",
			puzzle: "1 3 3\n-1 1 -1",
			cells:  "(0,0)(0,2)",
			want:   []string{"(0,1)=1:[1 2]", "total=3:[1 2]"},
		},
		{
			name:   "fewer mines than flags",
			puzzle: "1 3 0\nF 1 -1",
			cells:  "(0,2)",
			want:   []string{"(0,1)=0:[1]", "total=-1:[1]"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pr := NewProblem(puzzletest.Parse(t, tt.puzzle))
			assert.Equal(t, tt.want, describe(pr), "constraints")
			var cells string
			for v := 1; v <= pr.NumVars(); v++ {
				p := pr.Pos(Var(v))
				cells += p.String()
				got, ok := pr.Var(pr.Puzzle.Board.Index(p))
				if assert.True(t, ok, "Var(cell of %d)", v) {
					assert.Equal(t, Var(v), got, "Var(cell of %d)", v)
				}
			}
			assert.Equal(t, tt.cells, cells, "the variables' cells")
			assert.Equal(t, tt.feasible, pr.Feasible())
			for _, enc := range Encodings {
				f := pr.Formula(enc)
				if sat, _ := solveWith(f, nil, 1); !tt.feasible {
					assert.False(t, sat, "%v: an infeasible problem has a model", enc)
				}
				hasEmpty := false
				for _, c := range f.Clauses() {
					hasEmpty = hasEmpty || len(c) == 0
				}
				assert.Equal(t, !tt.feasible, hasEmpty, "%v: an empty clause", enc)
			}
		})
	}
}

// seedFacts are the solution counts in the seed README (puzzletest.SeedDir).
var seedFacts = []struct {
	file      string
	solutions int
}{
	{"case1.txt", 8},
	{"case2.txt", 2},
	{"case3.txt", 9},
	{"case4.txt", 2},
	{"case5-unsat.txt", 0},
	{"simple4x4.txt", 1},
	{"size6.txt", 1},
	{"size8-a.txt", 1274},
	{"size8-b.txt", 13920},
}

// TestSeedSolutionCounts counts the models of each seed puzzle's formula,
// projected on the cell variables, with every encoding of the mine count,
// and checks the count against the seeds' README and every model with
// game.Puzzle.Satisfies. Puzzles with over 1,000 solutions use every
// encoding with -long only (Auto otherwise).
func TestSeedSolutionCounts(t *testing.T) {
	for _, tt := range seedFacts {
		p := puzzletest.Seed(t, tt.file)
		pr := NewProblem(p)
		for _, enc := range Encodings {
			if enc == Binomial && BinomialSize(pr.NumVars(), pr.Total.N) > 1<<16 {
				continue
			}
			if !longtest.Enabled() && tt.solutions > 1000 && enc != Auto {
				continue
			}
			t.Run(tt.file+"/"+enc.String(), func(t *testing.T) {
				f := pr.Formula(enc)
				vars, clauses := pr.Size(enc)
				assert.Equal(t, [2]int{f.NumVars(), f.Len()}, [2]int{vars, clauses}, "Size's variables and clauses against the Formula's")
				got := countChecked(t, pr, f, tt.solutions+1)
				assert.Equal(t, tt.solutions, got, "solutions, against the seeds' README")
			})
		}
	}
}

// countChecked counts the models of f projected on pr's cell variables (up
// to limit), checking each with game.Puzzle.Satisfies.
func countChecked(t *testing.T, pr *Problem, f *Formula, limit int) int {
	t.Helper()
	s := newDPLL(f)
	if !s.start() {
		return 0
	}
	n := 0
	var visit func()
	visit = func() {
		if n >= limit {
			return
		}
		v := Var(0)
		for u := Var(1); int(u) <= pr.NumVars(); u++ {
			if s.val[u] == 0 {
				v = u
				break
			}
		}
		if v == 0 {
			if s.satisfiable() {
				n++
				if err := pr.Puzzle.Satisfies(pr.Mines(s.assignment())); err != nil {
					t.Errorf("model %d is not a solution: %v", n, err)
				}
			}
			return
		}
		for _, l := range [2]Lit{v.Neg(), v.Pos()} {
			mark := len(s.trail)
			if s.assume(l) {
				visit()
			}
			s.undo(mark)
		}
	}
	visit()
	return n
}

// TestRandomPuzzlesBruteForce compares, on seeded random small puzzles with
// flags, the number of solutions found by enumerating mine layouts with
// game.Puzzle.Satisfies against the projected model count of each encoding.
func TestRandomPuzzlesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	outcomes := map[string]int{}
	for trial := range 300 {
		rows, cols := 2+rng.IntN(3), 2+rng.IntN(3)
		n := rows * cols
		mine := make([]bool, n)
		mines := 0
		for i := range mine {
			if rng.IntN(4) == 0 {
				mine[i] = true
				mines++
			}
		}
		p, err := game.NewPuzzle(rows, cols, mines+rng.IntN(2)*(rng.IntN(3)-1)) // sometimes a wrong count
		require.NoError(t, err)
		b := p.Board
		for i := range p.Cells {
			switch r := rng.IntN(10); {
			case !mine[i] && r < 5:
				h := 0
				for _, j := range b.Neighbors(i) {
					if mine[j] {
						h++
					}
				}
				if rng.IntN(12) == 0 {
					h = (h + 1) % 9 // sometimes a wrong hint
				}
				p.Cells[i] = game.HintCell(h)
			case mine[i] && r < 2 || !mine[i] && r == 9 && rng.IntN(3) == 0:
				p.Cells[i].State = game.Flagged // sometimes a wrong flag
			}
		}
		want := int(puzzletest.Count(t, p))
		outcomes[map[bool]string{true: "none", false: "some"}[want == 0]]++
		pr := NewProblem(p)
		for _, enc := range Encodings {
			got := countChecked(t, pr, pr.Formula(enc), 1<<20)
			if got != want {
				t.Errorf("trial %d, %v: %d models; brute force finds %d solutions of\n%v", trial, enc, got, want, p)
			}
		}
	}
	assert.GreaterOrEqual(t, outcomes["none"], 30, "puzzles without solutions")
	assert.GreaterOrEqual(t, outcomes["some"], 30, "puzzles with solutions")
}

func TestFrontier(t *testing.T) {
	// (0,0) sees (0,1) (1,0) (1,1); (0,3) and (1,2)..(1,3) are interior.
	pr := NewProblem(puzzletest.Parse(t, "2 4 2\n1 -1 F -1\n-1 -1 -1 -1"))
	frontier, interior := pr.Frontier()
	assert.Equal(t, "[1 3 4] [2 5 6]", fmt.Sprint(frontier, interior), "Frontier()")
	var cells []string
	for _, v := range interior {
		cells = append(cells, pr.Pos(v).String())
	}
	assert.Equal(t, "(0,3)(1,2)(1,3)", strings.Join(cells, ""), "the interior cells")
}

func TestMinesAssignmentRoundTrip(t *testing.T) {
	p := puzzletest.Parse(t, "2 3 3\nF 3 -1\n-1 -1 -1")
	pr := NewProblem(p)
	mines := []int{0, 2, 4}
	a := pr.Assignment(mines)
	assert.Equal(t, mines, pr.Mines(a), "Mines(Assignment(%v))", mines)
	assert.NoError(t, p.Satisfies(pr.Mines(a)), "the round-tripped layout")
	for _, c := range pr.Constraints() {
		assert.True(t, c.Holds(a), "constraint %+v fails on a solution", c)
	}
	assert.Panics(t, func() { pr.Cell(Var(pr.NumVars() + 1)) }, "Cell(%d)", pr.NumVars()+1)
}
