package record

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"kata/grader/internal/seal"
	"kata/grader/result"
)

// TestSealAgrees checks that package seal, which cannot import this one, reads the key that
// Config and the judge write.
func TestSealAgrees(t *testing.T) {
	if seal.KeySize != KeySize || seal.Env != envSealed {
		t.Errorf("seal reads %d bytes when %s is set, the judge writes %d when %s is", seal.KeySize, seal.Env, KeySize, envSealed)
	}
}

func write(t *testing.T, events ...Event) *Log {
	t.Helper()
	var buf bytes.Buffer
	for _, e := range events {
		line, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	log, err := Read(&buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

func TestIncomplete(t *testing.T) {
	tests := []string{"a", "b"}
	hello := Event{Kind: Hello, Nonce: "n1", Tests: tests}
	done := Event{Kind: Done, Nonce: "n1"}
	run := func(name string, s result.Status) []Event {
		return []Event{{Kind: Start, Test: name}, {Kind: End, Test: name, Status: s}}
	}
	cat := func(parts ...[]Event) []Event {
		var all []Event
		for _, p := range parts {
			all = append(all, p...)
		}
		return all
	}
	for _, tc := range []struct {
		reason string
		events []Event
		want   string // substring of the complaint; "" means complete
	}{
		{"a whole run", cat([]Event{hello}, run("a", result.Pass), run("b", result.Skip), []Event{done}), ""},
		{"nothing written (exit from init)", nil, "wrote no record"},
		{"stale record from another run", cat([]Event{{Kind: Hello, Nonce: "old"}}, run("a", result.Pass), run("b", result.Pass), []Event{done}), "hello"},
		{"crash inside a test", cat([]Event{hello}, run("a", result.Pass), []Event{{Kind: Start, Test: "b"}}), "b started and never ended"},
		{"exit between tests", cat([]Event{hello}, run("a", result.Pass)), "1 of 2 tests never ran"},
		{"exit after the last test", cat([]Event{hello}, run("a", result.Pass), run("b", result.Pass)), "no done line"},
		{"a test skipped over", cat([]Event{hello}, run("b", result.Pass), []Event{done}), "out of order"},
		{"done with a forged nonce", cat([]Event{hello}, run("a", result.Pass), run("b", result.Pass), []Event{{Kind: Done, Nonce: "x"}}), "another nonce"},
		{"watchdog stopped it", cat([]Event{hello}, run("a", result.Pass), []Event{{Kind: Start, Test: "b"}, {Kind: Abort, Message: "memory"}}), "stopped: memory"},
		{"bogus status", cat([]Event{hello}, run("a", "ok"), run("b", result.Pass), []Event{done}), "status"},
		{"lines after done", cat([]Event{hello}, run("a", result.Pass), run("b", result.Pass), []Event{done}, run("a", result.Pass)), "after its done"},
	} {
		got := write(t, tc.events...).Incomplete("n1", tests)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: Incomplete = %q, want %q", tc.reason, got, tc.want)
		}
	}
}

func TestReadToleratesTornAndForeignLines(t *testing.T) {
	in := `{"kind":"hello","nonce":"n"}
PASS
{"kind":"start","test":"a"}
{"kind":"end","test":"a","sta`
	log, err := Read(strings.NewReader(in), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Events) != 2 || log.Garbage != 2 {
		t.Fatalf("got %d events and %d garbage lines, want 2 and 2", len(log.Events), log.Garbage)
	}
	if got := log.Running(); got != "a" {
		t.Errorf("Running() = %q, want a", got)
	}
}

func TestWriterRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "record")
	w, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Event{Kind: End, Test: "t", Status: result.Fail, Failure: &Failure{Verdict: "wrong_answer", Message: "m",
		Case: &result.Case{Code: "func TestX(t *testing.T) {}", Ops: 3}}}
	if err := w.Write(want); err != nil {
		t.Fatal(err)
	}
	w.Close()
	log, err := ReadFile(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Events) != 1 || log.Events[0].Failure.Case.Ops != 3 {
		t.Fatalf("read back %+v", log.Events)
	}
	if missing, _ := ReadFile(filepath.Join(t.TempDir(), "none"), nil); len(missing.Events) != 0 {
		t.Error("a missing record should read as empty")
	}
}

// TestSignedRecord checks the signed record: the lines the writer signed are read back with its
// key, and no line another writer adds to the file counts: neither junk, nor a line copied from
// the record, nor one signed with another key, nor the writer's own lines once one of them is
// dropped; a torn last line is garbage, not a foreign line.
func TestSignedRecord(t *testing.T) {
	key, other := bytes.Repeat([]byte{7}, KeySize), bytes.Repeat([]byte{8}, KeySize)
	hello, start, end := Event{Kind: Hello, Nonce: "n"}, Event{Kind: Start, Test: "a"}, Event{Kind: End, Test: "a", Status: result.Pass}
	signed := func(key []byte, events ...Event) []string {
		c := newChain(key)
		var lines []string
		for _, e := range events {
			line, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, string(c.sign(line)))
		}
		return lines
	}
	genuine := signed(key, hello, start, end)
	plain, _ := json.Marshal(end)
	for _, tc := range []struct {
		name            string
		lines           []string
		events, foreign int
		garbage         int
		torn            string // a last line without its line end
	}{
		{"as written", genuine, 3, 0, 0, ""},
		{"junk between", []string{genuine[0], "PASS", genuine[1], genuine[2]}, 3, 1, 0, ""},
		{"plain JSON", []string{genuine[0], genuine[1], string(plain)}, 2, 1, 0, ""},
		{"a line copied", []string{genuine[0], genuine[1], genuine[1], genuine[2]}, 3, 1, 0, ""},
		{"a line dropped", []string{genuine[0], genuine[2]}, 1, 1, 0, ""},
		{"another key", append(genuine[:1:1], signed(other, start, end)[1:]...), 1, 1, 0, ""},
		{"torn last line", genuine[:2], 2, 0, 1, genuine[2][:40]},
	} {
		in := strings.Join(tc.lines, "\n") + "\n" + tc.torn
		log, err := Read(strings.NewReader(in), key)
		if err != nil {
			t.Fatal(err)
		}
		if len(log.Events) != tc.events || log.Foreign != tc.foreign || log.Garbage != tc.garbage {
			t.Errorf("%s: %d events, %d foreign and %d garbage lines, want %d, %d and %d", tc.name,
				len(log.Events), log.Foreign, log.Garbage, tc.events, tc.foreign, tc.garbage)
		}
	}

	path := filepath.Join(t.TempDir(), "record")
	w, err := Create(path, key)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []Event{hello, start, end} {
		if err := w.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	if log, err := ReadFile(path, key); err != nil || len(log.Events) != 3 || log.Foreign != 0 {
		t.Errorf("a signed record read back with its key: %+v, %v", log, err)
	}
	if log, err := ReadFile(path, other); err != nil || len(log.Events) != 0 || log.Foreign != 3 {
		t.Errorf("a signed record read back with another key: %+v, %v", log, err)
	}
}
