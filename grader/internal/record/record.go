// Package record is the judge's own account of a test run: the events the harness inside the
// child process writes, one JSON object per line, to a file that the judge reads.
//
// A verdict comes from this record and never from what the learner's code prints or writes.
// The graded code runs in the same process as the harness and can find the record file, so the
// harness signs every line with a key that the judge gives the process and the graded code
// never sees (package seal), and the judge reads only the lines signed in order (see chain).
// The judge accepts a package only when the record is complete: a hello line carrying the run's
// nonce, a start and an end line for every hidden test in order, and a done line with the same
// nonce written after the last test. A run that crashes, exits early or is killed leaves an incomplete
// record, and Log.Incomplete says what is missing. Config is the other half of the protocol:
// what the judge asks of a run, passed to the child through its environment.
package record

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"kata/grader/result"
	"kata/grader/verdict"
)

// Kind is the type of a record line.
type Kind string

// The kinds of record lines, in the order a run writes them.
const (
	// Hello opens the record: the nonce, the exercise, the seed and the tests to run.
	Hello Kind = "hello"
	// Start says a test began.
	Start Kind = "start"
	// Trace names the operation about to run; written only when the judge asks for a trace.
	Trace Kind = "trace"
	// Measure is one complexity measurement.
	Measure Kind = "measure"
	// Judged is the judgement on one operation's growth, after its measurements.
	Judged Kind = "judged"
	// End says a test ended, how, and with which failure.
	End Kind = "end"
	// Abort is written by the harness's watchdog when it stops the run itself
	// (a time or memory limit, a deadlock), just before the process exits.
	Abort Kind = "abort"
	// Done closes a complete record.
	Done Kind = "done"
)

// Event is one line of the record.
type Event struct {
	Kind     Kind          `json:"kind"`
	Nonce    string        `json:"nonce,omitempty"`
	Exercise string        `json:"exercise,omitempty"`
	Seed     uint64        `json:"seed,omitempty"`
	Tests    []string      `json:"tests,omitempty"`
	Test     string        `json:"test,omitempty"`
	Status   result.Status `json:"status,omitempty"`
	Message  string        `json:"message,omitempty"`
	Elapsed  time.Duration `json:"elapsed,omitempty"` // CPU time the test took
	Failure  *Failure      `json:"failure,omitempty"`
	Op       string        `json:"op,omitempty"`    // Trace: the call, as Go
	Index    int           `json:"index,omitempty"` // Trace: its position in the sequence
	Point    *Point        `json:"point,omitempty"`
	// Complexity is the judgement on one operation's growth (kind Judged).
	Complexity *Complexity `json:"complexity,omitempty"`
}

// Complexity is the judgement on one operation's growth against the reference's, as the result
// reports it, with the growth judge's figures behind it. The measurements are Measure lines of
// their own.
type Complexity struct {
	result.Judgement
	Slope  float64 `json:"slope"`
	Growth float64 `json:"growth"`
	Ratio  float64 `json:"ratio"`
	Capped bool    `json:"capped,omitempty"` // measurement stopped at its budget
}

// Failure is why a test failed, as the harness saw it.
type Failure struct {
	// Verdict is the verdict this failure earns. Internal failures (the reference itself
	// misbehaved) leave it empty and set Internal.
	Verdict verdict.Verdict `json:"verdict,omitempty"`
	// Internal is set when the fault lies with the kit (the reference panicked or disagreed
	// with a fixed expected output), not with the graded package.
	Internal bool `json:"internal,omitempty"`
	// Message is one line a person reads first.
	Message string `json:"message"`
	// Details is what the message's one line cannot hold, in lines of their own: the calls of a
	// concurrent history, say.
	Details string `json:"details,omitempty"`
	// Op is the call that failed, as Go source ("s.Erase(1)"), when one did.
	Op string `json:"op,omitempty"`
	// Methods lists the methods still unimplemented, for not_implemented.
	Methods []string `json:"methods,omitempty"`
	// Hint names the likely cause and what to do, when the failure has a known cause.
	Hint string `json:"hint,omitempty"`
	// Case is the smallest failing case the harness found.
	Case *result.Case `json:"case,omitempty"`
	// Panic is the panic value and the learner's part of the stack, for runtime errors.
	Panic string `json:"panic,omitempty"`
	Stack string `json:"stack,omitempty"`
}

