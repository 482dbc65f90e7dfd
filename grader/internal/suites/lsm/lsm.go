// Package lsm holds the hidden tests of the lsm exercise.
//
// The graded store runs over the judge's Disk (disk.go), which keeps its files in memory, gives
// the store copies only, and records which files each Get reads. Answers are checked against a
// map, not against the reference: a Get answers what the map holds, a Put, Delete, Flush,
// Compact or a Close followed by Open returns no error. Fixed cases walk the lesson's example and
// the edges (empty values, tombstones across tables and reopenings, long and binary keys, when a
// table is written); random sequences of every call with memtables of a few dozen bytes, so that
// most entries live in many small tables, shrink a wrong answer to a case printed as a Go test
// over the package's own MemDisk. The properties count the tables a Get reads against the
// contract's bound (reads.go), the bytes a compacted store leaves, and the memory the store keeps
// between calls (memory.go); the growth test (performance.go) measures Put and Delete as the
// memtable grows, Get as the tables grow and multiply, Flush and Compact.
package lsm

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
)

// suite holds the two implementations the tests run.
type suite struct {
	learner, reference API
}

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	s := &suite{learner: learner, reference: reference}
	open := func() DB {
		db, err := learner.Open(newDisk(), Options{})
		if err != nil {
			panic(fmt.Sprintf("Open of an empty Disk returned the error %v", err))
		}
		return db
	}
	k, v := []byte("k"), []byte("v")
	return &harness.Suite{
		Exercise: ex.Name,
		Probes: []harness.Probe{
			{Method: "Open", Constructor: true, Call: func() { open() }},
			{Method: "Put", Args: []any{k, v}, Call: func() { open().Put(k, v) }},
			{Method: "Get", Args: []any{k}, Call: func() { open().Get(k) }},
			{Method: "Delete", Args: []any{k}, Call: func() { open().Delete(k) }},
			{Method: "Flush", Call: func() { open().Flush() }},
			{Method: "Compact", Call: func() { open().Compact() }},
			{Method: "Close", Call: func() { open().Close() }},
		},
		Seconds: map[string]func(string) error{processPart: s.reopenFiles},
		Tests: []harness.Test{
			// The example of the exercise's doc.
			{Name: "example", Kind: harness.Fixed, Run: s.example},
			// Put(k, nil) and Put(k, []byte{}) store an empty value, in the memtable, in a table
			// and after Close and Open; a key never put is absent.
			{Name: "edge/empty-values", Kind: harness.Fixed, Run: s.emptyValues},
			// A Delete hides every older value, from the memtable or from a table, and a Put after
			// it brings the key back; across Flush, Close and Open, and Compact.
			{Name: "edge/tombstones", Kind: harness.Fixed, Run: s.tombstones},
			// The newest of three tables wins, also after Close and Open and after Compact.
			{Name: "edge/newest-wins", Kind: harness.Fixed, Run: s.newestWins},
			// Keys of one byte (0x00 and 0xff), of 1024 bytes, with zero bytes, prefixes of one
			// another; values of 64 KiB.
			{Name: "edge/keys-and-values", Kind: harness.Fixed, Run: s.keysAndValues},
			// No file is created before the memtable holds MemtableBytes, one is at the Put or
			// Delete that reaches it, and none by a Flush of an empty memtable.
			{Name: "edge/when-to-flush", Kind: harness.Fixed, Run: s.whenToFlush},
			// Random calls over a small pool of keys, with memtables of a few dozen bytes.
			{Name: "random/small-memtables", Kind: harness.Differential, Run: s.randomSmall},
			// The same with a Close and Open every few calls.
			{Name: "random/reopen", Kind: harness.Differential, Run: s.randomReopen},
			// Two stores on two Disks at once, their calls interleaved: a store that keeps part
			// of its state in package-level variables fails it.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: s.twoAtOnce},
			// Close, then Open on the same files in a second process of the graded program:
			// every key reads back there too, as in the process that wrote them.
			{Name: "property/another-process", Kind: harness.Property, Run: s.anotherProcess},
			// Compact keeps each key's newest value only: the Disk holds about the live data, and a
			// lone table of deletions leaves nothing.
			{Name: "property/compact-reclaims", Kind: harness.Property, Run: s.compactReclaims},
			// The tables a Get reads, against 2·FP·T + 0.05 and 1 + FP·T + 0.05, before and after
			// Close and Open, at several BitsPerKey.
			{Name: "property/reads", Kind: harness.Property, Run: s.reads},
			performance(learner, reference),
			// Longer random sequences, over more keys.
			{Name: "random/large", Kind: harness.Differential, Run: s.randomLarge, Large: true},
			// The memory kept between calls: the filters and a small index per table, not the data.
			{Name: "property/memory", Kind: harness.Property, Run: s.memory},
		},
	}
}

