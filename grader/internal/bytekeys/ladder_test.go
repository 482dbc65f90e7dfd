package bytekeys

import (
	"bytes"
	"fmt"
	"testing"
)

// set is a Filter that keeps its keys exactly.
type set map[string]bool

func (s set) Insert(key []byte) bool { s[string(key)] = true; return true }
func (s set) Lookup(key []byte) bool { return s[string(key)] }
func (s set) Delete(key []byte) bool { ok := s[string(key)]; delete(s, string(key)); return ok }

// TestBook pins a book's keys: the seed then the index, little-endian.
func TestBook(t *testing.T) {
	b := NewBook(1, 3)
	if got := fmt.Sprintf("%x", b.Key(2)); got != "01000000000000000200000000000000" {
		t.Errorf("key 2 = %s", got)
	}
	if k := b.Key(1); cap(k) != 16 || bytes.Equal(k, b.Key(2)) {
		t.Errorf("key 1 = %x, capacity %d: want 16 bytes of its own", k, cap(k))
	}
}

// TestDrawn pins drawn keys: the number drawn then the index, little-endian.
func TestDrawn(t *testing.T) {
	n := uint64(0)
	keys := Drawn(2, func() uint64 { n += 5; return n })
	if got := fmt.Sprintf("%x", keys); got != "[05000000000000000000000000000000 0a000000000000000100000000000000]" {
		t.Errorf("Drawn = %s", got)
	}
}

// TestFilterLadder checks the ladder's batches on a filter that keeps its keys: Inserts of the
// first n keys, Lookups of keys present and absent in turn, and Deletes that their undo puts back.
func TestFilterLadder(t *testing.T) {
	keys, absent := NewBook(7, 64), NewBook(^uint64(7), 8)
	l := FilterLadder([]int{64}, nil, nil, keys, absent, 8, nil, nil, nil)
	s := set{}
	l.Grow.Run(s, 0, 64)
	found := 0
	look, del := l.Queries[0], l.Queries[1]
	counting := countingFilter{set: s, found: &found}
	look.Run(counting, 64, 8, 0)
	if found != 4 {
		t.Errorf("%d of 8 Lookups found their key, want every other one", found)
	}
	del.Run(s, 64, 8, 0)
	if len(s) != 56 {
		t.Errorf("%d keys left after 8 Deletes of 64", len(s))
	}
	del.Undo(s, 64, 8, 0)
	if len(s) != 64 {
		t.Errorf("%d keys after the Deletes were put back, want 64", len(s))
	}
}

// countingFilter counts the Lookups that find their key.
type countingFilter struct {
	set
	found *int
}

func (c countingFilter) Lookup(key []byte) bool {
	ok := c.set.Lookup(key)
	if ok {
		*c.found++
	}
	return ok
}
