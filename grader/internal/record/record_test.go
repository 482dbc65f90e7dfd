package record

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"kata/grader/result"
)

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
	log, err := Read(&buf)
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
	log, err := Read(strings.NewReader(in))
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
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	want := Event{Kind: End, Test: "t", Status: result.Fail, Failure: &Failure{Verdict: "wrong_answer", Message: "m",
		Case: &result.Case{Code: "func TestX(t *testing.T) {}", Ops: 3}}}
	if err := w.Write(want); err != nil {
		t.Fatal(err)
	}
	w.Close()
	log, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Events) != 1 || log.Events[0].Failure.Case.Ops != 3 {
		t.Fatalf("read back %+v", log.Events)
	}
	if missing, _ := ReadFile(filepath.Join(t.TempDir(), "none")); len(missing.Events) != 0 {
		t.Error("a missing record should read as empty")
	}
}
