// Package parallel runs numbered jobs on a bounded number of goroutines: how kata grades many
// packages at once.
package parallel

import (
	"context"
	"sync"
)

// Each calls do(i) for every i from 0 to n-1, at most workers calls at a time (at least one),
// and returns when every call it made has returned. Once ctx is done it starts no more calls.
func Each(ctx context.Context, n, workers int, do func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(max(workers, 1), n) {
		wg.Go(func() {
			for i := range next {
				do(i)
			}
		})
	}
	for i := range n {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- i:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
}
