package compare

import (
	"fmt"
	"strings"

	"github.com/minesat/minesat/backtrack"
)

// DefaultMethods are sat and the eight searches: bt, mrv, degree and lcv,
// each with and without forward checking.
const DefaultMethods = "sat,bt,bt+fc,mrv,mrv+fc,degree,degree+fc,lcv,lcv+fc"

// Method is one method compared: the SAT solver or a backtracking search.
type Method struct {
	Name      string            // canonical name: "sat" or Backtrack.String()
	Backtrack backtrack.Options // the search, unless Name is "sat"
}

// IsSAT reports whether m is the SAT solver.
func (m Method) IsSAT() bool { return m.Name == "sat" }

// ParseMethods parses a comma-separated list of methods ("sat,bt,mrv+fc")
// into canonical, distinct methods, each backtracking one with the node
// budget maxNodes. Its errors name the method at fault ("mrv+fc listed
// twice", or backtrack.ParseMethod's error), for the caller to prefix with
// where the list came from.
func ParseMethods(list string, maxNodes int64) ([]Method, error) {
	var methods []Method
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		m := Method{Name: name}
		if name != "sat" {
			o, err := backtrack.ParseMethod(name)
			if err != nil {
				return nil, err
			}
			o.MaxNodes = maxNodes
			m = Method{Name: o.String(), Backtrack: o}
		}
		if seen[m.Name] {
			return nil, fmt.Errorf("%s listed twice", m.Name)
		}
		seen[m.Name] = true
		methods = append(methods, m)
	}
	return methods, nil
}

// NeedsTotal returns the name of the first method of methods that needs a
// puzzle's mine total, a backtracking search, or "" if none does: the SAT
// solver counts and solves without one.
func NeedsTotal(methods []Method) string {
	for _, m := range methods {
		if !m.IsSAT() {
			return m.Name
		}
	}
	return ""
}
