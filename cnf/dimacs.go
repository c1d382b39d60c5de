package cnf

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteDIMACS writes f in DIMACS CNF: each comment as "c" lines (a comment
// with newlines becomes several lines), then the header "p cnf V C", then
// one clause per line, its literals followed by 0. The output depends only
// on f and the comments.
func (f *Formula) WriteDIMACS(w io.Writer, comments ...string) error {
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		for line := range strings.SplitSeq(c, "\n") {
			bw.WriteString("c")
			if line != "" {
				bw.WriteString(" ")
				bw.WriteString(line)
			}
			bw.WriteString("\n")
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.NumVars(), f.Len())
	var buf []byte
	for _, c := range f.Clauses() {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l.Dimacs()), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("cnf: writing DIMACS: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("cnf: writing DIMACS: %w", err)
	}
	return nil
}

// WriteDIMACS writes the problem as DIMACS CNF (see Formula.WriteDIMACS),
// with the total in the given encoding. Comment lines describe the puzzle
// and map every cell variable to its cell, "c var 3 = cell (0,2)", and name
// the auxiliary variables.
func (pr *Problem) WriteDIMACS(w io.Writer, total Encoding) error {
	f := pr.Formula(total)
	p := pr.Puzzle
	var sb strings.Builder
	fmt.Fprintf(&sb, "minesat: puzzle %dx%d, mines %d, flagged %d, unknown %d, hint constraints %d\n",
		p.Rows(), p.Cols(), p.Mines, p.Flags(), pr.NumVars(), len(pr.Hints))
	sb.WriteString("var v is true iff its cell holds a mine; cells are (row,col), 0-based\n")
	for v := 1; v <= pr.NumVars(); v++ {
		fmt.Fprintf(&sb, "var %d = cell %v\n", v, pr.Pos(Var(v)))
	}
	fmt.Fprintf(&sb, "hints: binomial; mine count: exactly %d of vars 1..%d, %s", pr.Total.N, pr.NumVars(), total.resolve(len(pr.Total.Lits)))
	if aux := f.NumVars() - pr.NumVars(); aux > 0 {
		fmt.Fprintf(&sb, ", auxiliary vars %d..%d", pr.NumVars()+1, f.NumVars())
	}
	return f.WriteDIMACS(w, sb.String())
}