// box is one side of a sequence: the graded store on the judge's Disk, or the map model the
// answers are checked against.
type box struct {
	open func(Disk, Options) (DB, error) // the graded package's Open; nil in a model
	disk *disk
	db   DB
	keep bool // leave the slices given and got as they are (see keeps)

	model map[string][]byte // the model's contents
}

// failed is a call's error, as the tests compare and print it.
type failed struct{ err error }

// GoString prints the error as errors.New of its text.
func (f failed) GoString() string { return "errors.New(" + strconv.Quote(f.err.Error()) + ")" }

// got is what a Get returned, as the tests compare and print it: printed cases check
// fmt.Sprint(db.Get(key)), whose text is "[118 49] true <nil>".
type got struct {
	Value []byte
	OK    bool
	Err   error
}

// GoString is the quoted fmt.Sprint of the three results; for a long value without an error,
// the fmt.Sprint call that writes it, its value as Lit writes it (strings.Repeat for a
// repetition), so that a case holding a 64 KiB value stays short enough to read.
func (g got) GoString() string {
	if len(g.Value) > longValue && g.Err == nil {
		return sprintCall(g.Value, g.OK)
	}
	return strconv.Quote(fmt.Sprint(g.Value, g.OK, g.Err))
}

// longValue is the longest value a printed case writes out as fmt.Sprint's text: a longer one
// is written as the fmt.Sprint call (sprintCall).
const longValue = 64

// sprintCall is the Go expression fmt.Sprint(value, ok, nil) writes what Get's results print as.
func sprintCall(value []byte, ok bool) string {
	return fmt.Sprintf("fmt.Sprint([]byte(%s), %t, error(nil))", harness.Lit(string(value)), ok)
}

// wantGet is what a Get must return: the value (nil or empty alike when ok) and ok, no error.
type wantGet struct {
	value []byte
	ok    bool
}

// Accepts reports whether g answers w.
func (w wantGet) Accepts(g any) bool {
	r, isGot := g.(got)
	return isGot && r.Err == nil && r.OK == w.ok && (!w.ok || bytes.Equal(r.Value, w.value))
}

// Cond is the printed case's check of fmt.Sprint(db.Get(key)).
func (w wantGet) Cond(v string) string {
	if w.ok && len(w.value) > longValue {
		return v + " != " + sprintCall(w.value, true)
	}
	return v + " != " + strconv.Quote(w.String())
}

// String is fmt.Sprint of the right results, a long value as Lit writes it.
func (w wantGet) String() string {
	switch {
	case !w.ok:
		return fmt.Sprint([]byte(nil), false, nil)
	case len(w.value) > longValue:
		return "[]byte(" + harness.Lit(string(w.value)) + ") true <nil>"
	}
	return fmt.Sprint(w.value, true, nil)
}

// noError is what a Put, Delete, Flush, Compact or reopening must return.
type noError struct{}

// Accepts reports whether g is no error.
func (noError) Accepts(g any) bool { return g == nil }

// Cond is the printed case's check.
func (noError) Cond(v string) string { return v + " != nil" }

// String is "nil".
func (noError) String() string { return "nil" }

// optionsText is o as Go source.
func optionsText(o Options) string {
	return fmt.Sprintf("Options{MemtableBytes: %d, BitsPerKey: %d}", o.MemtableBytes, o.BitsPerKey)
}

