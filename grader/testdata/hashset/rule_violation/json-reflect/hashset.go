// Package hashset is a hash set of ints in a map that encoding/json makes at
// run time and reflect drives: no map type is ever written down.
package hashset

import (
	"encoding/json"
	"reflect"
	"strconv"
)

// HashSet is a set of ints.
type HashSet struct {
	m reflect.Value
}

// New returns an empty set.
func New() *HashSet {
	var v any
	if err := json.Unmarshal([]byte("{}"), &v); err != nil {
		panic(err)
	}
	return &HashSet{m: reflect.ValueOf(v)}
}

var present = reflect.ValueOf(true)

func name(key int) reflect.Value { return reflect.ValueOf(strconv.Itoa(key)) }

// Add puts key in the set.
func (s *HashSet) Add(key int) { s.m.SetMapIndex(name(key), present) }

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) { s.m.SetMapIndex(name(key), reflect.Value{}) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool { return s.m.MapIndex(name(key)).IsValid() }
