package suitetest

// FNV64 is FNV-1a, 64 bits, written out so that it allocates nothing: the hash the filter
// suites' toy filters are built on.
func FNV64(key []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range key {
		h ^= uint64(b)
		h *= 1099511628211
	}
	return h
}
