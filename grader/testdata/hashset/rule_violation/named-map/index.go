package hashset

// index is where the keys live.
type index struct {
	t table
}

type table map[int]struct{}

func newIndex() index { return index{t: table{}} }

func (x index) put(key int) { x.t[key] = struct{}{} }

func (x index) drop(key int) { delete(x.t, key) }

func (x index) has(key int) bool {
	_, ok := x.t[key]
	return ok
}
