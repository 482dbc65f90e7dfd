// Package skiplist keeps its nodes in one slice and links them by index: index 0 is the head,
// nil is -1, and erased slots are reused.
package skiplist

import "math/rand"

const maxHeight = 24

type Skiplist struct {
	vals   []int
	next   [][]int32 // next[n][lvl] is the index of the following node on lane lvl, or -1
	free   []int32
	height int
}

func New() *Skiplist {
	s := &Skiplist{height: 1}
	s.alloc(0, maxHeight) // the head
	return s
}

func (s *Skiplist) alloc(val, h int) int32 {
	links := make([]int32, h)
	for i := range links {
		links[i] = -1
	}
	if k := len(s.free); k > 0 {
		n := s.free[k-1]
		s.free = s.free[:k-1]
		s.vals[n], s.next[n] = val, links
		return n
	}
	s.vals = append(s.vals, val)
	s.next = append(s.next, links)
	return int32(len(s.vals) - 1)
}

// before fills path with the last node below num on each lane.
func (s *Skiplist) before(num int, path *[maxHeight]int32) {
	x := int32(0)
	for lvl := s.height - 1; lvl >= 0; lvl-- {
		for {
			nx := s.next[x][lvl]
			if nx < 0 || s.vals[nx] >= num {
				break
			}
			x = nx
		}
		path[lvl] = x
	}
}

func (s *Skiplist) Search(target int) bool {
	var path [maxHeight]int32
	s.before(target, &path)
	nx := s.next[path[0]][0]
	return nx >= 0 && s.vals[nx] == target
}

func (s *Skiplist) Add(num int) {
	var path [maxHeight]int32
	s.before(num, &path)
	h := 1
	for h < maxHeight && rand.Float64() < 0.5 {
		h++
	}
	for ; s.height < h; s.height++ {
		path[s.height] = 0
	}
	n := s.alloc(num, h)
	for lvl := 0; lvl < h; lvl++ {
		s.next[n][lvl] = s.next[path[lvl]][lvl]
		s.next[path[lvl]][lvl] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	var path [maxHeight]int32
	s.before(num, &path)
	n := s.next[path[0]][0]
	if n < 0 || s.vals[n] != num {
		return false
	}
	for lvl := range s.next[n] {
		s.next[path[lvl]][lvl] = s.next[n][lvl]
	}
	s.next[n] = nil
	s.free = append(s.free, n)
	for s.height > 1 && s.next[0][s.height-1] < 0 {
		s.height--
	}
	return true
}
