// Package quotientfilter is a quotient filter hashed with hash/maphash under one seed for the
// whole package (which the exercise's contract names as a good hash: every Filter of the
// package uses the same one, so Merge is well defined). Each slot is an (r+3)-bit field of a
// packed array: bits 0..2 the metadata (1 occupied, 2 continuation, 4 shifted), the remainder
// above. A run's start is found by counting (Bender et al. 2012, section 3): walk back to the
// cluster start counting the occupied slots passed, then skip that many runs forward. Insert
// carries remainders right to the next empty slot; Delete slides the rest of the cluster left.
// Merge merges the two tables' sorted fingerprint streams into a fresh table.
package quotientfilter

import "hash/maphash"

var seed = maphash.MakeSeed()

func hash64(key []byte) uint64 { return maphash.Bytes(seed, key) }

// Filter is a quotient filter of 2^q slots of r-bit remainders.
type Filter struct {
	q, r  uint
	w     uint
	n     uint64
	rmask uint64
	wmask uint64
	used  uint64
	t     []uint64
}

const (
	fOcc   = 1
	fCont  = 2
	fShift = 4
)

// New returns an empty filter of 2^q slots of r-bit remainders.
func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic("quotientfilter: New needs 1 <= q <= 30 and 1 <= r <= 32")
	}
	f := &Filter{q: q, r: r, w: r + 3, n: 1 << q, rmask: 1<<r - 1, wmask: 1<<(r+3) - 1}
	f.t = make([]uint64, (f.n*uint64(f.w)+63)/64)
	return f
}

func (f *Filter) at(t []uint64, i uint64) uint64 {
	p := i * uint64(f.w)
	k, o := p>>6, uint(p&63)
	v := t[k] >> o
	if o+f.w > 64 {
		v |= t[k+1] << (64 - o)
	}
	return v & f.wmask
}

func (f *Filter) put(t []uint64, i uint64, v uint64) {
	p := i * uint64(f.w)
	k, o := p>>6, uint(p&63)
	t[k] = t[k]&^(f.wmask<<o) | (v&f.wmask)<<o
	if o+f.w > 64 {
		t[k+1] = t[k+1]&^(f.wmask>>(64-o)) | (v&f.wmask)>>(64-o)
	}
}

func (f *Filter) slot(i uint64) uint64 { return f.at(f.t, i) }
func (f *Filter) fwd(i uint64) uint64  { return (i + 1) & (f.n - 1) }
func (f *Filter) back(i uint64) uint64 { return (i + f.n - 1) & (f.n - 1) }

func (f *Filter) quotRem(key []byte) (uint64, uint64) {
	h := hash64(key)
	return h >> f.r & (f.n - 1), h & f.rmask
}

// runStart: the start of fq's run (or where it would start); fq must be marked occupied.
func (f *Filter) runStart(fq uint64) uint64 {
	runs := 0
	b := fq
	for f.slot(b)&fShift != 0 {
		b = f.back(b)
		if f.slot(b)&fOcc != 0 {
			runs++
		}
	}
	for ; runs > 0; runs-- {
		b = f.fwd(b)
		for f.slot(b)&fCont != 0 {
			b = f.fwd(b)
		}
	}
	return b
}

// Insert stores one more copy of the key's fingerprint.
func (f *Filter) Insert(key []byte) bool {
	if f.used == f.n {
		return false
	}
	fq, fr := f.quotRem(key)
	home := f.slot(fq)
	if home&7 == 0 {
		f.put(f.t, fq, fr<<3|fOcc)
		f.used++
		return true
	}
	f.put(f.t, fq, home|fOcc)
	start := f.runStart(fq)
	s := start
	flags := uint64(0)
	if home&fOcc != 0 {
		for f.slot(s)>>3 <= fr {
			s = f.fwd(s)
			if f.slot(s)&fCont == 0 {
				break
			}
		}
		if s == start {
			f.put(f.t, s, f.slot(s)|fCont) // the old head will be second
		} else {
			flags |= fCont
		}
	}
	if s != fq {
		flags |= fShift
	}
	carry := fr<<3 | flags
	for {
		old := f.slot(s)
		f.put(f.t, s, carry|old&fOcc)
		if old&7 == 0 {
			break
		}
		carry = old&^fOcc | fShift
		s = f.fwd(s)
	}
	f.used++
	return true
}

