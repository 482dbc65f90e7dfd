package build

import (
	"context"
	"sync"
	"sync/atomic"
)

// firstBuilds makes the first build of each kind in a process (an exercise, with the race
// detector or without) run alone, and the builds of that kind that start meanwhile wait for it.
// Builds that start together on a cold build cache each compile the same packages: the go
// command shares what is cached, not what another go command is compiling. The race detector's
// standard library alone is half a minute of one core, so a class of concurrent-set submissions
// graded at once, or the kit's own tests, compiled it once per submission, each slower for the
// others. After the first, the cache serves every build of the kind and they run together.
var firstBuilds sync.Map // firstKind -> *first

// firstKind is a kind of build: what its packages, beyond the graded one, depend on.
type firstKind struct {
	exercise string
	race     bool
}

// first is the gate of one kind: a token held by the first build until it ends.
type first struct {
	token chan struct{}
	done  atomic.Bool // the first build has ended
}

// afterFirst runs build once the first build of kind k has ended, or as that first build, unless
// ctx ends while it waits.
func afterFirst[T any](ctx context.Context, k firstKind, build func() (T, error)) (T, error) {
	g, _ := firstBuilds.LoadOrStore(k, &first{token: make(chan struct{}, 1)})
	f := g.(*first)
	if f.done.Load() {
		return build()
	}
	select {
	case f.token <- struct{}{}:
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
	if f.done.Load() { // the first ended while this build waited
		<-f.token
		return build()
	}
	defer func() {
		f.done.Store(true)
		<-f.token
	}()
	return build()
}
