package kb

import (
	"fmt"
	"github.com/minesat/minesat/cnf"

	"github.com/minesat/minesat/game"
)

// Source says how a clause of the KB, or a literal of KB0, was derived.
type Source uint8

// Where the clauses of the KB, and the literals of KB0, come from.
const (
	SourceAsserted   Source = iota // given from outside: an opened cell, a flag, a SAT result
	SourceHint                     // a clause of a hint's binomial encoding
	SourceResolution               // a resolvent of two clauses
	SourceTotal                    // a clause of the global mine count's binomial encoding
)

// String returns "asserted", "unit", "resolution" or "global count": the
// name of the step that settles a literal through a clause of that kind
// (a hint clause settles its literal by unit propagation).
func (r Source) String() string {
	switch r {
	case SourceAsserted:
		return "asserted"
	case SourceHint:
		return "unit"
	case SourceResolution:
		return "resolution"
	case SourceTotal:
		return "global count"
	}
	return fmt.Sprintf("Source(%d)", uint8(r))
}

// Reason is why KB0 holds a literal.
type Reason struct {
	Source Source // SourceAsserted, or the kind of clause that became a unit
	// Clause is the clause that became the unit, as first derived: its
	// other literals are false in KB0. Nil when asserted.
	Clause cnf.Clause
	// Hint is the hint's cell (row-major) when Source is SourceHint, else -1;
	// HintN is the number it shows.
	Hint, HintN int
	// Parents are the two clauses resolved into Clause when Source is
	// SourceResolution, each as it stood when resolved.
	Parents [2]cnf.Clause
}

// Explain returns why KB0 holds l. It panics if l is not in KB0.
func (k *KB) Explain(l cnf.Lit) Reason {
	id := k.reasonOf(l, "Explain")
	if id == noClause {
		return Reason{Source: SourceAsserted, Hint: -1}
	}
	root := k.cls.at(k.cls.at(id).root)
	r := Reason{Source: root.source, Clause: k.copyLits(root.root), Hint: -1}
	switch root.source {
	case SourceHint:
		r.Hint, r.HintN = int(root.hint()), int(k.hintN[root.hint()])
	case SourceResolution:
		r.Parents = [2]cnf.Clause{k.copyLits(root.p1), k.copyLits(root.p2)}
	}
	return r
}

// SourceOf returns Explain(l).Source without copying the clause: how the
// literal settled. It panics if l is not in KB0.
func (k *KB) SourceOf(l cnf.Lit) Source {
	id := k.reasonOf(l, "SourceOf")
	if id == noClause {
		return SourceAsserted
	}
	return k.cls.at(k.cls.at(id).root).source
}

// reasonOf returns the clause that settled l, or noClause when asserted;
// it panics, naming caller, if l is not in KB0.
func (k *KB) reasonOf(l cnf.Lit, caller string) int32 {
	if mine, known := k.Value(CellOf(l)); !known || mine != IsMine(l) {
		panic(fmt.Sprintf("kb: %s(%s): the literal is not settled", caller, FormatLit(k.board, l)))
	}
	return k.reason[CellOf(l)]
}

func (k *KB) copyLits(id int32) cnf.Clause { return append(cnf.Clause(nil), k.litsOf(id)...) }

// Format writes the reason with cell names, for example
// "clause -(0,1) v -(1,1) of hint 1 at (0,0)" or
// "clause -(1,2), resolvent of (0,1) v -(1,2) and -(0,1) v -(1,2)".
func (r Reason) Format(b *game.Board) string {
	switch r.Source {
	case SourceAsserted:
		return "asserted"
	case SourceHint:
		return fmt.Sprintf("clause %s of hint %d at %v", FormatClause(b, r.Clause), r.HintN, b.Pos(r.Hint))
	case SourceResolution:
		return fmt.Sprintf("clause %s, resolvent of %s and %s", FormatClause(b, r.Clause),
			FormatClause(b, r.Parents[0]), FormatClause(b, r.Parents[1]))
	case SourceTotal:
		return fmt.Sprintf("clause %s of the global mine count", FormatClause(b, r.Clause))
	}
	return r.Source.String()
}

// Proof returns the lines that prove a literal r settles, for a reader, as
// play --trace prints them under a move: the clause and the hint, the
// resolvents or the global count it comes from, then verdict (such as
// "(1,2) is safe"), the conclusion. A clause of one literal is the
// conclusion itself; a longer one concludes because its other literals are
// already false.
func (r Reason) Proof(b *game.Board, verdict string) []string {
	var lines []string
	switch r.Source {
	case SourceHint:
		src := "a hint"
		if r.Hint >= 0 {
			src = fmt.Sprintf("hint %d at %v", r.HintN, b.Pos(r.Hint))
		}
		lines = []string{src + " gives clause " + FormatClause(b, r.Clause)}
	case SourceResolution:
		lines = []string{"clause " + FormatClause(b, r.Clause) + " is the resolvent of",
			"  " + FormatClause(b, r.Parents[0]),
			"  " + FormatClause(b, r.Parents[1])}
	case SourceTotal:
		lines = []string{"the global mine count gives clause " + FormatClause(b, r.Clause)}
	default:
		return []string{verdict + ": " + r.Source.String()}
	}
	if len(r.Clause) > 1 {
		return append(lines, "  its other literals are false, so "+verdict)
	}
	return append(lines, "  so "+verdict)
}
