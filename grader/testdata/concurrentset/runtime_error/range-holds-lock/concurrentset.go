// Package concurrentset is a sorted slice behind one sync.RWMutex; Range holds the read lock
// while the loop body runs.
package concurrentset

import (
	"iter"
	"slices"
	"sync"
)

// Set is a sorted set.
type Set struct {
	mu   sync.RWMutex
	keys []int
}

// New returns an empty set.
func New() *Set { return &Set{} }

// Add adds key and reports whether it was absent.
func (s *Set) Add(key int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, found := slices.BinarySearch(s.keys, key)
	if found {
		return false
	}
	s.keys = slices.Insert(s.keys, i, key)
	return true
}

// Remove removes key and reports whether it was present.
func (s *Set) Remove(key int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, found := slices.BinarySearch(s.keys, key)
	if found {
		s.keys = slices.Delete(s.keys, i, i+1)
	}
	return found
}

// Contains reports whether key is in the set.
func (s *Set) Contains(key int) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, found := slices.BinarySearch(s.keys, key)
	return found
}

// Len returns the number of keys.
func (s *Set) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.keys)
}

// Range yields the keys in [lo, hi], reading them under the lock.
func (s *Set) Range(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		s.mu.RLock()
		defer s.mu.RUnlock()
		i, _ := slices.BinarySearch(s.keys, lo)
		for ; i < len(s.keys) && s.keys[i] <= hi; i++ {
			if !yield(s.keys[i]) {
				return
			}
		}
	}
}
