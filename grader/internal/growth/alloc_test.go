package growth

import "testing"

// TestUncountedBytesAreLeftOut checks that a measurement whose bytes were too few to count
// (read as 0) is left out of the allocation fit: an operation that allocates in proportion to
// its expected cost, uncounted at the small sizes and counted at the large ones, grows right,
// while one allocating the square of its cost is still wrong over the sizes that were counted.
func TestUncountedBytesAreLeftOut(t *testing.T) {
	right := &Series{Op: "Merge", Axis: "2^q", Expected: "O(2^q)"}
	square := &Series{Op: "Merge", Axis: "2^q", Expected: "O(2^q)"}
	for _, n := range []int{1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20} {
		bytes, squared := 2*float64(n), 2*float64(n)*float64(n)/(1<<12)
		if n < 1<<16 {
			bytes = 0 // the runtime counted too little: see harness.AllocResolution
		}
		right.Add(Sample{Size: n, Learner: float64(n), Reference: float64(n), LearnerBytes: bytes, ReferenceBytes: bytes})
		square.Add(Sample{Size: n, Learner: float64(n), Reference: float64(n), LearnerBytes: squared, ReferenceBytes: 2 * float64(n)})
	}
	if d := Decide(right); d.Status == Wrong {
		t.Errorf("a Merge allocating O(2^q), uncounted at small sizes, was judged wrong: %s", d.Reason)
	}
	if d := Decide(square); d.Status != Wrong {
		t.Errorf("a Merge allocating O(4^q) was judged %v: %s", d.Status, d.Reason)
	}
}
