// Package bloom_test benchmarks the kit's reference Bloom filter, kata/solutions/bloom, against
// github.com/bits-and-blooms/bloom/v3, the library a Go programmer would otherwise pick.
package bloom_test

import (
	"encoding/binary"
	"testing"

	bitsandblooms "github.com/bits-and-blooms/bloom/v3"

	"kata/solutions/bloom"
)

// The benchmarks run kata/solutions/bloom and github.com/bits-and-blooms/bloom/v3
// side by side, as BenchmarkX/impl=kata and BenchmarkX/impl=bitsandblooms, at
// n = 10^6 keys, m = 10n bits, k = 7: the same m and k, so the same
// false-positive rate, which each reports as the fp-rate metric.

const benchN = 1_000_000

type filter interface {
	Add([]byte)
	Test([]byte) bool
}

type bbFilter struct{ *bitsandblooms.BloomFilter }

func (f bbFilter) Add(k []byte) { f.BloomFilter.Add(k) }

var impls = []struct {
	name string
	new  func(m uint64, k uint) filter
}{
	{"kata", func(m uint64, k uint) filter { return bloom.New(m, k) }},
	{"bitsandblooms", func(m uint64, k uint) filter { return bbFilter{bitsandblooms.New(uint(m), k)} }},
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

func filled(impl func(uint64, uint) filter, keys [][]byte) filter {
	f := impl(10*benchN, 7)
	for _, k := range keys {
		f.Add(k)
	}
	return f
}

func fpRate(f filter, absent [][]byte) float64 {
	fp := 0
	for _, k := range absent {
		if f.Test(k) {
			fp++
		}
	}
	return float64(fp) / float64(len(absent))
}

func BenchmarkAdd(b *testing.B) {
	keys := benchKeys(0, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			f := impl.new(10*benchN, 7)
			i := 0
			for b.Loop() {
				f.Add(keys[i%benchN])
				i++
			}
		})
	}
}

// BenchmarkTest probes a full filter with present and absent keys in turn.
func BenchmarkTest(b *testing.B) {
	present, absent := benchKeys(0, benchN), benchKeys(benchN, benchN)
	probes := make([][]byte, 0, 2*benchN)
	for i := range present {
		probes = append(probes, present[i], absent[i])
	}
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			f := filled(impl.new, present)
			hits, i := 0, 0
			for b.Loop() {
				if f.Test(probes[i%len(probes)]) {
					hits++
				}
				i++
			}
			if hits < i/2 {
				b.Fatalf("%d hits of %d probes: false negatives", hits, i)
			}
			b.ReportMetric(fpRate(f, absent), "fp-rate")
		})
	}
}