// The calls of a sequence. Every call is printed whole (Text), on the printed case's db; Reopen
// is a Close followed by an Open of the same Disk.
func put(k, v []byte) harness.Call {
	return rebuild(harness.Call{Method: "Put", Args: []any{k, v}})
}
func get(k []byte) harness.Call     { return rebuild(harness.Call{Method: "Get", Args: []any{k}}) }
func del(k []byte) harness.Call     { return rebuild(harness.Call{Method: "Delete", Args: []any{k}}) }
func flush() harness.Call           { return rebuild(harness.Call{Method: "Flush"}) }
func compact() harness.Call         { return rebuild(harness.Call{Method: "Compact"}) }
func reopen(o Options) harness.Call { return rebuild(harness.Call{Method: "Reopen", Args: []any{o}}) }

// rebuild writes c's Text from its method and arguments.
func rebuild(c harness.Call) harness.Call {
	switch c.Method {
	case "Reopen":
		c.Text = "db.Close()\n\tdb, _ = Open(d, " + optionsText(c.Args[0].(Options)) + ")"
	default:
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			args[i] = harness.Lit(a)
		}
		c.Text = "db." + c.Method + "(" + strings.Join(args, ", ") + ")"
	}
	return c
}

// do runs one call on a side. The graded store gets copies of the key and value, overwritten as
// soon as the call returns, and the value a Get returns is overwritten once its copy is taken:
// a store that kept either would see other bytes later.
func do(b *box, c harness.Call) any {
	if b.open == nil {
		return b.track(c)
	}
	var err error
	switch c.Method {
	case "Put":
		k, v := clone(c.Args[0].([]byte)), clone(c.Args[1].([]byte))
		err = b.db.Put(k, v)
		b.scribble(k)
		b.scribble(v)
	case "Delete":
		k := clone(c.Args[0].([]byte))
		err = b.db.Delete(k)
		b.scribble(k)
	case "Get":
		k := clone(c.Args[0].([]byte))
		v, ok, err := b.db.Get(k)
		b.scribble(k)
		r := got{Value: clone(v), OK: ok, Err: err}
		b.scribble(v)
		return r
	case "Flush":
		err = b.db.Flush()
	case "Compact":
		err = b.db.Compact()
	case "Reopen":
		if err = b.db.Close(); err == nil {
			b.db, err = b.open(b.disk, c.Args[0].(Options))
		}
	default:
		panic("lsm suite: unknown method " + c.Method)
	}
	if err != nil {
		return failed{err}
	}
	return nil
}

// track runs one call on the model and returns the expected result.
func (b *box) track(c harness.Call) any {
	switch c.Method {
	case "Put":
		b.model[string(c.Args[0].([]byte))] = c.Args[1].([]byte)
	case "Delete":
		delete(b.model, string(c.Args[0].([]byte)))
	case "Get":
		v, ok := b.model[string(c.Args[0].([]byte))]
		return wantGet{value: v, ok: ok}
	}
	return noError{}
}

// clone copies p, keeping nil as nil.
func clone(p []byte) []byte {
	if p == nil {
		return nil
	}
	return append([]byte{}, p...)
}

// scribble overwrites bytes the graded code was given or gave back, unless b keeps them.
func (b *box) scribble(p []byte) {
	if b.keep {
		return
	}
	for i := range p {
		p[i] = ^p[i]
	}
}

// model is the model of a store opened with o on a fresh Disk, with the map as the expected
// side. The printed case builds its own in-memory Disk with the package's NewMemDisk.
func (s *suite) model(o Options) harness.Model[*box] {
	return harness.Model[*box]{
		Recv: "d", Init: "NewMemDisk()\n\tdb, _ := Open(d, " + optionsText(o) + ")",
		New: func() *box {
			b := &box{open: s.learner.Open, disk: newDisk()}
			db, err := s.learner.Open(b.disk, o)
			if err != nil {
				panic(fmt.Sprintf("Open(d, %s) of an empty Disk returned the error %v", optionsText(o), err))
			}
			b.db = db
			return b
		},
		Ref:      func() *box { return &box{model: map[string][]byte{}} },
		Do:       do,
		Simplify: simplify,
		Show:     func(f harness.Mismatch) []harness.Call { return s.show(o, f) },
		Hint:     func(f harness.Mismatch) string { return s.hint(o, f) },
		// A second store (harness.Twins) is d2 and db2 in printed cases.
		TwinNames: map[string]string{"d": "d2", "db": "db2"},
	}
}

