// Package cuckoo_test benchmarks the kit's reference cuckoo filter, kata/solutions/cuckoo,
// against github.com/seiflotfy/cuckoofilter, the library a Go programmer would otherwise pick.
package cuckoo_test

import (
	"encoding/binary"
	"testing"

	seiflotfy "github.com/seiflotfy/cuckoofilter"

	"kata/solutions/cuckoo"
)

// The benchmarks run kata/solutions/cuckoo and github.com/seiflotfy/cuckoofilter side by side,
// as BenchmarkX/impl=kata and BenchmarkX/impl=seiflotfy, on filters of 2^20 buckets of 4 slots
// (both size a filter of capacity c as the power of two at least c/4) holding benchN keys, 85%
// of the slots. The two differ in their fingerprints: 16 bits in kata's, 8 in the library's, so
// the library takes half the memory and has about 256 times the false-positive rate; each
// reports its rate as the fp-rate metric.

const (
	benchCapacity = 1 << 22
	benchN        = benchCapacity * 85 / 100
)

type filter interface {
	Insert([]byte) bool
	Lookup([]byte) bool
	Delete([]byte) bool
}

var impls = []struct {
	name string
	new  func(capacity uint64) filter
}{
	{"kata", func(c uint64) filter { return cuckoo.New(c) }},
	{"seiflotfy", func(c uint64) filter { return seiflotfy.NewFilter(uint(c)) }},
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

func filled(b *testing.B, newFilter func(uint64) filter, keys [][]byte) filter {
	f := newFilter(benchCapacity)
	for _, k := range keys {
		if !f.Insert(k) {
			b.Fatal("an Insert failed at 85% load")
		}
	}
	return f
}

func fpRate(f filter, absent [][]byte) float64 {
	fp := 0
	for _, k := range absent {
		if f.Lookup(k) {
			fp++
		}
	}
	return float64(fp) / float64(len(absent))
}

// BenchmarkInsert fills filters from empty to 85%, a new filter each time one is full: the
// average cost of an Insert over the whole fill.
func BenchmarkInsert(b *testing.B) {
	keys := benchKeys(0, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			f := impl.new(benchCapacity)
			i := 0
			for b.Loop() {
				if i == len(keys) {
					b.StopTimer()
					f, i = impl.new(benchCapacity), 0
					b.StartTimer()
				}
				f.Insert(keys[i])
				i++
			}
		})
	}
}

// BenchmarkLookup probes a filter 85% full with present and absent keys in turn.
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
			b.ReportMetric(fpRate(f, absent), "fp-rate")
		})
	}
}

// BenchmarkDeleteInsert deletes a key of a filter 85% full and inserts it again: the filter
// stays as full.
func BenchmarkDeleteInsert(b *testing.B) {
	keys := benchKeys(0, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			f := filled(b, impl.new, keys)
			i := 0
			for b.Loop() {
				k := keys[(i*7919)%len(keys)]
				if !f.Delete(k) {
					b.Fatal("Delete of a key inserted returned false")
				}
				f.Insert(k)
				i++
			}
		})
	}
}
