package lsm

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"

	"kata/grader/internal/harness"
)

// Hints for the usual causes of wrong answers.
const (
	diskErrorHint = "a call returned an error of the judge's Disk: it refuses to create a file that exists " +
		"(a file is created once, whole, and never changed), and to read or remove one that does not. Name " +
		"tables by a counter that Open starts above the highest number on the Disk, and remove only the " +
		"tables Compact replaced"
	ownErrorHint = "a call returned an error the judge's Disk did not give: nothing fails here but the Disk. " +
		"Put takes keys of 1 to 1024 bytes and values of 0 to 64 KiB whatever the memtable holds (a full " +
		"memtable is flushed, never refused), and every table must read back as it was written (the sizes " +
		"and offsets a header records, the bytes a ReadAt returns at the end of a file)"
	whenHint = "the memtable's size is the sum of len(key)+len(value) of its entries, one per key (a Put or " +
		"Delete of a key already there replaces its entry and its size; a deletion counts its key). Flush " +
		"inside the Put or Delete that brings the size to MemtableBytes or more, never before; a Flush of " +
		"an empty memtable writes nothing"
	keptHint = "the store kept a slice it was given, or gave away one it keeps: the caller may overwrite a " +
		"key or value as soon as Put returns, and the value Get returns (the judge does both). Copy the key " +
		"and value in Put and Delete, and return a copy from Get"
	emptyHint = "an empty value is a value: Put(k, nil) and Put(k, []byte{}) store it, and Get then returns " +
		"ok true with a value of length 0. Tell a value from a tombstone with a flag of its own, not by " +
		"an empty or nil value"
	tombstoneMemHint = "a Delete must hide the key's older values, also those in tables: keep a tombstone " +
		"(an entry marked deleted) in the memtable instead of removing the entry, and let Get stop at it " +
		"and answer absent"
	tombstoneTableHint = "a deleted key's older value came back: Flush must write each tombstone into the " +
		"table, with its key (and into the filter), and Get must look at the tables newest first (after " +
		"Open, ordered by the numbers in their names, not by List) and stop at the first that holds the " +
		"key or its tombstone, answering absent for a tombstone"
	compactDeletedHint = "Compact brought a deleted key back: " + compactEvidence + " whose newest entry is a " +
		"tombstone. " + newestEntry + ", and drop a key whose newest entry is a tombstone with all its older values"
	newestHint = "an older value came back: Get must look in the memtable, then in the tables from newest to " +
		"oldest, and stop at the first that holds the key. After Open, order the tables by the number in " +
		"their names, not by List (which gives names in any order); and Compact must keep each key's " +
		"newest entry"
	compactNewestHint = "Compact brought an older value back: " + compactEvidence + " that a newer table " +
		"holds. " + newestEntry
	// compactEvidence and newestEntry are the Compact hints' common parts: what the replays showed,
	// and the rule of the merge.
	compactEvidence = "the same calls with a Flush in place of each Compact answer right, so the merge kept " +
		"an older entry of a key"
	newestEntry = "On equal keys the merge must take the newest table's entry (mind which end of your list of " +
		"tables is the newest) and skip the rest"
	reopenHint = "Close must flush the memtable, and Open must find every table on the Disk (List), with its " +
		"index and filter, so that the store holds what it held before Close"
	compactLostHint = "Compact lost a key: the merged table must hold each key's newest value from every " +
		"table (and the memtable, flushed first); write it before removing the old tables"
	flushLostHint = "a key is lost once its memtable is flushed: the table must hold every entry, and Get " +
		"must find it there (its filter, built over every key of the table, must say maybe; its key range, " +
		"if Get checks one, must hold the table's smallest and largest keys, bounds included; its index " +
		"must lead to the block that holds it)"
	textHint = "a key or value that is not UTF-8 text (a byte such as 0xff) comes back changed or not at " +
		"all once it is written to a table, and right when those bytes are letters: the table goes through " +
		"text (a string in JSON or another text format), which replaces such bytes. Keys and values are " +
		"bytes: write them as they are, each after its length"
	valueHint = "Get returned another value than the key's latest: check how values are written into a " +
		"table and read back (their lengths, the offsets of blocks) and that a lookup compares whole keys " +
		"(bytes.Equal or bytes.Compare, not a prefix or a hash)"
)

// emptyBefore reports whether the last Put of key in calls gave it an empty value.
func emptyBefore(calls []harness.Call, key []byte) bool {
	for i := len(calls) - 1; i >= 0; i-- {
		if c := calls[i]; c.Method == "Put" && bytes.Equal(c.Args[0].([]byte), key) {
			return len(c.Args[1].([]byte)) == 0
		}
	}
	return false
}

