// Package hashset is a hash set of ints kept in the process's environment,
// which Go indexes with a map of its own (package syscall).
package hashset

import (
	"os"
	"strconv"
	"sync/atomic"
)

var sets atomic.Int64

// HashSet is a set of ints.
type HashSet struct {
	prefix string
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{prefix: "HS" + strconv.FormatInt(sets.Add(1), 10) + "_"}
}

func (s *HashSet) name(key int) string {
	return s.prefix + strconv.Itoa(key)
}

// Add puts key in the set.
func (s *HashSet) Add(key int) { os.Setenv(s.name(key), "1") }

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) { os.Unsetenv(s.name(key)) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	_, ok := os.LookupEnv(s.name(key))
	return ok
}