// show prints a failing Get through fmt.Sprint, and a failing reopening as one expression. A
// case that fails only because the judge overwrites the slices it gives and gets (keeps) would
// pass as plain calls on literals, so its Puts, Deletes and Gets are printed as the judge made
// them: on slices that flip, declared before the first call, overwrites once the call returns.
func (s *suite) show(o Options, f harness.Mismatch) []harness.Call {
	calls := slices.Clone(f.Calls)
	if _, isGet := f.Got.(got); isGet && s.keeps(o, f.Calls) {
		for i := range calls {
			calls[i].Text = overwritten(calls[i])
		}
		calls[0].Text = "flip := func(ps ...[]byte) { // overwrites what the store was given or gave back\n" +
			"\t\tfor _, p := range ps {\n\t\t\tfor i := range p {\n\t\t\t\tp[i] = ^p[i]\n\t\t\t}\n\t\t}\n\t}\n\t" +
			calls[0].Text
	}
	last := &calls[len(calls)-1]
	switch last.Method {
	case "Get":
		last.Text = "fmt.Sprint(" + last.Text + ")"
	case "Reopen":
		last.Text = "func() error {\n\t\tif err := db.Close(); err != nil {\n\t\t\treturn err\n\t\t}\n" +
			"\t\tvar err error\n\t\tdb, err = Open(d, " + optionsText(last.Args[0].(Options)) + ")\n\t\treturn err\n\t}()"
	}
	return calls
}

// overwritten is c's Text as the judge makes the call: a Put, Delete or Get on slices that flip
// overwrites once it returns, a Get's value copied first; other calls as they are.
func overwritten(c harness.Call) string {
	switch c.Method {
	case "Put":
		return fmt.Sprintf("func() error {\n\t\tk, v := %s, %s\n\t\tdefer flip(k, v)\n\t\treturn db.Put(k, v)\n\t}()",
			harness.Lit(c.Args[0]), harness.Lit(c.Args[1]))
	case "Delete":
		return fmt.Sprintf("func() error {\n\t\tk := %s\n\t\tdefer flip(k)\n\t\treturn db.Delete(k)\n\t}()",
			harness.Lit(c.Args[0]))
	case "Get":
		return fmt.Sprintf("func() ([]byte, bool, error) {\n\t\tk := %s\n\t\tdefer flip(k)\n"+
			"\t\tv, ok, err := db.Get(k)\n\t\tdefer flip(v)\n\t\treturn append([]byte(nil), v...), ok, err\n\t}()", harness.Lit(c.Args[0]))
	}
	return c.Text
}

// simplify proposes simpler keys and values for a failing case; a key never becomes empty (keys
// are 1 to 1024 bytes).
func simplify(calls []harness.Call) [][]harness.Call {
	cands := bytekeys.Simplifier{Rebuild: rebuild}.Simplify(calls)
	out := cands[:0]
	for _, cand := range cands {
		valid := true
		for _, c := range cand {
			if len(c.Args) > 0 && c.Method != "Reopen" && len(c.Args[0].([]byte)) == 0 {
				valid = false
			}
		}
		if valid {
			out = append(out, cand)
		}
	}
	return out
}

// script runs steps on a fresh store opened with o.
func (s *suite) script(t *harness.T, o Options, steps ...harness.Step) {
	m := s.model(o)
	m.Ref = nil
	harness.Script(t, m, steps)
}

// Steps with their expected results.
func okStep(c harness.Call) harness.Step { return harness.Step{Call: c, Want: noError{}} }
func has(k, v string) harness.Step {
	return harness.Step{Call: get([]byte(k)), Want: wantGet{value: []byte(v), ok: true}}
}
func hasBytes(k, v []byte) harness.Step {
	return harness.Step{Call: get(k), Want: wantGet{value: v, ok: true}}
}
func absent(k string) harness.Step  { return harness.Step{Call: get([]byte(k)), Want: wantGet{}} }
func putS(k, v string) harness.Step { return okStep(put([]byte(k), []byte(v))) }
func delS(k string) harness.Step    { return okStep(del([]byte(k))) }