// errorHint names the usual cause of an error a call returned: the Disk's, when the store made a
// file twice or read one it had removed, or the store's own.
func errorHint(err error) string {
	if errors.Is(err, fs.ErrExist) || errors.Is(err, fs.ErrNotExist) {
		return diskErrorHint
	}
	if text := err.Error(); strings.Contains(text, fs.ErrExist.Error()) || strings.Contains(text, fs.ErrNotExist.Error()) {
		return diskErrorHint // wrapped with %v
	}
	return ownErrorHint
}

// callErrorHint is errorHint for the error a call's result r holds, if it holds one.
func callErrorHint(r any) string {
	if err := resultError(r); err != nil {
		return errorHint(err)
	}
	return ""
}

// resultError is the error a call's result r holds, or nil.
func resultError(r any) error {
	switch r := r.(type) {
	case error:
		return r
	case failed:
		return r.err
	case got:
		return r.Err
	}
	return nil
}

// hint names the usual cause of a failing case of a store opened with o.
func (s *suite) hint(o Options, f harness.Mismatch) string {
	last := f.Calls[len(f.Calls)-1]
	if f.Panic != nil {
		p := fmt.Sprint(f.Panic)
		if strings.Contains(p, "index out of range") || strings.Contains(p, "slice bounds out of range") {
			return "an index out of range: check the lengths a table records against the bytes read back " +
				"(a ReadAt may return fewer bytes, with io.EOF, at the end of a file) and the empty value " +
				"and the empty table (a Compact where every key is deleted)"
		}
		return ""
	}
	if fail, isErr := f.Got.(failed); isErr {
		return errorHint(fail.err)
	}
	want, isGet := f.Want.(wantGet)
	if !isGet {
		return ""
	}
	g, _ := f.Got.(got)
	if g.Err != nil {
		return errorHint(g.Err)
	}
	if s.keeps(o, f.Calls) {
		return keptHint
	}
	key := last.Args[0].([]byte)
	// The key's history: its last write, and what happened to the store after it.
	lastWrite, lastPut := -1, -1
	for i, c := range f.Calls[:len(f.Calls)-1] {
		if (c.Method == "Put" || c.Method == "Delete") && bytes.Equal(c.Args[0].([]byte), key) {
			lastWrite = i
			if c.Method == "Put" {
				lastPut = i
			}
		}
	}
	since := map[string]bool{}
	for _, c := range f.Calls[lastWrite+1 : len(f.Calls)-1] {
		since[c.Method] = true
	}
	switch {
	case want.ok && g.OK:
		if olderValue(f.Calls[:max(lastPut, 0)], key, g.Value) {
			if since["Compact"] && s.compactBlamed(o, f.Calls) {
				return compactNewestHint
			}
			return newestHint
		}
		if (notText(key) || notText(want.value)) && s.blamed(o, f.Calls, asText(f.Calls)) {
			return textHint
		}
		return valueHint
	case want.ok:
		switch {
		case len(want.value) == 0 && lastPut >= 0 && s.blamed(o, f.Calls, withValue(f.Calls, lastPut)):
			return emptyHint
		case (hasSeparator(key) || hasSeparator(want.value)) && s.blamed(o, f.Calls, withoutSeparators(f.Calls)):
			return "a key or value holding a byte a text format splits on (a line end, ':', '=', a space) is " +
				"lost once it is written to a table, and found when those bytes are letters: a table must hold " +
				"any bytes, so write each key and value with its length before it (a uvarint, say), not " +
				"between separators"
		case (notText(key) || notText(want.value)) && s.blamed(o, f.Calls, asText(f.Calls)):
			return textHint
		case since["Reopen"] && s.blamed(o, f.Calls, replaced(f.Calls, "Reopen", flush())):
			return reopenHint
		case since["Compact"]:
			return compactLostHint
		}
		return flushLostHint
	}
	// Found where absent: the key's last write was a Delete.
	if lastWrite >= 0 && f.Calls[lastWrite].Method == "Delete" {
		switch {
		case g.OK && len(g.Value) == 0 && !emptyBefore(f.Calls[:lastWrite], key):
			return "a deleted key came back with an empty value, which no Put gave it: the tombstone is stored " +
				"as an empty (or nil) value. Tell a tombstone from a value with a flag of its own: an empty " +
				"value is a value too"
		case since["Compact"] && s.compactBlamed(o, f.Calls):
			return compactDeletedHint
		case since["Flush"] || since["Reopen"] || since["Compact"]:
			return tombstoneTableHint
		}
		return tombstoneMemHint
	}
	return ""
}

