package sandbox

import (
	"fmt"
	"sync"
)

// Capture keeps the head and the tail of a stream that may be enormous, and counts the rest:
// a program printing megabytes neither fills memory nor floods the screen, and a crash report
// printed last is still there.
type Capture struct {
	mu    sync.Mutex
	limit int
	head  []byte
	tail  []byte // ring of the last limit/2 bytes written after head filled
	pos   int    // next write position in tail once it is full
	total int64
}

// NewCapture keeps at most limit bytes: limit/2 from the start and limit/2 from the end.
func NewCapture(limit int) *Capture {
	return &Capture{limit: max(limit, 2)}
}

// Write keeps what fits and counts everything.
func (c *Capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(p)
	c.total += int64(n)
	half := c.limit / 2
	if room := half - len(c.head); room > 0 {
		k := min(room, len(p))
		c.head = append(c.head, p[:k]...)
		p = p[k:]
	}
	if len(p) >= half {
		c.tail = append(c.tail[:0], p[len(p)-half:]...)
		c.pos = 0
		return n, nil
	}
	for _, b := range p {
		if len(c.tail) < half {
			c.tail = append(c.tail, b)
			continue
		}
		c.tail[c.pos] = b
		c.pos = (c.pos + 1) % half
	}
	return n, nil
}

// Total is the number of bytes written.
func (c *Capture) Total() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Truncated reports whether bytes were dropped.
func (c *Capture) Truncated() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total > int64(len(c.head)+len(c.tail))
}

// Head returns the first bytes kept.
func (c *Capture) Head() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return string(c.head)
}

// Tail returns the last bytes kept after the head, in order.
func (c *Capture) Tail() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return string(c.tail[c.pos:]) + string(c.tail[:c.pos])
}

// String returns what was kept, with a marker where bytes were dropped.
func (c *Capture) String() string {
	head, tail := c.Head(), c.Tail()
	if dropped := c.Total() - int64(len(head)+len(tail)); dropped > 0 {
		return fmt.Sprintf("%s\n[... %d bytes not shown ...]\n%s", head, dropped, tail)
	}
	return head + tail
}
