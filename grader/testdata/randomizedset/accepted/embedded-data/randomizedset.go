// A slice and a map, the slice's first capacity read from a file embedded with //go:embed:
// right code, accepted. The judge must build the package with the files its //go:embed
// patterns name, in subfolders too, not only its Go files; without data/capacity.txt it does not
// build at all.
package randomizedset

import (
	_ "embed"
	"math/rand/v2"
	"strconv"
	"strings"
)

//go:embed data/capacity.txt
var capacity string

type RandomizedSet struct {
	vals  []int
	index map[int]int // value -> position in vals
}

func New() *RandomizedSet {
	n, err := strconv.Atoi(strings.TrimSpace(capacity))
	if err != nil {
		panic("data/capacity.txt: " + err.Error())
	}
	return &RandomizedSet{vals: make([]int, 0, n), index: make(map[int]int, n)}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.index[val]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.index[last] = i
	s.vals = s.vals[:len(s.vals)-1]
	delete(s.index, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	return s.vals[rand.IntN(len(s.vals))]
}