// olderValue reports whether v is the value of one of the Puts of key among calls.
func olderValue(calls []harness.Call, key, v []byte) bool {
	for _, c := range calls {
		if c.Method == "Put" && bytes.Equal(c.Args[0].([]byte), key) && bytes.Equal(c.Args[1].([]byte), v) {
			return true
		}
	}
	return false
}

// keeps reports whether a failing case fails only because the judge overwrites the slices it
// gives and gets: replayed on fresh stores, the last call answers right in every replay that
// leaves the slices alone and wrong in every replay that overwrites them (a store whose answers
// vary, with the order of List say, is not blamed on its slices).
func (s *suite) keeps(o Options, calls []harness.Call) bool {
	for range replays {
		if s.replay(o, calls, true) != answeredRight || s.replay(o, calls, false) != answeredWrong {
			return false
		}
	}
	return true
}

// compactBlamed reports whether the merge of a Compact made a failing case fail: the case
// answers right with each Compact replaced by a Flush (a Compact flushes the memtable first, so
// what the two differ in is the merge).
func (s *suite) compactBlamed(o Options, calls []harness.Call) bool {
	return s.blamed(o, calls, replaced(calls, "Compact", flush()))
}

// blamed reports whether what changed from calls to other made a failing case fail: replayed on
// fresh stores, calls answer wrong and other right, every time.
func (s *suite) blamed(o Options, calls, other []harness.Call) bool {
	for range replays {
		if s.replay(o, calls, false) != answeredWrong || s.replay(o, other, false) != answeredRight {
			return false
		}
	}
	return true
}

// replaced returns calls with each call of method replaced by by.
func replaced(calls []harness.Call, method string, by harness.Call) []harness.Call {
	out := slices.Clone(calls)
	for i, c := range out {
		if c.Method == method {
			out[i] = by
		}
	}
	return out
}

// withValue returns calls with the Put at i given a value of one byte, where it had an empty one:
// a store that loses the key that way too does not lose it for its empty value.
func withValue(calls []harness.Call, i int) []harness.Call {
	out := slices.Clone(calls)
	out[i] = put(out[i].Args[0].([]byte), []byte("v"))
	return out
}

// separators are the bytes a text format splits on, each with the letter withoutSeparators puts
// in its place.
var separators = strings.NewReplacer("\n", "N", "\r", "R", ":", "C", "\t", "T", ",", "M", "=", "E", "\"", "Q", " ", "S")

// hasSeparator reports whether b holds a byte of separators.
func hasSeparator(b []byte) bool { return bytes.ContainsAny(b, "\n\r:\t,=\" ") }

// withoutSeparators returns calls with every separator byte of their keys and values replaced by a
// letter: a store that then answers right lost the key for those bytes.
func withoutSeparators(calls []harness.Call) []harness.Call {
	return withBytes(calls, func(b []byte) []byte { return []byte(separators.Replace(string(b))) })
}

// notText reports whether b is not valid UTF-8.
func notText(b []byte) bool { return !utf8.Valid(b) }

// asText returns calls with every byte of their keys and values that is not part of valid UTF-8
// replaced by a letter: a store that then answers right changed those bytes.
func asText(calls []harness.Call) []harness.Call {
	return withBytes(calls, func(b []byte) []byte {
		return []byte(strings.ToValidUTF8(string(b), "X"))
	})
}

// withBytes returns calls with their keys and values made plain.
func withBytes(calls []harness.Call, plain func([]byte) []byte) []harness.Call {
	out := slices.Clone(calls)
	for i, c := range out {
		switch c.Method {
		case "Put":
			out[i] = put(plain(c.Args[0].([]byte)), plain(c.Args[1].([]byte)))
		case "Get":
			out[i] = get(plain(c.Args[0].([]byte)))
		case "Delete":
			out[i] = del(plain(c.Args[0].([]byte)))
		}
	}
	return out
}

// replays is how many times keeps and blamed replay a case each way.
const replays = 5

// The outcomes of a replay.
const (
	answeredRight = iota
	answeredWrong
	broke // panicked or could not open
)

// replay runs calls on a fresh store opened with o, overwriting the slices as do does unless
// keep is set, and says how the last call answered.
func (s *suite) replay(o Options, calls []harness.Call, keep bool) (outcome int) {
	defer func() {
		if recover() != nil {
			outcome = broke
		}
	}()
	b := &box{open: s.learner.Open, disk: newDisk(), keep: keep}
	db, err := s.learner.Open(b.disk, o)
	if err != nil {
		return broke
	}
	b.db = db
	m := &box{model: map[string][]byte{}}
	var res, want any
	for _, c := range calls {
		res, want = do(b, c), do(m, c)
	}
	if want.(harness.Expect).Accepts(res) {
		return answeredRight
	}
	return answeredWrong
}