// Lookup reports whether the key's fingerprint may be stored.
func (f *Filter) Lookup(key []byte) bool {
	fq, fr := f.quotRem(key)
	if f.slot(fq)&fOcc == 0 {
		return false
	}
	s := f.runStart(fq)
	for {
		x := f.slot(s) >> 3
		if x == fr {
			return true
		}
		if x > fr {
			return false
		}
		s = f.fwd(s)
		if f.slot(s)&fCont == 0 {
			return false
		}
	}
}

// Delete removes one copy of the key's fingerprint.
func (f *Filter) Delete(key []byte) bool {
	fq, fr := f.quotRem(key)
	if f.slot(fq)&fOcc == 0 {
		return false
	}
	start := f.runStart(fq)
	s := start
	for {
		x := f.slot(s) >> 3
		if x == fr {
			break
		}
		nx := f.fwd(s)
		if x > fr || f.slot(nx)&fCont == 0 {
			return false
		}
		s = nx
	}
	f.used--
	isHead := s == start
	if isHead && f.slot(f.fwd(s))&fCont == 0 {
		f.put(f.t, fq, f.slot(fq)&^fOcc)
		isHead = false
	}
	quot := fq
	for i := s; ; {
		j := f.fwd(i)
		v := f.slot(j)
		if j == s || v&fShift == 0 {
			f.put(f.t, i, f.slot(i)&fOcc)
			return true
		}
		moved := v &^ fOcc
		if isHead {
			moved &^= fCont
			isHead = false
		} else if v&fCont == 0 {
			for {
				quot = f.fwd(quot)
				if f.slot(quot)&fOcc != 0 {
					break
				}
			}
		}
		if quot == i {
			moved &^= fShift
		}
		f.put(f.t, i, moved|f.slot(i)&fOcc)
		i = j
	}
}

// Count returns the number of fingerprints stored.
func (f *Filter) Count() uint64 { return f.used }

// scan yields each stored fingerprint in ascending order, as quotient<<r | remainder: two walks
// from the first cluster start c, the first keeping the quotients below c.
func (f *Filter) scan(yield func(uint64) bool) {
	if f.used == 0 {
		return
	}
	var c uint64
	for c = 0; c < f.n; c++ {
		if v := f.slot(c); v&7 != 0 && v&fShift == 0 {
			break
		}
	}
	for _, low := range []bool{true, false} {
		quot := c
		for k := uint64(0); k < f.n; k++ {
			i := (c + k) & (f.n - 1)
			v := f.slot(i)
			switch {
			case v&7 == 0:
				continue
			case v&fShift == 0:
				quot = i
			case v&fCont == 0:
				for {
					quot = f.fwd(quot)
					if f.slot(quot)&fOcc != 0 {
						break
					}
				}
			}
			if (quot < c) != low {
				continue
			}
			if !yield(quot<<f.r | v>>3) {
				return
			}
		}
	}
}

// Merge adds a copy of every fingerprint of g to f.
func (f *Filter) Merge(g *Filter) bool {
	if g == nil || g.q != f.q || g.r != f.r || f.n-f.used < g.used {
		return false
	}
	if g.used == 0 {
		return true
	}
	var over uint64
	var t []uint64
	for pass := 0; pass < 2; pass++ {
		next := over
		prevQ := ^uint64(0)
		emit := func(fp uint64) {
			fq := fp >> f.r
			pos := max(fq, next)
			next = pos + 1
			if t != nil {
				sl := pos & (f.n - 1)
				v := fp&f.rmask<<3 | f.at(t, sl)&fOcc
				if fq == prevQ {
					v |= fCont
				}
				if pos != fq {
					v |= fShift
				}
				f.put(t, sl, v)
				f.put(t, fq, f.at(t, fq)|fOcc)
			}
			prevQ = fq
		}
		mergeStreams(f.scan, g.scan, emit)
		if pass == 0 {
			if next > f.n {
				over = next - f.n
			}
			t = make([]uint64, len(f.t))
		}
	}
	f.t = t
	f.used += g.used
	return true
}

// mergeStreams merges two ascending streams, pulling from b inside a's push loop.
func mergeStreams(a, b func(func(uint64) bool), emit func(uint64)) {
	bs := make(chan uint64, 256)
	done := make(chan struct{})
	go func() {
		defer close(bs)
		b(func(x uint64) bool {
			select {
			case bs <- x:
				return true
			case <-done:
				return false
			}
		})
	}()
	defer close(done)
	bv, bok := <-bs
	a(func(x uint64) bool {
		for bok && bv < x {
			emit(bv)
			bv, bok = <-bs
		}
		emit(x)
		return true
	})
	for bok {
		emit(bv)
		bv, bok = <-bs
	}
}