// Point is one complexity measurement of one operation along one axis: the CPU time per
// operation of the learner's code and of the reference at one size.
type Point struct {
	Op   string `json:"op"`
	Axis string `json:"axis"` // what grows: "n", "L", "m"
	result.Point
}

// Writer appends events to a record file. It is safe for concurrent use: the test runner and
// the watchdog both write.
type Writer struct {
	mu   sync.Mutex
	f    *os.File
	seal *chain
}

// Create opens the record file at path for writing. With a key, every line is signed (see
// chain); without one (the kit's own tests, in process), lines are plain JSON.
func Create(path string, key []byte) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	w := &Writer{f: f}
	if key != nil {
		w.seal = newChain(key)
	}
	return w, nil
}

// Write appends one event as one line, in a single write so a crash cannot leave half of it
// followed by another event.
func (w *Writer) Write(e Event) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.seal != nil {
		line = w.seal.sign(line)
	}
	_, err = w.f.Write(append(line, '\n'))
	return err
}

// Close closes the record file.
func (w *Writer) Close() error { return w.f.Close() }

// chain signs a record's lines: each line starts with the HMAC-SHA256, under the run's key, of
// the previous line's signature and the line's JSON, in hex, and a space. A line written by
// anything but the harness cannot carry a valid signature, nor can the harness's own lines be
// dropped, reordered or copied from another run without breaking the chain.
type chain struct {
	key  []byte
	prev []byte // the signature of the last line, nil before the first
}

func newChain(key []byte) *chain { return &chain{key: key} }

// mac is the signature of a line whose JSON is data, after prev.
func (c *chain) mac(data []byte) []byte {
	h := hmac.New(sha256.New, c.key)
	h.Write(c.prev)
	h.Write(data)
	return h.Sum(nil)
}

// sign returns data signed, and moves the chain on.
func (c *chain) sign(data []byte) []byte {
	sum := c.mac(data)
	c.prev = sum
	out := make([]byte, 0, hex.EncodedLen(len(sum))+1+len(data))
	out = hex.AppendEncode(out, sum)
	return append(append(out, ' '), data...)
}

// open returns the JSON of a signed line and moves the chain on, or reports that the line does
// not carry the signature that comes next.
func (c *chain) open(line []byte) ([]byte, bool) {
	sig, data, ok := bytes.Cut(line, []byte{' '})
	if !ok {
		return nil, false
	}
	want := make([]byte, hex.DecodedLen(len(sig)))
	if _, err := hex.Decode(want, sig); err != nil {
		return nil, false
	}
	sum := c.mac(data)
	if !hmac.Equal(sum, want) {
		return nil, false
	}
	c.prev = sum
	return data, true
}

// Log is a record as the judge read it back.
type Log struct {
	Events []Event
	// Garbage counts lines that were not valid events: a torn last line, or foreign writes.
	Garbage int
	// Foreign counts the lines of a signed record that do not carry the signature that comes
	// next, but for a torn last line: lines something other than the harness wrote (the graded
	// code, which can find the record file). They are left out of Events.
	Foreign int
}

// Read parses a record. Lines that are not events are counted, not fatal: a process killed in
// the middle of a write leaves a torn last line. With a key, only lines signed with it in
// order (see chain) are events.
func Read(r io.Reader, key []byte) (*Log, error) {
	log := &Log{}
	var seal *chain
	if key != nil {
		seal = newChain(key)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	torn := false // the line just read has no line end after it: cut short by the process's end
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		advance, token, err := bufio.ScanLines(data, atEOF)
		torn = atEOF && token != nil && advance == len(data) && data[len(data)-1] != '\n'
		return advance, token, err
	})
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if seal != nil {
			var ok bool
			if line, ok = seal.open(line); !ok {
				if torn {
					log.Garbage++
				} else {
					log.Foreign++
				}
				continue
			}
		}
		var e Event
		if err := json.Unmarshal(line, &e); err != nil || e.Kind == "" {
			log.Garbage++
			continue
		}
		log.Events = append(log.Events, e)
	}
	return log, sc.Err()
}

