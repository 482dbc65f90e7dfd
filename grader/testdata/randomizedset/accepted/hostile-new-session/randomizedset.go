// A correct randomized set whose init starts two long-lived processes that leave its process
// group: one in a session of its own, and one orphaned at once by a shell that starts it in the
// background and exits (a daemon's double fork). The answers are right, so the verdict is
// accepted; when kata returns, neither process may be left running.
package randomizedset

import (
	"math/rand/v2"
	"os/exec"
	"syscall"
)

type RandomizedSet struct {
	index  map[int]int
	values []int
}

func New() *RandomizedSet { return &RandomizedSet{index: map[int]int{}} }

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.values)
	s.values = append(s.values, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.index[val]
	if !ok {
		return false
	}
	last := s.values[len(s.values)-1]
	s.values[i] = last
	s.index[last] = i
	s.values = s.values[:len(s.values)-1]
	delete(s.index, val)
	return true
}

func (s *RandomizedSet) GetRandom() int { return s.values[rand.IntN(len(s.values))] }

func init() {
	session := exec.Command("sleep", "4242")
	session.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	_ = session.Start()
	daemon := exec.Command("sh", "-c", "sleep 4242 </dev/null >/dev/null 2>&1 & exit 0")
	daemon.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	_ = daemon.Run()
}
