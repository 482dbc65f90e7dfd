package result

import "testing"

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
