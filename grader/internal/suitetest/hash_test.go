package suitetest

import (
	"hash/fnv"
	"testing"
)

func TestFNV64IsTheStandardOne(t *testing.T) {
	for _, key := range []string{"", "a", "apple", "\x00\xff"} {
		h := fnv.New64a()
		h.Write([]byte(key))
		if got, want := FNV64([]byte(key)), h.Sum64(); got != want {
			t.Errorf("FNV64(%q) = %#x, want %#x", key, got, want)
		}
	}
}
