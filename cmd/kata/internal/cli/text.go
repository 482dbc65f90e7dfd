package cli

import (
	"fmt"
)

// termWidth is the widest line kata writes: output fits an 80-column terminal.
const termWidth = 80

// plural is word for n of them: "1 attempt", "3 attempts".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
