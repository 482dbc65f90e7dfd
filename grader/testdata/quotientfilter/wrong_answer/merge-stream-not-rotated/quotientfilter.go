// Package quotientfilter is a quotient filter whose Merge reads each table's fingerprints in
// sorted order as one stream, from slot 0 to the last, merges the two streams and lays the
// union out afresh. A cluster that wraps past the last slot to slot 0 puts its fingerprints at
// the stream's start, so the stream comes out rotated, not sorted, and the layout loses keys f
// already held: the Inserts, Lookups and Deletes are right, Merge is not.
package quotientfilter

import (
	"hash/fnv"
	"slices"
)

// Filter is a quotient filter of 2^q slots of r-bit remainders, with three bits per slot.
// Create one with [New]; the zero value need not be usable.
//
// Each slot is one (r+3)-bit field of a packed bit vector: bit 0 occupied, bit 1 continuation,
// bit 2 shifted, bits 3.. the remainder. A slot is empty exactly when its three low bits are 0,
// and an empty slot's remainder bits are kept 0.
type Filter struct {
	q, r    uint
	width   uint   // r + 3
	n       uint64 // 2^q
	mask    uint64
	rmask   uint64
	fmask   uint64 // 2^width - 1
	count   uint64
	words   []uint64
	scratch []entry // reused by Delete for short clusters
}

const (
	bOcc   = 1
	bCont  = 2
	bShift = 4
	meta   = 7
)

// scratchMax caps the scratch buffer kept between calls (a near-full table has long clusters).
const scratchMax = 256

type entry struct {
	off uint64 // quotient, as an offset from the cluster start
	rem uint64
}

// New returns an empty filter of 2^q slots of r-bit remainders. It panics unless 1 <= q <= 30
// and 1 <= r <= 32. It allocates at most (r+3)·2^q bits, rounded up to whole 64-bit words, plus a
// small constant.
func New(q, r uint) *Filter {
	if q < 1 || q > 30 || r < 1 || r > 32 {
		panic("quotientfilter: New(q, r) needs 1 <= q <= 30 and 1 <= r <= 32")
	}
	f := &Filter{q: q, r: r, width: r + 3, n: 1 << q}
	f.mask = f.n - 1
	f.rmask = 1<<r - 1
	f.fmask = 1<<f.width - 1
	f.words = f.newWords()
	return f
}

func (f *Filter) newWords() []uint64 {
	return make([]uint64, (f.n*uint64(f.width)+63)/64)
}

func (f *Filter) get(i uint64) uint64 { return getField(f.words, i, f.width, f.fmask) }
func (f *Filter) set(i, v uint64)     { setField(f.words, i, f.width, f.fmask, v) }

func getField(w []uint64, i uint64, width uint, fmask uint64) uint64 {
	bit := i * uint64(width)
	k, off := bit>>6, bit&63
	v := w[k] >> off
	if off+uint64(width) > 64 {
		v |= w[k+1] << (64 - off)
	}
	return v & fmask
}

func setField(w []uint64, i uint64, width uint, fmask uint64, v uint64) {
	bit := i * uint64(width)
	k, off := bit>>6, bit&63
	w[k] = w[k]&^(fmask<<off) | v<<off
	if off+uint64(width) > 64 {
		done := 64 - off
		w[k+1] = w[k+1]&^(fmask>>done) | v>>done
	}
}

func (f *Filter) next(i uint64) uint64 { return (i + 1) & f.mask }
func (f *Filter) prev(i uint64) uint64 { return (i - 1) & f.mask }

