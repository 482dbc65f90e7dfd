package harness

import (
	"reflect"
	"testing"

	"kata/grader/exercise"
	"kata/grader/internal/growth"
)

// TestSeriesOf checks that a suite's declarer makes a series of its own at each call, expecting
// the cost the registry declares, with the hint of the call and the suite's slow hint.
func TestSeriesOf(t *testing.T) {
	e := exercise.Must("skiplist")
	op, ok := e.Op("Search")
	if !ok {
		t.Fatal("the skiplist exercise declares no Search")
	}
	declare := SeriesOf(e, "too slow")
	got, again := declare("Search", "n", "grows"), declare("Search", "n", "grows")
	want := growth.Series{Op: "Search", Axis: "n", Expected: growth.Class(op.Expected), Hint: "grows", SlowHint: "too slow"}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("declared %+v, want %+v", *got, want)
	}
	if got == again {
		t.Error("two declarations return one series: their samples would mix")
	}
}
