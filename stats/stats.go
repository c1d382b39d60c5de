package stats

import "math"

// z95 is the 97.5% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of k successes in n trials;
// [0, 1] for no trial.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	den := 1 + z95*z95/nf
	center := (p + z95*z95/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z95*z95/(4*nf*nf)) / den
	return max(0, center-half), min(1, center+half)
}

// PairedDiff compares two players over the same n games, of which b were
// won by the first alone and c by the second alone. It returns the second's
// win rate less the first's, d = (c-b)/n; the 95% Wald interval of that
// paired difference, d ± 1.96 sqrt(((b+c)/n - d²)/n); and McNemar's z of
// the second over the first (McNemar(c, b)). The games both or neither won
// carry no information on the difference; pairing the players on the same
// layouts removes the spread between layouts, which is why a paired test
// sees differences that two separate runs' intervals hide.
func PairedDiff(b, c, n int) (d, lo, hi, z float64) {
	if n == 0 {
		return 0, 0, 0, 0
	}
	nf := float64(n)
	d = float64(c-b) / nf
	half := z95 * math.Sqrt(max(0, float64(b+c)/nf-d*d)/nf)
	return d, d - half, d + half, McNemar(c, b)
}

// McNemar returns McNemar's statistic of a player over another on the
// same games, a won by the first alone and b by the second alone:
// z = (a-b)/sqrt(a+b), 0 when no game was won by one alone. |z| above 1.96
// is a difference at the 5% level, two-sided.
func McNemar(a, b int) float64 {
	if a+b == 0 {
		return 0
	}
	return float64(a-b) / math.Sqrt(float64(a+b))
}