// hash64 is FNV-1a followed by the splitmix64 finalizer (FNV-1a alone mixes the last bytes of a
// key poorly into the low bits, which are the remainder).
func hash64(key []byte) uint64 {
	h := fnv.New64a()
	h.Write(key)
	x := h.Sum64()
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func (f *Filter) split(key []byte) (fq, fr uint64) {
	h := hash64(key)
	return (h >> f.r) & f.mask, h & f.rmask
}

// clusterStart walks back from i to the slot that starts its cluster.
func (f *Filter) clusterStart(i uint64) uint64 {
	for f.get(i)&bShift != 0 {
		i = f.prev(i)
	}
	return i
}

// runStart returns the slot where quotient fq's run starts, or would start.
func (f *Filter) runStart(fq uint64) uint64 {
	b := f.clusterStart(fq)
	s := b
	for b != fq {
		for {
			s = f.next(s)
			if f.get(s)&bCont == 0 {
				break
			}
		}
		for {
			b = f.next(b)
			if f.get(b)&bOcc != 0 {
				break
			}
		}
	}
	return s
}

// Insert stores one more copy of the key's fingerprint (any byte slice, nil and empty included)
// and returns true while Count() < 2^q; when all 2^q slots are taken it returns false and
// changes nothing. It does not keep a reference to key. Expected cost: O(1) while the filter is
// at most 75% full.
func (f *Filter) Insert(key []byte) bool {
	if f.count >= f.n {
		return false
	}
	fq, fr := f.split(key)
	f.count++
	home := f.get(fq)
	if home&meta == 0 {
		f.set(fq, fr<<3|bOcc)
		return true
	}
	hadRun := home&bOcc != 0
	f.set(fq, home|bOcc)
	s := f.runStart(fq)
	pos := s
	if hadRun {
		for f.get(pos)>>3 < fr {
			pos = f.next(pos)
			if f.get(pos)&bCont == 0 {
				break
			}
		}
	}
	// The first empty slot at or after pos; there is one, since count was below 2^q.
	e := pos
	for f.get(e)&meta != 0 {
		e = f.next(e)
	}
	// Move pos..e-1 one slot right, from the end; occupied bits stay with their slots.
	for i := e; i != pos; i = f.prev(i) {
		src := f.get(f.prev(i))
		moved := src&^bOcc | bShift
		if f.prev(i) == pos && hadRun && pos == s {
			moved |= bCont // the run's old head now follows the new one
		}
		f.set(i, f.get(i)&bOcc|moved)
	}
	v := f.get(pos)&bOcc | fr<<3
	if hadRun && pos != s {
		v |= bCont
	}
	if pos != fq {
		v |= bShift
	}
	f.set(pos, v)
	return true
}

// Lookup returns false if key is definitely absent, and true if it is possibly present: true for
// every key stored (inserted or merged in more times than deleted), and true for others with
// odds about 1 − e^(−α/2^r) at load α. It does not keep a reference to key. Expected cost: O(1)
// while the filter is at most 75% full.
func (f *Filter) Lookup(key []byte) bool {
	fq, fr := f.split(key)
	if f.get(fq)&bOcc == 0 {
		return false
	}
	for s := f.runStart(fq); ; {
		switch x := f.get(s) >> 3; {
		case x == fr:
			return true
		case x > fr:
			return false
		}
		s = f.next(s)
		if f.get(s)&bCont == 0 {
			return false
		}
	}
}

// nextOcc returns the first occupied slot after i.
func (f *Filter) nextOcc(i uint64) uint64 {
	for {
		i = f.next(i)
		if f.get(i)&bOcc != 0 {
			return i
		}
	}
}

// Delete removes one stored copy of the key's fingerprint and returns true, or returns false if
// none is stored. Delete only keys stored. It does not keep a reference to key. Expected cost:
// O(1) while the filter is at most 75% full.
//
// It reads the whole cluster holding the key's run as (quotient, remainder) pairs, drops one
// copy, and lays the cluster out again from its start.
func (f *Filter) Delete(key []byte) bool {
	fq, fr := f.split(key)
	if f.get(fq)&bOcc == 0 {
		return false
	}
	c := f.clusterStart(fq)
	ents := f.scratch[:0]
	q := c
	i := c
	for {
		v := f.get(i)
		if v&meta == 0 || (i != c && v&bShift == 0) {
			break
		}
		if i != c && v&bCont == 0 {
			q = f.nextOcc(q)
		}
		ents = append(ents, entry{off: (q - c) & f.mask, rem: v >> 3})
		i = f.next(i)
		if i == c {
			break // the cluster is the whole table
		}
	}
	want := (fq - c) & f.mask
	victim := -1
	for j, e := range ents {
		if e.off == want && e.rem == fr {
			victim = j
			break
		}
	}
	if victim < 0 {
		f.keepScratch(ents)
		return false
	}
	f.count--
	length := uint64(len(ents))
	runLeft := (victim > 0 && ents[victim-1].off == want) || (victim+1 < len(ents) && ents[victim+1].off == want)
	ents = slices.Delete(ents, victim, victim+1)
	// Clear the cluster's slots, keeping occupied bits (minus fq's if its run is gone).
	for o := uint64(0); o < length; o++ {
		s := (c + o) & f.mask
		f.set(s, f.get(s)&bOcc)
	}
	if !runLeft {
		f.set(fq, f.get(fq)&^bOcc)
	}
	p := int64(-1)
	for j, e := range ents {
		p = max(int64(e.off), p+1)
		s := (c + uint64(p)) & f.mask
		v := f.get(s)&bOcc | e.rem<<3
		if j > 0 && ents[j-1].off == e.off {
			v |= bCont
		}
		if uint64(p) != e.off {
			v |= bShift
		}
		f.set(s, v)
	}
	f.keepScratch(ents)
	return true
}

func (f *Filter) keepScratch(ents []entry) {
	if cap(ents) <= scratchMax {
		f.scratch = ents[:0]
	}
}

// Count returns the number of fingerprints stored: successful Inserts and fingerprints merged
// in, minus successful Deletes.
func (f *Filter) Count() uint64 {
	return f.count
}

// sorted returns every fingerprint (quotient << r | remainder) in increasing order. Read once
// round the table from a cluster start, they come in increasing order from that start's
// quotient, wrapping once to the smallest: rotated at that one descent, they are sorted.
func (f *Filter) sorted() []uint64 {
	out := make([]uint64, 0, f.count)
	if f.count == 0 {
		return out
	}
	start := uint64(0)
	for v := f.get(start); v&meta == 0 || v&bShift != 0; v = f.get(start) {
		start = f.next(start)
	}
	var q uint64
	for i := start; ; {
		v := f.get(i)
		if v&meta != 0 {
			if v&bShift == 0 {
				q = i
			} else if v&bCont == 0 {
				q = f.nextOcc(q)
			}
			out = append(out, q<<f.r|v>>3)
		}
		if i = f.next(i); i == start {
			break
		}
	}
	return out
}

// Merge adds a copy of every fingerprint of g to f and returns true. It returns false, changing
// nothing, exactly when g has another q or r or 2^q - f.Count() < g.Count(). g is another
// filter, never f itself, and is left unchanged. Expected cost: O(2^q).
//
// Both tables are read as sorted streams, merged, and laid out afresh.
func (f *Filter) Merge(g *Filter) bool {
	if g.q != f.q || g.r != f.r || f.n-f.count < g.count {
		return false
	}
	if g.count == 0 {
		return true
	}
	a, b := f.sorted(), g.sorted()
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
	a, b = nil, nil

	// Positions: each fingerprint at max(its quotient, the slot after the previous one); those
	// past the end wrap to the front, which pushes the first ones on; repeat until stable.
	n := int64(f.n)
	tail := int64(-1) // the last front slot taken by wrapped fingerprints
	for {
		p := tail
		for _, x := range all {
			p = max(int64(x>>f.r), p+1)
		}
		newTail := int64(-1)
		if p >= n {
			newTail = p - n
		}
		if newTail == tail {
			break
		}
		tail = newTail
	}
	words := f.newWords()
	p := tail
	var prevQ uint64
	for k, x := range all {
		q := x >> f.r
		p = max(int64(q), p+1)
		s := uint64(p) & f.mask
		v := getField(words, s, f.width, f.fmask)&bOcc | (x&f.rmask)<<3
		if k > 0 && q == prevQ {
			v |= bCont
		}
		if uint64(p) != q {
			v |= bShift
		}
		setField(words, s, f.width, f.fmask, v)
		setField(words, q, f.width, f.fmask, getField(words, q, f.width, f.fmask)|bOcc)
		prevQ = q
	}
	f.words = words
	f.count += g.count
	return true
}
