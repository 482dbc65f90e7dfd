package countingbloom

import (
	"strconv"
	"testing"
)

// These are quick examples to read and extend; the judge (kata run countingbloom) runs many more.

// runOrSkip runs body and turns the stub's "not implemented" panic into a skipped test, so the
// examples stay quiet until you have written the code. Any other panic is a real failure.
func runOrSkip(t *testing.T, body func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			if r == "not implemented" {
				t.Skip("not implemented yet: run `kata run countingbloom` once you have written it")
			}
			panic(r)
		}
	}()
	body()
}

// TestWorkedExample replays the example from the package documentation.
func TestWorkedExample(t *testing.T) {
	runOrSkip(t, func() {
		f := New(1024, 3)
		gopher := []byte("gopher")
		f.Add(gopher)
		f.Add(gopher)
		// 2, unless all three positions of "gopher" coincide (odds about 1 in a million).
		if got := f.Count(gopher); got != 2 {
			t.Errorf(`Count("gopher") = %d after two Adds; want 2`, got)
		}
		if !f.Remove(gopher) {
			t.Error(`Remove("gopher") = false after two Adds; want true`)
		}
		if !f.Test(gopher) {
			t.Error(`Test("gopher") = false after two Adds and one Remove; want true`)
		}
		if !f.Remove(gopher) {
			t.Error(`the second Remove("gopher") = false; want true`)
		}
		if f.Test(gopher) {
			t.Error(`Test("gopher") = true after as many Removes as Adds; want false (every counter is 0)`)
		}
		if f.Remove([]byte("rustacean")) {
			t.Error(`Remove("rustacean") = true on an empty filter; want false`)
		}
		if f.M() != 1024 || f.K() != 3 {
			t.Errorf("M(), K() = %d, %d after New(1024, 3); want 1024, 3", f.M(), f.K())
		}
	})
}

// TestAddRemoveAll adds 1000 keys through one reused buffer (the filter must not keep a
// reference to it), checks that every one is found, removes them all and checks that the filter
// is empty again.
func TestAddRemoveAll(t *testing.T) {
	runOrSkip(t, func() {
		f := New(10_000, 7)
		var buf []byte
		for i := range 1000 {
			buf = strconv.AppendInt(buf[:0], int64(i), 10)
			f.Add(buf)
		}
		for i := range 1000 {
			if key := strconv.Itoa(i); !f.Test([]byte(key)) {
				t.Fatalf("Test(%q) = false, but it was added; want true (no false negatives)", key)
			}
		}
		for i := range 1000 {
			if key := strconv.Itoa(i); !f.Remove([]byte(key)) {
				t.Fatalf("Remove(%q) = false, but it was added; want true", key)
			}
		}
		for i := range 2000 {
			if key := strconv.Itoa(i); f.Test([]byte(key)) {
				t.Fatalf("Test(%q) = true once every key was removed; want false", key)
			}
		}
	})
}

// TestSaturation adds one key 100 times and removes it 99 times: its counters stop at 15 and
// never come down, so it is still present.
func TestSaturation(t *testing.T) {
	runOrSkip(t, func() {
		f := New(1000, 4)
		a := []byte("a")
		for i := 1; i <= 100; i++ {
			f.Add(a)
			if want := uint(min(i, 15)); f.Count(a) != want {
				t.Fatalf("Count after %d Adds = %d; want %d", i, f.Count(a), want)
			}
		}
		for range 99 {
			f.Remove(a)
		}
		if !f.Test(a) || f.Count(a) != 15 {
			t.Errorf("after 100 Adds and 99 Removes, Test = %v and Count = %d; want true and 15 "+
				"(a counter at 15 never comes down)", f.Test(a), f.Count(a))
		}
	})
}

// TestOneCounter uses m = 1: every position of every key is counter 0, so one Add with k = 3
// moves it by 3.
func TestOneCounter(t *testing.T) {
	runOrSkip(t, func() {
		f := New(1, 3)
		f.Add([]byte("x"))
		if got := f.Count([]byte("y")); got != 3 {
			t.Errorf("New(1, 3), Add(x): Count(y) = %d; want 3 (the three positions are one counter)", got)
		}
		if !f.Remove([]byte("x")) || f.Test([]byte("x")) {
			t.Error("Remove(x) did not bring the only counter back to 0")
		}
	})
}

// TestPanics checks the documented panics on arguments that make no sense.
func TestPanics(t *testing.T) {
	runOrSkip(t, func() {
		mustPanic(t, "New(0, 3)", func() { New(0, 3) })
		mustPanic(t, "New(1024, 0)", func() { New(1024, 0) })
	})
}

// mustPanic reports an error unless f panics. The stub's "not implemented" panic is passed on,
// so that runOrSkip skips the test.
func mustPanic(t *testing.T, call string, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		if r == "not implemented" {
			panic(r)
		}
		if r == nil {
			t.Errorf("%s did not panic; want a panic", call)
		}
	}()
	f()
}
