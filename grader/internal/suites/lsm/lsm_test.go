package lsm

import (
	"flag"
	"fmt"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/internal/suitetest"
	"kata/grader/verdict"
)

// TestToyPasses runs the suite on the toy without bugs: a right store of another design (a map
// memtable sorted at Flush, an index of each block's first key, a compaction through a map).
func TestToyPasses(t *testing.T) {
	kit.Passes(t, withToy(toyBugs{}), 2, false)
}

// bugs are the planted bugs, each with the test that must catch it first and how. A Get that
// reads a table's whole data and a memtable scanned in arrival order are submissions under
// grader/testdata/lsm/time_limit_exceeded, graded end to end (go test ./grader
// -grader.all-submissions, as .ci/run does), and planted only there.
var bugs = []suitetest.Planted[API]{
	{Name: "no filter", Impl: withToy(toyBugs{noFilter: true}), Caught: suitetest.Caught{
		Test: "property/reads", Verdict: verdict.WrongAnswer, Message: "tables on average", Hint: "every table",
		Case: suitetest.ShowsNoCase}},
	{Name: "filters not loaded at Open", Impl: withToy(toyBugs{unloadedFilter: true}), Caught: suitetest.Caught{
		Test: "property/reads", Verdict: verdict.WrongAnswer, Message: "after Close and Open", Hint: "Open must load"}},
	{Name: "filter over the key's first 8 bytes", Impl: withToy(toyBugs{prefixFilter: true}), Caught: suitetest.Caught{
		Test: "property/reads", Verdict: verdict.WrongAnswer, Message: "tables on average"}},
	{Name: "oldest table first", Impl: withToy(toyBugs{oldestFirst: true}), Caught: suitetest.Caught{
		Test: "example", Verdict: verdict.WrongAnswer, Call: `db.Get([]byte("gopher"))`, Hint: "newest first",
		Case: suitetest.ShowsCase}},
	{Name: "tables in List's order after Open", Impl: withToy(toyBugs{listOrder: true}), Caught: suitetest.Caught{
		Verdict: verdict.WrongAnswer, Hint: "newest", Case: suitetest.ShowsCase}},
	{Name: "Flush drops tombstones", Impl: withToy(toyBugs{dropTombstones: true}), Caught: suitetest.Caught{
		Test: "example", Verdict: verdict.WrongAnswer, Call: `db.Get([]byte("gopher"))`, Hint: "tombstone",
		Code: "db.Close()\n\tdb, _ = Open(d, Options{MemtableBytes: 64, BitsPerKey: 0})"}},
	{Name: "an empty value stored as a deletion", Impl: withToy(toyBugs{emptyIsDeleted: true}), Caught: suitetest.Caught{
		Test: "example", Verdict: verdict.WrongAnswer, Call: `db.Get([]byte("zebra"))`, Hint: "an empty value is a value"}},
	{Name: "Put keeps the value slice", Impl: withToy(toyBugs{keepSlices: true}), Caught: suitetest.Caught{
		Test: "example", Verdict: verdict.WrongAnswer, Hint: "copy"}},
	{Name: "Get returns the memtable's slice", Impl: withToy(toyBugs{returnShared: true}), Caught: suitetest.Caught{
		Verdict: verdict.WrongAnswer, Hint: "copy"}},
	{Name: "flush above MemtableBytes", Impl: withToy(toyBugs{flushAfter: true}), Caught: suitetest.Caught{
		Test: "edge/when-to-flush", Verdict: verdict.WrongAnswer, Message: "no table was written", Hint: "MemtableBytes",
		Code: "d.List()"}},
	{Name: "memtable size counts replaced entries", Impl: withToy(toyBugs{growingSize: true}), Caught: suitetest.Caught{
		Test: "edge/when-to-flush", Verdict: verdict.WrongAnswer, Message: "below MemtableBytes", Hint: "replaces"}},
	{Name: "table numbers start again after Open", Impl: withToy(toyBugs{reuseNames: true}), Caught: suitetest.Caught{
		Test: "example", Verdict: verdict.WrongAnswer, Call: "db.Compact()", Hint: "counter"}},
	{Name: "tables' data kept in memory", Impl: withToy(toyBugs{keepData: true}), Caught: suitetest.Caught{
		Test: "property/memory", Verdict: verdict.MemoryLimitExceeded, Message: "MiB", Hint: "sparse index"}},
	{Name: "an index of every key", Impl: withToy(toyBugs{fullIndex: true}), Caught: suitetest.Caught{
		Test: "property/memory", Verdict: verdict.MemoryLimitExceeded, Message: "MiB", Hint: "sparse index"}},
	{Name: "a package-level memtable", Impl: withToy(toyBugs{sharedMemtable: true}), Caught: suitetest.Caught{
		Test: "random/two-at-once", Verdict: verdict.WrongAnswer, Hint: harness.TwinsHint, Case: suitetest.ShowsCase,
		Code: "d2 := NewMemDisk()\n\tdb2, _ := Open(d2, "}},
	{Name: "Compact merges two by two", Impl: withToy(toyBugs{pairwise: true}), Caught: suitetest.Caught{
		Test: "performance/growth", Verdict: verdict.TimeLimitExceeded, Message: "Compact", Hint: "k-way"}},
}

