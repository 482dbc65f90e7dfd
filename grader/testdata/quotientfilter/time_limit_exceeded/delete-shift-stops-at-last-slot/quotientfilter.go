// Package quotientfilter is a quotient filter written after the algorithm as Wikipedia's
// "Quotient filter" article describes it (Algorithm description, Lookup, Insertion): the three
// metadata bits live in three separate bit arrays (is_occupied, is_continuation, is_shifted) and
// the remainders in a packed array of r-bit fields. A lookup walks back to the start of the
// cluster and then forward, counting runs against occupied slots. Delete moves the rest of the
// cluster one slot left, tracking the quotient of each run it moves. Merge reads both tables as
// two sorted streams of fingerprints and lays the merged stream out in a fresh table (Bender et
// al. 2012, section 3: "merging QFs").
//
// One defect: Delete's shift of the rest of the cluster stops at the last slot instead of going
// on at slot 0, so a cluster that wraps keeps its wrapped part where it was, behind a slot left
// empty. A later Insert, in a table with room, walks round the table for ever looking for its
// run. The hint said the table was full.
package quotientfilter

import "github.com/cespare/xxhash/v2"

// Filter is a quotient filter of 2^q slots of r-bit remainders.
type Filter struct {
	q, r  uint
	n     uint64 // number of slots, 2^q
	imask uint64 // n-1
	rmask uint64 // 2^r-1
	count uint64

	rems []uint64 // packed r-bit remainders
	occ  []uint64 // is_occupied, one bit per slot
	cont []uint64 // is_continuation
	shf  []uint64 // is_shifted
}

func hash64(key []byte) uint64 { return xxhash.Sum64(key) }

// New returns an empty filter of 2^q slots of r-bit remainders.
func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic("quotientfilter: New needs 1 <= q <= 30 and 1 <= r <= 32")
	}
	n := uint64(1) << q
	f := &Filter{q: q, r: r, n: n, imask: n - 1, rmask: 1<<r - 1}
	f.rems, f.occ, f.cont, f.shf = f.arrays()
	return f
}

func (f *Filter) arrays() (rems, occ, cont, shf []uint64) {
	bw := (f.n + 63) / 64
	return make([]uint64, (f.n*uint64(f.r)+63)/64), make([]uint64, bw), make([]uint64, bw), make([]uint64, bw)
}

func bit(a []uint64, i uint64) bool { return a[i>>6]>>(i&63)&1 != 0 }
func setBit(a []uint64, i uint64)   { a[i>>6] |= 1 << (i & 63) }
func clrBit(a []uint64, i uint64)   { a[i>>6] &^= 1 << (i & 63) }
func putBit(a []uint64, i uint64, v bool) {
	if v {
		setBit(a, i)
	} else {
		clrBit(a, i)
	}
}

func getField(a []uint64, i uint64, w uint, mask uint64) uint64 {
	pos := i * uint64(w)
	wi, off := pos>>6, uint(pos&63)
	v := a[wi] >> off
	if off+w > 64 {
		v |= a[wi+1] << (64 - off)
	}
	return v & mask
}

func setField(a []uint64, i uint64, w uint, mask, v uint64) {
	pos := i * uint64(w)
	wi, off := pos>>6, uint(pos&63)
	v &= mask
	a[wi] = a[wi]&^(mask<<off) | v<<off
	if off+w > 64 {
		s := 64 - off
		a[wi+1] = a[wi+1]&^(mask>>s) | v>>s
	}
}

func (f *Filter) rem(i uint64) uint64       { return getField(f.rems, i, f.r, f.rmask) }
func (f *Filter) setRem(i uint64, v uint64) { setField(f.rems, i, f.r, f.rmask, v) }
func (f *Filter) inc(i uint64) uint64       { return (i + 1) & f.imask }
func (f *Filter) dec(i uint64) uint64       { return (i - 1) & f.imask }
func (f *Filter) isEmpty(i uint64) bool {
	return !bit(f.occ, i) && !bit(f.cont, i) && !bit(f.shf, i)
}

func (f *Filter) split(h uint64) (fq, fr uint64) {
	return (h >> f.r) & f.imask, h & f.rmask
}

// runStart returns the slot where the run of fq starts (or would start); occ[fq] must be set.
func (f *Filter) runStart(fq uint64) uint64 {
	b := fq
	for bit(f.shf, b) {
		b = f.dec(b)
	}
	s := b
	for b != fq {
		for {
			s = f.inc(s)
			if !bit(f.cont, s) {
				break
			}
		}
		for {
			b = f.inc(b)
			if bit(f.occ, b) {
				break
			}
		}
	}
	return s
}

// Insert stores one more copy of the key's fingerprint.
func (f *Filter) Insert(key []byte) bool {
	if f.count >= f.n {
		return false
	}
	fq, fr := f.split(hash64(key))
	f.insert(fq, fr)
	f.count++
	return true
}

func (f *Filter) insert(fq, fr uint64) {
	if f.isEmpty(fq) {
		f.setRem(fq, fr)
		setBit(f.occ, fq)
		return
	}
	wasOcc := bit(f.occ, fq)
	setBit(f.occ, fq)
	start := f.runStart(fq)
	s := start
	if wasOcc {
		for {
			if f.rem(s) > fr {
				break
			}
			s = f.inc(s)
			if !bit(f.cont, s) {
				break
			}
		}
	}
	// Put the new remainder at s and carry the displaced ones right to the next empty slot.
	curRem, curCont, curShf := fr, wasOcc && s != start, s != fq
	i := s
	for {
		empty := f.isEmpty(i)
		pr, pc := f.rem(i), bit(f.cont, i)
		f.setRem(i, curRem)
		putBit(f.cont, i, curCont)
		putBit(f.shf, i, curShf)
		if empty {
			break
		}
		curRem, curCont, curShf = pr, pc, true
		i = f.inc(i)
	}
	if wasOcc && s == start {
		setBit(f.cont, f.inc(s)) // the old head of the run is now second
	}
}

