package lsm

import (
	"hash/fnv"
	"math"
)

// filter is a Bloom filter of a table's keys: bits bytes, k probes per key. It is written into
// the table and loaded back whole, so its hash must be the same in every process: FNV-1a, not
// hash/maphash, whose seed changes from one process to the next.
type filter struct {
	bits []byte
	k    uint8
}

// probes is the number of probes that makes a filter of bitsPerKey bits per key the most
// selective: bitsPerKey·ln 2, which gives a false-positive rate of about 0.6185^bitsPerKey.
func probes(bitsPerKey int) uint8 {
	return uint8(min(30, max(1, int(math.Round(float64(bitsPerKey)*math.Ln2)))))
}

// newFilter returns an empty filter for n keys at bitsPerKey bits per key, at least 64 bits.
func newFilter(n, bitsPerKey int) filter {
	m := max(64, n*bitsPerKey)
	return filter{bits: make([]byte, (m+7)/8), k: probes(bitsPerKey)}
}

// hashes returns the two hashes of key that the k probes are made of (double hashing,
// Kirsch and Mitzenmacher): FNV-1a over the whole key, then a mixer, since FNV's low bits
// depend little on the key's last bytes.
func hashes(key []byte) (h1, h2 uint64) {
	f := fnv.New64a()
	f.Write(key)
	h := mix(f.Sum64())
	return h, second(h)
}

// second derives the probes' step from the first hash, mixed again and made odd so that the k
// probes of a key never repeat.
func second(h uint64) uint64 { return mix(h+0x9e3779b97f4a7c15) | 1 }

// mix is the splitmix64 finalizer: every input bit moves every output bit.
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

// addHash sets the k bits of the key whose first hash is h (hashes' h1).
func (f filter) addHash(h uint64) {
	m := uint64(len(f.bits)) * 8
	g, step := h, second(h)
	for range f.k {
		i := g % m
		f.bits[i/8] |= 1 << (i % 8)
		g += step
	}
}

// mayContain reports whether the key may have been added: false means surely not.
func (f filter) mayContain(key []byte) bool {
	m := uint64(len(f.bits)) * 8
	g, step := hashes(key)
	for range f.k {
		i := g % m
		if f.bits[i/8]&(1<<(i%8)) == 0 {
			return false
		}
		g += step
	}
	return true
}
