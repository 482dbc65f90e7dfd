package lsm

import "math"

// A Bloom filter over whole keys, hashed the same in every process: FNV-1a 64, mixed by the
// splitmix64 finalizer, with k positions by double hashing.

type bloom struct {
	bits []byte
	k    int
}

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// keyHash is the one hash of a key the filters use: FNV-1a 64 (as hash/fnv's New64a, without
// its allocation), then mixed.
func keyHash(key []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range key {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return mix64(h)
}

func probes(h uint64) (h1, h2 uint64) {
	return h, mix64(h+0x9E3779B97F4A7C15) | 1
}

func bloomK(bitsPerKey int) int {
	k := int(math.Round(float64(bitsPerKey) * math.Ln2))
	if k < 1 {
		k = 1
	}
	if k > 30 {
		k = 30
	}
	return k
}

// newBloom builds the filter of the keys whose keyHash are hashes.
func newBloom(hashes []uint64, bitsPerKey int) bloom {
	nbits := len(hashes) * bitsPerKey
	if nbits < 64 {
		nbits = 64
	}
	f := bloom{bits: make([]byte, (nbits+7)/8), k: bloomK(bitsPerKey)}
	m := uint64(len(f.bits)) * 8
	for _, h := range hashes {
		h1, h2 := probes(h)
		for i := 0; i < f.k; i++ {
			p := (h1 + uint64(i)*h2) % m
			f.bits[p/8] |= 1 << (p % 8)
		}
	}
	return f
}

// mayContain is false when the key whose keyHash is h was surely not added.
func (f bloom) mayContain(h uint64) bool {
	m := uint64(len(f.bits)) * 8
	h1, h2 := probes(h)
	for i := 0; i < f.k; i++ {
		p := (h1 + uint64(i)*h2) % m
		if f.bits[p/8]&(1<<(p%8)) == 0 {
			return false
		}
	}
	return true
}
