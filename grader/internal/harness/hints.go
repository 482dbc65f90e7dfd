package harness

import (
	"fmt"
	"strings"
)

// NegativeIndex reports whether a panic value is an index out of range at a negative index.
func NegativeIndex(p any) bool {
	return strings.Contains(fmt.Sprint(p), "index out of range [-")
}
