// Package quotientfilter is a quotient filter whose Insert stores the
// fingerprint from a goroutine a moment after it returns.
package quotientfilter

import (
	"sync"
	"time"

	"fmt"
	"slices"

	"github.com/cespare/xxhash/v2"
)

// Filter is a quotient filter of 2^q slots of r-bit remainders.
type Filter struct {
	q, r  uint
	mask  uint64 // 2^q - 1
	rmask uint64 // 2^r - 1
	count uint64 // fingerprints stored
	// occ, cont and shift are the occupied, continuation and shifted bits, one per slot.
	occ, cont, shift []uint64
	rems             []uint64 // the remainders, packed r bits each, with a word of padding
	mu               sync.Mutex
}

// New returns an empty filter of 2^q slots of r-bit remainders. It panics unless 1 <= q <= 30
// and 1 <= r <= 32.
func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic(fmt.Sprintf("quotientfilter.New(%d, %d): want 1 <= q <= 30 and 1 <= r <= 32", q, r))
	}
	slots := uint64(1) << q
	words := (slots + 63) / 64
	return &Filter{
		q: q, r: r, mask: slots - 1, rmask: 1<<r - 1,
		occ: make([]uint64, words), cont: make([]uint64, words), shift: make([]uint64, words),
		rems: make([]uint64, (slots*uint64(r)+63)/64+1),
	}
}

// Count returns the number of fingerprints stored.
func (f *Filter) Count() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.count
}

// fingerprint splits the key's fingerprint into its quotient and its remainder.
func (f *Filter) fingerprint(key []byte) (fq, fr uint64) {
	h := xxhash.Sum64(key)
	return h >> f.r & f.mask, h & f.rmask
}

// get reports bit i of v.
func get(v []uint64, i uint64) bool { return v[i>>6]>>(i&63)&1 == 1 }

// set sets bit i of v to b.
func set(v []uint64, i uint64, b bool) {
	if b {
		v[i>>6] |= 1 << (i & 63)
	} else {
		v[i>>6] &^= 1 << (i & 63)
	}
}

// rem returns the remainder in slot i.
func (f *Filter) rem(i uint64) uint64 {
	bit := i * uint64(f.r)
	w, off := bit>>6, bit&63
	v := f.rems[w] >> off
	if off+uint64(f.r) > 64 {
		v |= f.rems[w+1] << (64 - off)
	}
	return v & f.rmask
}

// setRem writes x into slot i's remainder.
func (f *Filter) setRem(i, x uint64) {
	bit := i * uint64(f.r)
	w, off := bit>>6, bit&63
	f.rems[w] = f.rems[w]&^(f.rmask<<off) | x<<off
	if off+uint64(f.r) > 64 {
		spill := 64 - off
		f.rems[w+1] = f.rems[w+1]&^(f.rmask>>spill) | x>>spill
	}
}

// empty reports whether slot i holds nothing.
func (f *Filter) empty(i uint64) bool {
	return !get(f.occ, i) && !get(f.cont, i) && !get(f.shift, i)
}

// next and prev are the slots after and before i, round the table.
func (f *Filter) next(i uint64) uint64 { return (i + 1) & f.mask }
func (f *Filter) prev(i uint64) uint64 { return (i - 1) & f.mask }

// runStart returns the slot where the run of quotient fq starts, or would start if fq had
// none: from the start of fq's cluster, one run is skipped for each occupied slot before fq.
func (f *Filter) runStart(fq uint64) uint64 {
	b := fq
	for get(f.shift, b) {
		b = f.prev(b)
	}
	s := b
	for b != fq {
		// s is the start of the run of quotient b: skip it, then find the next occupied slot.
		for {
			s = f.next(s)
			if !get(f.cont, s) {
				break
			}
		}
		for {
			b = f.next(b)
			if get(f.occ, b) {
				break
			}
		}
	}
	return s
}

// Lookup returns false if the key is definitely absent, and true if it is possibly present.
func (f *Filter) Lookup(key []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	fq, fr := f.fingerprint(key)
	return f.lookup(fq, fr)
}

// lookup reports whether the fingerprint (fq, fr) is stored.
func (f *Filter) lookup(fq, fr uint64) bool {
	if !get(f.occ, fq) {
		return false
	}
	s := f.runStart(fq)
	for {
		x := f.rem(s)
		if x >= fr {
			return x == fr // the run is sorted
		}
		s = f.next(s)
		if !get(f.cont, s) {
			return false
		}
	}
}

// Insert stores one copy of the key's fingerprint and returns true, or returns false, changing
// nothing, when all 2^q slots are taken.
func (f *Filter) Insert(key []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.count > f.mask {
		return false
	}
	fq, fr := f.fingerprint(key)
	f.count++
	go func() {
		time.Sleep(time.Millisecond)
		f.mu.Lock()
		defer f.mu.Unlock()
		f.count--
		f.insert(fq, fr)
	}()
	return true
}