// example is the example of the exercise's doc.
func (s *suite) example(t *harness.T) {
	o := Options{MemtableBytes: 64}
	s.script(t, o,
		putS("gopher", "blue"), has("gopher", "blue"), putS("gopher", "teal"), delS("rust"),
		okStep(flush()), delS("gopher"), absent("gopher"), okStep(put([]byte("zebra"), nil)),
		okStep(reopen(o)), has("zebra", ""), absent("gopher"), has("zebra", ""), okStep(compact()),
		has("zebra", ""), absent("gopher"), absent("rust"))
}

// emptyValues stores empty values as nil and as []byte{}, everywhere they can live.
func (s *suite) emptyValues(t *harness.T) {
	o := Options{MemtableBytes: 1 << 10, BitsPerKey: 10}
	s.script(t, o,
		okStep(put([]byte("a"), nil)), okStep(put([]byte("b"), []byte{})), has("a", ""), has("b", ""),
		absent("c"), okStep(flush()), has("a", ""), has("b", ""), absent("c"), okStep(reopen(o)),
		has("a", ""), has("b", ""), absent("c"), putS("a", "x"), has("a", "x"), okStep(put([]byte("a"), nil)),
		has("a", ""), okStep(compact()), has("a", ""), has("b", ""), absent("c"))
}

// tombstones deletes keys whose values are in the memtable, in older tables, or nowhere.
func (s *suite) tombstones(t *harness.T) {
	o := Options{MemtableBytes: 1 << 10, BitsPerKey: 10}
	s.script(t, o,
		putS("a", "1"), putS("b", "2"), okStep(flush()),
		delS("a"), absent("a"), has("b", "2"), okStep(flush()), absent("a"), okStep(reopen(o)), absent("a"),
		putS("a", "3"), has("a", "3"), okStep(flush()), delS("a"), okStep(reopen(o)), absent("a"),
		delS("never"), absent("never"), okStep(flush()), absent("never"), okStep(compact()),
		absent("a"), has("b", "2"), absent("never"), putS("a", "4"), okStep(compact()), has("a", "4"))
	// Every key deleted: the compacted store holds nothing, and works on.
	s.script(t, o,
		putS("x", "1"), putS("y", "2"), okStep(flush()), delS("x"), delS("y"), okStep(compact()),
		absent("x"), absent("y"), okStep(reopen(o)), absent("x"), putS("x", "5"), okStep(reopen(o)), has("x", "5"))
	// A deletion alone in a table.
	s.script(t, o, putS("k", "v"), okStep(flush()), delS("k"), okStep(flush()), putS("z", "z"),
		okStep(flush()), absent("k"), okStep(reopen(o)), absent("k"), has("z", "z"))
}

// newestWins writes one key in three tables.
func (s *suite) newestWins(t *harness.T) {
	o := Options{MemtableBytes: 1 << 10, BitsPerKey: 10}
	s.script(t, o,
		putS("k", "1"), putS("a", "a"), okStep(flush()), putS("k", "2"), okStep(flush()), putS("k", "3"),
		putS("z", "z"), okStep(flush()), has("k", "3"), okStep(reopen(o)), has("k", "3"), putS("k", "4"),
		has("k", "4"), okStep(reopen(o)), has("k", "4"), okStep(compact()), has("k", "4"), has("a", "a"),
		okStep(reopen(o)), has("k", "4"), has("z", "z"))
	// Twelve tables, each overwriting the one before: reopening must find their order again
	// from the Disk, whose List gives the names in any order.
	var steps []harness.Step
	for i := range 12 {
		steps = append(steps, putS("k", strconv.Itoa(i)), okStep(flush()))
	}
	steps = append(steps, has("k", "11"), okStep(reopen(o)), has("k", "11"), okStep(reopen(o)), has("k", "11"))
	s.script(t, o, steps...)
}

