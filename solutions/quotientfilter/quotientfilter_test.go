package quotientfilter

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// model is a sorted multiset of fingerprints (quotient << r | remainder).
type model []uint64

func (m *model) add(fp uint64) {
	i, _ := slices.BinarySearch(*m, fp)
	*m = slices.Insert(*m, i, fp)
}

func (m *model) remove(fp uint64) bool {
	i, ok := slices.BinarySearch(*m, fp)
	if ok {
		*m = slices.Delete(*m, i, i+1)
	}
	return ok
}

// check compares every fingerprint the filter can answer about with the model, and the
// table's stream of fingerprints with the model's.
func check(t *testing.T, f *Filter, m model, step string) {
	t.Helper()
	if f.Count() != uint64(len(m)) {
		t.Fatalf("%s: Count() = %d, want %d", step, f.Count(), len(m))
	}
	if got := f.fingerprints(nil); !slices.Equal(got, m) && !(len(got) == 0 && len(m) == 0) {
		t.Fatalf("%s: the table holds %x, want %x", step, got, m)
	}
	for fq := range f.mask + 1 {
		for fr := range min(f.rmask+1, 8) {
			_, want := slices.BinarySearch(m, fq<<f.r|fr)
			if got := f.lookup(fq, fr); got != want {
				t.Fatalf("%s: lookup(%d, %d) = %v, want %v", step, fq, fr, got, want)
			}
		}
	}
}

// TestRandomFingerprints drives small tables, where clusters wrap and fill the whole table, with
// random fingerprints from few quotients and remainders, against the model.
func TestRandomFingerprints(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, q := range []uint{1, 2, 3, 4, 6} {
		for _, r := range []uint{1, 2, 3} {
			for range 30 {
				f, m := New(q, r), model{}
				slots := uint64(1) << q
				for step := range 300 {
					fq := uint64(rng.IntN(int(slots)))
					if rng.IntN(3) == 0 { // crowd one end, to wrap
						fq = slots - 1 - uint64(rng.IntN(2))&f.mask
					}
					fr := uint64(rng.IntN(1 << r))
					name := "q=" + strconv.Itoa(int(q)) + " r=" + strconv.Itoa(int(r)) + " step " + strconv.Itoa(step)
					if rng.IntN(2) == 0 && uint64(len(m)) < slots {
						f.insert(fq, fr)
						m.add(fq<<r | fr)
					} else if len(m) > 0 && rng.IntN(3) > 0 {
						fp := m[rng.IntN(len(m))]
						if !f.delete(fp>>r, fp&f.rmask) {
							t.Fatalf("%s: delete of a stored fingerprint %x = false", name, fp)
						}
						m.remove(fp)
					} else if got, want := f.delete(fq, fr), slices.Contains(m, fq<<r|fr); got != want {
						t.Fatalf("%s: delete(%d, %d) = %v, want %v", name, fq, fr, got, want)
					} else if got {
						m.remove(fq<<r | fr)
					}
					check(t, f, m, name)
				}
			}
		}
	}
}

// TestFullTable fills tables completely with keys, fails one more Insert, and empties them.
func TestFullTable(t *testing.T) {
	for _, q := range []uint{1, 2, 5, 10} {
		f := New(q, 8)
		n := 1 << q
		for i := range n {
			if !f.Insert([]byte(strconv.Itoa(i))) {
				t.Fatalf("q=%d: Insert %d of %d = false", q, i, n)
			}
		}
		if f.Insert([]byte("one more")) || f.Count() != uint64(n) {
			t.Fatalf("q=%d: an Insert into a full table = true, or Count() = %d", q, f.Count())
		}
		for i := range n {
			if !f.Lookup([]byte(strconv.Itoa(i))) {
				t.Fatalf("q=%d: key %d lost", q, i)
			}
		}
		for i := range n {
			if !f.Delete([]byte(strconv.Itoa(i))) {
				t.Fatalf("q=%d: Delete of key %d = false", q, i)
			}
		}
		if f.Count() != 0 || slices.ContainsFunc(f.occ, func(w uint64) bool { return w != 0 }) ||
			slices.ContainsFunc(f.rems, func(w uint64) bool { return w != 0 }) {
			t.Fatalf("q=%d: the table is not empty after every Delete", q)
		}
	}
}

