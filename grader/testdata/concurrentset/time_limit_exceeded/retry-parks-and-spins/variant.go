// VARIANT cs_blockspin: correct lazy skip list except that when Add has to retry (contention) the
// call never returns: it alternates for ever between 30 ms blocked on a channel (a goroutine
// parked in select, as a deadlock looks) and 30 ms spinning while allocating (as a livelock looks).
// Should get: a non-accepted verdict, named consistently (livelock/time_limit_exceeded, since the
// call burns CPU, or deadlock/runtime_error) -- and the same name in both runs.
package concurrentset

import (
	"sync/atomic"
	"time"
)

var sink atomic.Pointer[[]byte]

func hookEnter(op string, key int) {}
func hookRetry(op string, key, attempt int) {
	if op != "Add" || attempt == 0 {
		return
	}
	never := make(chan struct{})
	for {
		select {
		case <-never:
		case <-time.After(30 * time.Millisecond):
		}
		end := time.Now().Add(30 * time.Millisecond)
		for time.Now().Before(end) {
			b := make([]byte, 4096)
			sink.Store(&b)
		}
	}
}
func hookLockPred(victim, p *node) {}
