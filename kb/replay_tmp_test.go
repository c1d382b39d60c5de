package kb

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"testing"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/game"
)

func loadTrace(tb testing.TB, name string) []int32 {
	data, err := os.ReadFile("/tmp/kbtrace-" + name + ".bin")
	if err != nil {
		tb.Skip(err)
	}
	out := make([]int32, len(data)/4)
	binary.Read(bytesReader(data), binary.LittleEndian, out)
	return out
}

type br struct {
	b []byte
}

func (r *br) Read(p []byte) (int, error) { n := copy(p, r.b); r.b = r.b[n:]; return n, nil }
func bytesReader(b []byte) *br           { return &br{b} }

// replay runs the trace; after each call, check(k) if non-nil.
func replay(tb testing.TB, k *KB, tr []int32, boards map[[2]int32]*game.Board, check func(*KB)) {
	for i := 0; i < len(tr); {
		switch tr[i] {
		case -1:
			key := [2]int32{tr[i+1], tr[i+2]}
			b := boards[key]
			if b == nil {
				b = game.MustBoard(int(key[0]), int(key[1]))
				boards[key] = b
			}
			k.Reset(b)
			i += 3
		case -2:
			k.Assert(cnf.Lit(tr[i+1]))
			i += 2
		case -3:
			k.AddHint(int(tr[i+1]), int(tr[i+2]))
			i += 3
		default:
			tb.Fatalf("bad trace at %d", i)
		}
		if check != nil {
			check(k)
		}
	}
}

func TestReplayDigest(t *testing.T) {
	for _, mode := range []string{"fast", "binary", "default"} {
		for _, name := range []string{"beginner", "intermediate", "expert"} {
			if mode != "fast" && testing.Short() {
				continue
			}
			tr := loadTrace(t, name)
			if mode != "fast" {
				cut := len(tr) / 8
				for tr[cut] != -1 {
					cut++
				}
				tr = tr[:cut]
			}
			lim := Limits{Short: 2, NoMerge: true}
			if mode == "default" {
				lim = DefaultLimits
			}
			k := NewWithLimits(game.MustBoard(9, 9), lim)
			h := fnv.New64a()
			var buf []byte
			replay(t, k, tr, map[[2]int32]*game.Board{}, func(k *KB) {
				if mode != "fast" {
					for k.Pending() && k.Err() == nil {
						k.Resolve()
					}
				}
				st := k.Stats()
				buf = buf[:0]
				buf = binary.LittleEndian.AppendUint64(buf, uint64(st.Added)<<48^uint64(st.Subsumed)<<32^uint64(st.Removed)<<16^uint64(st.Satisfied))
				buf = binary.LittleEndian.AppendUint64(buf, uint64(st.Resolved)<<48^uint64(st.Skipped)<<32^uint64(st.Resolvents)<<16^uint64(st.Dropped)^uint64(st.Rounds)<<8)
				if k.Err() != nil {
					buf = append(buf, k.Err().Error()...)
				}
				buf = binary.LittleEndian.AppendUint32(buf, uint32(k.Len()))
				for _, c := range k.Clauses() {
					for _, l := range c {
						buf = binary.LittleEndian.AppendUint32(buf, uint32(l))
					}
					buf = append(buf, 0xff)
				}
				for _, l := range k.Settled() {
					r := k.Explain(l)
					buf = binary.LittleEndian.AppendUint32(buf, uint32(l))
					buf = append(buf, byte(r.Source), byte(r.Hint), byte(r.Hint>>8), byte(r.HintN))
					for _, c := range append([]cnf.Clause{r.Clause}, r.Parents[:]...) {
						for _, l := range c {
							buf = binary.LittleEndian.AppendUint32(buf, uint32(l))
						}
						buf = append(buf, 0xfe)
					}
				}
				h.Write(buf)
			})
			fmt.Printf("%s %s %x\n", mode, name, h.Sum64())
		}
	}
}

func BenchmarkReplay(b *testing.B) {
	for _, name := range []string{"beginner", "intermediate", "expert"} {
		tr := loadTrace(b, name)
		b.Run(name, func(b *testing.B) {
			k := NewWithLimits(game.MustBoard(9, 9), Limits{Short: 2, NoMerge: true})
			boards := map[[2]int32]*game.Board{}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				replay(b, k, tr, boards, nil)
			}
		})
	}
}
