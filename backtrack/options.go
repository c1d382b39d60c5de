package backtrack

import (
	"fmt"
	"strings"
)

// Order is the variable-ordering heuristic.
type Order uint8

// The variable orders.
const (
	OrderNone      Order = iota // row-major: the first unassigned cell
	OrderMRV                    // minimum remaining values, ties to row-major
	OrderDegree                 // most constraints on unassigned neighbours, ties by MRV
	OrderMRVDegree              // MRV, ties broken by degree
)

var orderNames = [...]string{"none", "mrv", "degree", "mrv+degree"}

// String returns "none", "mrv", "degree" or "mrv+degree".
func (o Order) String() string {
	if int(o) < len(orderNames) {
		return orderNames[o]
	}
	return fmt.Sprintf("Order(%d)", o)
}

// MarshalText returns the order's name, so an Order works with flag.TextVar
// and encoding/json.
func (o Order) MarshalText() ([]byte, error) {
	if int(o) >= len(orderNames) {
		return nil, fmt.Errorf("backtrack: invalid order %d", o)
	}
	return []byte(o.String()), nil
}

// UnmarshalText parses an order name as String returns it.
func (o *Order) UnmarshalText(b []byte) error {
	for i, n := range orderNames {
		if string(b) == n {
			*o = Order(i)
			return nil
		}
	}
	return fmt.Errorf("backtrack: unknown order %q: want none, mrv, degree or mrv+degree", b)
}

// Value is the value-ordering heuristic.
type Value uint8

// The value orders.
const (
	ValueFixed Value = iota // safe first, then mine
	ValueLCV                // least constraining value first, ties to safe
)

var valueNames = [...]string{"fixed", "lcv"}

// String returns "fixed" or "lcv".
func (v Value) String() string {
	if int(v) < len(valueNames) {
		return valueNames[v]
	}
	return fmt.Sprintf("Value(%d)", v)
}

// MarshalText returns the value order's name.
func (v Value) MarshalText() ([]byte, error) {
	if int(v) >= len(valueNames) {
		return nil, fmt.Errorf("backtrack: invalid value order %d", v)
	}
	return []byte(v.String()), nil
}

// UnmarshalText parses a value-order name as String returns it.
func (v *Value) UnmarshalText(b []byte) error {
	for i, n := range valueNames {
		if string(b) == n {
			*v = Value(i)
			return nil
		}
	}
	return fmt.Errorf("backtrack: unknown value order %q: want fixed or lcv", b)
}

// DefaultMaxNodes is the node budget when Options.MaxNodes is 0. The search
// expands roughly 4 to 50 million nodes a second on one core (LCV and
// forward checking cost the most per node; see BenchmarkCount): 100 million
// nodes took 2 to 6 seconds on a 30x30 puzzle on a quiet machine, and, on a
// shared 2-core machine under a load of 5, 4.6 s (bt) to 14.7 s (degree+lcv+fc)
// on a 60x60 puzzle and 22.5 s (degree+lcv+fc) on a 300x300 one. So the
// default stops any search within a minute.
const DefaultMaxNodes = 100_000_000

// Options choose the heuristics and the budget of a search. The zero value is
// plain backtracking (row-major, safe first, no forward checking) with the
// default budget.
type Options struct {
	Order    Order // variable order
	Value    Value // value order
	FC       bool  // forward checking
	MaxNodes int64 // node budget: 0 means DefaultMaxNodes, negative means none
}

// String returns the options' search name, as ParseOptions reads it: the
// heuristics joined by "+", in the order mrv, degree, lcv, fc ("bt" when
// neither a variable nor a value heuristic is set). So the course assignment's eight
// combinations are bt, bt+fc, mrv, mrv+fc, degree, degree+fc, lcv and
// lcv+fc. The budget is not part of the name.
func (o Options) String() string {
	var parts []string
	switch o.Order {
	case OrderNone:
	case OrderMRVDegree:
		parts = append(parts, "mrv", "degree")
	default:
		parts = append(parts, o.Order.String())
	}
	if o.Value == ValueLCV {
		parts = append(parts, "lcv")
	}
	if len(parts) == 0 {
		parts = append(parts, "bt")
	}
	if o.FC {
		parts = append(parts, "fc")
	}
	return strings.Join(parts, "+")
}

// ParseOptions parses a search name such as "bt", "mrv+fc" or
// "mrv+degree+lcv+fc" into Options (with MaxNodes 0). The words are bt
// (plain; only alone or with fc), mrv, degree, lcv and fc, joined by "+",
// each at most once; "mrv+degree" is MRV with ties broken by degree, and
// "degree" alone already breaks its ties by MRV, so "degree+mrv" is refused.
func ParseOptions(s string) (Options, error) {
	var o Options
	seen := map[string]bool{}
	words := strings.Split(s, "+")
	for _, w := range words {
		if seen[w] {
			return Options{}, fmt.Errorf("backtrack: method %q: %q given twice", s, w)
		}
		seen[w] = true
		switch w {
		case "bt":
		case "mrv":
			if seen["degree"] {
				return Options{}, fmt.Errorf("backtrack: method %q: write mrv+degree (MRV, ties by degree) or degree (degree, ties by MRV)", s)
			}
			o.Order = OrderMRV
		case "degree":
			if o.Order == OrderMRV {
				o.Order = OrderMRVDegree
			} else {
				o.Order = OrderDegree
			}
		case "lcv":
			o.Value = ValueLCV
		case "fc":
			o.FC = true
		default:
			return Options{}, fmt.Errorf("backtrack: method %q: unknown word %q: want bt, mrv, degree, lcv or fc joined by +", s, w)
		}
	}
	if seen["bt"] && (o.Order != OrderNone || o.Value != ValueFixed) {
		return Options{}, fmt.Errorf("backtrack: method %q: bt is plain backtracking; drop it or the heuristics", s)
	}
	return o, nil
}