// Lookup reports whether the key's fingerprint may be stored.
func (f *Filter) Lookup(key []byte) bool {
	fq, fr := f.split(hash64(key))
	if !bit(f.occ, fq) {
		return false
	}
	s := f.runStart(fq)
	for {
		x := f.rem(s)
		if x == fr {
			return true
		}
		if x > fr {
			return false
		}
		s = f.inc(s)
		if !bit(f.cont, s) {
			return false
		}
	}
}

// Delete removes one copy of the key's fingerprint.
func (f *Filter) Delete(key []byte) bool {
	fq, fr := f.split(hash64(key))
	if !bit(f.occ, fq) {
		return false
	}
	start := f.runStart(fq)
	s := start
	for {
		x := f.rem(s)
		if x == fr {
			break
		}
		if x > fr {
			return false
		}
		s = f.inc(s)
		if !bit(f.cont, s) {
			return false
		}
	}
	head := s == start
	if head && !bit(f.cont, f.inc(s)) {
		clrBit(f.occ, fq) // it was the only remainder of its run
	}
	curQ := fq
	i := s
	first := true
	for {
		j := i + 1
		if j == f.n || j == s || !bit(f.shf, j) { // an empty slot, a cluster start, or the end
			f.setRem(i, 0)
			clrBit(f.cont, i)
			clrBit(f.shf, i)
			break
		}
		c := bit(f.cont, j)
		if !c {
			for { // the run starting at j belongs to the next occupied quotient
				curQ = f.inc(curQ)
				if bit(f.occ, curQ) {
					break
				}
			}
		}
		if first && head {
			c = false // the second remainder of the run becomes its head
		}
		f.setRem(i, f.rem(j))
		putBit(f.cont, i, c)
		putBit(f.shf, i, curQ != i)
		i = j
		first = false
	}
	f.count--
	return true
}

// Count returns the number of fingerprints stored.
func (f *Filter) Count() uint64 { return f.count }

// stream yields the fingerprints of a table in ascending order (quotient, then remainder).
// Walking round the table from its first cluster start c gives them in circular order from
// quotient c, so a stream takes two walks: one for the quotients below c (they sit in the
// cluster that wraps round the end), then one for those from c on.
type stream struct {
	f     *Filter
	c     uint64 // the first slot that starts a cluster
	phase int    // 0: quotients below c; 1: quotients from c on; 2: done
	i     uint64
	left  uint64
	quot  uint64
	fp    uint64
	ok    bool
}

func (f *Filter) stream() *stream {
	st := &stream{f: f, phase: 2}
	if f.count > 0 {
		for c := uint64(0); c < f.n; c++ {
			if !f.isEmpty(c) && !bit(f.shf, c) {
				st.c, st.i, st.left, st.phase = c, c, f.n, 0
				break
			}
		}
	}
	st.next()
	return st
}

func (st *stream) next() {
	f := st.f
	st.ok = false
	for st.phase < 2 {
		if st.left == 0 {
			st.phase++
			st.i, st.left = st.c, f.n
			continue
		}
		i := st.i
		st.i = f.inc(i)
		st.left--
		if f.isEmpty(i) {
			continue
		}
		if !bit(f.shf, i) {
			st.quot = i
		} else if !bit(f.cont, i) {
			for {
				st.quot = f.inc(st.quot)
				if bit(f.occ, st.quot) {
					break
				}
			}
		}
		below := st.quot < st.c
		if st.phase == 0 && !below {
			continue
		}
		if st.phase == 1 && below {
			st.phase = 2
			return
		}
		st.fp = st.quot<<f.r | f.rem(i)
		st.ok = true
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
	// Pass one finds how many fingerprints would run past the last slot; pass two lays the
	// merged stream out again with the first ones at or after that many slots, so that the
	// overflow wraps round into slots left free for it.
	over := f.walkMerged(g, 0, nil)
	rems, occ, cont, shf := f.arrays()
	prevQ := ^uint64(0)
	f.walkMerged(g, over, func(fp, pos uint64) {
		fq := fp >> f.r
		slot := pos & f.imask
		setField(rems, slot, f.r, f.rmask, fp&f.rmask)
		setBit(occ, fq)
		if fq == prevQ {
			setBit(cont, slot)
		}
		if pos != fq {
			setBit(shf, slot)
		}
		prevQ = fq
	})
	f.rems, f.occ, f.cont, f.shf = rems, occ, cont, shf
	f.count += g.count
	return true
}

// walkMerged merges the sorted streams of f and g and places each fingerprint at
// max(its quotient, the slot after the previous one), starting from floor; it returns how far
// the last one runs past slot n-1.
func (f *Filter) walkMerged(g *Filter, floor uint64, emit func(fp, pos uint64)) uint64 {
	a, b := f.stream(), g.stream()
	nf := floor
	for a.ok || b.ok {
		var fp uint64
		if a.ok && (!b.ok || a.fp <= b.fp) {
			fp = a.fp
			a.next()
		} else {
			fp = b.fp
			b.next()
		}
		pos := fp >> f.r
		if pos < nf {
			pos = nf
		}
		nf = pos + 1
		if emit != nil {
			emit(fp, pos)
		}
	}
	if nf > f.n {
		return nf - f.n
	}
	return 0
}
