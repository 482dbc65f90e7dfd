package adapt

import "testing"

type theirs struct {
	Name  string
	Score float64
}

type ours struct {
	Name  string
	Score float64
}

// TestViewSharesMemory checks that a view is the package's slice, not a copy: a caller changing
// a returned slice changes the package's memory, as the tests of returned slices need.
func TestViewSharesMemory(t *testing.T) {
	xs := []theirs{{"a", 1}, {"b", 2}}
	v := View[ours](xs)
	if len(v) != 2 || v[1] != (ours{"b", 2}) {
		t.Fatalf("View = %v", v)
	}
	v[0].Name = "changed"
	if xs[0].Name != "changed" {
		t.Errorf("changing the view left the package's slice as it was: %v", xs)
	}
	if View[ours]([]theirs(nil)) != nil {
		t.Error("the view of nil is not nil")
	}
	if e := View[ours]([]theirs{}); e == nil || len(e) != 0 {
		t.Errorf("the view of an empty slice is %#v, want empty and not nil", e)
	}
	if got := As[ours](theirs{"x", 3}); got != (ours{"x", 3}) {
		t.Errorf("As = %v", got)
	}
}

// TestAsRefusesAnotherLayout checks that two types of different sizes are never seen as each
// other.
func TestAsRefusesAnotherLayout(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("As of a smaller type did not panic")
		}
	}()
	As[ours](struct{ Name string }{"x"})
}

// TestIsZero checks that a nil pointer is told apart from a pointer to something.
func TestIsZero(t *testing.T) {
	var p *ours
	if !IsZero(p) || IsZero(&ours{}) {
		t.Errorf("IsZero(nil) = %v, IsZero(&ours{}) = %v", IsZero(p), IsZero(&ours{}))
	}
}
