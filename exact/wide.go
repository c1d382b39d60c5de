package exact

import (
	"math"
	"math/rand/v2"
)

// wide is a non-negative real m·2^e: a float64 mantissa with an exponent
// of its own, so that counts of any size keep float64's relative
// precision and a non-zero count never overflows or underflows to zero.
// m is 0 (the value 0) or in [0.5, 1).
type wide struct {
	m float64
	e int
}

// wideOf returns x, a non-negative finite float64, as a wide.
func wideOf(x float64) wide {
	m, e := math.Frexp(x)
	return wide{m, e}
}

func (a wide) zero() bool { return a.m == 0 }

func (a wide) mul(b wide) wide {
	if a.m == 0 || b.m == 0 {
		return wide{}
	}
	m, e := math.Frexp(a.m * b.m)
	return wide{m, a.e + b.e + e}
}

func (a wide) add(b wide) wide {
	switch {
	case b.m == 0:
		return a
	case a.m == 0:
		return b
	case a.e < b.e:
		a, b = b, a
	}
	// Past 60 binary places b is below half of a's last bit: a+b rounds to a.
	if d := a.e - b.e; d <= 60 {
		m, e := math.Frexp(a.m + math.Ldexp(b.m, -d))
		return wide{m, a.e + e}
	}
	return a
}

// less reports whether a < b.
func (a wide) less(b wide) bool {
	switch {
	case a.m == 0 || b.m == 0:
		return a.m < b.m
	case a.e != b.e:
		return a.e < b.e
	}
	return a.m < b.m
}

// ratio returns a/b for 0 <= a <= b, b non-zero: a float64 in [0, 1]
// that is 0 only when a is, a ratio below the smallest positive float64
// rounding up to it.
func ratio(a, b wide) float64 {
	if a.m == 0 {
		return 0
	}
	if d := a.e - b.e; d >= -1100 {
		if r := math.Ldexp(a.m/b.m, d); r > 0 {
			return r
		}
	}
	return math.SmallestNonzeroFloat64
}

// A coin is the chance of an outcome, stored by its less likely side so
// that a chance close to 0 or to 1 keeps float64's relative precision: a
// coin c >= 0 comes up with chance c, and a coin c < 0 fails with chance
// -c. Coin 0 never comes up and coin 1 always does.
type coin float64

// newCoin returns the coin that comes up with chance yes/(yes+no); yes
// and no are not both zero.
func newCoin(yes, no wide) coin {
	switch {
	case yes.zero():
		return 0
	case no.zero():
		return 1
	case no.less(yes):
		return coin(-ratio(no, yes.add(no)))
	}
	return coin(ratio(yes, yes.add(no)))
}

// toss reports whether c comes up.
func (c coin) toss(rng *rand.Rand) bool {
	if c >= 0 {
		return bernoulli(rng, float64(c))
	}
	return !bernoulli(rng, float64(-c))
}

// bernoulli reports true with chance p, 0 <= p <= 1, exactly: it compares
// p with a uniform real in [0, 1) whose bits it draws 64 at a time, as
// long as they equal p's. A float64 has finitely many bits, so it ends,
// after one draw but with chance 2^-64, and every p > 0, however small,
// comes up with chance p.
func bernoulli(rng *rand.Rand, p float64) bool {
	if p >= 1 {
		return true
	}
	for p > 0 {
		y := math.Ldexp(p, 64) // below 2^64, exactly p's next 64 bits and the rest
		hi := math.Floor(y)
		if u, bits := rng.Uint64(), uint64(hi); u != bits {
			return u < bits
		}
		p = y - hi
	}
	return false
}
