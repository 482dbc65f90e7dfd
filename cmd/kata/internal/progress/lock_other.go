//go:build aix || !(unix || windows)

package progress

import (
	"os"
	"sync"
)

// processLock stands in for a file lock on systems where kata has none: it keeps the
// goroutines of one kata process apart, but not two kata processes.
var processLock sync.Mutex

// tryLock takes the process-wide lock without waiting and reports whether it got it.
func tryLock(*os.File) (bool, error) { return processLock.TryLock(), nil }

// unlock releases the lock tryLock took.
func unlock(*os.File) error {
	processLock.Unlock()
	return nil
}
