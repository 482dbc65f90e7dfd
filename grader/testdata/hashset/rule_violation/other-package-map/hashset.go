// Package hashset is a hash set of ints kept in unicode.Scripts, a map variable of package
// unicode (an allowed import) that the package writes its keys into: no map type is written
// here and no type of another package names one, but the set uses another package's map, which
// the rule forbids.
package hashset

import (
	"strconv"
	"sync/atomic"
	"unicode"
)

// HashSet is a set of ints.
type HashSet struct {
	prefix string // keeps each set's keys apart in the shared table
}

// sets numbers the sets made so far.
var sets atomic.Int64

// present is the value stored for a key in the set.
var present = &unicode.RangeTable{}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{prefix: "set" + strconv.FormatInt(sets.Add(1), 10) + ":"}
}

// name is key's entry in unicode.Scripts.
func (s *HashSet) name(key int) string { return s.prefix + strconv.Itoa(key) }

// Add puts key in the set.
func (s *HashSet) Add(key int) { unicode.Scripts[s.name(key)] = present }

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) { delete(unicode.Scripts, s.name(key)) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool { return unicode.Scripts[s.name(key)] == present }