// keysAndValues writes keys of the contract's extremes and values of 64 KiB.
func (s *suite) keysAndValues(t *harness.T) {
	o := Options{MemtableBytes: 4 << 10, BitsPerKey: 10}
	long := bytes.Repeat([]byte("k"), 1024)
	longer := append(bytes.Repeat([]byte("k"), 1023), 'l')
	big := bytes.Repeat([]byte("0123456789abcdef"), 4096)
	keys := [][]byte{{0}, {0xff}, {0, 0}, []byte("a\x00b"), []byte("a"), []byte("ab"), []byte("abc"), long, longer}
	// Keys and values holding the bytes a text format splits on: a table holds any bytes.
	texts := [][2][]byte{{[]byte("a:b"), []byte("line1\nline2")}, {[]byte("x\ny"), []byte("k=v, \"q\"\t:")},
		{[]byte("\r\n"), []byte("\n")}}
	var steps []harness.Step
	for i, k := range keys {
		steps = append(steps, okStep(put(k, []byte{byte(i)})))
	}
	for _, kv := range texts {
		steps = append(steps, okStep(put(kv[0], kv[1])))
	}
	steps = append(steps, okStep(put([]byte("big"), big)))
	check := func() {
		for i, k := range keys {
			steps = append(steps, hasBytes(k, []byte{byte(i)}))
		}
		for _, kv := range texts {
			steps = append(steps, hasBytes(kv[0], kv[1]))
		}
		steps = append(steps, hasBytes([]byte("big"), big), absent("abcd"), absent("b"), absent("\x00\x00\x00"))
	}
	check()
	steps = append(steps, okStep(flush()))
	check()
	steps = append(steps, okStep(reopen(o)))
	check()
	steps = append(steps, okStep(del([]byte("ab"))), okStep(put(long, big)), okStep(compact()),
		absent("ab"), hasBytes(long, big), hasBytes([]byte("abc"), []byte{6}), hasBytes([]byte("a"), []byte{4}))
	s.script(t, o, steps...)
}

// whenToFlush checks when the store writes files: at the Put or Delete that brings the
// memtable to MemtableBytes, counting each key once with its latest value (a deletion its key),
// and not before; and never for a Flush of an empty memtable.
func (s *suite) whenToFlush(t *harness.T) {
	const limit = 100
	o := Options{MemtableBytes: limit, BitsPerKey: 10}
	d := newDisk()
	db := s.openOn(t, d, o)
	t.SetReceiver("db")
	size := map[string]int{} // the memtable's entries' sizes, as the contract counts them
	total := 0
	var done []string // the calls so far, for the message
	step := func(c harness.Call) {
		k := c.Args[0].([]byte)
		before := d.creates
		s.mustCall(t, db, c)
		done = append(done, c.Text)
		total -= size[string(k)]
		size[string(k)] = len(k)
		if c.Method == "Put" {
			size[string(k)] += len(c.Args[1].([]byte))
		}
		total += size[string(k)]
		created := d.creates - before
		switch {
		case total >= limit && created == 0:
			t.Fail(flushFailure(o, done, fmt.Sprintf("the memtable holds %d bytes, at least MemtableBytes %d, "+
				"and no table was written", total, limit)))
		case total < limit && created > 0:
			t.Fail(flushFailure(o, done, fmt.Sprintf("a file was created while the memtable holds %d bytes, "+
				"below MemtableBytes %d", total, limit)))
		}
		if total >= limit {
			clear(size)
			total = 0
		}
	}
	key := func(i int) []byte { return []byte(fmt.Sprintf("k%02d", i)) }
	seven := []byte("1234567")
	for i := range 9 {
		step(put(key(i), seven)) // 10 bytes each: 90
	}
	step(put(key(0), []byte("abcdefg")))    // replaced: still 90
	step(del(key(1)))                       // 3 for 10: 83
	step(del([]byte("zz")))                 // 85
	step(put(key(9), []byte("1234567890"))) // 98
	step(put(key(9), []byte("12345678")))   // 96: replaced
	step(put(key(10), []byte("1")))         // 100: flushes
	for i := range 9 {
		step(put(key(20+i), seven)) // 90
	}
	step(del([]byte("0123456789"))) // 100: a Delete flushes too
	before := d.creates
	c := flush()
	res := s.call(t, db, c)
	done = append(done, c.Text)
	if res != nil || d.creates != before {
		t.Fail(flushFailure(o, done, "Flush of an empty memtable created a file (or returned an error): it must do nothing"))
	}
	step(put([]byte("last"), seven))
	c = flush()
	before = d.creates
	s.call(t, db, c)
	done = append(done, c.Text)
	if d.creates == before {
		t.Fail(flushFailure(o, done, "Flush of a memtable holding an entry created no file"))
	}
	s.defaultFlush(t)
}

