package stats_test

import (
	"fmt"

	"github.com/minesat/minesat/stats"
)

// Two players on the same 100,000 games: the first won 740 of them alone,
// the second 764. The second is 0.024 points ahead, well inside the
// interval: no difference at the 5% level (|z| < 1.96).
func ExamplePairedDiff() {
	d, lo, hi, z := stats.PairedDiff(740, 764, 100_000)
	fmt.Printf("%+.3f points [%+.3f, %+.3f], z = %.2f\n", 100*d, 100*lo, 100*hi, z)
	lo, hi = stats.Wilson(40_850, 100_000)
	fmt.Printf("40.85%% won [%.2f, %.2f]\n", 100*lo, 100*hi)
	// Output:
	// +0.024 points [-0.052, +0.100], z = 0.62
	// 40.85% won [40.55, 41.16]
}