// ReadFile reads the record at path, signed with key if it is not nil; a missing file is an
// empty record.
func ReadFile(path string, key []byte) (*Log, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return &Log{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, key)
}

// Ends returns the end events by test name.
func (l *Log) Ends() map[string]Event {
	ends := map[string]Event{}
	for _, e := range l.Events {
		if e.Kind == End {
			ends[e.Test] = e
		}
	}
	return ends
}

// Running returns the test that had started and not ended when the record stops, if any.
func (l *Log) Running() string {
	running := ""
	for _, e := range l.Events {
		switch e.Kind {
		case Start:
			running = e.Test
		case End:
			if e.Test == running {
				running = ""
			}
		}
	}
	return running
}

// Find returns the last event of kind k, if there is one.
func (l *Log) Find(k Kind) (Event, bool) {
	for i := len(l.Events) - 1; i >= 0; i-- {
		if l.Events[i].Kind == k {
			return l.Events[i], true
		}
	}
	return Event{}, false
}

// Points returns the complexity measurements in the order they were taken.
func (l *Log) Points() []Point {
	var ps []Point
	for _, e := range l.Events {
		if e.Kind == Measure && e.Point != nil {
			ps = append(ps, *e.Point)
		}
	}
	return ps
}

// Judgements returns the growth judgements in the order they were made; a judgement made again
// after a second round of measurements replaces the first.
func (l *Log) Judgements() []Complexity {
	var out []Complexity
	index := map[string]int{}
	for _, e := range l.Events {
		if e.Kind != Judged || e.Complexity == nil {
			continue
		}
		key := e.Complexity.Op + "/" + e.Complexity.Axis
		if i, ok := index[key]; ok {
			out[i] = *e.Complexity
			continue
		}
		index[key] = len(out)
		out = append(out, *e.Complexity)
	}
	return out
}

// Incomplete checks that the record accounts for a whole run with this nonce over exactly the
// tests named, in order, and returns what is missing ("" when the record is complete).
func (l *Log) Incomplete(nonce string, tests []string) string {
	if len(l.Events) == 0 {
		return "the test process wrote no record"
	}
	first := l.Events[0]
	if first.Kind != Hello || first.Nonce != nonce {
		return "the record does not start with this run's hello"
	}
	next := 0 // index in tests of the next test expected to start
	open := ""
	done := false
	for _, e := range l.Events[1:] {
		if done {
			return "the record goes on after its done line"
		}
		switch e.Kind {
		case Start:
			if open != "" {
				return fmt.Sprintf("test %s started while %s was running", e.Test, open)
			}
			if next >= len(tests) || e.Test != tests[next] {
				return fmt.Sprintf("test %s started out of order", e.Test)
			}
			open = e.Test
		case End:
			if e.Test != open {
				return fmt.Sprintf("test %s ended without starting", e.Test)
			}
			switch e.Status {
			case result.Pass, result.Fail, result.Skip:
			default:
				return fmt.Sprintf("test %s ended with status %q", e.Test, e.Status)
			}
			open = ""
			next++
		case Abort:
			return "the run was stopped: " + e.Message
		case Done:
			if e.Nonce != nonce {
				return "the done line carries another nonce"
			}
			done = true
		}
	}
	switch {
	case open != "":
		return fmt.Sprintf("test %s started and never ended", open)
	case next < len(tests):
		return fmt.Sprintf("%d of %d tests never ran", len(tests)-next, len(tests))
	case !done:
		return "the record has no done line"
	}
	return ""
}