// defaultFlush checks that a store opened with Options{} flushes at the contract's default of
// 4 MiB: 63 Puts of 64 KiB entries write no file, and the 64th writes one.
func (s *suite) defaultFlush(t *harness.T) {
	const entry, entries = 64 << 10, (4 << 20) / (64 << 10)
	d := newDisk()
	db := s.openOn(t, d, Options{})
	value := make([]byte, entry-4)
	for i := range entries {
		before := d.creates
		s.mustCall(t, db, put([]byte{'b', 'i', 'g', byte(i)}, value))
		created := d.creates > before
		var why string
		switch {
		case i < entries-1 && created:
			why = fmt.Sprintf("a file was created by Put number %d, while the memtable holds %d KiB, below the "+
				"4 MiB that MemtableBytes 0 means", i+1, (i+1)*entry>>10)
		case i == entries-1 && !created:
			why = "the memtable holds 4 MiB, the MemtableBytes that 0 means, and no table was written"
		default:
			continue
		}
		code := "func TestKataCase(t *testing.T) {\n\td := NewMemDisk()\n\tdb, _ := Open(d, Options{})\n" +
			"\tvalue := make([]byte, 64<<10-4) // with its key, 64 KiB an entry\n" +
			fmt.Sprintf("\tfor i := range %d {\n\t\tdb.Put([]byte{'b', 'i', 'g', byte(i)}, value)\n\t}\n", i+1) +
			"\tnames, _ := d.List()\n\tt.Log(names) // " + why + "\n}\n"
		call := "db.Put([]byte{'b', 'i', 'g', byte(i)}, value)"
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: call,
			Message: "Open(d, Options{}), then Puts of 64 KiB entries: " + why,
			Hint: "Options{} means MemtableBytes 4 MiB and BitsPerKey 10: Open must put the default in place of " +
				"each field that is 0, and flush at that size",
			Case: &result.Case{Code: code, Ops: i + 2, Call: call}})
	}
}

// call makes the call c on the graded store db, as do makes it in a sequence.
func (s *suite) call(t *harness.T, db DB, c harness.Call) any {
	return t.Invoke(c, func() any { return do(&box{db: db, open: s.learner.Open}, c) })
}

// mustCall makes the call c on db and fails the test if it returns an error.
func (s *suite) mustCall(t *harness.T, db DB, c harness.Call) {
	if r := s.call(t, db, c); r != nil {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: c.Text,
			Message: fmt.Sprintf("%s returned %s, want nil", c.Text, harness.Lit(r)), Hint: callErrorHint(r)})
	}
}

// flushFailure is the failure of a store that wrote a table at the wrong time.
func flushFailure(o Options, calls []string, why string) *record.Failure {
	code := "func TestKataCase(t *testing.T) {\n\td := NewMemDisk()\n\tdb, _ := Open(d, " + optionsText(o) + ")\n"
	for _, c := range calls {
		code += "\t" + c + "\n"
	}
	code += "\tnames, _ := d.List()\n\tt.Log(names) // " + why + "\n}\n"
	return &record.Failure{Verdict: verdict.WrongAnswer, Op: calls[len(calls)-1],
		Message: fmt.Sprintf("after %d calls, %s", len(calls), why),
		Hint:    whenHint,
		Case:    &result.Case{Code: code, Ops: len(calls), Call: calls[len(calls)-1]}}
}

// openOn opens the graded store on d, failing the test on an error.
func (s *suite) openOn(t *harness.T, d *disk, o Options) DB {
	c := harness.Call{Method: "Open", Func: true, Text: "Open(d, " + optionsText(o) + ")"}
	r := t.Invoke(c, func() any {
		db, err := s.learner.Open(d, o)
		if err != nil {
			return failed{err}
		}
		return db
	})
	if f, isErr := r.(failed); isErr {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: c.Text,
			Message: fmt.Sprintf("%s returned the error %v", c.Text, f.err), Hint: errorHint(f.err)})
	}
	return r.(DB)
}