// insert stores the fingerprint (fq, fr) in a filter with a free slot.
func (f *Filter) insert(fq, fr uint64) {
	f.count++
	if f.empty(fq) {
		set(f.occ, fq, true)
		f.setRem(fq, fr)
		return
	}
	had := get(f.occ, fq)
	set(f.occ, fq, true)
	s := f.runStart(fq)
	p := s
	if had {
		// The first remainder of the run at least fr, or the slot after the run.
		for f.rem(p) < fr {
			p = f.next(p)
			if !get(f.cont, p) {
				break
			}
		}
	}
	// The new remainder goes to p; what p held (the rest of the cluster) moves one slot right,
	// up to the first empty slot. A head of fq's run displaced by the new one continues it.
	x, c, sh := fr, p != s, p != fq
	for i := p; ; i = f.next(i) {
		wasEmpty := f.empty(i)
		nx, nc := f.rem(i), get(f.cont, i)
		f.setRem(i, x)
		set(f.cont, i, c)
		set(f.shift, i, sh)
		if wasEmpty {
			return
		}
		x, c, sh = nx, nc || i == p && had && p == s, true
	}
}

// Delete removes one copy of the key's fingerprint and returns true, or returns false if none is
// stored.
func (f *Filter) Delete(key []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	fq, fr := f.fingerprint(key)
	return f.delete(fq, fr)
}

// delete removes one copy of the fingerprint (fq, fr), and reports whether there was one.
func (f *Filter) delete(fq, fr uint64) bool {
	if !get(f.occ, fq) {
		return false
	}
	s := f.runStart(fq)
	p := s
	for {
		x := f.rem(p)
		if x == fr {
			break
		}
		p = f.next(p)
		if x > fr || !get(f.cont, p) {
			return false
		}
	}
	f.count--
	head := p == s
	if head && !get(f.cont, f.next(p)) {
		set(f.occ, fq, false) // the run empties
	}
	// Each remainder after p in the cluster moves one slot left, into the hole, keeping track of
	// the quotient of its run; a remainder at its canonical slot starts a cluster and stays.
	hole, quot := p, fq
	for j := f.next(p); j != p && get(f.shift, j); j = f.next(j) {
		c := get(f.cont, j)
		if !c {
			for {
				quot = f.next(quot)
				if get(f.occ, quot) {
					break
				}
			}
		}
		if head && hole == p {
			c = false // the run's second remainder becomes its head
		}
		f.setRem(hole, f.rem(j))
		set(f.cont, hole, c)
		set(f.shift, hole, hole != quot)
		hole = j
	}
	f.setRem(hole, 0)
	set(f.cont, hole, false)
	set(f.shift, hole, false)
	return true
}

// fingerprints appends the filter's fingerprints (quotient << r | remainder) to out in
// increasing order. Read round the table once from the first cluster start, they increase but
// for one step down, where a cluster that wrapped past the last slot reaches the runs of the
// smallest quotients: the stream is rotated there.
func (f *Filter) fingerprints(out []uint64) []uint64 {
	if f.count == 0 {
		return out
	}
	slots := f.mask + 1
	start := uint64(0)
	for f.empty(start) || get(f.shift, start) {
		start++
	}
	quot := start
	for k := range slots {
		i := (start + k) & f.mask
		if f.empty(i) {
			continue
		}
		switch {
		case !get(f.shift, i):
			quot = i
		case !get(f.cont, i):
			for {
				quot = f.next(quot)
				if get(f.occ, quot) {
					break
				}
			}
		}
		out = append(out, quot<<f.r|f.rem(i))
	}
	read := out[len(out)-int(f.count):]
	for k := 1; k < len(read); k++ {
		if read[k] < read[k-1] {
			slices.Reverse(read[:k])
			slices.Reverse(read[k:])
			slices.Reverse(read)
			break
		}
	}
	return out
}

// Merge adds a copy of every fingerprint of g to f and returns true, or returns false, changing
// nothing, when q or r differ or f has no room for them all. g is left unchanged.
func (f *Filter) Merge(g *Filter) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if g != f {
		g.mu.Lock()
		defer g.mu.Unlock()
	}
	if f.q != g.q || f.r != g.r || f.mask+1-f.count < g.count {
		return false
	}
	if g.count == 0 {
		return true
	}
	a, b := f.fingerprints(nil), g.fingerprints(nil)
	all := make([]uint64, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] <= b[j] {
			all = append(all, a[i])
			i++
		} else {
			all = append(all, b[j])
			j++
		}
	}
	all = append(append(all, a[i:]...), b[j:]...)
	f.layOut(all)
	return true
}

// layOut replaces the table's contents with the fingerprints fps, in increasing order, at most
// 2^q of them. Each goes to the first slot at or after both its quotient and the slot after the
// one before it. Fingerprints pushed past the last slot wrap to slot 0 and push the first ones
// on: a first lap over fps finds how many slots past the end the last one lands, and the second
// lap starts from there. (Going round once more could only add fingerprints to the carry as
// many as the slots it adds: no more than 2^q are stored.)
func (f *Filter) layOut(fps []uint64) {
	clear(f.occ)
	clear(f.cont)
	clear(f.shift)
	clear(f.rems)
	slots := f.mask + 1
	pos := uint64(0) // the next free slot, counted from slot 0 of the first lap
	for _, fp := range fps {
		pos = max(pos, fp>>f.r) + 1
	}
	next := uint64(0)
	if pos > slots {
		next = pos - slots
	}
	for k, fp := range fps {
		fq := fp >> f.r
		p := max(next, fq)
		i := p & f.mask
		set(f.occ, fq, true)
		set(f.cont, i, k > 0 && fps[k-1]>>f.r == fq)
		set(f.shift, i, p != fq)
		f.setRem(i, fp&f.rmask)
		next = p + 1
	}
	f.count = uint64(len(fps))
}
