// Wraps a cuckoo filter library instead of writing one.
package cuckoo

import cuckoofilter "github.com/seiflotfy/cuckoofilter"

type Filter struct {
	f *cuckoofilter.Filter
	b uint64
}

func New(capacity uint64) *Filter {
	b := uint64(1)
	for 4*b < capacity {
		b *= 2
	}
	return &Filter{f: cuckoofilter.NewFilter(uint(4 * b)), b: b}
}

func (f *Filter) Insert(key []byte) bool { return f.f.Insert(key) }
func (f *Filter) Lookup(key []byte) bool { return f.f.Lookup(key) }
func (f *Filter) Delete(key []byte) bool { return f.f.Delete(key) }
func (f *Filter) Count() uint64          { return uint64(f.f.Count()) }
func (f *Filter) Buckets() uint64        { return f.b }
