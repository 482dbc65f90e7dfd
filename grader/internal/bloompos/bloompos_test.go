package bloompos

import (
	"slices"
	"testing"
)

// TestPositions checks each way of placing a key at points worked out by hand: the 64-bit FNV-1
// hash of the empty key is its offset basis, 0xcbf29ce484222325.
func TestPositions(t *testing.T) {
	const lower, upper = 0x84222325, 0xcbf29ce4
	for _, tc := range []struct {
		name      string
		got, want []uint64
	}{
		{"Stepping", Stepping(3, 5, 7, 4), []uint64{3, 1, 6, 4}},
		{"Stepping by 0", Stepping(10, 0, 7, 3), []uint64{3, 3, 3}},
		{"FNV1Halves", FNV1Halves(nil, 1<<40, 3), []uint64{lower, lower + upper, lower + 2*upper}},
		{"FNV1Halves mod m", FNV1Halves([]byte{}, 1000, 2), []uint64{lower % 1000, (lower + upper) % 1000}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

// TestConsecutive checks that the positions follow one another, wrapping at m.
func TestConsecutive(t *testing.T) {
	for _, key := range []string{"", "a", "key:12345"} {
		ps := Consecutive([]byte(key), 5, 7)
		for i := range ps {
			if want := (ps[0] + uint64(i)) % 5; ps[i] != want {
				t.Errorf("Consecutive(%q, 5, 7) = %v: position %d is not %d", key, ps, i, want)
			}
		}
	}
}
