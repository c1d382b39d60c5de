package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/game"
)

const cnfAbout = `
Cnf writes a puzzle in the seeds' format (a file, or standard input for -) as
DIMACS CNF on stdout, for any SAT solver.

Variable v is true iff the v-th unknown cell in row-major order holds a mine;
comment lines "c var v = cell (r,c)" give the mapping. Each hint says that
exactly its number of its unknown neighbours are mines (the binomial clauses,
at most 112 per hint). The puzzle's mine count, exactly M of all unknown
cells, is encoded with --total: totalizer (Bailleux-Boufkhad; what auto picks
above 8 unknown cells), sequential (Sinz's counter) or binomial (no extra
variables, small puzzles only). Extra variables come after the cell variables.
The formula is satisfiable iff the puzzle has a solution, and its models,
read on the cell variables, are exactly the puzzle's solutions.

A puzzle that cannot be solved on its face (a hint larger than its neighbours,
more mines than unknown cells) still gives a CNF, an unsatisfiable one, with a
warning on stderr. A formula of more than --max-clauses clauses is refused
(exit 3) before it is built.`

// runCNF implements 'minesat cnf'.
func runCNF(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("cnf", "FILE|-", cnfAbout, io)
	totalName := fs.String("total", "auto", "encoding of the mine count: auto, totalizer, sequential or binomial")
	maxClauses := fs.Int("max-clauses", 50_000_000, "refuse formulas of more than `N` clauses (exit 3)")
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageErrorf("cnf: expected one puzzle file (or - for stdin), got %d arguments", fs.NArg())
	}
	total, err := cnf.ParseEncoding(*totalName)
	if err != nil {
		return usageErrorf("cnf: --total: %w", err)
	}
	name := fs.Arg(0)
	f, err := io.openInput(name)
	if err != nil {
		return usageErrorf("cnf: %w", err)
	}
	defer f.Close()
	if name == "-" {
		name = "<stdin>"
	}
	p, err := game.ParsePuzzle(name, f)
	if err != nil {
		return usageErrorf("cnf: %w", err)
	}

	pr := cnf.NewProblem(p)
	if err := p.Validate(); err != nil {
		fmt.Fprintf(io.err, "minesat: cnf: warning: %s: %v; the formula is unsatisfiable\n", name, err)
	} else if !pr.Feasible() {
		fmt.Fprintf(io.err, "minesat: cnf: warning: %s: a hint or the mine count cannot be met; the formula is unsatisfiable\n", name)
	}
	m, n := len(pr.Total.Lits), pr.Total.N
	if _, c := cnf.Binomial.Size(m, n); total == cnf.Binomial && c > cnf.MaxBinomialClauses {
		return usageErrorf("cnf: --total binomial: exactly %d of %d cells needs %s clauses, more than %d; use totalizer or sequential",
			n, m, clauseCount(c), cnf.MaxBinomialClauses)
	}
	vars, clauses := pr.Size(total)
	if clauses > *maxClauses {
		return budgetError(fmt.Errorf("cnf: %s: the formula would have %d variables and %s clauses, more than --max-clauses %d",
			name, vars, clauseCount(clauses), *maxClauses))
	}
	w := bufio.NewWriter(io.out)
	if err := pr.WriteDIMACS(w, total); err != nil {
		return err
	}
	return w.Flush()
}

// clauseCount writes a clause count, "more than 2^62" when it saturated.
func clauseCount(c int) string {
	if c >= 1<<62 {
		return "more than 2^62"
	}
	return fmt.Sprint(c)
}
