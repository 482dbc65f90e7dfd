// Package quotientfilter is a quotient filter whose Delete clears the slot it finds and shifts
// nothing back: a key inserted twice and deleted once is lost (from a blind test, where the hint
// said Delete removed both copies).
package quotientfilter

import "github.com/cespare/xxhash/v2"

// Filter is a quotient filter of 2^q slots of r-bit remainders, with three bits per slot.
type Filter struct {
	q, r  uint
	size  uint64
	mask  uint64
	rmask uint64
	count uint64
	occ   []uint64
	cont  []uint64
	shf   []uint64
	rems  []uint64
}

// New returns an empty filter of 2^q slots of r-bit remainders.
func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic("quotientfilter: need 1 <= q <= 30 and 1 <= r <= 32")
	}
	size := uint64(1) << q
	words := (size + 63) / 64
	return &Filter{
		q: q, r: r, size: size, mask: size - 1, rmask: 1<<r - 1,
		occ:  make([]uint64, words),
		cont: make([]uint64, words),
		shf:  make([]uint64, words),
		rems: make([]uint64, (size*uint64(r)+63)/64),
	}
}

func getBit(v []uint64, i uint64) bool { return v[i>>6]&(1<<(i&63)) != 0 }

func setBit(v []uint64, i uint64, b bool) {
	if b {
		v[i>>6] |= 1 << (i & 63)
	} else {
		v[i>>6] &^= 1 << (i & 63)
	}
}

func (f *Filter) rem(i uint64) uint64 {
	bit := i * uint64(f.r)
	w, off := bit>>6, bit&63
	v := f.rems[w] >> off
	if off+uint64(f.r) > 64 {
		v |= f.rems[w+1] << (64 - off)
	}
	return v & f.rmask
}

func (f *Filter) setRem(i, v uint64) {
	bit := i * uint64(f.r)
	w, off := bit>>6, bit&63
	f.rems[w] = f.rems[w]&^(f.rmask<<off) | v<<off
	if off+uint64(f.r) > 64 {
		sh := 64 - off
		f.rems[w+1] = f.rems[w+1]&^(f.rmask>>sh) | v>>sh
	}
}

func (f *Filter) isOcc(i uint64) bool  { return getBit(f.occ, i) }
func (f *Filter) isCont(i uint64) bool { return getBit(f.cont, i) }
func (f *Filter) isShf(i uint64) bool  { return getBit(f.shf, i) }
func (f *Filter) isEmpty(i uint64) bool {
	return !f.isOcc(i) && !f.isCont(i) && !f.isShf(i)
}
func (f *Filter) incr(i uint64) uint64 { return (i + 1) & f.mask }
func (f *Filter) decr(i uint64) uint64 { return (i - 1) & f.mask }

func (f *Filter) split(key []byte) (uint64, uint64) {
	h := xxhash.Sum64(key)
	return (h >> f.r) & f.mask, h & f.rmask
}

// runStart returns the slot where the run of quotient fq starts (or would start).
func (f *Filter) runStart(fq uint64) uint64 {
	b := fq
	for f.isShf(b) {
		b = f.decr(b)
	}
	s := b
	for b != fq {
		s = f.incr(s)
		for f.isCont(s) {
			s = f.incr(s)
		}
		b = f.incr(b)
		for !f.isOcc(b) {
			b = f.incr(b)
		}
	}
	return s
}

func (f *Filter) insertAt(s, rem uint64, cont, shf bool) {
	for {
		if f.isEmpty(s) {
			f.setRem(s, rem)
			setBit(f.cont, s, cont)
			setBit(f.shf, s, shf)
			return
		}
		pr, pc := f.rem(s), f.isCont(s)
		f.setRem(s, rem)
		setBit(f.cont, s, cont)
		setBit(f.shf, s, shf)
		rem, cont, shf = pr, pc, true
		s = f.incr(s)
	}
}

func (f *Filter) insertFP(fq, fr uint64) {
	f.count++
	if f.isEmpty(fq) {
		setBit(f.occ, fq, true)
		f.setRem(fq, fr)
		return
	}
	wasOcc := f.isOcc(fq)
	setBit(f.occ, fq, true)
	start := f.runStart(fq)
	s := start
	cont := false
	if wasOcc {
		for {
			if f.rem(s) >= fr {
				break
			}
			s = f.incr(s)
			if !f.isCont(s) {
				break
			}
		}
		if s == start {
			setBit(f.cont, start, true)
		} else {
			cont = true
		}
	}
	f.insertAt(s, fr, cont, s != fq)
}

// Insert stores one more copy of the key's fingerprint.
func (f *Filter) Insert(key []byte) bool {
	if f.count >= f.size {
		return false
	}
	fq, fr := f.split(key)
	f.insertFP(fq, fr)
	return true
}

// Lookup reports whether the key is possibly present.
func (f *Filter) Lookup(key []byte) bool {
	fq, fr := f.split(key)
	if !f.isOcc(fq) {
		return false
	}
	s := f.runStart(fq)
	for {
		v := f.rem(s)
		if v == fr {
			return true
		}
		if v > fr {
			return false
		}
		s = f.incr(s)
		if !f.isCont(s) {
			return false
		}
	}
}

// Delete removes one stored copy of the key's fingerprint.
func (f *Filter) Delete(key []byte) bool {
	fq, fr := f.split(key)
	if !f.isOcc(fq) {
		return false
	}
	start := f.runStart(fq)
	s := start
	for {
		v := f.rem(s)
		if v == fr {
			break
		}
		if v > fr {
			return false
		}
		s = f.incr(s)
		if !f.isCont(s) {
			return false
		}
	}
	wasStart := s == start
	runEnds := !f.isCont(f.incr(s))
	if wasStart && runEnds {
		setBit(f.occ, fq, false)
	}
	if wasStart && !runEnds {
		// the next remainder becomes the first of the run
		setBit(f.cont, f.incr(s), false)
	}
	// clear the slot
	f.setRem(s, 0)
	setBit(f.cont, s, false)
	setBit(f.shf, s, false)
	f.count--
	return true
}

// Count returns the number of fingerprints stored.
func (f *Filter) Count() uint64 { return f.count }

// each calls fn with the quotient and remainder of every stored fingerprint.
func (f *Filter) each(fn func(q, r uint64)) {
	if f.count == 0 {
		return
	}
	start := uint64(0)
	for f.isEmpty(start) || f.isShf(start) {
		start = f.incr(start)
	}
	quot := start
	i := start
	for n := uint64(0); n < f.size; n++ {
		if !f.isEmpty(i) {
			if !f.isShf(i) {
				quot = i
			} else if !f.isCont(i) {
				quot = f.incr(quot)
				for !f.isOcc(quot) {
					quot = f.incr(quot)
				}
			}
			fn(quot, f.rem(i))
		}
		i = f.incr(i)
	}
}

// Merge adds a copy of every fingerprint of g to f.
func (f *Filter) Merge(g *Filter) bool {
	if g.q != f.q || g.r != f.r || f.size-f.count < g.count {
		return false
	}
	g.each(func(q, r uint64) { f.insertFP(q, r) })
	return true
}
