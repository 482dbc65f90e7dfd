// Test loops forever on a key whose first byte is 'z': the watchdog stops the call.
package bloom

import "math"

type Filter struct {
	bits []uint64
	m    uint64
	k    uint
}

func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &Filter{bits: make([]uint64, (m+63)/64), m: m, k: k}
}

func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

func (f *Filter) positions(key []byte, visit func(uint64)) {
	h1, h2 := uint64(14695981039346656037), uint64(0)
	for _, b := range key {
		h1 = (h1 ^ uint64(b)) * 1099511628211
	}
	h2 = (h1>>29 ^ h1) * 0xbf58476d1ce4e5b9
	h2 |= 1
	for i := range uint64(f.k) {
		visit((h1 + i*h2) % f.m)
	}
}

func (f *Filter) Add(key []byte) {
	f.positions(key, func(p uint64) { f.bits[p/64] |= 1 << (p % 64) })
}

func (f *Filter) Test(key []byte) bool {
	for len(key) > 0 && key[0] == 'z' {
		key = key[:1] // never shrinks further
	}
	ok := true
	f.positions(key, func(p uint64) { ok = ok && f.bits[p/64]&(1<<(p%64)) != 0 })
	return ok
}

func (f *Filter) M() uint64 { return f.m }

func (f *Filter) K() uint { return f.k }

func OptimalM(n uint64, p float64) uint64 {
	if !(p > 0 && p < 1) {
		panic("bloom: p must be in (0, 1)")
	}
	return max(1, uint64(math.Ceil(-float64(n)*math.Log(p)/(math.Ln2*math.Ln2))))
}

func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	if n == 0 {
		return 1
	}
	k := float64(m) / float64(n) * math.Ln2
	lo, hi := max(1, uint(math.Floor(k))), max(1, uint(math.Ceil(k)))
	if FalsePositiveRate(m, n, hi) < FalsePositiveRate(m, n, lo) {
		return hi
	}
	return lo
}

func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	return math.Pow(-math.Expm1(-float64(k)*float64(n)/float64(m)), float64(k))
}
