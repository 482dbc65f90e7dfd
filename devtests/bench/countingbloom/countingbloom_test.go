// Package countingbloom_test benchmarks the kit's reference counting Bloom filter,
// kata/solutions/countingbloom (4-bit counters, 16 to a uint64), against the plain design a Go
// programmer would first write: one uint8 per counter, with the same hashing.
package countingbloom_test

import (
	"encoding/binary"
	"math/bits"
	"testing"

	"github.com/cespare/xxhash/v2"

	"kata/solutions/countingbloom"
)

// The benchmarks run both side by side, as BenchmarkX/impl=kata and BenchmarkX/impl=bytes, at
// n = 10^6 keys present, m = 10n counters, k = 7: the same m, k and hashing, so the same
// false-positive rate, which each reports as the fp-rate metric, with its counters' bytes.

const benchN = 1_000_000

type filter interface {
	Add([]byte)
	Remove([]byte) bool
	Test([]byte) bool
	Count([]byte) uint
}

// byteFilter is a counting Bloom filter of one uint8 per counter, saturating at 15 like the
// reference, with the reference's double hashing.
type byteFilter struct {
	counters []uint8
	m        uint64
	k        uint
}

func newByteFilter(m uint64, k uint) *byteFilter {
	return &byteFilter{counters: make([]uint8, m), m: m, k: k}
}

func hashes(key []byte) (uint64, uint64) {
	h1 := xxhash.Sum64(key)
	h2 := h1
	h2 ^= h2 >> 30
	h2 *= 0xbf58476d1ce4e5b9
	h2 ^= h2 >> 27
	h2 *= 0x94d049bb133111eb
	h2 ^= h2 >> 31
	return h1, h2 | 1
}

func (f *byteFilter) pos(g uint64) uint64 { hi, _ := bits.Mul64(g, f.m); return hi }

func (f *byteFilter) Add(key []byte) {
	g, step := hashes(key)
	for range f.k {
		if p := f.pos(g); f.counters[p] < 15 {
			f.counters[p]++
		}
		g += step
	}
}

func (f *byteFilter) Test(key []byte) bool {
	g, step := hashes(key)
	for range f.k {
		if f.counters[f.pos(g)] == 0 {
			return false
		}
		g += step
	}
	return true
}

func (f *byteFilter) Count(key []byte) uint {
	g, step := hashes(key)
	least := uint8(15)
	for range f.k {
		least = min(least, f.counters[f.pos(g)])
		g += step
	}
	return uint(least)
}

func (f *byteFilter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	g, step := hashes(key)
	for range f.k {
		if p := f.pos(g); f.counters[p] > 0 && f.counters[p] < 15 {
			f.counters[p]--
		}
		g += step
	}
	return true
}

var impls = []struct {
	name  string
	new   func(m uint64, k uint) filter
	bytes func(m uint64) float64 // bytes of counters
}{
	{"kata", func(m uint64, k uint) filter { return countingbloom.New(m, k) }, func(m uint64) float64 { return float64((m + 15) / 16 * 8) }},
	{"bytes", func(m uint64, k uint) filter { return newByteFilter(m, k) }, func(m uint64) float64 { return float64(m) }},
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
			b.ReportMetric(impl.bytes(10*benchN)/(10*benchN), "bytes/counter")
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

// BenchmarkCount counts present keys.
func BenchmarkCount(b *testing.B) {
	present := benchKeys(0, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			f := filled(impl.new, present)
			i := 0
			for b.Loop() {
				f.Count(present[i%benchN])
				i++
			}
		})
	}
}

// BenchmarkRemoveAdd removes a present key and adds it back, so the filter stays full: the time
// of one Remove and one Add.
func BenchmarkRemoveAdd(b *testing.B) {
	present := benchKeys(0, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			f := filled(impl.new, present)
			i := 0
			for b.Loop() {
				k := present[i%benchN]
				if !f.Remove(k) {
					b.Fatal("Remove of a present key returned false")
				}
				f.Add(k)
				i++
			}
		})
	}
}

// BenchmarkChurnRate adds 2n keys, removes half, and reports the false-positive rate with n
// present: the same for both, as both lower their counters exactly.
func BenchmarkChurnRate(b *testing.B) {
	keys, absent := benchKeys(0, 2*benchN), benchKeys(2*benchN, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			var f filter
			for b.Loop() {
				f = filled(impl.new, keys)
				for _, k := range keys[:benchN] {
					f.Remove(k)
				}
			}
			b.ReportMetric(fpRate(f, absent), "fp-rate")
		})
	}
}
