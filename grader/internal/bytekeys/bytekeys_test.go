package bytekeys

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"kata/grader/internal/harness"
)

// TestGenerators pins each generator's keys, so that a change to one (which would change the
// keys every filter suite grades with) is seen.
func TestGenerators(t *testing.T) {
	for _, c := range []struct {
		name string
		gen  Gen
		i    uint64
		want string
	}{
		{"LittleEndian", LittleEndian(1), 2, "0300000000000000"},
		{"BigEndian", BigEndian(2), 2, "0000000000000006"},
		{"Decimal", Decimal("k:"), 42, "6b3a3432"},
		{"Padded", Padded([]byte{9}), 1, "090000000000000001"},
		{"PaddedXor", PaddedXor(2, 3), 1, "00000000000000000002"},
		{"Hashed", Hashed(0, 2, 1, false), 0, "00e5"},
		{"Hashed indexed", Hashed(0, 1, 1, true), 5, "0000000000000005b5"},
		{"Prefixes", Prefixes([]byte("abc")), 6, "6162"},
		{"List nil", List([][]byte{nil}), 0, ""},
		{"Cycle", Cycle(Decimal("a"), Decimal("b")), 3, "6233"},
	} {
		if got := fmt.Sprintf("%x", c.gen(nil, c.i)); got != c.want {
			t.Errorf("%s: key %d = %s, want %s", c.name, c.i, got, c.want)
		}
	}
	if List([][]byte{nil})(make([]byte, 4), 0) != nil {
		t.Error("List turned a nil key into an empty one")
	}
}

// TestSameSeedSameKeys checks that the random keys come from the generator alone.
func TestSameSeedSameKeys(t *testing.T) {
	draw := func() string {
		rng := rand.New(rand.NewPCG(1, 2))
		return fmt.Sprint(Random(rng, 8), Words(rng, 3, 5), len(Awkward(rng, 10)))
	}
	if a, b := draw(), draw(); a != b {
		t.Errorf("one seed gave %s and %s", a, b)
	}
	if n := len(Awkward(rand.New(rand.NewPCG(1, 2)), 10)); n != 256+9+16 {
		t.Errorf("Awkward(10) gave %d keys, want 256 single bytes, 9 prefixes and 16 zero-padded", n)
	}
}

func keyCalls(keys ...string) []harness.Call {
	var calls []harness.Call
	for _, k := range keys {
		calls = append(calls, harness.Call{Method: "Add", Args: []any{[]byte(k)}})
	}
	return calls
}

func show(cands [][]harness.Call) []string {
	var out []string
	for _, calls := range cands {
		s := ""
		for _, c := range calls {
			s += fmt.Sprintf("%q ", c.Args[0])
		}
		out = append(out, s)
	}
	return out
}

func TestSimplify(t *testing.T) {
	calls := keyCalls("long key", "a", "", "long key")
	got := fmt.Sprint(show(Simplifier{}.Simplify(calls)))
	// Renamed to letters in order (the empty key kept), then "long key" replaced by the first
	// unused letter and its first half, then "a" by the first unused letter: never by the empty
	// key, or a's half, which the case already holds.
	want := fmt.Sprint([]string{
		`"a" "b" "" "a" `,
		`"b" "a" "" "b" `, `"long" "a" "" "long" `,
		`"long key" "b" "" "long key" `,
	})
	if got != want {
		t.Errorf("Simplify:\n got %s\nwant %s", got, want)
	}
	every := Simplifier{EveryLetter: true, Keep: func(k []byte) bool { return string(k) == "long key" }}
	for _, cand := range every.Simplify(keyCalls("long key", "c")) {
		if string(cand[0].Args[0].([]byte)) != "long key" {
			t.Errorf("a kept key changed: %s", show([][]harness.Call{cand}))
		}
		if k := string(cand[1].Args[0].([]byte)); k > "c" {
			t.Errorf("%q replaced by %q, which is not simpler", "c", k)
		}
	}
	if n := len(every.Simplify(keyCalls("c"))); n != 1+1+2+1 {
		t.Errorf("EveryLetter proposed %d cases for one key c, want the renaming, the empty key, a, b and "+
			"c's half (the empty key again)", n)
	}
	rebuilt := Simplifier{Rebuild: func(c harness.Call) harness.Call { c.Text = "f(" + string(c.Args[0].([]byte)) + ")"; return c }}
	if c := rebuilt.Map(keyCalls("x"), func([]byte) []byte { return []byte("y") })[0]; c.Text != "f(y)" {
		t.Errorf("Rebuild not applied: %+v", c)
	}
}

func TestLetters(t *testing.T) {
	if string(Letter(0)) != "a" || string(Letter(25)) != "z" || string(Letter(26)) != "a26" {
		t.Error("Letter")
	}
	seen := map[string]bool{"a": true, "b": true}
	if string(FreeLetter(seen)) != "c" {
		t.Error("FreeLetter")
	}
	for c := byte('a'); c <= 'z'; c++ {
		seen[string(c)] = true
	}
	if FreeLetter(seen) != nil {
		t.Error("FreeLetter with every letter taken")
	}
}

// TestMeasure checks that Measure sees what a filter keeps: a slice made at once, and keys kept
// by Add.
func TestMeasure(t *testing.T) {
	type keeper struct {
		bits []uint64
		keys [][]byte
	}
	made := Measure(func() *keeper { return &keeper{bits: make([]uint64, 1<<20)} },
		func(f *keeper, key []byte) {}, Padded(make([]byte, 8)), 10_000)
	kept := Measure(func() *keeper { return &keeper{} },
		func(f *keeper, key []byte) { f.keys = append(f.keys, bytes.Clone(key)) }, Padded(make([]byte, 8)), 100_000)
	// The heap moves by tens of KiB between two measures, whatever the filter does.
	if made.AfterNew < 7<<20 || made.Total > made.AfterNew+1<<20 {
		t.Errorf("8 MiB made at once: %+v", made)
	}
	if kept.AfterNew > 1<<20 || kept.Total < 100_000*16 {
		t.Errorf("100,000 keys of 16 bytes kept: %+v", kept)
	}
	if MiB(3<<19) != "1.5 MiB" {
		t.Errorf("MiB(3<<19) = %s", MiB(3<<19))
	}
}
