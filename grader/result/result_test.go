package result

import (
	"encoding/json"
	"strings"
	"testing"

	"kata/grader/internal/growth"
)

func TestLocationString(t *testing.T) {
	for _, c := range []struct {
		reason string
		l      Location
		want   string
	}{
		{"a compiler message", Location{File: "a.go", Line: 3, Column: 7, Message: "undefined: x"}, "a.go:3:7: undefined: x"},
		{"a column is left out when unknown", Location{File: "a.go", Line: 3, Message: "m"}, "a.go:3: m"},
		{"a message with no place is the message alone", Location{Message: "link failed"}, "link failed"},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("%s: String() = %q, want %q", c.reason, got, c.want)
		}
	}
}

// A complexity row's JSON is the contract's: ok true only when right, observed empty when not
// judged, and the status read back from them.
func TestComplexityJSON(t *testing.T) {
	for _, c := range []struct {
		reason string
		status growth.Status
		want   string
	}{
		{"right", growth.Right, `{"op":"Search","expected":"O(log n)","observed":"O(log n)","ok":true,"hint":"h","axis":"n"}`},
		{"wrong", growth.Wrong, `{"op":"Search","expected":"O(log n)","observed":"O(n)","ok":false,"hint":"h","axis":"n"}`},
		{"too slow", growth.Slow, `{"op":"Search","expected":"O(log n)","observed":"O(log n)","ok":false,"hint":"h","axis":"n"}`},
		{"not judged", growth.Unsure, `{"op":"Search","expected":"O(log n)","observed":"","ok":false,"hint":"h","axis":"n"}`},
		{"too slow, growth not shown", growth.Slow, `{"op":"Search","expected":"O(log n)","observed":"grew 48× over 64×","ok":false,"hint":"h","axis":"n"}`},
	} {
		observed := growth.Class("O(log n)")
		switch {
		case c.status == growth.Wrong:
			observed = "O(n)"
		case strings.HasPrefix(c.reason, "too slow,"):
			observed = "grew 48× over 64×"
		}
		in := Complexity{Judgement: Judgement{Op: "Search", Axis: "n", Expected: "O(log n)", Status: c.status, Observed: observed, Hint: "h"}}
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("%s: %s, want %s", c.reason, b, c.want)
		}
		var back Complexity
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if back.Status != c.status {
			t.Errorf("%s: read back as %v", c.reason, back.Status)
		}
	}
}
