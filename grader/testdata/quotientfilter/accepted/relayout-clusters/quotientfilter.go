// A quotient filter that never shifts in place: Insert and Delete decode the whole stretch of
// clusters around the key's slot (from a cluster's start to the next empty slot) into a sorted
// list of fingerprints, change the list, and write the stretch out again, each fingerprint at
// the first slot at or after both its quotient and the one before it. Lookup decodes the same
// way. The hash is hash/maphash, with one seed for the whole package.
package quotientfilter

import (
	"cmp"
	"hash/maphash"
	"slices"
)

var seed = maphash.MakeSeed()

type fingerprint struct{ quot, rem uint64 }

type Filter struct {
	q, r            uint
	mask            uint64
	n               uint64
	occ, cont, shft []uint64
	rems            []uint64
	buf             []fingerprint
}

func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic("quotientfilter: q must be in 1..30 and r in 1..32")
	}
	slots := uint64(1) << q
	bits := (slots + 63) / 64
	return &Filter{q: q, r: r, mask: slots - 1,
		occ: make([]uint64, bits), cont: make([]uint64, bits), shft: make([]uint64, bits),
		rems: make([]uint64, (slots*uint64(r)+63)/64+1)}
}

func bit(v []uint64, i uint64) bool { return v[i/64]&(1<<(i%64)) != 0 }

func setBit(v []uint64, i uint64, on bool) {
	if on {
		v[i/64] |= 1 << (i % 64)
	} else {
		v[i/64] &^= 1 << (i % 64)
	}
}

func (f *Filter) rem(i uint64) uint64 {
	b := i * uint64(f.r)
	v := f.rems[b/64] >> (b % 64)
	if b%64+uint64(f.r) > 64 {
		v |= f.rems[b/64+1] << (64 - b%64)
	}
	return v & (1<<f.r - 1)
}

func (f *Filter) setRem(i, x uint64) {
	b := i * uint64(f.r)
	m := uint64(1)<<f.r - 1
	f.rems[b/64] = f.rems[b/64]&^(m<<(b%64)) | x<<(b%64)
	if b%64+uint64(f.r) > 64 {
		f.rems[b/64+1] = f.rems[b/64+1]&^(m>>(64-b%64)) | x>>(64-b%64)
	}
}

func (f *Filter) empty(i uint64) bool { return !bit(f.occ, i) && !bit(f.cont, i) && !bit(f.shft, i) }

func (f *Filter) split(key []byte) fingerprint {
	h := maphash.Bytes(seed, key)
	return fingerprint{h >> f.r & f.mask, h & (1<<f.r - 1)}
}

// decode reads the stretch that holds slot i: from the start of its cluster up to the next empty
// slot (all 2^q slots when there is none). It returns the stretch's first slot, its length in
// slots and its fingerprints in order.
func (f *Filter) decode(i uint64) (start, length uint64, fps []fingerprint) {
	start = i
	for n := uint64(0); bit(f.shft, start) && n <= f.mask; n++ {
		start = (start - 1) & f.mask
	}
	fps = f.buf[:0]
	quot := start
	for length = 0; length <= f.mask; length++ {
		j := (start + length) & f.mask
		if f.empty(j) {
			break
		}
		switch {
		case !bit(f.shft, j):
			quot = j
		case !bit(f.cont, j):
			quot = (quot + 1) & f.mask
			for !bit(f.occ, quot) {
				quot = (quot + 1) & f.mask
			}
		}
		fps = append(fps, fingerprint{quot, f.rem(j)})
	}
	f.buf = fps
	return start, length, fps
}

// encode clears length slots from start and writes fps there, in order.
func (f *Filter) encode(start, length uint64, fps []fingerprint) {
	for k := range length {
		j := (start + k) & f.mask
		setBit(f.occ, j, false)
		setBit(f.cont, j, false)
		setBit(f.shft, j, false)
		f.setRem(j, 0)
	}
	next := uint64(0) // offset from start
	for k, fp := range fps {
		at := max(next, (fp.quot-start)&f.mask)
		j := (start + at) & f.mask
		setBit(f.occ, fp.quot, true)
		setBit(f.cont, j, k > 0 && fps[k-1].quot == fp.quot)
		setBit(f.shft, j, j != fp.quot)
		f.setRem(j, fp.rem)
		next = at + 1
	}
}

// order sorts fingerprints of a stretch from start: by quotient round the table from start,
// then remainder.
func (f *Filter) order(start uint64, fps []fingerprint) {
	slices.SortFunc(fps, func(a, b fingerprint) int {
		if c := cmp.Compare((a.quot-start)&f.mask, (b.quot-start)&f.mask); c != 0 {
			return c
		}
		return cmp.Compare(a.rem, b.rem)
	})
}

func (f *Filter) Count() uint64 { return f.n }

func (f *Filter) Insert(key []byte) bool {
	if f.n > f.mask {
		return false
	}
	f.add(f.split(key))
	return true
}

func (f *Filter) add(fp fingerprint) {
	f.n++
	if f.empty(fp.quot) {
		setBit(f.occ, fp.quot, true)
		f.setRem(fp.quot, fp.rem)
		return
	}
	start, length, fps := f.decode(fp.quot)
	fps = append(fps, fp)
	f.order(start, fps)
	f.buf = fps
	f.encode(start, length+1, fps)
}

func (f *Filter) Lookup(key []byte) bool {
	fp := f.split(key)
	if !bit(f.occ, fp.quot) {
		return false
	}
	_, _, fps := f.decode(fp.quot)
	return slices.Contains(fps, fp)
}

func (f *Filter) Delete(key []byte) bool {
	fp := f.split(key)
	if !bit(f.occ, fp.quot) {
		return false
	}
	start, length, fps := f.decode(fp.quot)
	i := slices.Index(fps, fp)
	if i < 0 {
		return false
	}
	f.n--
	f.encode(start, length, slices.Delete(fps, i, i+1))
	return true
}

// all returns every fingerprint stored: stretch by stretch, from the slot after an empty one
// (a stretch may wrap past the last slot), or the whole table when no slot is empty.
func (f *Filter) all() []fingerprint {
	if f.n == 0 {
		return nil
	}
	e := uint64(0)
	for e <= f.mask && !f.empty(e) {
		e++
	}
	var out []fingerprint
	for k := uint64(1); k <= f.mask+1; k++ {
		i := (e + k) & f.mask
		if f.empty(i) {
			continue
		}
		_, length, fps := f.decode(i)
		out = append(out, fps...)
		k += length - 1
	}
	return out
}

func (f *Filter) Merge(g *Filter) bool {
	if f.q != g.q || f.r != g.r || f.mask+1-f.n < g.n {
		return false
	}
	for _, fp := range g.all() {
		f.add(fp)
	}
	return true
}
