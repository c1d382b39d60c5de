package compare

import (
	"fmt"
	"strings"

	"github.com/minesat/minesat/backtrack"
)

// DefaultSolvers are sat and the eight searches: bt, mrv, degree and lcv,
// each with and without forward checking.
const DefaultSolvers = "sat,bt,bt+fc,mrv,mrv+fc,degree,degree+fc,lcv,lcv+fc"

// Solver is one solver compared: the SAT solver or a backtracking search.
type Solver struct {
	Name      string            // canonical name: "sat" or Backtrack.String()
	Backtrack backtrack.Options // the search, unless Name is "sat"
}

// IsSAT reports whether m is the SAT solver.
func (m Solver) IsSAT() bool { return m.Name == "sat" }

// ParseSolvers parses a comma-separated list of solvers ("sat,bt,mrv+fc")
// into canonical, distinct solvers, each backtracking one with the node
// budget maxNodes. Its errors name the solver at fault ("mrv+fc listed
// twice", or backtrack.ParseOptions's error), for the caller to prefix with
// where the list came from.
func ParseSolvers(list string, maxNodes int64) ([]Solver, error) {
	var solvers []Solver
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		m := Solver{Name: name}
		if name != "sat" {
			o, err := backtrack.ParseOptions(name)
			if err != nil {
				return nil, err
			}
			o.MaxNodes = maxNodes
			m = Solver{Name: o.String(), Backtrack: o}
		}
		if seen[m.Name] {
			return nil, fmt.Errorf("%s listed twice", m.Name)
		}
		seen[m.Name] = true
		solvers = append(solvers, m)
	}
	return solvers, nil
}

// NeedsTotal returns the name of the first solver of solvers that needs a
// puzzle's mine total, a backtracking search, or "" if none does: the SAT
// solver counts and solves without one.
func NeedsTotal(solvers []Solver) string {
	for _, m := range solvers {
		if !m.IsSAT() {
			return m.Name
		}
	}
	return ""
}
