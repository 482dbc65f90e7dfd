package classroom

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one part of a class split over several machines: part Index (from 1) of Count.
type Shard struct{ Index, Count int }

// ParseShard reads "i/N", with 1 <= i <= N.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(strings.TrimSpace(s), "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || count < 1 || index < 1 || index > count {
		return Shard{}, fmt.Errorf("bad shard %q: want i/N with 1 <= i <= N, as in 2/4", s)
	}
	return Shard{Index: index, Count: count}, nil
}

// String is the shard as "i/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Of returns the shard's students, from the class as Students lists it (in name order): of n
// students, shard i of N takes those at positions floor((i-1)*n/N) up to, not including,
// floor(i*n/N). The N shards partition the class into contiguous blocks whose sizes differ by
// at most one; a shard may be empty when there are fewer students than shards.
func (s Shard) Of(students []Student) []Student {
	n := len(students)
	return students[(s.Index-1)*n/s.Count : s.Index*n/s.Count]
}
