package fprate

import (
	"math"
	"strings"
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

func (b *bits) Add(key []byte) {
	b.positions(key, func(p uint64) bool { b.words[p/64] |= 1 << (p % 64); return true })
}

func (b *bits) Test(key []byte) bool {
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
		got := RightOnRandomKeys(m, n, k, probes, b.Add, b.Test)
		if got != tc.want {
			t.Errorf("%s: got %t, want %t", tc.name, got, tc.want)
		}
	}
}

// TestLowHint checks which cause the hint for a low rate names: fewer positions than k for the
// rate of fewer hash functions, here and on random keys; positions that follow the keys' patterns for a filter right on
// random keys; more units than M(), or keys stored, for one still too low there, or one whose
// replay panics.
func TestLowHint(t *testing.T) {
	const m, n, probes = 200_000, 20_000, 200_000
	half := Rate(m, n, 7) / 2 // below the rate of every k: no number of positions gives it
	for _, tc := range []struct {
		name      string
		u         Units
		newFilter func(m uint64, k uint) *bits
		k         uint
		got       float64
		want      string
	}{
		{"a right filter", Bits, newBits, 7, half, "than m bits and k hash functions allow on these keys"},
		{"twice the counters", Counters, func(m uint64, k uint) *bits { return newBits(2*m, k) }, 7,
			Rate(2*m, n, 7), "use exactly M() counters, and store no keys"},
		{"a replay that panics", Bits, func(uint64, uint) *bits { panic("New") }, 7, half, "use exactly M() bits"},
		{"positions capped at 32", Bits, func(m uint64, k uint) *bits { return newBits(m, min(k, 32)) }, 40,
			Rate(m, n, 32) * 1.03, "as many false positives as 32 hash functions give, not 40"},
		{"a right filter at the rate of 32 on these keys", Bits, newBits, 40, Rate(m, n, 32),
			"than m bits and k hash functions allow on these keys"},
	} {
		if hint := LowHint(tc.u, tc.newFilter, m, n, tc.k, probes, tc.got); !strings.Contains(hint, tc.want) {
			t.Errorf("%s: the hint does not say %q: %s", tc.name, tc.want, hint)
		}
	}
}

// TestHintsNameTheirUnits checks that each hint speaks of the filter's own units.
func TestHintsNameTheirUnits(t *testing.T) {
	for _, tc := range []struct{ hint, want string }{
		{SaturatedHint(Bits), "fall on few bits (a hash"},
		{SaturatedHint(Bits), "one of the k bits is clear"},
		{SaturatedHint(Counters), "fall on few counters (a hash"},
		{SaturatedHint(Counters), "one of the k counters is 0"},
		{PartHint(Bits, "about 1.05 million bits"), "a filter of about 1.05 million bits: the positions reach only part of the m bits."},
		{PartHint(Counters, "far fewer counters"), "a filter of far fewer counters: the positions reach only part of the m counters."},
	} {
		if !strings.Contains(tc.hint, tc.want) {
			t.Errorf("the hint does not say %q: %s", tc.want, tc.hint)
		}
	}
}

// TestLimit checks the limit at a point worked out by hand and at the cuckoo filter's: for 10
// fair coins, 9 heads or more has odds 11/1024 (above 1%), 10 has odds 1/1024.
func TestLimit(t *testing.T) {
	for _, tc := range []struct {
		n       int
		p, odds float64
		want    int
	}{
		{10, 0.5, 0.01, 10},
		{10, 0.5, 0.011, 9},
		{1_000_000, 8.0 / 65535, 1e-7, 185},
	} {
		if got := Limit(tc.n, tc.p, tc.odds); got != tc.want {
			t.Errorf("Limit(%d, %g, %g) = %d, want %d", tc.n, tc.p, tc.odds, got, tc.want)
		}
	}
}
