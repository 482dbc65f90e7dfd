// An init function that exits with status 3 before any hidden test runs.
package hashset

import "os"

type HashSet struct{ keys []int }

func init() {
	if len(os.Args) > 0 {
		os.Exit(3)
	}
}

func New() *HashSet { return &HashSet{} }

func (s *HashSet) Add(key int) {
	if !s.Contains(key) {
		s.keys = append(s.keys, key)
	}
}

func (s *HashSet) Remove(key int) {
	for i, k := range s.keys {
		if k == key {
			s.keys = append(s.keys[:i], s.keys[i+1:]...)
			return
		}
	}
}

func (s *HashSet) Contains(key int) bool {
	for _, k := range s.keys {
		if k == key {
			return true
		}
	}
	return false
}
