package grader

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestOneLine(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"a line stays", "Search(3) returned true, want false", "Search(3) returned true, want false"},
		{"lines are joined", "deadlock: Close()\n\tblocked for 3s\n", "deadlock: Close(); blocked for 3s"},
		{"blank lines go", "a\n\n  \nb", "a; b"},
	} {
		if got := oneLine(tc.text); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
	// A call with a 64 KiB argument: its start and its end stay, whole runes only.
	long := `db.Put([]byte("big"), []byte("` + strings.Repeat("é", 32<<10) + `")) returned an error, want nil`
	got := oneLine(long)
	if !strings.HasPrefix(got, `db.Put([]byte("big"), []byte("`) || !strings.HasSuffix(got, `")) returned an error, want nil`) {
		t.Errorf("the call or its result is cut: %.80q … %.80q", got, got[len(got)-80:])
	}
	if !utf8.ValidString(got) || !strings.Contains(got, "bytes left out") || len(got) > maxMessage+40 {
		t.Errorf("%d bytes, valid UTF-8 %t: %.120q", len(got), utf8.ValidString(got), got)
	}
}
