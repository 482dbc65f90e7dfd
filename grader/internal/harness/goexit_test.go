package harness

import "runtime"

func runtimeGoexit() { runtime.Goexit() }
