// Package skiplist keeps its values in an unsorted slice: Add appends, Search scans the whole
// slice, and Erase scans for a copy and moves the last value into its place. Add is O(1), but
// Search and Erase look at every value, O(n) per call where a skip list needs O(log n).
package skiplist

type Skiplist struct {
	nums []int
}

func New() *Skiplist {
	return &Skiplist{}
}

func (s *Skiplist) Search(target int) bool {
	for _, v := range s.nums {
		if v == target {
			return true
		}
	}
	return false
}

func (s *Skiplist) Add(num int) {
	s.nums = append(s.nums, num)
}

func (s *Skiplist) Erase(num int) bool {
	for i, v := range s.nums {
		if v == num {
			last := len(s.nums) - 1
			s.nums[i] = s.nums[last]
			s.nums = s.nums[:last]
			return true
		}
	}
	return false
}
