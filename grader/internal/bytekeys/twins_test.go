package bytekeys

import (
	"bytes"
	"strings"
	"testing"
)

// TestPartOfKey checks that a filter whose hash reads only a key's first 32 bytes is told so,
// long keys by their length, and that a right one is not: PartOfKey finds a probe that tests
// true and, among the keys added, one that makes it test true alone.
func TestPartOfKey(t *testing.T) {
	gen := Padded(bytes.Repeat([]byte{7}, 120))
	prefix32 := func(other, key []byte) bool { return bytes.Equal(other[:32], key[:32]) }
	hint, ok := PartOfKey(gen, 100, 1000, func([]byte) bool { return true }, prefix32)
	if !ok || !strings.Contains(hint, "one key of 128 bytes, another that shares its first 127 bytes") {
		t.Errorf("a hash of 32 bytes: %v %q", ok, hint)
	}
	whole := func(other, key []byte) bool { return bytes.Equal(other, key) }
	if hint, ok := PartOfKey(gen, 100, 1000, func([]byte) bool { return true }, whole); ok {
		t.Errorf("a hash of the whole key: %q", hint)
	}
	got := PartOfKeyHint([]byte("ab"), []byte("ac"))
	if !strings.Contains(got, `holding only []byte("ab"), []byte("ac") tests true`) {
		t.Errorf("short keys: %q", got)
	}
}
