// A quotient filter whose slots are packed whole, r+3 bits each, in one []uint64, and whose
// Insert of a fingerprint already stored returns true without storing it again, as a set
// would: a key inserted twice is counted once, and one Delete then loses it.
package quotientfilter

// The three bits of a slot, in its low bits; the remainder is above them.
const (
	occupied     = 1 << iota // some fingerprint has this slot as its quotient
	continuation             // this slot continues a run
	shifted                  // the remainder here is not in its canonical slot
)

type Filter struct {
	q, r  uint
	width uint   // r + 3
	mask  uint64 // 2^q - 1
	n     uint64
	words []uint64
}

func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic("quotientfilter: New needs 1 <= q <= 30 and 1 <= r <= 32")
	}
	slots := uint64(1) << q
	return &Filter{q: q, r: r, width: r + 3, mask: slots - 1,
		words: make([]uint64, (slots*uint64(r+3)+63)/64+1)}
}

func hash(key []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range key {
		h ^= uint64(b)
		h *= 1099511628211
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	return h ^ h>>33
}

func (f *Filter) split(key []byte) (fq, fr uint64) {
	h := hash(key)
	return h >> f.r & f.mask, h & (1<<f.r - 1)
}

func (f *Filter) get(i uint64) uint64 {
	bit := i * uint64(f.width)
	w, o := bit/64, bit%64
	v := f.words[w] >> o
	if o+uint64(f.width) > 64 {
		v |= f.words[w+1] << (64 - o)
	}
	return v & (1<<f.width - 1)
}

func (f *Filter) put(i, v uint64) {
	bit := i * uint64(f.width)
	w, o := bit/64, bit%64
	m := uint64(1)<<f.width - 1
	f.words[w] = f.words[w]&^(m<<o) | v<<o
	if o+uint64(f.width) > 64 {
		f.words[w+1] = f.words[w+1]&^(m>>(64-o)) | v>>(64-o)
	}
}

func (f *Filter) inc(i uint64) uint64 { return (i + 1) & f.mask }
func (f *Filter) dec(i uint64) uint64 { return (i - 1) & f.mask }

// start returns the slot where quotient fq's run starts (or would start).
func (f *Filter) start(fq uint64) uint64 {
	b := fq
	for f.get(b)&shifted != 0 {
		b = f.dec(b)
	}
	s := b
	for b != fq {
		s = f.inc(s)
		for f.get(s)&continuation != 0 {
			s = f.inc(s)
		}
		b = f.inc(b)
		for f.get(b)&occupied == 0 {
			b = f.inc(b)
		}
	}
	return s
}

func (f *Filter) Count() uint64 { return f.n }

func (f *Filter) Insert(key []byte) bool {
	if f.n == f.mask+1 {
		return false
	}
	fq, fr := f.split(key)
	if f.Lookup(key) {
		return true // stored already
	}
	f.add(fq, fr)
	return true
}

// add stores (fq, fr) at the end of fq's run, shifting the rest of the cluster right.
func (f *Filter) add(fq, fr uint64) {
	f.n++
	home := f.get(fq)
	if home&7 == 0 {
		f.put(fq, fr<<3|occupied)
		return
	}
	f.put(fq, home|occupied)
	pos := f.start(fq)
	elem := fr << 3
	if home&occupied != 0 {
		pos = f.inc(pos)
		for f.get(pos)&continuation != 0 {
			pos = f.inc(pos)
		}
		elem |= continuation
	}
	if pos != fq {
		elem |= shifted
	}
	for {
		cur := f.get(pos)
		f.put(pos, cur&occupied|elem)
		if cur&7 == 0 {
			return
		}
		elem = cur&^occupied | shifted
		pos = f.inc(pos)
	}
}

func (f *Filter) Lookup(key []byte) bool {
	fq, fr := f.split(key)
	if f.get(fq)&occupied == 0 {
		return false
	}
	s := f.start(fq)
	for {
		if f.get(s)>>3 == fr {
			return true
		}
		s = f.inc(s)
		if f.get(s)&continuation == 0 {
			return false
		}
	}
}

func (f *Filter) Delete(key []byte) bool {
	fq, fr := f.split(key)
	if f.get(fq)&occupied == 0 {
		return false
	}
	s := f.start(fq)
	p := s
	for f.get(p)>>3 != fr {
		p = f.inc(p)
		if f.get(p)&continuation == 0 {
			return false
		}
	}
	f.n--
	if p == s && f.get(f.inc(p))&continuation == 0 {
		f.put(fq, f.get(fq)&^occupied)
	}
	hole, quot := p, fq
	for j := f.inc(p); j != p; j = f.inc(j) {
		e := f.get(j)
		if e&shifted == 0 {
			break
		}
		if e&continuation == 0 {
			quot = f.inc(quot)
			for f.get(quot)&occupied == 0 {
				quot = f.inc(quot)
			}
		}
		moved := e &^ occupied
		if hole == p && p == s {
			moved &^= continuation
		}
		if hole == quot {
			moved &^= shifted
		}
		f.put(hole, f.get(hole)&occupied|moved)
		hole = j
	}
	f.put(hole, f.get(hole)&occupied)
	return true
}

// each calls fn with every fingerprint stored, walking the table once from a cluster start.
func (f *Filter) each(fn func(fq, fr uint64)) {
	if f.n == 0 {
		return
	}
	c := uint64(0)
	for e := f.get(c); e&7 == 0 || e&shifted != 0; e = f.get(c) {
		c++
	}
	quot := c
	for k := uint64(0); k <= f.mask; k++ {
		i := (c + k) & f.mask
		e := f.get(i)
		switch {
		case e&7 == 0:
			continue
		case e&shifted == 0:
			quot = i
		case e&continuation == 0:
			quot = f.inc(quot)
			for f.get(quot)&occupied == 0 {
				quot = f.inc(quot)
			}
		}
		fn(quot, e>>3)
	}
}

func (f *Filter) Merge(g *Filter) bool {
	if f.q != g.q || f.r != g.r || f.mask+1-f.n < g.n {
		return false
	}
	g.each(f.add)
	return true
}
