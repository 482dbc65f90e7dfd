// Split over two files, with math/rand (v1) and a generator of its own.
package randomizedset

import (
	"math/rand"
	"time"
)

type RandomizedSet struct {
	nums  []int
	where map[int]int
	rnd   *rand.Rand
}

func New() *RandomizedSet {
	return &RandomizedSet{
		where: map[int]int{},
		rnd:   rand.New(rand.NewSource(time.Now().UnixNano())),
	}
}

func (s *RandomizedSet) Insert(val int) bool {
	if s.has(val) {
		return false
	}
	s.where[val] = len(s.nums)
	s.nums = append(s.nums, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	if !s.has(val) {
		return false
	}
	s.swapOut(val)
	return true
}