// TestMerge merges random multisets of fingerprints, up to a full table, and checks the result
// and that the merged-in filter is unchanged.
func TestMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, q := range []uint{1, 2, 3, 5, 8} {
		for range 40 {
			r := uint(1 + rng.IntN(4))
			slots := 1 << q
			f, g := New(q, r), New(q, r)
			var mf, mg model
			nf := rng.IntN(slots + 1)
			ng := rng.IntN(slots - nf + 1)
			for range nf {
				fp := uint64(rng.IntN(slots << r))
				f.insert(fp>>r, fp&f.rmask)
				mf.add(fp)
			}
			for range ng {
				fp := uint64(rng.IntN(slots << r))
				g.insert(fp>>r, fp&g.rmask)
				mg.add(fp)
			}
			if !f.Merge(g) {
				t.Fatalf("q=%d: Merge of %d into %d = false", q, ng, nf)
			}
			for _, fp := range mg {
				mf.add(fp)
			}
			check(t, f, mf, "after Merge")
			check(t, g, mg, "the merged-in filter")
			if nf+ng < slots && f.Merge(New(q, r+1)) {
				t.Fatal("Merge of another r = true")
			}
			if nf+ng == slots && g.Count() > 0 && f.Merge(g) {
				t.Fatal("Merge into a full filter = true")
			}
			check(t, f, mf, "after a refused Merge")
		}
	}
	if New(3, 4).Merge(New(4, 4)) {
		t.Fatal("Merge of another q = true")
	}
}

// TestKeys checks keys end to end: copies, nil and empty, a false-positive rate near the formula.
func TestKeys(t *testing.T) {
	f := New(16, 8)
	if !f.Insert(nil) || !f.Lookup([]byte{}) || !f.Delete([]byte{}) || f.Lookup(nil) {
		t.Fatal("nil and the empty key are not the same key")
	}
	k := []byte("gopher")
	f.Insert(k)
	f.Insert(k)
	f.Delete(k)
	if !f.Lookup(k) || f.Count() != 1 {
		t.Fatal("two Inserts and a Delete lost the key")
	}
	f.Delete(k)
	n := 3 << 14 // 75% of 2^16
	for i := range n {
		f.Insert([]byte("in" + strconv.Itoa(i)))
	}
	fp := 0
	const probes = 200_000
	for i := range probes {
		if f.Lookup([]byte("out" + strconv.Itoa(i))) {
			fp++
		}
	}
	want := 1 - math.Exp(-0.75/256)
	if rate := float64(fp) / probes; rate > 1.2*want || rate < 0.8*want {
		t.Fatalf("false-positive rate %.5f, want about %.5f", rate, want)
	}
}

func TestNewPanics(t *testing.T) {
	for _, c := range [][2]uint{{0, 8}, {31, 8}, {8, 0}, {8, 33}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("New(%d, %d) did not panic", c[0], c[1])
				}
			}()
			New(c[0], c[1])
		}()
	}
	New(1, 1)
	New(1, 32)
}

func BenchmarkInsertLookup(b *testing.B) {
	keys := make([][]byte, 3<<17)
	for i := range keys {
		keys[i] = []byte(strconv.Itoa(i))
	}
	b.Run("Insert", func(b *testing.B) {
		for b.Loop() {
			f := New(19, 8)
			for _, k := range keys {
				f.Insert(k)
			}
		}
	})
	f := New(19, 8)
	for _, k := range keys {
		f.Insert(k)
	}
	b.Run("Lookup", func(b *testing.B) {
		i := 0
		for b.Loop() {
			f.Lookup(keys[i%len(keys)])
			i++
		}
	})
}
