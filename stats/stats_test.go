package stats

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.27753},
		{5, 10, 0.23659, 0.76341},
		{10, 10, 0.72247, 1},
		{81, 263, 0.25529, 0.36621},
		{0, 0, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := Wilson(tt.k, tt.n)
		if math.Abs(lo-tt.lo) > 5e-5 || math.Abs(hi-tt.hi) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = [%.5f, %.5f]; want [%.5f, %.5f]", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}

func TestPairedDiff(t *testing.T) {
	tests := []struct {
		name         string
		b, c, n      int
		d, lo, hi, z float64
	}{
		// The README's first variant row: 740 games won by the default
		// alone, 764 by Hill's blend alone, of 100,000.
		{"README blend", 740, 764, 100000, 0.00024, -0.000520102, 0.001000102, 0.618853},
		{"no discordant game", 0, 0, 50, 0, 0, 0, 0},
		{"every game to the second", 0, 10, 10, 1, 1, 1, 3.162278},
		{"first better", 30, 10, 200, -0.1, -0.160410147, -0.039589853, -3.162278},
		{"no games", 0, 0, 0, 0, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, lo, hi, z := PairedDiff(tt.b, tt.c, tt.n)
			for _, v := range []struct {
				what      string
				got, want float64
			}{{"d", d, tt.d}, {"lo", lo, tt.lo}, {"hi", hi, tt.hi}, {"z", z, tt.z}} {
				if math.Abs(v.got-v.want) > 1e-6 {
					t.Errorf("PairedDiff(%d, %d, %d): %s = %.9f; want %.9f", tt.b, tt.c, tt.n, v.what, v.got, v.want)
				}
			}
		})
	}
}

// McNemar is antisymmetric, and PairedDiff's z is the second player's over
// the first.
func TestMcNemar(t *testing.T) {
	for _, tt := range []struct {
		a, b int
		z    float64
	}{{0, 0, 0}, {10, 0, 3.162278}, {764, 740, 0.618853}, {10, 30, -3.162278}} {
		if z := McNemar(tt.a, tt.b); math.Abs(z-tt.z) > 1e-6 || McNemar(tt.b, tt.a) != -z {
			t.Errorf("McNemar(%d, %d) = %.6f, McNemar(%d, %d) = %.6f; want %.6f and its negation", tt.a, tt.b, z, tt.b, tt.a, McNemar(tt.b, tt.a), tt.z)
		}
		if _, _, _, z := PairedDiff(tt.b, tt.a, 1000); z != McNemar(tt.a, tt.b) {
			t.Errorf("PairedDiff(%d, %d, 1000)'s z = %.6f; want McNemar(%d, %d)", tt.b, tt.a, z, tt.a, tt.b)
		}
	}
}
