package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// spinner shows on one line of stderr what the judge is doing for each exercise it grades,
// redrawn a few times a second, and erases the line when stopped, before results print. A nil
// spinner shows nothing: commands make one only when stderr is a terminal.
type spinner struct {
	w      io.Writer
	mu     sync.Mutex
	names  []string          // the exercises being graded, in order
	stages map[string]string // exercise → what the judge is doing; "" before it starts
	done   int
	frame  int
	quit   chan struct{}
	wg     sync.WaitGroup
}

// frames are the spinner's animation.
var frames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// startSpinner starts a spinner for grading the named exercises when the streams may animate,
// and returns nil otherwise.
func startSpinner(s *Streams, names []string) *spinner {
	if !s.animate() {
		return nil
	}
	sp := &spinner{w: s.Err, names: names, stages: map[string]string{}, quit: make(chan struct{})}
	sp.wg.Add(1)
	go func() {
		defer sp.wg.Done()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			sp.draw()
			select {
			case <-sp.quit:
				return
			case <-tick.C:
			}
		}
	}()
	return sp
}

// stage records what the judge is doing for the exercise called name: "checking",
// "building", "testing".
func (sp *spinner) stage(name, stage string) {
	if sp == nil {
		return
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.stages[name] = stage
}

// finish records that the exercise called name is graded.
func (sp *spinner) finish(name string) {
	if sp == nil {
		return
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	delete(sp.stages, name)
	sp.done++
}

// stop stops the animation and erases its line.
func (sp *spinner) stop() {
	if sp == nil {
		return
	}
	close(sp.quit)
	sp.wg.Wait()
	fmt.Fprint(sp.w, "\r\x1b[K")
}

// draw redraws the line: "⠹ grading hashset: building" for one exercise, "⠹ graded 2/5 ·
// trie: testing · bloom: building" for several.
func (sp *spinner) draw() {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.frame = (sp.frame + 1) % len(frames)
	var line string
	if len(sp.names) == 1 {
		stage := sp.stages[sp.names[0]]
		if stage == "" {
			stage = "starting"
		}
		line = fmt.Sprintf("%s grading %s: %s…", frames[sp.frame], sp.names[0], stage)
	} else {
		parts := []string{fmt.Sprintf("%s graded %d/%d", frames[sp.frame], sp.done, len(sp.names))}
		for _, n := range sp.names {
			if st := sp.stages[n]; st != "" {
				parts = append(parts, n+": "+st)
			}
		}
		line = strings.Join(parts, " · ")
	}
	if r := []rune(line); len(r) > termWidth-1 {
		line = string(r[:termWidth-2]) + "…"
	}
	fmt.Fprint(sp.w, "\r\x1b[K"+line)
}
