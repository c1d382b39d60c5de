package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/minesat/minesat/cnf"
)

const cnfAbout = `
Cnf writes a puzzle file (or standard input for -; the format of
docs/formats.md) as DIMACS CNF on stdout, for any SAT solver.

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
more mines than unknown cells) still gives a CNF, an unsatisfiable one; cnf
says why on stderr and exits 1, as solve does. A formula of more than
--max-clauses clauses is refused (exit 3) before it is built. Ctrl-C stops
cnf at any point (exit 3); output cut short ends with a whole line.`

// runCNF implements 'minesat cnf'.
func runCNF(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("cnf", "FILE|-", cnfAbout, io)
	totalName := fs.String("total", "auto", "encoding of the mine count: auto, totalizer, sequential or binomial")
	maxClauses := fs.Int("max-clauses", 50_000_000, "refuse formulas of more than `N` clauses (exit 3)")
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return flagError("cnf", fmt.Errorf("want one puzzle file (or - for standard input), got %d arguments", fs.NArg()))
	}
	total, err := cnf.ParseEncoding(*totalName)
	if err != nil {
		return usageErrorf("cnf: --total %s: want auto, totalizer, sequential or binomial", quoteValue(*totalName))
	}
	if *maxClauses < 1 {
		return usageErrorf("cnf: --max-clauses %d: want at least 1", *maxClauses)
	}
	p, name, err := openPuzzle(ctx, io, "cnf", fs.Arg(0))
	if err != nil {
		return cnfError(ctx, "cnf", err)
	}
	if !p.MinesKnown() {
		return usageErrorf("cnf: %s: the mine total is unknown (?): the formula needs it; give the count in the header", name)
	}
	// Building the problem of a large board takes seconds: Ctrl-C stops it.
	type sized struct {
		pr            *cnf.Problem
		vars, clauses int
	}
	s, err := untilDone(ctx, func() (sized, error) {
		pr := cnf.NewProblem(p)
		vars, clauses := pr.Size(total)
		return sized{pr, vars, clauses}, nil
	})
	if err != nil {
		return cnfError(ctx, "cnf", err)
	}
	m, n := len(s.pr.Total.Lits), s.pr.Total.N
	if _, c := cnf.Binomial.Size(m, n); total == cnf.Binomial && c > cnf.MaxBinomialClauses {
		return usageErrorf("cnf: --total binomial: exactly %d of %d cells needs %s clauses, more than %d; use totalizer or sequential",
			n, m, clauseCount(c), cnf.MaxBinomialClauses)
	}
	if s.clauses > *maxClauses {
		return budgetError(fmt.Errorf("cnf: %s: the formula would have %d variables and %s clauses, more than --max-clauses %d",
			name, s.vars, clauseCount(s.clauses), *maxClauses))
	}
	// A puzzle impossible on its face still gives its formula, an
	// unsatisfiable one, and exit 1 as solve and compare give.
	var impossible error
	if err := p.Validate(); err != nil {
		impossible = noSolutionError("cnf", name, err)
	} else if !s.pr.Feasible() {
		impossible = noSolutionError("cnf", name, errors.New("a hint or the mine count cannot be met"))
	}
	w := bufio.NewWriter(io.stdout(ctx))
	err = s.pr.WriteDIMACS(w, total)
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return cnfError(ctx, "cnf", err)
	}
	return impossible
}

// cnfError maps an error reading a puzzle or writing output: exit 3 when
// ctx stopped the command, the error as it is otherwise.
func cnfError(ctx context.Context, cmd string, err error) error {
	if ctx.Err() != nil {
		return budgetError(fmt.Errorf("%s: interrupted", cmd))
	}
	return err
}

// clauseCount writes a clause count, "more than 2^62" when it saturated.
func clauseCount(c int) string {
	if c >= 1<<62 {
		return "more than 2^62"
	}
	return fmt.Sprint(c)
}
