package cellmem

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"testing"
	"time"
)

// heapObjects is the runtime metric of the bytes held by heap objects, live
// or not yet swept; reading it does not stop the world.
const heapObjects = "/memory/classes/heap/objects:bytes"

// Measure runs f with the garbage collector at GOGC=10 and returns the peak
// heap it held above the heap before it, sampled every 200 µs, and the
// bytes it allocated in all. At GOGC=10 the heap stays within about 10% of
// the live data, so the peak is close to the most f held live at once.
func Measure(f func()) (peak, alloc uint64) {
	old := debug.SetGCPercent(10)
	defer debug.SetGCPercent(old)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	sample := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
	var top uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: heapObjects}}
		tick := time.NewTicker(200 * time.Microsecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			top = max(top, s[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(done)
	wg.Wait()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if top > base {
		peak = top - base
	}
	return peak, after.TotalAlloc - before.TotalAlloc
}

// Report runs f b.N times, each measured by Measure, and reports the
// largest peak a cell of a board of cells cells as "peak-B/cell" and the
// bytes allocated a cell, on average, as "alloc-B/cell". Use it with
// b.ReportAllocs.
func Report(b *testing.B, cells int, f func()) {
	b.Helper()
	var peak, alloc uint64
	for b.Loop() {
		p, a := Measure(f)
		peak = max(peak, p)
		alloc += a
	}
	b.ReportMetric(float64(peak)/float64(cells), "peak-B/cell")
	b.ReportMetric(float64(alloc)/float64(b.N)/float64(cells), "alloc-B/cell")
}