// TestPlantedBugs runs the whole suite on each planted bug, as the judge does.
func TestPlantedBugs(t *testing.T) {
	kit.CheckFirst(t, 3, bugs)
}

// seeds is how many seeds TestReadMargins tries; raise it to check the margin over many runs
// (go test -run ReadMargins -lsm.seeds 200).
var seeds = flag.Int("lsm.seeds", 5, "seeds for TestReadMargins")

// TestReadMargins runs the read property on the reference and the toy over several seeds and
// reports, for each case, the largest share of the bound's allowance that the mean of tables
// read took (for keys put, of the allowance above the one table they are read from): a right
// store must stay far below it.
func TestReadMargins(t *testing.T) {
	for _, impl := range []struct {
		name string
		api  API
	}{{"reference", reference}, {"toy", withToy(toyBugs{})}, {"toy with LevelDB's filter", withToy(toyBugs{levelDBFilter: true})}} {
		worst := map[string]float64{} // the largest mean/bound by case
		for seed := range uint64(*seeds) {
			log := kit.Run(t, impl.api, seed, "property/reads")
			if e := log.Ends()["property/reads"]; e.Failure != nil {
				t.Fatalf("%s, seed %d: %+v", impl.name, seed, e.Failure)
			}
			for _, e := range log.Events {
				var bpk, tables, kind int
				var reopened bool
				var mean, bound float64
				if e.Kind != record.Trace {
					continue
				}
				if _, err := fmt.Sscanf(e.Message, "reads: BitsPerKey %d, %d tables, kind %d, reopened %t: %g tables per Get, bound %g",
					&bpk, &tables, &kind, &reopened, &mean, &bound); err == nil {
					// The share of the allowance used: above the one table a key put is read
					// from, for keys put.
					floor := 0.0
					if kind == 0 {
						floor = 1
					}
					key := fmt.Sprintf("BitsPerKey %2d, T %d, kind %d", bpk, tables, kind)
					worst[key] = max(worst[key], (mean-floor)/(bound-floor))
				}
			}
		}
		if len(worst) == 0 {
			t.Fatal("no read measurements in the record")
		}
		for key, r := range worst {
			t.Logf("%s: %s: at most %.2f of the allowance over %d seeds", impl.name, key, r, *seeds)
		}
	}
}

// TestLevelDBFilterPasses runs the read property on a store with LevelDB's own filter at seed 11,
// where its Gets of keys never put that differ from keys put in their last bytes read 0.11 tables
// on average, past the bound of 0.087 by less than the noise of 1,000 Gets, and it was refused.
func TestLevelDBFilterPasses(t *testing.T) {
	if e := kit.Run(t, withToy(toyBugs{levelDBFilter: true}), 11, "property/reads").Ends()["property/reads"]; e.Failure != nil {
		t.Errorf("LevelDB's filter refused: %+v", e.Failure)
	}
}
