// Package quotientfilter_test benchmarks the kit's reference quotient filter,
// kata/solutions/quotientfilter, against the two filters a Go programmer would otherwise pick
// for the same job: the kit's own cuckoo filter, kata/solutions/cuckoo, and the Bloom filter of
// github.com/bits-and-blooms/bloom/v3.
package quotientfilter_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/bits-and-blooms/bloom/v3"

	"kata/solutions/cuckoo"
	"kata/solutions/quotientfilter"
)

// The three hold benchN keys at the same false-positive rate, about 9·10⁻⁵: a quotient filter of
// 2^20 slots of 13-bit remainders, 75% full (α/2^r = 0.75/2^13); a cuckoo filter of 2^20 slots of
// 16-bit fingerprints, 75% full (8·0.75/2^16); and a Bloom filter sized for that rate by
// NewWithEstimates. Each reports its bits per key (bits/key) and the rate it measured (fp-rate).
const (
	benchQ, benchR = 20, 13
	benchN         = 3 << (benchQ - 2)
)

// benchRate is the false-positive rate all three are sized for.
var benchRate = 1 - math.Exp(-0.75/(1<<benchR))

type filter interface {
	Insert([]byte) bool
	Lookup([]byte) bool
}

// bloomFilter shows a Bloom filter as a filter.
type bloomFilter struct{ f *bloom.BloomFilter }

func (b bloomFilter) Insert(k []byte) bool { b.f.Add(k); return true }
func (b bloomFilter) Lookup(k []byte) bool { return b.f.Test(k) }

var impls = []struct {
	name string
	new  func() filter
	bits float64 // the filter's table, in bits
}{
	{"quotient", func() filter { return quotientfilter.New(benchQ, benchR) }, (benchR + 3) << benchQ},
	{"cuckoo", func() filter { return cuckoo.New(1 << benchQ) }, 16 << benchQ},
	{"bloom", func() filter { return bloomFilter{bloom.NewWithEstimates(benchN, benchRate)} },
		float64(bloom.NewWithEstimates(benchN, benchRate).Cap())},
}

// benchKeys returns keys first..first+n-1 as 8-byte slices of one buffer.
func benchKeys(first, n uint64) [][]byte {
	buf := make([]byte, 8*n)
	keys := make([][]byte, n)
	for i := range n {
		keys[i] = binary.LittleEndian.AppendUint64(buf[8*i:8*i], first+i)
	}
	return keys
}

func filled(b *testing.B, newFilter func() filter, keys [][]byte) filter {
	f := newFilter()
	for _, k := range keys {
		if !f.Insert(k) {
			b.Fatal("an Insert failed at 75% load")
		}
	}
	return f
}

// BenchmarkInsert fills filters from empty to benchN keys, a new filter each time one is full:
// the average cost of an Insert over the whole fill.
func BenchmarkInsert(b *testing.B) {
	keys := benchKeys(0, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			f := impl.new()
			i := 0
			for b.Loop() {
				if i == len(keys) {
					b.StopTimer()
					f, i = impl.new(), 0
					b.StartTimer()
				}
				f.Insert(keys[i])
				i++
			}
			b.ReportMetric(impl.bits/benchN, "bits/key")
		})
	}
}

// BenchmarkLookup probes a filter holding benchN keys with present and absent keys in turn.
func BenchmarkLookup(b *testing.B) {
	present, absent := benchKeys(0, benchN), benchKeys(benchN, benchN)
	probes := make([][]byte, 0, 2*benchN)
	for i := range present {
		probes = append(probes, present[i], absent[i])
	}
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			f := filled(b, impl.new, present)
			hits, i := 0, 0
			for b.Loop() {
				if f.Lookup(probes[i%len(probes)]) {
					hits++
				}
				i++
			}
			if hits < i/2 {
				b.Fatalf("%d hits of %d probes: false negatives", hits, i)
			}
			fp := 0
			for _, k := range absent {
				if f.Lookup(k) {
					fp++
				}
			}
			b.ReportMetric(float64(fp)/benchN, "fp-rate")
			b.ReportMetric(impl.bits/benchN, "bits/key")
		})
	}
}
