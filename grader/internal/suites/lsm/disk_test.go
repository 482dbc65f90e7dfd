package lsm

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTablesOfFiles checks how the judge's disk groups the files Gets read into tables, on
// stores of several layouts: a table may be several files, but files that different calls wrote,
// or that Gets do not read together, are different tables.
func TestTablesOfFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	hit := func(p float64) bool { return rng.Float64() < p }
	for _, tc := range []struct {
		name   string
		writer map[string]uint64 // the call that wrote each file
		get    func(i int) []string
		each   int // tables each Get reads, when all do the same
		all    int
	}{
		{"one file a table", map[string]uint64{"1.sst": 1},
			func(int) []string { return []string{"1.sst"} }, 1, 1},
		{"values apart from keys", map[string]uint64{"1.sst": 1, "1.vals": 1},
			func(int) []string { return []string{"1.sst", "1.vals"} }, 1, 1},
		{"index, then one of its blocks' files", map[string]uint64{"1.idx": 1, "1.b0": 1, "1.b1": 1, "1.b2": 1},
			func(i int) []string { return []string{"1.idx", fmt.Sprint("1.b", i%3)} }, 1, 1},
		{"two tables of one file each, every Get reading both", map[string]uint64{"1.sst": 1, "2.sst": 2},
			func(int) []string { return []string{"1.sst", "2.sst"} }, 2, 2},
		{"two tables of two files each", map[string]uint64{"1.sst": 1, "1.vals": 1, "2.sst": 2, "2.vals": 2},
			func(i int) []string {
				return []string{fmt.Sprint(i%2+1, ".sst"), fmt.Sprint(i%2+1, ".vals")}
			}, 1, 2},
		{"one call's output in eight tables read one after another", map[string]uint64{
			"0": 7, "1": 7, "2": 7, "3": 7, "4": 7, "5": 7, "6": 7, "7": 7},
			func(i int) []string {
				var names []string
				for k := range i%8 + 1 {
					names = append(names, fmt.Sprint(k))
				}
				return names
			}, 0, 3},
		{"an index, then a block, then the values", map[string]uint64{"1.idx": 1, "1.b0": 1, "1.b1": 1, "1.vals": 1},
			func(i int) []string { return []string{"1.idx", fmt.Sprint("1.b", i%2), "1.vals"} }, 1, 1},
		{"one call's output in three tables, filters passing 15% of the others' keys",
			map[string]uint64{"a": 7, "b": 7, "c": 7},
			func(i int) []string {
				names := []string{"abc"[i%3 : i%3+1]}
				for _, other := range []string{"a", "b", "c"} {
					if other != names[0] && hit(0.15) {
						names = append(names, other)
					}
				}
				return names
			}, 0, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDisk()
			d.writer = tc.writer
			var gets [][]string
			for i := range 1000 {
				gets = append(gets, tc.get(i))
			}
			each, all := d.tables(gets)
			if all != tc.all {
				t.Errorf("all Gets read %d tables, want %d", all, tc.all)
			}
			if tc.each > 0 && slices.ContainsFunc(each, func(n int) bool { return n != tc.each }) {
				t.Errorf("each Get read %v tables, want %d", each[:10], tc.each)
			}
		})
	}
}
