// Package hashset is a hash set of ints kept as command-line flags: the flag
// package indexes its flags with a map.
package hashset

import (
	"flag"
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
	return &HashSet{prefix: "hs" + strconv.FormatInt(sets.Add(1), 10) + "-"}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	name := s.prefix + strconv.Itoa(key)
	if flag.Lookup(name) == nil {
		flag.Bool(name, true, "")
		return
	}
	flag.Set(name, "true")
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	if f := flag.Lookup(s.prefix + strconv.Itoa(key)); f != nil {
		f.Value.Set("false")
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	f := flag.Lookup(s.prefix + strconv.Itoa(key))
	return f != nil && f.Value.String() == "true"
}
