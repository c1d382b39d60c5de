package cnf

import (
	"fmt"

	"github.com/minesat/minesat/game"
)

// Problem is a puzzle's rules as constraints over variables for its unknown
// cells: one Exactly per informative hint and one for the mine count. It
// holds plain values and runs no solver; Encode writes it as clauses.
//
// Variable v (1..NumVars) stands for the v-th Unknown cell in row-major
// order and is true iff that cell holds a mine. Flagged cells are known mines
// and get no variable: they are subtracted from the hints around them and
// from the mine count.
type Problem struct {
	Puzzle *game.Puzzle // the puzzle encoded; shared, not copied
	Hints  []Hint       // row-major; see NewProblem for which hints appear
	Total  Exactly      // the mine count minus the flags, over every variable

	varOf  []Var   // varOf[cell] is the cell's variable, 0 if it has none
	cellOf []int32 // cellOf[v-1] is variable v's cell
}

// Hint is a revealed cell's constraint: exactly its hint, minus its flagged
// neighbours, of its unknown neighbours are mines.
type Hint struct {
	Cell    int // the revealed cell's row-major index
	Exactly     // over the unknown neighbours' variables, in row-major order
}

// NewProblem returns the constraints of p. Hints appear in row-major order;
// a hint is left out when it says nothing, that is when it has no unknown
// neighbour and its count is met by its flags. A hint whose count cannot be
// met (more flags around it than it shows, or more mines than unknown
// neighbours) is kept, and makes the problem unsatisfiable; so do a mine
// count below the flags or above the unknown cells. NewProblem never fails:
// use p.Validate to report such puzzles with a reason. The cost is O(cells).
func NewProblem(p *game.Puzzle) *Problem {
	b := p.Board
	pr := &Problem{Puzzle: p, varOf: make([]Var, len(p.Cells))}
	flags := 0
	for i, c := range p.Cells {
		switch c.State {
		case game.Unknown:
			pr.cellOf = append(pr.cellOf, int32(i))
			pr.varOf[i] = Var(len(pr.cellOf))
		case game.Flagged:
			flags++
		}
	}
	// Every hint's literals share one backing slice.
	var lits []Lit
	for i, c := range p.Cells {
		if c.State != game.Revealed {
			continue
		}
		start, n := len(lits), int(c.Hint)
		for _, j := range b.Neighbors(i) {
			switch p.Cells[j].State {
			case game.Unknown:
				lits = append(lits, pr.varOf[j].Pos())
			case game.Flagged:
				n--
			}
		}
		if len(lits) == start && n == 0 {
			continue
		}
		pr.Hints = append(pr.Hints, Hint{Cell: i, Exactly: Exactly{N: n, Lits: lits[start:len(lits):len(lits)]}})
	}
	total := make([]Lit, len(pr.cellOf))
	for k := range total {
		total[k] = Var(k + 1).Pos()
	}
	pr.Total = Exactly{Lits: total, N: p.Mines - flags}
	return pr
}

// NumVars returns the number of cell variables, the Unknown cells.
func (pr *Problem) NumVars() int { return len(pr.cellOf) }

// Var returns the variable of the cell with row-major index cell, and whether
// it has one (only Unknown cells do).
func (pr *Problem) Var(cell int) (Var, bool) {
	v := pr.varOf[cell]
	return v, v != 0
}

// Cell returns the row-major index of variable v's cell. It panics if v is
// not a cell variable (1..NumVars).
func (pr *Problem) Cell(v Var) int {
	if v == 0 || int(v) > len(pr.cellOf) {
		panic(fmt.Sprintf("cnf: variable %d is not one of the %d cell variables", v, len(pr.cellOf)))
	}
	return int(pr.cellOf[v-1])
}

// Pos returns the position of variable v's cell; see Cell.
func (pr *Problem) Pos(v Var) game.Pos { return pr.Puzzle.Board.Pos(pr.Cell(v)) }

// Constraints returns every constraint: the hints in order, then the total.
// The Lits slices are shared with pr.
func (pr *Problem) Constraints() []Exactly {
	out := make([]Exactly, 0, len(pr.Hints)+1)
	for _, h := range pr.Hints {
		out = append(out, h.Exactly)
	}
	return append(out, pr.Total)
}

// Feasible reports whether no constraint is infeasible on its face (see
// Exactly.Feasible). A feasible problem may still have no solution.
func (pr *Problem) Feasible() bool {
	for _, e := range pr.Constraints() {
		if !e.Feasible() {
			return false
		}
	}
	return true
}

// Mines returns the mines that a assigns: the Flagged cells and the Unknown
// cells whose variables are true, as sorted row-major indices, the form
// game.Puzzle.Satisfies checks.
func (pr *Problem) Mines(a Assignment) []int {
	var out []int
	for i, c := range pr.Puzzle.Cells {
		if c.State == game.Flagged || (pr.varOf[i] != 0 && a.Value(pr.varOf[i].Pos())) {
			out = append(out, i)
		}
	}
	return out
}

// Assignment returns the assignment of the cell variables that puts mines on
// the given cells (row-major indices); cells without a variable are ignored.
// It is the inverse of Mines on the cell variables.
func (pr *Problem) Assignment(mines []int) Assignment {
	a := make(Assignment, len(pr.cellOf)+1)
	for _, i := range mines {
		if i >= 0 && i < len(pr.varOf) && pr.varOf[i] != 0 {
			a[pr.varOf[i]] = true
		}
	}
	return a
}

// Encode writes the problem to dst: each hint in the Binomial encoding (a
// hint has at most 8 literals, so at most C(8,5)+C(8,3) = 112 clauses) and the total in the
// given encoding. dst must hand out variables after NumVars, as
// NewFormula(pr.NumVars()) does.
func (pr *Problem) Encode(dst Sink, total Encoding) {
	for _, h := range pr.Hints {
		Binomial.Encode(dst, h.Exactly)
	}
	total.Encode(dst, pr.Total)
}

// Formula returns the problem as a CNF formula: the cell variables first,
// then the total's auxiliary variables. See Encode.
func (pr *Problem) Formula(total Encoding) *Formula {
	f := NewFormula(pr.NumVars())
	pr.Encode(f, total)
	return f
}

// Size returns the number of variables and clauses of Formula(total),
// computed without encoding (see Encoding.Size).
func (pr *Problem) Size(total Encoding) (vars, clauses int) {
	for _, h := range pr.Hints {
		_, c := Binomial.Size(len(h.Lits), h.N)
		clauses += c
	}
	aux, c := total.Size(len(pr.Total.Lits), pr.Total.N)
	return pr.NumVars() + aux, clauses + c
}

// Frontier splits the cell variables in two, each in increasing order: the
// frontier, which some hint constrains, and the interior, which only the
// mine count does. Interior cells are interchangeable: any two solutions that
// differ only by a permutation of interior mines are both solutions, so a
// solver may count them apart, by binomial coefficients, instead of
// enumerating them.
func (pr *Problem) Frontier() (frontier, interior []Var) {
	seen := make([]bool, len(pr.cellOf)+1)
	for _, h := range pr.Hints {
		for _, l := range h.Lits {
			seen[l.Var()] = true
		}
	}
	for v := 1; v <= len(pr.cellOf); v++ {
		if seen[v] {
			frontier = append(frontier, Var(v))
		} else {
			interior = append(interior, Var(v))
		}
	}
	return frontier, interior
}
