// Package quotientfilter is a quotient filter with a few extra slots past the end of the table,
// as the counting quotient filter lays its table out (Pandey et al. 2017: "xnslots"), instead
// of 2^q slots used round a circle: quotients are 0..2^q-1, but a cluster near the end spills
// into the extra slots 2^q..2^q+E-1. E is 2^q/256 plus up to 2048 slots, well inside the memory
// bound. Only if a cluster runs past the extra slots too (adversarial quotients, all near the
// end) does it continue at slot 0, so that 2^q fingerprints always fit: the table is then
// circular with 2^q+E slots, of which only the first 2^q are anyone's canonical slot.
// Metadata: three separate bit arrays; remainders: a packed r-bit array. Runs are sorted.
// Delete shifts the rest of the cluster left; Merge is a two-stream merge laid out afresh.
package quotientfilter

import "github.com/cespare/xxhash/v2"

// Filter is a quotient filter of 2^q canonical slots (plus E overflow slots) of r-bit remainders.
type Filter struct {
	q, r  uint
	n     uint64 // 2^q: canonical slots and capacity
	size  uint64 // n + E: physical slots
	rmask uint64
	count uint64
	rems  []uint64
	occ   []uint64
	cont  []uint64
	shf   []uint64
}

func hash64(key []byte) uint64 { return xxhash.Sum64(key) }

// New returns an empty filter of 2^q slots of r-bit remainders.
func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic("quotientfilter: New needs 1 <= q <= 30 and 1 <= r <= 32")
	}
	n := uint64(1) << q
	extra := n>>8 + min(n>>2, 2048)
	if extra == 0 {
		extra = 1
	}
	f := &Filter{q: q, r: r, n: n, size: n + extra, rmask: 1<<r - 1}
	f.rems, f.occ, f.cont, f.shf = f.arrays()
	return f
}

func (f *Filter) arrays() (rems, occ, cont, shf []uint64) {
	bw := (f.size + 63) / 64
	return make([]uint64, (f.size*uint64(f.r)+63)/64), make([]uint64, bw), make([]uint64, bw), make([]uint64, bw)
}

func get(a []uint64, i uint64) bool { return a[i/64]&(1<<(i%64)) != 0 }
func put(a []uint64, i uint64, v bool) {
	if v {
		a[i/64] |= 1 << (i % 64)
	} else {
		a[i/64] &^= 1 << (i % 64)
	}
}

func (f *Filter) rem(i uint64) uint64 {
	p := i * uint64(f.r)
	k, o := p/64, uint(p%64)
	v := f.rems[k] >> o
	if o+f.r > 64 {
		v |= f.rems[k+1] << (64 - o)
	}
	return v & f.rmask
}

func setRemIn(a []uint64, r uint, m uint64, i, v uint64) {
	p := i * uint64(r)
	k, o := p/64, uint(p%64)
	a[k] = a[k]&^(m<<o) | v<<o
	if o+r > 64 {
		a[k+1] = a[k+1]&^(m>>(64-o)) | v>>(64-o)
	}
}

func (f *Filter) setRem(i, v uint64) { setRemIn(f.rems, f.r, f.rmask, i, v&f.rmask) }

func (f *Filter) after(i uint64) uint64 {
	i++
	if i == f.size {
		return 0
	}
	return i
}

func (f *Filter) before(i uint64) uint64 {
	if i == 0 {
		return f.size - 1
	}
	return i - 1
}

func (f *Filter) empty(i uint64) bool { return !get(f.occ, i) && !get(f.cont, i) && !get(f.shf, i) }

func (f *Filter) split(key []byte) (uint64, uint64) {
	h := hash64(key)
	return (h >> f.r) & (f.n - 1), h & f.rmask
}

func (f *Filter) nextOcc(x uint64) uint64 {
	for {
		x = f.after(x)
		if get(f.occ, x) {
			return x
		}
	}
}

// findRun returns the slot where fq's run starts (or would start); occ[fq] must be set.
func (f *Filter) findRun(fq uint64) uint64 {
	b := fq
	for get(f.shf, b) {
		b = f.before(b)
	}
	s := b
	for b != fq {
		s = f.after(s)
		for get(f.cont, s) {
			s = f.after(s)
		}
		b = f.nextOcc(b)
	}
	return s
}

// Insert stores one more copy of the key's fingerprint.
func (f *Filter) Insert(key []byte) bool {
	if f.count == f.n {
		return false
	}
	fq, fr := f.split(key)
	f.count++
	if f.empty(fq) {
		f.setRem(fq, fr)
		put(f.occ, fq, true)
		return true
	}
	had := get(f.occ, fq)
	put(f.occ, fq, true)
	start := f.findRun(fq)
	s := start
	if had {
		for f.rem(s) <= fr {
			s = f.after(s)
			if !get(f.cont, s) {
				break
			}
		}
	}
	// Find the empty slot, then move everything in [s, e) one slot on, from the back.
	e := s
	for !f.empty(e) {
		e = f.after(e)
	}
	for i := e; i != s; {
		p := f.before(i)
		f.setRem(i, f.rem(p))
		put(f.cont, i, get(f.cont, p))
		put(f.shf, i, true)
		i = p
	}
	f.setRem(s, fr)
	put(f.cont, s, had && s != start)
	put(f.shf, s, s != fq)
	if had && s == start {
		put(f.cont, f.after(s), true)
	}
	return true
}

