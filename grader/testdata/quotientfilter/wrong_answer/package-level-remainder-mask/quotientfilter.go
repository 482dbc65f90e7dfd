// Package quotientfilter is a right quotient filter but for its remainder mask, a package-level
// variable that New sets: a second New with another r changes the remainders the first filter
// stores and compares from then on.
package quotientfilter

import (
	"fmt"

	"github.com/cespare/xxhash/v2"
)

type Filter struct {
	q, r         uint
	n            uint64
	mask, rmask  uint64
	count        uint64
	occ, con, sh []uint64
	rem          []uint64
}

func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic(fmt.Sprintf("New(%d, %d): bad size", q, r))
	}
	n := uint64(1) << q
	w := (n + 63) / 64
	rmask = 1<<r - 1
	return &Filter{q: q, r: r, n: n, mask: n - 1, rmask: 1<<r - 1,
		occ: make([]uint64, w), con: make([]uint64, w), sh: make([]uint64, w),
		rem: make([]uint64, (n*uint64(r)+63)/64+1)}
}

var rmask uint64

func bit(v []uint64, i uint64) bool { return v[i>>6]>>(i&63)&1 != 0 }
func put(v []uint64, i uint64, b bool) {
	if b {
		v[i>>6] |= 1 << (i & 63)
	} else {
		v[i>>6] &^= 1 << (i & 63)
	}
}

func (f *Filter) getRem(i uint64) uint64 {
	b := i * uint64(f.r)
	w, o := b>>6, b&63
	x := f.rem[w] >> o
	if o+uint64(f.r) > 64 {
		x |= f.rem[w+1] << (64 - o)
	}
	return x & f.rmask
}

func (f *Filter) setRem(i, x uint64) {
	b := i * uint64(f.r)
	w, o := b>>6, b&63
	f.rem[w] = f.rem[w]&^(f.rmask<<o) | x<<o
	if o+uint64(f.r) > 64 {
		s := 64 - o
		f.rem[w+1] = f.rem[w+1]&^(f.rmask>>s) | x>>s
	}
}

func (f *Filter) empty(i uint64) bool  { return !bit(f.occ, i) && !bit(f.con, i) && !bit(f.sh, i) }
func (f *Filter) next(i uint64) uint64 { return (i + 1) & f.mask }
func (f *Filter) prev(i uint64) uint64 { return (i - 1) & f.mask }

func (f *Filter) hash(key []byte) (uint64, uint64) {
	h := xxhash.Sum64(key)
	return (h >> f.r) & f.mask, h & rmask
}

func (f *Filter) runStart(fq uint64) uint64 {
	b := fq
	for bit(f.sh, b) {
		b = f.prev(b)
	}
	s := b
	for b != fq {
		for {
			s = f.next(s)
			if !bit(f.con, s) {
				break
			}
		}
		for {
			b = f.next(b)
			if bit(f.occ, b) {
				break
			}
		}
	}
	return s
}

func (f *Filter) Count() uint64 { return f.count }

func (f *Filter) Insert(key []byte) bool {
	if f.count >= f.n {
		return false
	}
	fq, fr := f.hash(key)
	f.insert(fq, fr)
	return true
}

func (f *Filter) insert(fq, fr uint64) {
	f.count++
	if f.empty(fq) {
		put(f.occ, fq, true)
		f.setRem(fq, fr)
		return
	}
	had := bit(f.occ, fq)
	put(f.occ, fq, true)
	s := f.runStart(fq)
	p := s
	if had {
		for f.getRem(p) < fr {
			p = f.next(p)
			if !bit(f.con, p) {
				break
			}
		}
	}
	x, c, sb := fr, p != s, p != fq
	for i := p; ; i = f.next(i) {
		wasEmpty := f.empty(i)
		nx, nc := f.getRem(i), bit(f.con, i)
		f.setRem(i, x)
		put(f.con, i, c)
		put(f.sh, i, sb)
		if wasEmpty {
			return
		}
		x, c, sb = nx, nc || (i == p && had && p == s), true
	}
}

func (f *Filter) Lookup(key []byte) bool {
	fq, fr := f.hash(key)
	if !bit(f.occ, fq) {
		return false
	}
	s := f.runStart(fq)
	for {
		x := f.getRem(s)
		if x == fr {
			return true
		}
		if x > fr {
			return false
		}
		s = f.next(s)
		if !bit(f.con, s) {
			return false
		}
	}
}

func (f *Filter) Delete(key []byte) bool {
	fq, fr := f.hash(key)
	return f.remove(fq, fr)
}

func (f *Filter) remove(fq, fr uint64) bool {
	if !bit(f.occ, fq) {
		return false
	}
	s := f.runStart(fq)
	p := s
	for {
		x := f.getRem(p)
		if x == fr {
			break
		}
		if x > fr {
			return false
		}
		p = f.next(p)
		if !bit(f.con, p) {
			return false
		}
	}
	f.count--
	head := p == s
	if head && !bit(f.con, f.next(p)) {
		put(f.occ, fq, false)
	}
	hole, quot := p, fq
	for j := f.next(p); j != p && bit(f.sh, j); j = f.next(j) {
		c := bit(f.con, j)
		if !c {
			for {
				quot = f.next(quot)
				if bit(f.occ, quot) {
					break
				}
			}
		}
		if head && hole == p {
			c = false
		}
		f.setRem(hole, f.getRem(j))
		put(f.con, hole, c)
		put(f.sh, hole, hole != quot)
		hole = j
	}
	f.setRem(hole, 0)
	put(f.con, hole, false)
	put(f.sh, hole, false)
	return true
}

// each calls fn with every stored fingerprint (quotient, remainder), run by run from a cluster start.
func (f *Filter) each(fn func(fq, fr uint64)) {
	if f.count == 0 {
		return
	}
	start := uint64(0)
	for f.empty(start) || bit(f.sh, start) {
		start++
	}
	quot := start
	for k := uint64(0); k < f.n; k++ {
		i := (start + k) & f.mask
		if f.empty(i) {
			continue
		}
		if !bit(f.sh, i) {
			quot = i
		} else if !bit(f.con, i) {
			for {
				quot = f.next(quot)
				if bit(f.occ, quot) {
					break
				}
			}
		}
		fn(quot, f.getRem(i))
	}
}

func (f *Filter) Merge(g *Filter) bool {
	if f.q != g.q || f.r != g.r || f.n-f.count < g.count {
		return false
	}
	fps := make([]uint64, 0, g.count)
	g.each(func(fq, fr uint64) { fps = append(fps, fq<<g.r|fr) })
	for _, fp := range fps {
		f.insert(fp>>f.r, fp&f.rmask)
	}
	return true
}