// Random sequences.

// pool returns n keys of every shape: short words, binary keys with zero bytes, keys that are
// prefixes of one another, one long key.
func pool(t *harness.T, n int) [][]byte {
	rng := t.Rand()
	keys := bytekeys.Words(rng, n, 6)
	if n >= 4 {
		keys[0] = []byte{0}
		keys[1] = append(append([]byte{}, keys[2]...), 0, 'x')
		keys[3] = append(append([]byte{}, keys[2]...), keys[2]...)
	}
	if n >= 8 {
		keys[4] = bytes.Repeat([]byte{0xff}, 40+rng.IntN(60))
	}
	return keys
}

// value draws a value: empty (nil or not) now and then, else a few letters.
func value(t *harness.T, i int) []byte {
	rng := t.Rand()
	switch rng.IntN(10) {
	case 0:
		return nil
	case 1:
		return []byte{}
	}
	v := []byte(strconv.Itoa(i))
	return append(v, bytes.Repeat([]byte{byte('a' + rng.IntN(26))}, rng.IntN(8))...)
}

// mix is the share of each call in a random sequence, out of 100: Put, Get, Delete, Flush,
// Compact, and the rest reopenings.
type mix struct{ put, get, del, flush, compact int }

// randomCalls draws n calls over keys for a store opened with o.
func randomCalls(t *harness.T, o Options, keys [][]byte, n int, w mix) []harness.Call {
	rng := t.Rand()
	calls := make([]harness.Call, 0, n)
	for i := range n {
		k := keys[rng.IntN(len(keys))]
		switch r := rng.IntN(100); {
		case r < w.put:
			calls = append(calls, put(k, value(t, i)))
		case r < w.put+w.get:
			calls = append(calls, get(k))
		case r < w.put+w.get+w.del:
			calls = append(calls, del(k))
		case r < w.put+w.get+w.del+w.flush:
			calls = append(calls, flush())
		case r < w.put+w.get+w.del+w.flush+w.compact:
			calls = append(calls, compact())
		default:
			calls = append(calls, reopen(o))
		}
	}
	return calls
}

// randomOptions draws a memtable of a few dozen bytes and BitsPerKey from 0 (the default) to 16.
func randomOptions(t *harness.T, minBytes, maxBytes int) Options {
	rng := t.Rand()
	return Options{MemtableBytes: minBytes + rng.IntN(maxBytes-minBytes+1), BitsPerKey: rng.IntN(17)}
}

// randomSmall runs sequences over 8 keys with memtables of 16 to 96 bytes.
func (s *suite) randomSmall(t *harness.T) {
	for range 10 {
		o := randomOptions(t, 16, 96)
		harness.Compare(t, s.model(o), randomCalls(t, o, pool(t, 8), 300, mix{40, 35, 12, 6, 3}))
	}
}

// randomReopen runs sequences with a Close and Open one call in ten.
func (s *suite) randomReopen(t *harness.T) {
	for range 8 {
		o := randomOptions(t, 16, 200)
		harness.Compare(t, s.model(o), randomCalls(t, o, pool(t, 12), 300, mix{38, 35, 10, 4, 3}))
	}
}

// twoAtOnce runs random sequences on two stores at once, each on a Disk of its own and with
// options of its own (harness.TwinsOf), with memtables of a few dozen bytes and a Close and
// Open now and then.
func (s *suite) twoAtOnce(t *harness.T) {
	o, o2 := randomOptions(t, 32, 128), randomOptions(t, 32, 128)
	keys := pool(t, 10)
	harness.TwinsOf(t, s.model(o), s.model(o2), randomCalls(t, o, keys, 400, mix{40, 35, 12, 6, 3}),
		randomCalls(t, o2, keys, 200, mix{40, 35, 12, 6, 3}))
}

// randomLarge runs long sequences over 300 keys with memtables of 256 bytes to 2 KiB.
func (s *suite) randomLarge(t *harness.T) {
	for range 3 {
		o := randomOptions(t, 256, 2048)
		harness.Compare(t, s.model(o), randomCalls(t, o, pool(t, 300), 5000, mix{45, 40, 10, 2, 1}))
	}
}