// Lookup reports whether the key's fingerprint may be stored.
func (f *Filter) Lookup(key []byte) bool {
	fq, fr := f.split(key)
	if !get(f.occ, fq) {
		return false
	}
	s := f.findRun(fq)
	for {
		switch x := f.rem(s); {
		case x == fr:
			return true
		case x > fr:
			return false
		}
		s = f.after(s)
		if !get(f.cont, s) {
			return false
		}
	}
}

// Delete removes one copy of the key's fingerprint.
func (f *Filter) Delete(key []byte) bool {
	fq, fr := f.split(key)
	if !get(f.occ, fq) {
		return false
	}
	start := f.findRun(fq)
	s := start
	for {
		x := f.rem(s)
		if x == fr {
			break
		}
		if x > fr {
			return false
		}
		s = f.after(s)
		if !get(f.cont, s) {
			return false
		}
	}
	f.count--
	headGone := s == start
	if headGone && !get(f.cont, f.after(s)) {
		put(f.occ, fq, false)
		headGone = false // no run left to give a new head
	}
	quot := fq
	i := s
	for {
		j := f.after(i)
		if j == s || !get(f.shf, j) {
			f.setRem(i, 0)
			put(f.cont, i, false)
			put(f.shf, i, false)
			return true
		}
		c := get(f.cont, j)
		if headGone {
			c = false // the run's second remainder becomes its head
			headGone = false
		} else if !c {
			quot = f.nextOcc(quot)
		}
		f.setRem(i, f.rem(j))
		put(f.cont, i, c)
		put(f.shf, i, quot != i)
		i = j
	}
}

// Count returns the number of fingerprints stored.
func (f *Filter) Count() uint64 { return f.count }

// cursor yields a table's fingerprints in ascending order: first those of quotients below the
// first cluster start c (in the cluster that wrapped, if any), then the rest from c.
type cursor struct {
	f          *Filter
	c, i, left uint64
	quot       uint64
	phase      int
	fp         uint64
	ok         bool
}

func (f *Filter) cursor() *cursor {
	cu := &cursor{f: f, phase: 2}
	if f.count > 0 {
		for c := uint64(0); c < f.size; c++ {
			if !f.empty(c) && !get(f.shf, c) {
				cu.c, cu.i, cu.left, cu.phase = c, c, f.size, 0
				break
			}
		}
	}
	cu.advance()
	return cu
}

func (cu *cursor) advance() {
	f := cu.f
	cu.ok = false
	for cu.phase < 2 {
		if cu.left == 0 {
			cu.phase++
			cu.i, cu.left = cu.c, f.size
			continue
		}
		i := cu.i
		cu.i = f.after(i)
		cu.left--
		if f.empty(i) {
			continue
		}
		if !get(f.shf, i) {
			cu.quot = i
		} else if !get(f.cont, i) {
			cu.quot = f.nextOcc(cu.quot)
		}
		wrapped := cu.quot < cu.c
		if cu.phase == 0 && !wrapped {
			continue
		}
		if cu.phase == 1 && wrapped {
			cu.phase = 2
			return
		}
		cu.fp = cu.quot<<f.r | f.rem(i)
		cu.ok = true
		return
	}
}

// Merge adds a copy of every fingerprint of g to f.
func (f *Filter) Merge(g *Filter) bool {
	if g == nil || g.q != f.q || g.r != f.r || f.n-f.count < g.count {
		return false
	}
	if g.count == 0 {
		return true
	}
	floor := f.place(g, 0, nil, nil, nil, nil)
	rems, occ, cont, shf := f.arrays()
	f.place(g, floor, rems, occ, cont, shf)
	f.rems, f.occ, f.cont, f.shf = rems, occ, cont, shf
	f.count += g.count
	return true
}

// place lays the merged stream out from floor (into the arrays, if given) and returns how many
// fingerprints ran past the last physical slot.
func (f *Filter) place(g *Filter, floor uint64, rems, occ, cont, shf []uint64) uint64 {
	a, b := f.cursor(), g.cursor()
	nextFree := floor
	lastQ := ^uint64(0)
	for a.ok || b.ok {
		var fp uint64
		if a.ok && (!b.ok || a.fp <= b.fp) {
			fp = a.fp
			a.advance()
		} else {
			fp = b.fp
			b.advance()
		}
		fq := fp >> f.r
		pos := max(fq, nextFree)
		nextFree = pos + 1
		if rems != nil {
			slot := pos
			if slot >= f.size {
				slot -= f.size
			}
			setRemIn(rems, f.r, f.rmask, slot, fp&f.rmask)
			put(occ, fq, true)
			put(cont, slot, fq == lastQ)
			put(shf, slot, pos != fq)
		}
		lastQ = fq
	}
	if nextFree > f.size {
		return nextFree - f.size
	}
	return 0
}
