package fprate

import (
	"math"
	"testing"
)

// TestRate checks the rate at points worked out by hand.
func TestRate(t *testing.T) {
	for _, c := range []struct {
		m, n uint64
		k    uint
		want float64
	}{
		{1000, 0, 7, 0},
		{1, 1, 1, 1 - math.Exp(-1)},
		{9586, 1000, 7, 0.0100},
	} {
		if got := Rate(c.m, c.n, c.k); math.Abs(got-c.want) > 5e-5 {
			t.Errorf("Rate(%d, %d, %d) = %g, want %g", c.m, c.n, c.k, got, c.want)
		}
	}
}

// TestBounds checks that the range holds the expected count with room on both sides, and grows
// with the number of probes more slowly than the count does.
func TestBounds(t *testing.T) {
	const probes = 200_000
	want := probes * Rate(200_000, 20_000, 7)
	lo, hi := Bounds(200_000, 20_000, 7, probes)
	if !(lo < want && want < hi) || hi-lo > want {
		t.Errorf("Bounds = [%.0f, %.0f] around %.0f expected", lo, hi, want)
	}
	lo10, hi10 := Bounds(200_000, 20_000, 7, 10*probes)
	if (hi10-lo10)/(10*want) >= (hi-lo)/want {
		t.Errorf("the range did not narrow relative to the count: [%.0f, %.0f] for %.0f, [%.0f, %.0f] for %.0f",
			lo, hi, want, lo10, hi10, 10*want)
	}
}

// TestCounted checks the count of probes that test true, and how it is said.
func TestCounted(t *testing.T) {
	c := Counted(200_000, 20_000, 7, 1000, func(i uint64) bool { return i%100 == 0 })
	if c.Positives != 10 || c.Got() != 0.01 || !c.Within() {
		t.Errorf("Counted: %+v, want 10 positives, a rate of 1%%, within its range", c)
	}
	if want := "10 of 1000 keys never added tested true: a rate of 1%, want 0.819% (-1.2% to 2.84%)"; c.String() != want {
		t.Errorf("String() = %q, want %q", c.String(), want)
	}
}

// bits is a Bloom filter of m bits and k positions from splitmix64 of FNV-1a, for the tests.
type bits struct {
	words []uint64
	m     uint64
	k     uint
}

func newBits(m uint64, k uint) *bits { return &bits{words: make([]uint64, (m+63)/64), m: m, k: k} }

func (b *bits) positions(key []byte, fn func(p uint64) bool) bool {
	h := uint64(14695981039346656037)
	for _, c := range key {
		h = (h ^ uint64(c)) * 1099511628211
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	step := h*0x9e3779b97f4a7c15 | 1
	for i := range uint64(b.k) {
		if !fn((h + i*step) % b.m) {
			return false
		}
	}
	return true
}

func (b *bits) add(key []byte) {
	b.positions(key, func(p uint64) bool { b.words[p/64] |= 1 << (p % 64); return true })
}

func (b *bits) test(key []byte) bool {
	return b.positions(key, func(p uint64) bool { return b.words[p/64]&(1<<(p%64)) != 0 })
}

func TestRightOnRandomKeys(t *testing.T) {
	const m, n, k, probes = 200_000, 20_000, 7, 200_000
	for _, tc := range []struct {
		name string
		new  func() *bits
		want bool
	}{
		{"a right filter", func() *bits { return newBits(m, k) }, true},
		{"twice the bits", func() *bits { return newBits(2*m, k) }, false},
	} {
		b := tc.new()
		got := RightOnRandomKeys(m, n, k, probes, b.add, b.test)
		if got != tc.want {
			t.Errorf("%s: got %t, want %t", tc.name, got, tc.want)
		}
	}
}
