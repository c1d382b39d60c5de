package exact

import (
	"context"
	"fmt"
	"slices"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/internal/third_party/gophersat/solver"
)

// satProblem gathers pseudo-boolean constraints over variables 1..vars for
// gophersat. Every constraint is handed to solver.ParsePBConstrs, never to
// ParseCardConstrs, which silently drops an "at least n >= 2" constraint one
// of whose literals is already true.
type satProblem struct {
	vars    int               // variables 1..vars
	constrs []solver.PBConstr // owned: no slice is shared with a caller
}

// newSATProblem returns an empty problem over variables 1..vars.
func newSATProblem(vars int) *satProblem { return &satProblem{vars: vars} }

// newVar adds a variable (a selector, say) and returns it.
func (sp *satProblem) newVar() cnf.Var {
	sp.vars++
	return cnf.Var(sp.vars)
}

// add adds the cardinality constraint c; its literals are copied.
func (sp *satProblem) add(c cnf.Card) {
	sp.constrs = append(sp.constrs, solver.PBConstr{Lits: c.Dimacs(), AtLeast: c.AtLeast})
}

// exactly adds "exactly n of lits are true" as two "at least" constraints.
// It never calls solver.Eq, which panics on nil weights and negates the
// caller's literals in place; lits is left untouched.
func (sp *satProblem) exactly(lits []cnf.Lit, n int) {
	for _, c := range (cnf.Exactly{Lits: lits, N: n}).Cards() {
		sp.add(c)
	}
}

// between adds lo <= (number of true lits) <= hi.
func (sp *satProblem) between(lits []cnf.Lit, lo, hi int) {
	sp.add(cnf.AtLeast(lits, lo))
	sp.add(cnf.AtMost(lits, hi))
}

// betweenIf adds sel -> lo <= (number of true lits) <= hi, as two weighted
// constraints: sum(lits) + lo*(not sel) >= lo, and sum(not lits) +
// (len-hi)*(not sel) >= len-hi.
func (sp *satProblem) betweenIf(sel cnf.Lit, lits []cnf.Lit, lo, hi int) {
	guard := func(c cnf.Card) {
		if c.AtLeast <= 0 {
			return
		}
		ls := append(c.Dimacs(), sel.Not().Dimacs())
		ws := make([]int, len(ls))
		for i := range ws {
			ws[i] = 1
		}
		ws[len(ws)-1] = c.AtLeast
		sp.constrs = append(sp.constrs, solver.PBConstr{Lits: ls, Weights: ws, AtLeast: c.AtLeast})
	}
	guard(cnf.AtLeast(lits, lo))
	guard(cnf.AtMost(lits, hi))
}

// clone returns a copy of sp that can take more constraints and variables
// without changing sp.
func (sp *satProblem) clone() *satProblem {
	return &satProblem{vars: sp.vars, constrs: slices.Clip(sp.constrs)}
}

// parse hands sp's constraints to solver.ParsePBConstrs, with a trivially
// true constraint over every variable first, which declares them all, so
// that models cover variables no other constraint mentions. ParsePBConstrs
// sorts a constraint's weights in place (its clause keeps the slice), so a
// problem parsed twice would pair the second time's literals with
// scrambled weights: each parse gets its own copy, and sp is left as it
// was.
func (sp *satProblem) parse() *solver.Problem {
	all := make([]int, sp.vars)
	for i := range all {
		all[i] = i + 1
	}
	constrs := make([]solver.PBConstr, 0, len(sp.constrs)+1)
	constrs = append(constrs, solver.PBConstr{Lits: all, AtLeast: 0})
	for _, c := range sp.constrs {
		if c.Weights != nil {
			c.Weights = slices.Clone(c.Weights)
		}
		constrs = append(constrs, c)
	}
	return solver.ParsePBConstrs(constrs)
}

// satSolver is a gophersat solver with the unit literals its problem
// simplified away. solver.Assume forgets those units (it resets the trail
// they live on), so every query passes them again.
type satSolver struct {
	ctx   context.Context // interrupts every search when it ends
	vars  int
	s     *solver.Solver // nil when the problem is unsatisfiable on its face
	units []solver.Lit   // the problem's units, saved before solver.New
	mark  []int8         // scratch for solve: 1 or -1 per assumed variable
}

// build makes a solver for sp whose searches stop when ctx ends. It needs
// no lock: the solver (minesat's copy of gophersat, internal/third_party/gophersat)
// shares no state with any other. Its Verbose stays false (it would print
// to stdout).
func (sp *satProblem) build(ctx context.Context) *satSolver {
	pb := sp.parse()
	ss := &satSolver{ctx: ctx, vars: sp.vars, mark: make([]int8, sp.vars+1)}
	if pb.Status == solver.Unsat {
		return ss
	}
	ss.units = append([]solver.Lit(nil), pb.Units...)
	ss.s = solver.New(pb)
	ss.s.Interrupt = ctx.Done()
	return ss
}

// interrupted returns the error of a search that ctx stopped: its answer,
// whatever it is, means nothing.
func interrupted(ctx context.Context) error {
	return fmt.Errorf("exact: SAT search stopped: %w", context.Cause(ctx))
}

// solve reports whether the problem has a model in which every literal of
// assume is true, and returns that model (model[v] for variable v; index 0
// unused). Assumptions that contradict each other or the problem's units are
// refused here: gophersat's Assume does not notice x and not-x together. The
// model is nil unless sat: gophersat's Model() after an unsatisfiable query
// still returns the previous model. A search that the solver's context
// stopped returns its error, and the solver must not be used again.
func (ss *satSolver) solve(assume ...cnf.Lit) (model []bool, sat bool, err error) {
	if ss.s == nil {
		return nil, false, nil
	}
	lits := make([]solver.Lit, 0, len(ss.units)+len(assume))
	lits = append(lits, ss.units...)
	for _, l := range assume {
		lits = append(lits, solver.IntToLit(int32(l.Dimacs())))
	}
	defer clear(ss.mark)
	for _, l := range lits {
		v, sign := int(l.Var())+1, int8(1)
		if !l.IsPositive() {
			sign = -1
		}
		switch ss.mark[v] {
		case -sign:
			return nil, false, nil
		case 0:
			ss.mark[v] = sign
		}
	}
	if ss.s.Assume(lits) == solver.Unsat {
		return nil, false, nil
	}
	switch ss.s.Solve() {
	case solver.Unsat:
		return nil, false, nil
	case solver.Indet:
		return nil, false, interrupted(ss.ctx)
	}
	m := ss.s.Model()
	model = make([]bool, ss.vars+1)
	copy(model[1:], m)
	return model, true, nil
}
