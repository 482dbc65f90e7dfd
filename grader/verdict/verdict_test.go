package verdict

import "testing"

func TestParseRoundTrip(t *testing.T) {
	for _, v := range All {
		got, err := Parse(string(v))
		if err != nil || got != v {
			t.Errorf("Parse(%q) = %q, %v; want %q", v, got, err, v)
		}
	}
	if _, err := Parse("Accepted"); err == nil {
		t.Error("Parse is case-sensitive: the contract's names are lower-case")
	}
}

func TestTones(t *testing.T) {
	for _, v := range All {
		want := Bad
		switch v {
		case Accepted:
			want = Good
		case NotImplemented:
			want = Unfinished
		}
		if got := v.Tone(); got != want {
			t.Errorf("%s.Tone() = %d, want %d", v, got, want)
		}
		if v.Words() == "" {
			t.Errorf("%s has no words", v)
		}
	}
}
