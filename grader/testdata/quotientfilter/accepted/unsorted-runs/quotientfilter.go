// Package quotientfilter is a quotient filter whose runs are NOT kept sorted: a new remainder is
// appended at the end of its quotient's run, and Lookup reads the whole run. The filter's answers
// do not depend on the order inside a run, only on which run a remainder is in. The run is found
// by counting: walk back from the quotient to its cluster start, counting the occupied slots
// passed, then skip that many runs forward. Delete swaps the found remainder with the last one of
// its run and removes that last slot, shifting the rest of the cluster left. The metadata of all
// slots is one packed array of 3-bit fields (bit 0 occupied, bit 1 continuation, bit 2 shifted),
// beside a packed array of r-bit remainders. Merge re-inserts g's fingerprints one by one.
package quotientfilter

import "github.com/cespare/xxhash/v2"

const (
	occ   = 1
	cont  = 2
	shift = 4
)

// Filter is a quotient filter of 2^q slots of r-bit remainders.
type Filter struct {
	q, r  uint
	n     uint64
	mask  uint64
	rmask uint64
	count uint64
	meta  []uint64 // packed 3-bit fields
	rems  []uint64 // packed r-bit fields
}

func hash64(key []byte) uint64 { return xxhash.Sum64(key) }

// New returns an empty filter of 2^q slots of r-bit remainders.
func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic("quotientfilter: New needs 1 <= q <= 30 and 1 <= r <= 32")
	}
	n := uint64(1) << q
	return &Filter{
		q: q, r: r, n: n, mask: n - 1, rmask: 1<<r - 1,
		meta: make([]uint64, (3*n+63)/64),
		rems: make([]uint64, (uint64(r)*n+63)/64),
	}
}

func field(a []uint64, i uint64, w uint, m uint64) uint64 {
	p := i * uint64(w)
	k, o := p/64, uint(p%64)
	v := a[k] >> o
	if o+w > 64 {
		v |= a[k+1] << (64 - o)
	}
	return v & m
}

func setField(a []uint64, i uint64, w uint, m, v uint64) {
	p := i * uint64(w)
	k, o := p/64, uint(p%64)
	v &= m
	a[k] = a[k]&^(m<<o) | v<<o
	if o+w > 64 {
		a[k+1] = a[k+1]&^(m>>(64-o)) | v>>(64-o)
	}
}

func (f *Filter) md(i uint64) uint64       { return field(f.meta, i, 3, 7) }
func (f *Filter) setMd(i uint64, v uint64) { setField(f.meta, i, 3, 7, v) }
func (f *Filter) rm(i uint64) uint64       { return field(f.rems, i, f.r, f.rmask) }
func (f *Filter) setRm(i uint64, v uint64) { setField(f.rems, i, f.r, f.rmask, v) }
func (f *Filter) next(i uint64) uint64     { return (i + 1) & f.mask }
func (f *Filter) prev(i uint64) uint64     { return (i - 1) & f.mask }

func (f *Filter) split(key []byte) (uint64, uint64) {
	h := hash64(key)
	return (h >> f.r) & f.mask, h & f.rmask
}

// runStart counts the occupied slots from the cluster start up to (not including) fq, then skips
// that many runs from the cluster start: the result is where fq's run starts, or would start.
func (f *Filter) runStart(fq uint64) uint64 {
	k := 0
	b := fq
	for f.md(b)&shift != 0 {
		b = f.prev(b)
		if f.md(b)&occ != 0 {
			k++
		}
	}
	s := b
	for ; k > 0; k-- {
		s = f.next(s)
		for f.md(s)&cont != 0 {
			s = f.next(s)
		}
	}
	return s
}

// runEnd returns the slot after the last of the run that starts at s.
func (f *Filter) runEnd(s uint64) uint64 {
	s = f.next(s)
	for f.md(s)&cont != 0 {
		s = f.next(s)
	}
	return s
}

// Insert stores one more copy of the key's fingerprint.
func (f *Filter) Insert(key []byte) bool {
	if f.count == f.n {
		return false
	}
	fq, fr := f.split(key)
	f.insertFP(fq, fr)
	f.count++
	return true
}

func (f *Filter) insertFP(fq, fr uint64) {
	m := f.md(fq)
	if m == 0 {
		f.setRm(fq, fr)
		f.setMd(fq, occ)
		return
	}
	had := m&occ != 0
	f.setMd(fq, m|occ)
	s := f.runStart(fq)
	var bits uint64
	if had {
		s = f.runEnd(s) // append at the end of the run
		bits = cont
	}
	if s != fq {
		bits |= shift
	}
	// Carry right to the first empty slot; each slot keeps its own occupied bit.
	curR, curM := fr, bits
	for {
		om := f.md(s)
		or := f.rm(s)
		f.setRm(s, curR)
		f.setMd(s, om&occ|curM)
		if om == 0 {
			return
		}
		curR, curM = or, om&cont|shift
		s = f.next(s)
	}
}

// Lookup reports whether the key's fingerprint may be stored.
func (f *Filter) Lookup(key []byte) bool {
	fq, fr := f.split(key)
	if f.md(fq)&occ == 0 {
		return false
	}
	s := f.runStart(fq)
	for {
		if f.rm(s) == fr {
			return true
		}
		s = f.next(s)
		if f.md(s)&cont == 0 {
			return false
		}
	}
}

// Delete removes one copy of the key's fingerprint.
func (f *Filter) Delete(key []byte) bool {
	fq, fr := f.split(key)
	if f.md(fq)&occ == 0 {
		return false
	}
	start := f.runStart(fq)
	s := start
	found := false
	var last uint64
	for {
		if !found && f.rm(s) == fr {
			found = true
			last = s
		}
		nx := f.next(s)
		if f.md(nx)&cont == 0 {
			break
		}
		s = nx
	}
	if !found {
		return false
	}
	// s is the last slot of the run: move its remainder to the found slot, then remove slot s.
	f.setRm(last, f.rm(s))
	if s == start {
		f.setMd(fq, f.md(fq)&^occ) // the run had one remainder
	}
	quot := fq
	i := s
	for {
		j := f.next(i)
		mj := f.md(j)
		if j == s || mj&shift == 0 { // empty, a cluster start, or once round
			f.setRm(i, 0)
			f.setMd(i, f.md(i)&occ)
			break
		}
		if mj&cont == 0 {
			for {
				quot = f.next(quot)
				if f.md(quot)&occ != 0 {
					break
				}
			}
		}
		nm := mj & cont
		if quot != i {
			nm |= shift
		}
		f.setRm(i, f.rm(j))
		f.setMd(i, f.md(i)&occ|nm)
		i = j
	}
	f.count--
	return true
}

// Count returns the number of fingerprints stored.
func (f *Filter) Count() uint64 { return f.count }

// Merge adds a copy of every fingerprint of g to f by re-inserting each of them.
func (f *Filter) Merge(g *Filter) bool {
	if g == nil || g.q != f.q || g.r != f.r || f.n-f.count < g.count {
		return false
	}
	if g.count == 0 {
		return true
	}
	var c uint64
	for c = 0; c < g.n; c++ {
		if m := g.md(c); m != 0 && m&shift == 0 {
			break
		}
	}
	var quot uint64
	for k := uint64(0); k < g.n; k++ {
		i := (c + k) & g.mask
		m := g.md(i)
		switch {
		case m == 0:
			continue
		case m&shift == 0:
			quot = i
		case m&cont == 0:
			for {
				quot = g.next(quot)
				if g.md(quot)&occ != 0 {
					break
				}
			}
		}
		f.insertFP(quot, g.rm(i))
	}
	f.count += g.count
	return true
}
